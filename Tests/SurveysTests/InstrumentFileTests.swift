import Foundation
import Testing
@testable import Surveys

@Suite struct InstrumentFileTests {
    /// The id rule, `^[a-z0-9][a-z0-9_-]{0,63}$`, at its edges.
    @Test func instrumentIDsFollowTheRule() {
        for valid in ["a", "9", "sus", "my-scale_2", "a-", String(repeating: "x", count: 64)] {
            #expect(InstrumentDefinition.isValidID(valid), "\(valid)")
        }
        for invalid in ["", "-a", "_a", "Sus", "escala-fácil", "a b", "a.b", String(repeating: "x", count: 65), "a\n"] {
            #expect(!InstrumentDefinition.isValidID(invalid), "\(invalid)")
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/instruments")

    @Test func explainsEveryProblemOfABrokenFile() throws {
        let path = Self.fixtures.appendingPathComponent("broken.json").path
        let error = #expect(throws: InstrumentFileError.self) { try InstrumentDefinition.load(path: path) }
        guard case let .invalid(file, problems)? = error else {
            Issue.record("expected invalid, got \(String(describing: error))")
            return
        }
        #expect(file == path)
        // The languages a message lists are the registered ones: the shipped two, and any a suite running beside this
        // one registers (PseudoLocaleTests).
        #expect(problems.count > 1 && problems[1].description.hasPrefix("title: unknown language 'fr'; the registered languages are \"en\", \"pt-BR\""))
        #expect(problems.enumerated().filter { $0.offset != 1 }.map(\.element) == [
            "id 'Minha Escala': use lowercase letters, digits, '-' and '_' (e.g. \"my-scale\")",
            "items[1]: items are numbered 1, 2, 3… in order; expected number 2, found 3",
            "scale.anchors.en: '9' is not a point of the 1–5 scale",
            "items[1] (item 3): a numeric item needs \"min\" and \"max\"",
            "items[2] (item 4): a choice item needs at least two \"choices\"",
            "subscales[0] (S): there is no item 7",
            "scoring \"sus\": SUS has exactly 10 likert items; this file has 1 of 3",
            "norms.values: 'Overall' is not a score of this instrument (scores: SUS, Learnability, Usability)",
            "norms.source: say where the norms come from",
        ])
    }

    @Test func explainsJSONAndTypeErrors() {
        #expect(throws: InstrumentFileError.invalid(file: "x.json", problems: ["items[0].kind: 'likret' is not one of likert, numeric, choice, text"])) {
            _ = try InstrumentDefinition.load(from: Data(#"{"id":"x","title":"X","items":[{"number":1,"text":"a","kind":"likret"}]}"#.utf8), file: "x.json")
        }
        #expect(throws: InstrumentFileError.invalid(file: "x.json", problems: ["the instrument needs a \"items\" field"])) {
            _ = try InstrumentDefinition.load(from: Data(#"{"id":"x","title":"X"}"#.utf8), file: "x.json")
        }
        let error = #expect(throws: InstrumentFileError.self) {
            _ = try InstrumentDefinition.load(from: Data("{\"id\": \"x\",\n  \"title\": }".utf8), file: "x.json")
        }
        #expect(error?.localizedDescription.contains("x.json:2:12 is not a valid instrument:\n  - not valid JSON: expected a value, found '}'") == true)
    }

    @Test func choiceItemsReadKeysAndLabelsInBothLanguages() throws {
        let definition = try InstrumentDefinition.load(path: Self.fixtures.appendingPathComponent("codeforall-perception.json").path)
        let reader = AnswerReader(definition: definition)
        #expect(try reader.read("Sim", item: definition.items[0]).get() == .choice("yes"))
        #expect(try reader.read("talvez", item: definition.items[0]).get() == .choice("maybe"))
        #expect(try reader.read("Não", item: definition.items[0]).get() == .choice("no"))
        #expect(try reader.read("Maybe", item: definition.items[0]).get() == .choice("maybe"))
        #expect(reader.read("Quem sabe", item: definition.items[0]) == .failure(AnswerProblem("'Quem sabe' is not a choice of item 1 (choices: Sim/Yes, Não/No, Talvez/Maybe)")))
        #expect(try reader.read("Mais exemplos, por favor", item: definition.items[2]).get() == .text("Mais exemplos, por favor"))
    }

    /// CodeForAll published: "Facilita a implementação": 10 Sim, 1 Talvez (of 11).
    @Test func talliesChoicesWithPercentages() throws {
        let definition = try InstrumentDefinition.load(path: Self.fixtures.appendingPathComponent("codeforall-perception.json").path)
        let inputs = (1...11).map { index in
            ScoringInput(participant: "P\(index)", answers: [1: .choice(index == 4 ? "maybe" : "yes"), 2: .choice("yes")])
        }
        let report = try ScoreReport.build(definition, inputs: inputs, missing: .refuse)
        let tally = try #require(report.overall.first?.tallies.first)
        #expect(tally.counts.map(\.count) == [10, 0, 1])
        #expect(abs(tally.percent(10) - 90.909) < 0.001)
        #expect(abs(tally.percent(1) - 9.091) < 0.001)
    }

    @Test func reportGroupsFollowTheRuleOrderAndRefuseUnscorableSets() throws {
        let sus = try builtin("sus")
        let inputs = [
            ScoringInput(participant: "P1", group: "Iniciante", answers: answers([4, 1, 5, 2, 5, 1, 4, 2, 3, 1])),
            ScoringInput(participant: "P3", group: "Avançado", answers: answers([5, 1, 5, 1, 5, 1, 5, 1, 5, 1])),
            ScoringInput(participant: "P2", group: "Iniciante", answers: answers([3, 3, 3, 3, 3, 3, 3, 3, 3, 3])),
        ]
        let report = try ScoreReport.build(sus, inputs: inputs, missing: .refuse, groupOrder: ["Iniciante", "Intermediário", "Avançado"])
        #expect(report.groups.map(\.name) == ["Iniciante", "Avançado"])
        let beginners = try #require(report.groups.first?.summaries.first)
        #expect(beginners.statistics.mean == 67.5)
        #expect(beginners.norm == 68)
        #expect(beginners.meaning?.grade.grade == "C")
        #expect(report.overall.first?.summaries.first?.statistics.n == 3)

        let partial = [ScoringInput(participant: "P9", answers: answers([4, 1, 5, nil, 5, 1, 4, 2, 3, 1]))]
        #expect(throws: ScoreReportError.unscorable(["P9: SUS item 4 has no answer; score with --missing centre (count the centre point) or --missing prorate, or complete the answers"])) {
            try ScoreReport.build(sus, inputs: partial, missing: .refuse)
        }
    }

    /// PSSUQ norms: lower is better, so a mean under the norm is better than it.
    @Test func pssuqComparesAgainstLewisNorms() throws {
        let pssuq = try builtin("pssuq")
        let inputs = (1...3).map { ScoringInput(participant: "P\($0)", answers: answers(Array(repeating: Double($0), count: 16))) }
        let report = try ScoreReport.build(pssuq, inputs: inputs, missing: .refuse)
        let overall = try #require(report.overall.first?.summaries.first { $0.scoreID == "Overall" })
        #expect(overall.statistics.mean == 2)
        #expect(overall.norm == 2.82)
        #expect(overall.betterThanNorm == true)
        #expect(report.alphas.first?.scale == "all")
    }
}
