import Foundation
import Testing
import Surveys
import Wording

/// A scoring rule that lives in the tests only: each score is the median of its answered items, reversed items
/// recoded, with a published norm of 3 for "Score". Written against Surveys' public API alone (no `@testable`),
/// as a new formula in Sources would be: adding one is this type and one `ScoringFormulas.register`.
struct MedianFormula: ScoringFormula {
    var id: String { "median-test" }
    var summary: Sentence { Sentence(verbatim: "the median of the answered items") }
    var reference: String { "Tukey, J. W. (1977). Exploratory data analysis" }

    func scoreIDs(of instrument: InstrumentDefinition) -> [String] { instrument.scoredParts.map { $0.0 } }

    func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? {
        instrument.scale.map { Double($0.min)...Double($0.max) }
    }

    func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        instrument.scoredParts.compactMap { id, numbers in
            let values = numbers.compactMap { number -> Double? in
                guard let item = instrument.item(number), let value = answers[number]?.value else { return nil }
                return instrument.recoded(value, item: item)
            }.sorted()
            guard !values.isEmpty else { return nil }
            let middle = values.count / 2
            let median = values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
            return Score(id: id, value: median, answered: values.count, of: numbers.count)
        }
    }

    func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        instrument.scale == nil ? [Sentence(verbatim: "scoring \"median-test\": needs a scale")] : []
    }

    func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing: MethodsCitations) -> Sentence {
        Sentence(verbatim: "The \(instrument.title.text(language)) instrument was applied \(citing.instrument()); each score is the median of the answered items.")
    }

    func publishedNorm(_ id: String, of instrument: InstrumentDefinition) -> Double? { id == "Score" ? 3 : nil }
}

@Suite struct RegisteredFormulaTests {
    /// Registers the test's formula (once; a second registration of the same id keeps the first).
    static func register() {
        _ = ScoringFormulas.register(MedianFormula())
    }

    static let file = Data("""
        {"id": "median-scale", "title": "Median scale", "scale": {"points": 5},
         "items": [{"number": 1, "text": "Easy"}, {"number": 2, "text": "Hard", "reversed": true}, {"number": 3, "text": "Quick"}],
         "scoring": "median-test"}
        """.utf8)

