import Foundation
import Testing
@testable import Surveys
import Statistics

@Suite struct TaskStatisticsTests {
    @Test(arguments: [("92", 92.0), ("92.5", 92.5), ("92,5", 92.5), ("1:32", 92), ("0:01:32", 92), ("1:02:03", 3723), ("1:32,5", 92.5), ("92s", 92), ("2s", 2), ("0", 0)])
    func readsDurations(text: String, seconds: Double) {
        #expect(Duration.parse(text) == seconds)
    }

    @Test(arguments: ["", "abc", "1:75", "1:2:3:4", "-5", "1::2", "1:60", "1:61:00", "one minute"])
    func refusesNonDurations(text: String) {
        #expect(Duration.parse(text) == nil)
    }

    @Test func formatsDurations() {
        #expect(Duration.format(92) == "1:32")
        #expect(Duration.format(49.4) == "0:49.4")
        #expect(Duration.format(3725.5) == "1:02:05.5")
    }

    /// Sauro & Lewis (2005); Sauro & Lewis (2016), ch. 3: adjusted-Wald 95 % interval for 7 of 10 is
    /// 39.2 %–89.7 %, and for 5 of 5 its lower bound is 51.1 %.
    @Test func adjustedWaldMatchesPublishedIntervals() throws {
        let seven = try #require(CompletionRate(successes: 7, attempts: 10))
        #expect(seven.rate == 0.7)
        #expect(abs(seven.ci95.lowerBound - 0.392) < 0.0005)
        #expect(abs(seven.ci95.upperBound - 0.897) < 0.0005)
        let five = try #require(CompletionRate(successes: 5, attempts: 5))
        #expect(abs(five.ci95.lowerBound - 0.511) < 0.0005)
        #expect(five.ci95.upperBound == 1)
        let none = try #require(CompletionRate(successes: 0, attempts: 5))
        #expect(none.ci95.lowerBound == 0)
        #expect(CompletionRate(successes: 1, attempts: 0) == nil)
    }

    /// Checked against numpy/scipy: exp(mean ln t ± t₀.₉₇₅,₄ × sd / √5).
    @Test func geometricMeanInterval() throws {
        let geometric = try #require(GeometricMean([40, 45, 50, 60, 90]))
        #expect(abs(geometric.value - 54.61692609078243) < 1e-9)
        #expect(abs(geometric.ci95!.lowerBound - 36.869638048649456) < 1e-7)
        #expect(abs(geometric.ci95!.upperBound - 80.90691347905054) < 1e-7)
        #expect(GeometricMean([0, 3]) == nil)
    }

    /// scipy.stats.ttest_rel(b, a) and ttest_ind(y, x, equal_var=False).
    @Test func pairedAndWelchTests() throws {
        let paired = try #require(TwoConditionComparison(pairs: zip([10, 12, 9, 15, 11], [8, 11, 9, 12, 9]).map { ($0, $1) }))
        #expect(paired.design == .paired)
        #expect(abs(paired.t + 3.1378581622109443) < 1e-9)
        #expect(abs(paired.p - 0.03491970667453904) < 1e-8)
        #expect(abs(paired.difference + 1.6) < 1e-12)
        #expect(abs(paired.ci95.lowerBound + 3.0157147769822723) < 1e-8)
        let welch = try #require(TwoConditionComparison(a: [20, 22, 25, 30], b: [15, 18, 16, 17, 19, 14]))
        #expect(welch.design == .welch)
        #expect(abs(welch.t + 3.362422096189171) < 1e-9)
        #expect(abs(welch.df - 3.751485594064546) < 1e-9)
        #expect(abs(welch.p - 0.03114955503065445) < 1e-7)
        #expect(abs(welch.ci95.lowerBound + 14.320094223675635) < 1e-6)
        #expect(abs(welch.ci95.upperBound + 1.1799057763243646) < 1e-6)
    }

