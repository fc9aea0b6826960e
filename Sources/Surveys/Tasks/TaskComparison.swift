import Foundation
import Statistics
import Wording

/// What a comparison of two conditions measures.
public enum TaskMeasure: String, Sendable, Codable, CaseIterable {
    /// Task time, compared on the log scale (times are skewed; Sauro & Lewis 2016, ch. 5).
    case time
    /// Time plus errors × penalty, on the log scale.
    case total
    /// Error counts, on their own scale.
    case errors

    var usesLogScale: Bool { self != .errors }
}

/// Two conditions of one task compared: paired when every participant did both (their per-participant means
/// are paired), otherwise Welch's t-test. Times are compared as logs, and the difference is reported back as
/// a ratio of geometric means with its interval.
public struct TaskComparison: Sendable, Equatable, Codable {
    public var task: String
    public var measure: TaskMeasure
    public var levelA: String
    public var levelB: String
    public var test: TwoConditionComparison
    /// Typical value per condition: geometric means for times, means for errors.
    public var typicalA: Double
    public var typicalB: Double
    /// For times: B / A with its interval at `confidence` (exp of the log difference); for errors: B − A.
    public var effect: Double
    public var effectCI: ClosedRange<Double>
    /// Paired: participants with usable attempts under one of the two levels only, left out of the test.
    public var leftOut = 0
    /// Participants whose value under a level is the mean of several attempts there (of their logs for times).
    public var averaged = 0
    /// The level of `effectCI` and `test.ci95` (0.95 or 0.90).
    public var confidence = 0.95

    public enum Failure: Error, WordedError, Equatable, LocalizedError {
        case tooFew(level: String, count: Int)
        case noVariation
        /// Within participants: fewer than two participants with usable attempts under every level compared.
        case tooFewComplete(count: Int)

        public var errorDescription: String? { sentence.description }


        public var sentence: Sentence {
            switch self {
            case let .tooFew(level, count):
                return count == 1 ? "condition \(level) has 1 usable attempt; a comparison needs at least 2 per condition"
                    : "condition \(level) has \(count) usable attempts; a comparison needs at least 2 per condition"
            case .noVariation:
                return "no variation: test undefined (the compared values are all the same)"
            case let .tooFewComplete(count):
                return count == 1 ? "1 participant has usable attempts under every level compared; a comparison within participants needs at least 2"
                    : "\(count) participants have usable attempts under every level compared; a comparison within participants needs at least 2"
            }
        }
    }

    /// Each participant's value under each level: the mean of their attempts there (of the logs, for times), with
    /// how many participants had several attempts under one level.
    static func perParticipant(_ measure: TaskMeasure, levels: [String],
                               values: [(participant: String, level: String, value: Double)]) -> (values: [String: [String: Double]], averaged: Int) {
        var grouped: [String: [String: [Double]]] = [:]
        for entry in values where levels.contains(entry.level) {
            let value = measure.usesLogScale ? (entry.value > 0 ? log(entry.value) : nil) : entry.value
            if let value { grouped[entry.participant, default: [:]][entry.level, default: []].append(value) }
        }
        let averaged = grouped.values.filter { $0.values.contains { $0.count > 1 } }.count
        return (grouped.mapValues { $0.mapValues { $0.reduce(0, +) / Double($0.count) } }, averaged)
    }

