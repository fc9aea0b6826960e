import Foundation
import Results
import Surveys
import Testing
import Wording

/// A formula known to the tests only: the percent of maximum possible (POMP, Cohen, Cohen, Aiken & West 1999), each
/// part's answered items' mean put on 0–100 as (mean − min) / (max − min) × 100, with a reference value of 50.
private struct POMPFormula: ScoringFormula {
    var id: String { "pomp-test" }
    var summary: Sentence { Sentence(verbatim: "the percent of maximum possible") }
    var reference: String { "Cohen, P., Cohen, J., Aiken, L. S. & West, S. G. (1999). The problem of units and the circumstance for POMP" }

    func scoreIDs(of instrument: InstrumentDefinition) -> [String] { ["POMP"] }
    func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? { 0...100 }

    func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        guard let scale = instrument.scale else { return [] }
        let numbers = instrument.scoredItems.map(\.number)
        let values = numbers.compactMap { number -> Double? in
            guard let item = instrument.item(number), let value = answers[number]?.value else { return nil }
            return instrument.recoded(value, item: item)
        }
        guard !values.isEmpty else { return [] }
        let mean = values.reduce(0, +) / Double(values.count)
        let pomp = (mean - Double(scale.min)) / Double(scale.max - scale.min) * 100
        return [Score(id: "POMP", value: pomp, answered: values.count, of: numbers.count)]
    }

    func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing: MethodsCitations) -> Sentence {
        Sentence(verbatim: "Each score is the percent of the maximum possible.")
    }

    func publishedNorm(_ id: String, of instrument: InstrumentDefinition) -> Double? { 50 }
}

/// A formula registered in the tests reaches what `score` prints and writes: its score in the summary table, with the
/// formula's norm and the test against it, and in the JSON document.
@Suite struct RegisteredFormulaResultsTests {
    @Test func aRegisteredFormulasScoresAppearInTheScoreOutput() throws {
        _ = ScoringFormulas.register(POMPFormula())
        let file = Data(#"{"id": "pomp-scale", "title": "POMP scale", "scale": {"points": 5}, "items": [{"number": 1, "text": "Easy"}, {"number": 2, "text": "Clear"}], "scoring": "pomp-test"}"#.utf8)
        let definition = try InstrumentDefinition.load(from: file, file: "pomp.json")
        // (5 + 4) / 2 = 4.5 → 87.5; (3 + 3) / 2 = 3 → 50; (4 + 5) / 2 = 4.5 → 87.5; mean 75.
        let inputs = [
            ScoringInput(participant: "P1", answers: [1: .value(5), 2: .value(4)]),
            ScoringInput(participant: "P2", answers: [1: .value(3), 2: .value(3)]),
            ScoringInput(participant: "P3", answers: [1: .value(4), 2: .value(5)]),
        ]
        let report = try ScoreReport.build(definition, inputs: inputs, missing: .refuse)

        let table = ResultTable.scoreSummary(report, language: .en)
        let row = try #require(table.rows.first)
        #expect(row[1] == .text("POMP"))
        #expect(row[3] == .number(75))
        #expect(row[10] == .number(50))
        let text = TextRenderer.render(table, title: false, width: nil)
        #expect(text.contains("POMP"))
        #expect(text.contains("75.00"))
        #expect(text.contains("50.00"))

        let json = String(decoding: try JSONEncoder().encode(ScoreJSON(report, by: nil, language: .en)), as: UTF8.self)
        #expect(json.contains(#""POMP":87.5"#))
        #expect(json.contains(#""instrument":"pomp-scale""#))
    }
}
