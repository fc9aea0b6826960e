import Foundation
import Testing
@testable import Surveys
import Statistics

/// One participant is one value: a participant's several trials of a task under one condition count once in the task
/// summary (and so in every figure drawn from it), a condition's levels are compared over every level with completion,
/// and a per-task questionnaire's items and α are per task, never pooled over the tasks.
@Suite struct OncePerParticipantTests {
    /// P1 tried T1 twice under A (a failure in 80 s, then a success in 20 s), P2 and P3 once. Counted per attempt the
    /// row had completion 3/4 and mean time 45 s over four times; one value per participant it has 2/3 (P1's first
    /// attempt failed) and P1's time is the geometric mean √(80 × 20) = 40 s.
    @Test func summaryCountsEachParticipantOnce() throws {
        let observations = [
            TaskObservation(participant: "P1", task: "T1", group: ["A"], seconds: 80, errors: 4, outcome: .fail, assisted: true),
            TaskObservation(participant: "P2", task: "T1", group: ["A"], seconds: 30, errors: 1, outcome: .success),
            TaskObservation(participant: "P1", task: "T1", group: ["A"], seconds: 20, errors: 0, outcome: .success),
            TaskObservation(participant: "P3", task: "T1", group: ["A"], seconds: 50, errors: 2, outcome: .success),
        ]
        let row = try #require(TaskSummary.build(observations, taskOrder: ["T1"], penalty: ["T1": 10], successfulOnly: false).first)
        #expect(row.attempts == 4 && row.participants == 3 && row.severalAttempts == 1)
        #expect(row.successes == 2 && row.failures == 1 && row.partials == 0, "P1 by the first attempt: a failure")
        let completion = try #require(row.completion)
        #expect(completion.successes == 2 && completion.attempts == 3)
        #expect(completion == CompletionRate(successes: 2, attempts: 3))
        #expect(row.assisted == 1)
        let time = try #require(row.time)
        #expect(time.n == 3)
        #expect(abs(time.mean - (40 + 30 + 50) / 3) < 1e-12)
        #expect(abs(time.geometricMean!.value - exp((log(40.0) + log(30) + log(50)) / 3)) < 1e-12)
        // Totals with 10 s per error: P1 120 and 20 → √2400, P2 40, P3 70.
        #expect(abs(row.total!.mean - ((2400.0).squareRoot() + 40 + 70) / 3) < 1e-9)
        // Errors: P1's mean 2, P2 1, P3 2; the total counts every attempt.
        #expect(row.errorsN == 3 && abs(row.errorsMean! - 5.0 / 3) < 1e-12 && row.errorsTotal == 7)
        // Successful attempts only: P1's 20 s.
        let successful = try #require(TaskSummary.build(observations, taskOrder: ["T1"], penalty: [:], successfulOnly: true).first)
        #expect(successful.time?.n == 3 && abs(successful.time!.mean - (20 + 30 + 50) / 3) < 1e-12)
    }

    /// Three levels within participants: Friedman and the pairs on the measure, Cochran's Q on completion, as `tasks
    /// compare` gives them (the same data as TaskWithinCommandTests.threeLayoutsByFriedmanAndCochran; statsmodels 0.15.0
    /// cochrans_q → Q = 2.8, df 2, p = 0.24659696394160646). Two levels: the paired t-test and McNemar's exact test
    /// (mcnemar([[4, 0], [5, 1]], exact=True) → p 0.0625). Three levels between participants: not compared, and said.
    @Test func conditionComparisonsTakeEveryLevelAndCompletion() throws {
        let a = [41, 55, 38, 62, 47, 51, 44, 58], b = [35, 49, 40, 50, 39, 45, 41, 47], c = [30, 42, 33, 47, 36, 40, 35, 44]
        let outcomes = [[1, 1, 1], [1, 0, 1], [0, 0, 1], [1, 1, 1], [0, 0, 0], [1, 0, 1], [0, 1, 1], [1, 0, 0]]
        var observations: [TaskObservation] = []
        for index in 0..<8 {
            for (level, times) in [("A", a), ("B", b), ("C", c)].enumerated() {
                observations.append(TaskObservation(participant: "P\(index + 1)", task: "T1", group: [times.0], seconds: Double(times.1[index]),
                                                    errors: index % 3 + level, outcome: outcomes[index][level] == 1 ? .success : .fail))
            }
        }
        // T2 under A and C only: 4 of 10 complete it under A, 9 under C (the first attempt counts: P10's second, a
        // success under A, does not).
        for index in 1...10 {
            observations.append(TaskObservation(participant: "Q\(index)", task: "T2", group: ["A"], seconds: Double(30 + index), errors: index % 2,
                                                outcome: index <= 4 ? .success : .fail))
            observations.append(TaskObservation(participant: "Q\(index)", task: "T2", group: ["C"], seconds: Double(25 + index % 3), errors: 1,
                                                outcome: index <= 9 ? .success : .fail))
        }
        observations.append(TaskObservation(participant: "Q10", task: "T2", group: ["A"], seconds: 33, errors: 0, outcome: .success))
        // T3 under A, B and C by different participants.
        for (index, level) in ["A", "B", "C", "A", "B", "C"].enumerated() {
            observations.append(TaskObservation(participant: "R\(index)", task: "T3", group: [level], seconds: Double(20 + index), errors: 0, outcome: .success))
        }
        let comparisons = ConditionTaskComparisons(factor: "layout", levels: ["A", "B", "C"], taskOrder: ["T1", "T2", "T3"],
                                                   observations: observations, level: { $0.group.first })
        #expect(comparisons.tasks.map(\.task) == ["T1", "T2"])
        #expect(comparisons.betweenSeveral == ["T3"])
        let t1 = comparisons.tasks[0]
        #expect(t1.levels == ["A", "B", "C"] && t1.within)
        guard case let .severalLevels(time) = try #require(t1.measures.first) else { Issue.record("three levels: Friedman"); return }
        #expect(time.measure == .time && abs(time.friedman!.chiSquared - 14.25) < 1e-9 && time.pairs.count == 3)
        let q = try #require(t1.completion?.cochranQ)
        #expect(abs(q.q - 2.8) < 1e-12 && q.df == 2 && abs(q.p - 0.24659696394160646) < 1e-10)
        #expect(t1.completion?.completed == [5, 3, 6])
        // The same as the command line's way, one task at a time.
        let attempts = TaskLevelAttempts(task: "T1", levels: ["A", "B", "C"], observations: observations, level: { $0.group.first })
        #expect(try attempts.compare(.time) == .severalLevels(time))
        let t2 = comparisons.tasks[1]
        #expect(t2.levels == ["A", "C"])
        guard case let .twoLevels(errors) = t2.measures.last else { Issue.record("two levels: the paired t-test"); return }
        #expect(errors.measure == .errors && errors.test.design == .paired && errors.averaged == 1)
        let m = try #require(t2.completion?.mcnemar)
        #expect(m.onlyA == 0 && m.onlyB == 5 && abs(m.p - 0.0625) < 1e-12)
        #expect(t2.completion?.firstOfSeveral == 1)
        #expect(TaskLevelAttempts.defaultLevels(["A", "B", "C"], task: "T2", observations: observations, level: { $0.group.first }) == ["A", "C"])
    }