    @Test func comparisonPairsWhenEveryoneDidBothAndReportsARatio() throws {
        let values: [(participant: String, level: String, value: Double)] = [
            ("P1", "A", 10), ("P1", "B", 8), ("P2", "A", 12), ("P2", "B", 11), ("P3", "A", 9), ("P3", "B", 9),
            ("P4", "A", 15), ("P4", "B", 12), ("P5", "A", 11), ("P5", "B", 9),
        ]
        let comparison = try TaskComparison.compare(task: "T1", measure: .time, levelA: "A", levelB: "B", values: values)
        #expect(comparison.test.design == .paired)
        let logs = zip([10.0, 12, 9, 15, 11], [8.0, 11, 9, 12, 9]).map { log($1) - log($0) }
        #expect(abs(comparison.effect - exp(logs.reduce(0, +) / 5)) < 1e-12)
        #expect(comparison.effectCI.contains(comparison.effect))
        // P5 without B: the four complete pairs are compared, P5 left out (never Welch over the same participants).
        let incomplete = try TaskComparison.compare(task: "T1", measure: .errors, levelA: "A", levelB: "B",
                                                    values: values.filter { !($0.participant == "P5" && $0.level == "B") })
        #expect(incomplete.test.design == .paired && incomplete.test.nA == 4 && incomplete.leftOut == 1)
        // No participant under both levels: two sets of participants, Welch's t-test.
        let unpaired = try TaskComparison.compare(task: "T1", measure: .errors, levelA: "A", levelB: "B",
                                                  values: values.map { $0.level == "B" ? ($0.participant + "b", $0.level, $0.value) : $0 })
        #expect(unpaired.test.design == .welch && unpaired.leftOut == 0)
        #expect(throws: TaskComparison.Failure.tooFew(level: "B", count: 1)) {
            try TaskComparison.compare(task: "T1", measure: .time, levelA: "A", levelB: "B", values: Array(values.prefix(3)))
        }
    }

    @Test func summaryCountsCompletionTimesErrorsAndPenalty() throws {
        let observations = [
            TaskObservation(participant: "P1", task: "T1", group: ["A"], seconds: 30, errors: 1, outcome: .success),
            TaskObservation(participant: "P2", task: "T1", group: ["A"], seconds: 60, errors: 3, outcome: .partial, assisted: true),
            TaskObservation(participant: "P3", task: "T1", group: ["B"], seconds: 45, errors: 0, outcome: .fail),
            TaskObservation(participant: "P1", task: "T2", group: ["A"], seconds: 20, errors: nil, outcome: .success),
        ]
        let rows = TaskSummary.build(observations, taskOrder: ["T1", "T2"], penalty: ["T1": 2], successfulOnly: false,
                                     seq: [TaskAnswer(participant: "P1", task: "T1", value: 6), TaskAnswer(participant: "P2", task: "T1", value: 4)],
                                     groupOrders: [["B", "A"]])
        #expect(rows.map(\.task) == ["T1", "T1", "T2"])
        #expect(rows.map(\.group) == [["B"], ["A"], ["A"]], "groups follow the given order")
        let a = rows[1]
        #expect(a.attempts == 2 && a.successes == 1 && a.partials == 1 && a.assisted == 1)
        #expect(a.completion?.rate == 0.5)
        #expect(a.time?.mean == 45)
        #expect(a.total?.mean == 49, "(30 + 1 × 2 + 60 + 3 × 2) / 2")
        #expect(a.errorsTotal == 4)
        #expect(a.seqMean == 5 && a.seqN == 2)
        #expect(rows[2].total == nil, "T2 has no penalty")
        let successful = TaskSummary.build(observations, taskOrder: ["T1"], penalty: [:], successfulOnly: true)
        #expect(successful.first { $0.group == ["A"] }?.time?.mean == 30)
    }

    @Test func outcomesAndFlagsReadAsLogsWriteThem() {
        #expect(Outcome(loose: "Sim") == .success)
        #expect(Outcome(loose: "não") == .fail)
        #expect(Outcome(loose: "Parcial") == .partial)
        #expect(Outcome(loose: "maybe") == nil)
        #expect(YesNo.parse("x") == true)
        #expect(YesNo.parse("") == false)
        #expect(YesNo.parse("talvez") == nil)
    }
}
