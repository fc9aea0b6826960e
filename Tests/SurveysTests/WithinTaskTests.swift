import Foundation
import Testing
@testable import Surveys
import Statistics

/// A task's conditions compared within the same participants, and the SEQ per task and condition. Reference values
/// computed once with statsmodels 0.15.0 and scipy 1.17.1:
///
///     python3 -c "from statsmodels.stats.contingency_tables import mcnemar, cochrans_q; ..."   (each test says its call)
@Suite struct WithinTaskTests {
    /// statsmodels: `mcnemar([[3, 1], [6, 0]], exact=True)` → statistic 1.0, pvalue 0.125;
    /// `mcnemar([[20, 9], [30, 5]], exact=True)` → 9.0, 0.0010650196345523; `mcnemar([[5, 0], [0, 3]], exact=True)` → 0.0, 1.0.
    @Test func mcNemarExactAsStatsmodels() {
        let small = MatchedProportions.McNemar(onlyA: 1, onlyB: 6)
        #expect(small.statistic == 1)
        #expect(abs(small.p - 0.125) < 1e-12)
        let large = MatchedProportions.McNemar(onlyA: 9, onlyB: 30)
        #expect(large.statistic == 9)
        #expect(abs(large.p - 0.0010650196345523) < 1e-12)
        #expect(MatchedProportions.McNemar(onlyA: 0, onlyB: 0).p == 1, "no discordant pair")
        // From pairs: (A, B) completed; 3 both, 1 A only, 6 B only.
        let pairs = Array(repeating: (true, true), count: 3) + [(true, false)] + Array(repeating: (false, true), count: 6)
        #expect(MatchedProportions.McNemar(pairs: pairs) == small)
    }

    /// statsmodels: `cochrans_q(x)` with x the twelve rows below → statistic 6.75, df 2, pvalue 0.034218118311666025.
    @Test func cochransQAsStatsmodels() throws {
        let x = [[1, 1, 1], [1, 0, 1], [0, 0, 1], [1, 1, 1], [0, 0, 0], [1, 0, 1], [0, 1, 1], [1, 0, 0], [0, 0, 1], [1, 1, 1], [0, 0, 1], [1, 0, 1]]
        let q = try #require(MatchedProportions.CochranQ(x.map { $0.map { $0 == 1 } }))
        #expect(abs(q.q - 6.75) < 1e-12)
        #expect(q.df == 2)
        #expect(abs(q.p - 0.034218118311666025) < 1e-10)
        #expect(MatchedProportions.CochranQ([[true, true, true], [false, false, false]]) == nil, "every row alike: undefined")
    }

    /// Completion from attempts: success only counts; participants without an outcome under every level are left out;
    /// the first of several attempts under a level counts.
    @Test func completionWithinParticipants() throws {
        var outcomes: [(participant: String, level: String, completed: Bool)] = []
        for index in 1...10 {
            let code = "P\(index)"
            outcomes.append((code, "celular", index <= 4))
            outcomes.append((code, "desktop", index <= 9))
        }
        outcomes.append(("P10", "desktop", true))          // a second attempt: the first (a failure) counts
        outcomes.append(("P11", "celular", true))          // no outcome under desktop: left out
        let completion = CompletionWithin(task: "T1", levels: ["celular", "desktop"], outcomes: outcomes)
        #expect(completion.complete == 10 && completion.leftOut == 1 && completion.firstOfSeveral == 1)
        #expect(completion.completed == [4, 9])
        let m = try #require(completion.mcnemar)
        #expect(m.onlyA == 0 && m.onlyB == 5)
        // statsmodels: mcnemar([[4, 0], [5, 1]], exact=True) → statistic 0.0, pvalue 0.0625.
        #expect(abs(m.p - 0.0625) < 1e-12)
        #expect(completion.cochranQ == nil)
    }