    /// - Parameter values: (participant, level, value) for the task's attempts with the measure present.
    ///
    /// When some participant has usable attempts under both levels (a within-subject condition), the paired t-test
    /// runs over the participants with both (the others are counted in `leftOut`, never compared as independent
    /// samples); when none has, Welch's t-test compares the two sets of participants. A participant's attempts
    /// under one level are averaged first (their logs, for times): one value per participant and level.
    public static func compare(task: String, measure: TaskMeasure, levelA: String, levelB: String,
                               values: [(participant: String, level: String, value: Double)],
                               confidence: Double = 0.95) throws -> TaskComparison {
        let (byParticipant, averaged) = perParticipant(measure, levels: [levelA, levelB], values: values)
        let a = byParticipant.compactMapValues { $0[levelA] }
        let b = byParticipant.compactMapValues { $0[levelB] }
        if a.count < 2 { throw Failure.tooFew(level: levelA, count: a.count) }
        if b.count < 2 { throw Failure.tooFew(level: levelB, count: b.count) }
        let both = Set(a.keys).intersection(b.keys).sorted()
        let test: TwoConditionComparison?
        var leftOut = 0
        let meanA: Double
        let meanB: Double
        // `both` holds the participants with a value at each level: each gives one pair.
        if !both.isEmpty {
            if both.count < 2 { throw Failure.tooFewComplete(count: both.count) }
            leftOut = byParticipant.count - both.count
            let pairs = both.compactMap { participant in a[participant].flatMap { x in b[participant].map { (x, $0) } } }
            test = TwoConditionComparison(pairs: pairs, confidence: confidence)
            meanA = pairs.map(\.0).reduce(0, +) / Double(both.count)
            meanB = pairs.map(\.1).reduce(0, +) / Double(both.count)
        } else {
            // In participant order, so the figures are the same in every run.
            let valuesA = a.sorted { $0.key < $1.key }.map(\.value), valuesB = b.sorted { $0.key < $1.key }.map(\.value)
            test = TwoConditionComparison(a: valuesA, b: valuesB, confidence: confidence)
            meanA = valuesA.reduce(0, +) / Double(a.count)
            meanB = valuesB.reduce(0, +) / Double(b.count)
        }
        guard let test else { throw Failure.noVariation }
        var comparison: TaskComparison
        if measure.usesLogScale {
            comparison = TaskComparison(task: task, measure: measure, levelA: levelA, levelB: levelB, test: test,
                                        typicalA: exp(meanA), typicalB: exp(meanB), effect: exp(test.difference),
                                        effectCI: exp(test.ci95.lowerBound)...exp(test.ci95.upperBound))
        } else {
            comparison = TaskComparison(task: task, measure: measure, levelA: levelA, levelB: levelB, test: test,
                                        typicalA: meanA, typicalB: meanB, effect: test.difference, effectCI: test.ci95)
        }
        comparison.leftOut = leftOut
        comparison.averaged = averaged
        comparison.confidence = confidence
        return comparison
    }
}

/// Three levels or more of a condition compared within the same participants for one task: only participants with
/// usable attempts under every level enter (one value each per level: the mean of their attempts there, of the
/// logs for times), the others counted in `leftOut`. Friedman's χ² with Kendall's W over the levels
/// (`PairedComparison`), then every pair of levels by the paired t-test (on log times: the ratio of geometric
/// means B / A), with Holm's adjustment over the pairs (Holm 1979).
public struct WithinTaskComparison: Sendable, Equatable, Codable {
    public struct Pair: Sendable, Equatable, Codable {
        public var levelA: String
        public var levelB: String
        /// For times: the ratio of geometric means B / A with its interval at the comparison's `confidence`; for errors: the difference B − A.
        public var effect: Double
        public var effectCI: ClosedRange<Double>?
        public var t: Double
        public var df: Int
        public var p: Double
        public var pHolm: Double
    }

    public var task: String
    public var measure: TaskMeasure
    public var levels: [String]
    /// Participants with usable attempts under every level, and those left out (under some levels only).
    public var complete: Int
    public var leftOut: Int
    /// Participants whose value under a level is the mean of several attempts there.
    public var averaged: Int
    /// Per level, over the complete participants: the geometric mean (times) or the mean (errors).
    public var typical: [Double]
    public var friedman: PairedComparison.Friedman?
    /// Every pair of levels; empty when no pair could be tested (every difference the same).
    public var pairs: [Pair]
    /// The level of the pairs' intervals (0.95 or 0.90).
    public var confidence = 0.95

    public static func compare(task: String, measure: TaskMeasure, levels: [String],
                               values: [(participant: String, level: String, value: Double)],
                               confidence: Double = 0.95) throws -> WithinTaskComparison {
        let (byParticipant, averaged) = TaskComparison.perParticipant(measure, levels: levels, values: values)
        let paired = PairedComparison(levels: levels, values: byParticipant, confidence: confidence)
        if paired.complete < 2 { throw TaskComparison.Failure.tooFewComplete(count: paired.complete) }
        // In participant order: sums over a dictionary's order would differ in their last bits from run to run.
        let blocks = byParticipant.sorted { $0.key < $1.key }.map(\.value).filter { row in levels.allSatisfy { row[$0] != nil } }
        let scale = Spread.scale(blocks.flatMap(\.values))
        var pairs: [Pair] = []
        for i in levels.indices {
            for j in levels.indices where j > i {
                // `blocks` keeps only participants with a value at every level.
                let differences = blocks.compactMap { row in row[levels[j]].flatMap { later in row[levels[i]].map { later - $0 } } }
                guard let t = PairedComparison.pairedT(differences, scale: scale,
                                                        confidence: confidence) else { continue }
                let scale: (Double) -> Double = measure.usesLogScale ? { exp($0) } : { $0 }
                pairs.append(Pair(levelA: levels[i], levelB: levels[j], effect: scale(t.meanDifference),
                                  effectCI: t.ci95.map { scale($0.lowerBound)...scale($0.upperBound) }, t: t.t, df: t.df, p: t.p, pHolm: t.p))
            }
        }
        for (index, adjusted) in PostHoc.holm(pairs.map(\.p)).enumerated() { pairs[index].pHolm = adjusted }
        if paired.friedman == nil && pairs.isEmpty { throw TaskComparison.Failure.noVariation }
        return WithinTaskComparison(task: task, measure: measure, levels: levels, complete: paired.complete, leftOut: paired.leftOut,
                                    averaged: averaged, typical: paired.means.map { measure.usesLogScale ? exp($0) : $0 },
                                    friedman: paired.friedman, pairs: pairs, confidence: confidence)
    }
}