    @Test func aRegisteredFormulaIsAcceptedScoredAndReported() throws {
        Self.register()
        let definition = try InstrumentDefinition.load(from: Self.file, file: "median.json")
        #expect(definition.scoring.rawValue == "median-test")
        #expect(definition.scoreIDs == ["Score"])
        // Item 2 is reversed on 1–5: 2 → 4; the median of 5, 4, 1 is 4.
        #expect(try definition.score([1: .value(5), 2: .value(2), 3: .value(1)]) == [Score(id: "Score", value: 4, answered: 3, of: 3)])
        // The median of 2 and 4 (item 3 unanswered) is 3.
        #expect(try definition.score([1: .value(2), 2: .value(2)]).first?.value == 3)

        let inputs = [
            ScoringInput(participant: "P1", answers: [1: .value(5), 2: .value(2), 3: .value(1)]),
            ScoringInput(participant: "P2", answers: [1: .value(4), 2: .value(1), 3: .value(5)]),
            ScoringInput(participant: "P3", answers: [1: .value(3), 2: .value(3), 3: .value(2)]),
        ]
        let report = try ScoreReport.build(definition, inputs: inputs, missing: .refuse)
        #expect(report.rows.map { $0.scores.first?.value } == [4, 5, 3])
        let summary = try #require(report.overall.first?.summaries.first)
        #expect(summary.scoreID == "Score")
        #expect(summary.statistics.mean == 4)
        // The formula's own norm is tested against, as the SUS's 68 is.
        #expect(summary.norm == 3)
        #expect(summary.test != nil)
        #expect(summary.meaning == nil)

        // Written back as the id it was read by, and read again the same.
        let encoded = try JSONEncoder().encode(definition)
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"scoring\":\"median-test\""))
        #expect(try JSONDecoder().decode(InstrumentDefinition.self, from: encoded) == definition)

        let methods = definition.formula.methods(of: definition, language: .en,
                                                 citing: MethodsCitations(instrument: { "(Tester, 2026)" }, work: { $0 }, works: { $0.joined() }))
        #expect(methods.text(.en) == "The Median scale instrument was applied (Tester, 2026); each score is the median of the answered items.")
    }

    @Test func aRegisteredFormulasOwnChecksRefuseAFile() throws {
        Self.register()
        let noScale = Data(#"{"id": "m", "title": "M", "items": [{"number": 1, "text": "N", "kind": "numeric", "min": 0, "max": 10}], "scoring": "median-test"}"#.utf8)
        #expect(throws: InstrumentFileError.invalid(file: "m.json", problems: [Sentence(verbatim: "scoring \"median-test\": needs a scale")])) {
            try InstrumentDefinition.load(from: noScale, file: "m.json")
        }
    }

    @Test func aBuiltInIDCannotBeTakenByAnotherFormula() throws {
        struct Impostor: ScoringFormula {
            var id: String { "sus" }
            var summary: Sentence { Sentence(verbatim: "not the SUS") }
            var reference: String { "" }
            func scoreIDs(of instrument: InstrumentDefinition) -> [String] { ["Fake"] }
            func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? { nil }
            func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] { [] }
            func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing: MethodsCitations) -> Sentence { summary }
        }
        #expect(!ScoringFormulas.register(Impostor()))
        #expect(ScoringFormulas.formula("sus")?.scoreIDs(of: try #require(try InstrumentCatalog.builtin("sus"))) == ["SUS", "Learnability", "Usability"])
    }

    /// An unknown rule is refused naming the file and every known formula, the built-in ones first in their order.
    @Test func anUnknownFormulaIsRefusedNamingTheKnownOnes() throws {
        let unknown = Data(#"{"id": "x", "title": "X", "scale": {"points": 5}, "items": [{"number": 1, "text": "A"}], "scoring": "medain"}"#.utf8)
        let error = #expect(throws: InstrumentFileError.self) { try InstrumentDefinition.load(from: unknown, file: "x.json") }
        guard case let .invalid(file, problems)? = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(file == "x.json")
        #expect(problems.count == 1)
        #expect(problems.first?.text(.en).hasPrefix("scoring: 'medain' is not one of sus, umux, umux-lite, mean, sum, nasa-tlx, none") == true)
    }

    /// The built-in formulas keep the ids instrument files and studies store.
    @Test func builtInIDsAreUnchanged() {
        #expect(Array(ScoringFormulas.ids.prefix(7)) == ["sus", "umux", "umux-lite", "mean", "sum", "nasa-tlx", "none"])
    }

    /// Each built-in formula names the works it comes from: Brooke 1996 (SUS), Finstad 2010 (UMUX), Lewis, Utesch &
    /// Maher 2013 (UMUX-Lite), Hart & Staveland 1988 (NASA-TLX).
    @Test(arguments: [("sus", ["Brooke", "1996"]), ("umux", ["Finstad", "2010"]), ("umux-lite", ["Lewis", "Utesch", "Maher", "2013"]),
                      ("nasa-tlx", ["Hart", "Staveland", "1988"]), ("mean", ["Lewis", "2002"]), ("sum", ["Likert", "1932"])])
    func builtInFormulasNameTheirSources(id: String, names: [String]) throws {
        let formula = try #require(ScoringFormulas.formula(id))
        for name in names { #expect(formula.reference.contains(name), "\(id): \(name)") }
    }
}

/// `trend` asks the followed instrument's formula whether its score is graded, as `score` does: the SUS is, the
/// UMUX-Lite and the task measures are not.
@Suite struct TrendGradingTests {
    @Test func onlyTheSUSIsGraded() {
        #expect(TrendMeasure.allCases.filter(\.isGraded) == [TrendMeasure(rawValue: "sus")])
    }
}