    /// Three levels of a condition: Friedman on the log times and every pair by the paired t-test with Holm.
    /// scipy 1.17.1 / statsmodels 0.15.0, with la, lb, lc the logs of a, b, c below:
    ///     stats.friedmanchisquare(la, lb, lc) → statistic 14.25, pvalue 0.000804733010124613
    ///     stats.ttest_rel(lb, la) → t -4.135366756278595, p 0.004374473318111171; exp(mean(lb − la)) 0.8791698829693458,
    ///         exp(confidence_interval()) [0.8167578918062686, 0.9463510434052483]
    ///     stats.ttest_rel(lc, la) → t -13.929693531413998, p 2.324247768997697e-06
    ///     stats.ttest_rel(lc, lb) → t -7.093518901639699, p 0.00019476923140831736
    ///     multipletests(ps, method="holm")[1] → [0.004374473318111171, 6.9727433069930914e-06, 0.0003895384628166347]
    @Test func threeLevelsFriedmanAndHolmPairs() throws {
        let a = [41.0, 55, 38, 62, 47, 51, 44, 58], b = [35.0, 49, 40, 50, 39, 45, 41, 47], c = [30.0, 42, 33, 47, 36, 40, 35, 44]
        var values: [(participant: String, level: String, value: Double)] = []
        for index in a.indices {
            values += [("P\(index)", "a", a[index]), ("P\(index)", "b", b[index]), ("P\(index)", "c", c[index])]
        }
        values.append(("P9", "a", 50))                      // under one level only: left out
        let comparison = try WithinTaskComparison.compare(task: "T1", measure: .time, levels: ["a", "b", "c"], values: values)
        #expect(comparison.complete == 8 && comparison.leftOut == 1 && comparison.averaged == 0)
        let f = try #require(comparison.friedman)
        #expect(abs(f.chiSquared - 14.25) < 1e-12 && f.df == 2)
        #expect(abs(f.p - 0.000804733010124613) < 1e-9)
        #expect(abs(f.kendallW - 14.25 / 16) < 1e-12)
        #expect(comparison.pairs.map { "\($0.levelA)-\($0.levelB)" } == ["a-b", "a-c", "b-c"])
        let ba = comparison.pairs[0]
        #expect(abs(ba.t + 4.135366756278595) < 1e-9 && ba.df == 7)
        #expect(abs(ba.p - 0.004374473318111171) < 1e-8)
        #expect(abs(ba.effect - 0.8791698829693458) < 1e-12)
        #expect(abs(ba.effectCI!.lowerBound - 0.8167578918062686) < 1e-8 && abs(ba.effectCI!.upperBound - 0.9463510434052483) < 1e-8)
        #expect(abs(comparison.pairs[1].t + 13.929693531413998) < 1e-8)
        #expect(abs(comparison.pairs[2].t + 7.093518901639699) < 1e-9)
        let holm = [0.004374473318111171, 6.9727433069930914e-06, 0.0003895384628166347]
        for (pair, expected) in zip(comparison.pairs, holm) { #expect(abs(pair.pHolm - expected) / expected < 1e-6) }
        // Two attempts of one participant under one level: their mean (of the logs) is the participant's value.
        let repeated = values + [("P0", "a", 41)]
        #expect(try WithinTaskComparison.compare(task: "T1", measure: .time, levels: ["a", "b", "c"], values: repeated).averaged == 1)
        #expect(throws: TaskComparison.Failure.tooFewComplete(count: 1)) {
            try WithinTaskComparison.compare(task: "T1", measure: .time, levels: ["a", "b", "c"], values: Array(values.prefix(4)))
        }
    }

    /// The SEQ of a task under each level of a condition: each participant's answer under that level, never the
    /// same answer for both, and one value per participant (the mean of several answers under the level).
    @Test func seqPerTaskAndCondition() {
        var observations: [TaskObservation] = []
        var seq: [TaskAnswer] = []
        for (index, participant) in ["P1", "P2", "P3"].enumerated() {
            for (level, answer) in [("celular", 3.0 + Double(index)), ("desktop", 6.0)] {
                observations.append(TaskObservation(participant: participant, task: "T1", group: [level], seconds: 30, errors: 0, outcome: .success))
                seq.append(TaskAnswer(participant: participant, task: "T1", conditions: ["aparelho": level], value: answer))
            }
        }
        // P1 did T1 on the phone twice: a second SEQ under the same level (a second trial).
        observations.append(TaskObservation(participant: "P1", task: "T1", group: ["celular"], seconds: 20, errors: 0, outcome: .success))
        seq.append(TaskAnswer(participant: "P1", task: "T1", conditions: ["aparelho": "celular"], value: 5))
        // P3's answer to T1 without a level, having done it under both: in no row, and said.
        seq.append(TaskAnswer(participant: "P3", task: "T1", value: 1))
        let rows = TaskSummary.build(observations, taskOrder: ["T1"], penalty: [:], successfulOnly: false, seq: seq,
                                     groupFactors: ["aparelho"], groupOrders: [["celular", "desktop"]])
        #expect(rows.map(\.group) == [["celular"], ["desktop"]])
        // celular: P1 (3 + 5) / 2 = 4, P2 4, P3 5 → 13 / 3; desktop: 6 for everyone.
        #expect(abs(rows[0].seqMean! - 13.0 / 3) < 1e-12 && rows[0].seqN == 3 && rows[0].seqAveraged == 1)
        #expect(rows[1].seqMean == 6 && rows[1].seqN == 3 && rows[1].seqAveraged == 0)
        let unplaced = TaskSummary.unplacedSEQ(observations, seq: seq, groupFactors: ["aparelho"])
        #expect(unplaced.map { "\($0.participant) \($0.task)" } == ["P3 T1"])
        // Ungrouped: one value per participant, the mean of all their answers to the task.
        let overall = TaskSummary.build(observations.map { var o = $0; o.group = []; return o }, taskOrder: ["T1"], penalty: [:],
                                        successfulOnly: false, seq: seq)
        #expect(overall[0].seqN == 3, "three participants, not seven answers")
        // A between-subjects answer typed without --occasion belongs to the participant's only level.
        let between = TaskSummary.build([TaskObservation(participant: "P4", task: "T1", group: ["tablet"], seconds: 10, errors: 0, outcome: .success)],
                                        taskOrder: ["T1"], penalty: [:], successfulOnly: false,
                                        seq: [TaskAnswer(participant: "P4", task: "T1", value: 7)], groupFactors: ["aparelho"])
        #expect(between[0].seqMean == 7)
    }
}