/// Task completion compared between a condition's levels within the same participants: success counts as completed,
/// partial success and failure as not (the usual binary completion; Sauro & Lewis 2016). Only participants with an
/// outcome under every level enter, the others counted in `leftOut`; a participant with several attempts under one
/// level counts by the first one recorded there (`firstOfSeveral` says how many). Two levels: McNemar's exact test;
/// more: Cochran's Q.
public struct CompletionWithin: Sendable, Equatable, Codable {
    public var task: String
    public var levels: [String]
    public var complete: Int
    public var leftOut: Int
    public var firstOfSeveral: Int
    /// Per level: completions among the complete participants.
    public var completed: [Int]
    public var mcnemar: MatchedProportions.McNemar?
    public var cochranQ: MatchedProportions.CochranQ?

    /// - Parameter outcomes: (participant, level, completed) for the task's attempts with an outcome, in the order
    ///   they were recorded.
    public init(task: String, levels: [String], outcomes: [(participant: String, level: String, completed: Bool)]) {
        self.task = task
        self.levels = levels
        var first: [String: [String: Bool]] = [:]
        var counts: [String: [String: Int]] = [:]
        for entry in outcomes where levels.contains(entry.level) {
            counts[entry.participant, default: [:]][entry.level, default: 0] += 1
            if first[entry.participant]?[entry.level] == nil { first[entry.participant, default: [:]][entry.level] = entry.completed }
        }
        firstOfSeveral = counts.values.filter { $0.values.contains { $0 > 1 } }.count
        let blocks = first.keys.sorted().compactMap { participant -> [Bool]? in
            let row = levels.compactMap { first[participant]?[$0] }
            return row.count == levels.count ? row : nil
        }
        complete = blocks.count
        leftOut = first.count - blocks.count
        completed = levels.indices.map { j in blocks.filter { $0[j] }.count }
        if levels.count == 2 {
            mcnemar = blocks.isEmpty ? nil : MatchedProportions.McNemar(pairs: blocks.map { ($0[0], $0[1]) })
        } else {
            cochranQ = MatchedProportions.CochranQ(blocks)
        }
    }
}

/// One task's attempts under some levels of one condition, as `tasks compare --condition`, the report and the
/// workbook compare them: which levels, whether the same participants did several (within participants), each
/// participant's values per level, and the comparison of a measure (two levels: `TaskComparison`; three or more:
/// `WithinTaskComparison`) and of completion (`CompletionWithin`, within participants only).
public struct TaskLevelAttempts: Sendable {
    /// The comparison of a measure: two levels, or three or more within participants.
    public enum Measured: Sendable, Equatable {
        case twoLevels(TaskComparison)
        case severalLevels(WithinTaskComparison)
    }

    public var task: String
    /// The levels compared, in order.
    public var levels: [String]
    /// The task's attempts under one of `levels`, in the order they were recorded, each with its level.
    public var attempts: [(level: String, observation: TaskObservation)]

    /// - Parameter level: an observation's level of the condition (`nil`: none of the condition's levels).
    public init(task: String, levels: [String], observations: [TaskObservation], level: (TaskObservation) -> String?) {
        self.task = task
        self.levels = levels
        attempts = observations.compactMap { observation in
            guard observation.task == task, let value = level(observation), levels.contains(value) else { return nil }
            return (value, observation)
        }
    }

    /// The levels compared when none are named: those someone did the task under (a level no one did it under is not
    /// compared), when two or more; otherwise every known level.
    public static func defaultLevels(_ known: [String], task: String, observations: [TaskObservation],
                                     level: (TaskObservation) -> String?) -> [String] {
        let tried = known.filter { value in observations.contains { $0.task == task && level($0) == value } }
        return tried.count >= 2 ? tried : known
    }

