import Testing
@testable import Surveys

/// The speeder rule as a researcher writes it (`--speeder`), and the task times it flags.
@Suite struct SpeederRuleTests {
    @Test func readsSecondsMinutesAndShares() throws {
        #expect(try SpeederRule(parsing: "under 5s") == .under(seconds: 5))
        #expect(try SpeederRule(parsing: "Under 2,5 segundos") == .under(seconds: 2.5))
        #expect(try SpeederRule(parsing: "under 1 min") == .under(seconds: 60))
        #expect(try SpeederRule(parsing: "abaixo de 25% da mediana") == .shareOfMedian(0.25))
        #expect(try SpeederRule(parsing: "under 20 % of the median") == .shareOfMedian(0.2))
        for bad in ["over 5s", "under -5s", "under 500% of median", "under 5 parsecs", "", "under"] {
            #expect(throws: SpeederRule.ParseError.self, "\(bad)") { try SpeederRule(parsing: bad) }
        }
        #expect(SpeederRule.standard.description.text(.en) == "under 25 % of the task's median")
        #expect(SpeederRule.under(seconds: 5).description.text(.ptBR) == "abaixo de 5 s")
    }

    @Test func flagsByTheRuleInForce() {
        // T1's median over 40, 42, 44, 3 and 12 s is 40: 3 s is under 25 % of it (10 s), 12 s under 15 s and under half (20 s).
        let times: [(String, Double)] = [("P1", 40), ("P2", 42), ("P3", 44), ("P4", 3), ("P5", 12)]
        let observations = times.map { TaskObservation(participant: $0.0, task: "T1", seconds: $0.1, errors: nil, outcome: .success) }
        #expect(TaskTimeQuality.flags(observations).map(\.participant) == ["P4"])
        #expect(TaskTimeQuality.flags(observations, rule: .under(seconds: 15)).map(\.participant) == ["P4", "P5"])
        #expect(TaskTimeQuality.flags(observations, rule: .shareOfMedian(0.5)).map(\.participant) == ["P4", "P5"])
    }
}