    /// A per-task questionnaire of two items answered after T1 and after T2 by the same five participants: the
    /// items and α are per task (n = 5 each, α of each task's five sets); pooled, each participant counted twice
    /// (n = 10, one α over ten sets).
    @Test func perTaskItemsAndAlphaAreNotPooled() throws {
        let definition = try InstrumentDefinition.load(from: Data("""
            {"id": "pos-tarefa", "title": {"en": "After the task", "pt-BR": "Após a tarefa"}, "scale": {"points": 7}, "perTask": true,
             "scoring": "mean", "items": [{"number": 1, "text": {"en": "Easy", "pt-BR": "Fácil"}},
                                          {"number": 2, "text": {"en": "Quick", "pt-BR": "Rápida"}}]}
            """.utf8), file: "pos-tarefa.json")
        let answers: [String: [[Double]]] = ["T1": [[5, 4], [4, 4], [3, 2], [5, 5], [2, 1]], "T2": [[6, 2], [5, 3], [6, 1], [7, 2], [6, 3]]]
        var inputs: [ScoringInput] = []
        for task in ["T1", "T2"] {
            for (index, pair) in answers[task]!.enumerated() {
                inputs.append(ScoringInput(participant: "P\(index + 1)", task: task, answers: [1: .value(pair[0]), 2: .value(pair[1])]))
            }
        }
        let report = try ScoreReport.build(definition, inputs: inputs, missing: .refuse)
        #expect(report.items.map(\.task) == ["T1", "T1", "T2", "T2"])
        #expect(report.items.allSatisfy { $0.n == 5 }, "one answer per participant and task")
        #expect(report.items.first { $0.task == "T2" && $0.item == 1 }?.raw?.mean == 6)
        #expect(report.alphas.map(\.task) == ["T1", "T2"])
        for task in ["T1", "T2"] {
            let expected = try #require(CronbachAlpha(answers[task]!.map { $0.map { Optional($0) } }))
            let alpha = try #require(report.alphas.first { $0.task == task })
            #expect(alpha.alpha.cases == 5 && abs(alpha.alpha.alpha - expected.alpha) < 1e-12)
        }
        // Not per task: one set of items and one α, as before.
        var plain = definition
        plain.perTask = false
        let once = try ScoreReport.build(plain, inputs: answers["T1"]!.enumerated().map { index, pair in
            ScoringInput(participant: "P\(index + 1)", answers: [1: .value(pair[0]), 2: .value(pair[1])])
        }, missing: .refuse)
        #expect(once.items.map(\.task) == [nil, nil] && once.alphas.map(\.task) == [nil])
        // The SEQ's one item: per task, and no α (it needs two items).
        let seq = try InstrumentDefinition.load(from: Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates/instruments/seq.json")), file: "seq.json")
        let seqReport = try ScoreReport.build(seq, inputs: inputs.map { ScoringInput(participant: $0.participant, task: $0.task, answers: [1: $0.answers[1]!]) },
                                              missing: .refuse)
        #expect(seqReport.items.map(\.task) == ["T1", "T2"] && seqReport.items.allSatisfy { $0.n == 5 })
        #expect(seqReport.alphas.isEmpty)
    }
}