    /// Within participants: someone did the task under two of the levels compared.
    public var isWithin: Bool {
        var seen: [String: String] = [:]
        for (level, observation) in attempts {
            if let other = seen[observation.participant], other != level { return true }
            seen[observation.participant] = level
        }
        return false
    }

    /// (participant, level, value) of the measure for every attempt that has it; `penalty` for `.total`.
    public func values(_ measure: TaskMeasure, penalty: Double? = nil, successfulOnly: Bool = false) -> [(participant: String, level: String, value: Double)] {
        attempts.compactMap { level, observation in
            guard !successfulOnly || observation.outcome == .success else { return nil }
            let value: Double?
            switch measure {
            case .time: value = observation.seconds
            case .total: value = observation.total(penalty: penalty ?? 0)
            case .errors: value = observation.errors.map(Double.init)
            }
            return value.map { (observation.participant, level, $0) }
        }
    }

    /// (participant, level, completed) of every attempt with an outcome, in the order recorded: success is a completion,
    /// partial success and failure are not.
    public var outcomes: [(participant: String, level: String, completed: Bool)] {
        attempts.compactMap { level, observation in observation.outcome.map { (observation.participant, level, $0 == .success) } }
    }

    /// The measure compared: two levels by `TaskComparison` (paired within participants, Welch's between), three or
    /// more by `WithinTaskComparison` (which needs participants with attempts under every level). Throws
    /// `TaskComparison.Failure` when there is too little to compare.
    public func compare(_ measure: TaskMeasure, penalty: Double? = nil, successfulOnly: Bool = false,
                        confidence: Double = 0.95) throws -> Measured {
        let values = values(measure, penalty: penalty, successfulOnly: successfulOnly)
        if levels.count > 2 {
            return .severalLevels(try WithinTaskComparison.compare(task: task, measure: measure, levels: levels, values: values,
                                                                   confidence: confidence))
        }
        return .twoLevels(try TaskComparison.compare(task: task, measure: measure, levelA: levels[0], levelB: levels[1], values: values,
                                                       confidence: confidence))
    }

    /// Completion compared within participants (every attempt with an outcome, whatever `successfulOnly` says of times);
    /// `nil` between participants or without outcomes.
    public var completion: CompletionWithin? {
        let outcomes = outcomes
        guard isWithin, !outcomes.isEmpty else { return nil }
        return CompletionWithin(task: task, levels: levels, outcomes: outcomes)
    }
}

/// A condition's levels compared for every task, as the report and the workbook give them and `tasks compare
/// --condition` computes them one task at a time: per task, the levels someone did it under (all of them, three or
/// more within participants), time and errors (`TaskLevelAttempts.compare`) and, within participants, completion
/// (`TaskLevelAttempts.completion`).
public struct ConditionTaskComparisons: Sendable {
    public struct PerTask: Sendable {
        public var task: String
        public var levels: [String]
        public var within: Bool
        /// Each measure that could be compared, in the order asked for (one with too little to compare is left out).
        public var measures: [TaskLevelAttempts.Measured]
        public var completion: CompletionWithin?
    }

    public var factor: String
    public var tasks: [PerTask] = []
    /// Tasks done under three levels or more, each participant under one only (between participants): not compared
    /// here (`tasks compare TASK --condition C --levels A,B` compares two levels at a time).
    public var betweenSeveral: [String] = []
    /// The level of every comparison's interval (0.95 or 0.90).
    public var confidence = 0.95

    /// - Parameters:
    ///   - levels: the condition's levels in order; per task, those someone did it under are compared (a task done
    ///     under fewer than two is left out).
    ///   - level: an observation's level of the condition.
    public init(factor: String, levels: [String], taskOrder: [String], observations: [TaskObservation],
                measures: [TaskMeasure] = [.time, .errors], confidence: Double = 0.95, level: (TaskObservation) -> String?) {
        self.factor = factor
        self.confidence = confidence
        for task in taskOrder {
            let tried = levels.filter { value in observations.contains { $0.task == task && level($0) == value } }
            guard tried.count >= 2 else { continue }
            let attempts = TaskLevelAttempts(task: task, levels: tried, observations: observations, level: level)
            let within = attempts.isWithin
            if tried.count > 2 && !within {
                betweenSeveral.append(task)
                continue
            }
            // Too little to compare, or no variation: no test, and no row.
            let measured = measures.compactMap { try? attempts.compare($0, confidence: confidence) }
            let completion = attempts.completion
            guard !measured.isEmpty || completion != nil else { continue }
            tasks.append(PerTask(task: task, levels: tried, within: within, measures: measured, completion: completion))
        }
    }
}
