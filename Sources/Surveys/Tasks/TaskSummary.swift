import Foundation
import Statistics
import StudyBasics

/// Statistics of one set of times (raw or with penalty).
public struct TimeStatistics: Sendable, Equatable, Codable {
    public var n: Int
    public var mean: Double
    public var sd: Double?
    public var median: Double
    public var geometricMean: GeometricMean?

    public init?(_ values: [Double], confidence: Double = 0.95) {
        guard let summary = Descriptive(values, confidence: confidence) else { return nil }
        n = summary.n
        mean = summary.mean
        sd = summary.sd
        median = summary.median
        geometricMean = GeometricMean(values, confidence: confidence)
    }
}

/// What `tasks summary` reports for one task (and one group, when grouped): one value per participant in every
/// statistic (`TaskSummary.build`), the attempts counted apart.
public struct TaskSummaryRow: Sendable, Equatable, Codable {
    public var task: String
    public var group: [String]
    /// Every attempt in the row (a participant's several trials each count here, and only here and in `errorsTotal`).
    public var attempts: Int
    public var participants: Int
    /// Participants by the outcome of their first attempt with an outcome in the row (as recorded).
    public var successes: Int
    public var partials: Int
    public var failures: Int
    /// Participants whose completion rests on an attempt with no outcome (abandoned, or never logged;
    /// `TaskObservation.abandoned`). Under `AbandonedPolicy.failure` (the default) they are among `failures`; under
    /// `.exclude` they are left out of `completion`'s denominator, so successes + partials + failures + abandoned =
    /// participants (with an outcome in the task).
    public var abandoned = 0
    /// What `abandoned` means here: the dataset's policy (`nil` for a dataset not prepared for an analysis set, whose
    /// attempts without outcome are left out).
    public var abandonedPolicy: AbandonedPolicy?
    /// Over the participants with an outcome, by their first attempt with one; partial successes count as not completed.
    public var completion: CompletionRate?
    /// Over the participants with a time: each participant's geometric mean of their times in the row.
    public var time: TimeStatistics?
    /// time + errors × penalty, when a penalty applies: each participant's geometric mean of their totals.
    public var total: TimeStatistics?
    public var penalty: Double?
    /// Over the participants with an error count: each participant's mean errors per attempt in the row.
    public var errorsMean: Double?
    public var errorsSD: Double?
    /// Participants with an error count (the n of `errorsMean`).
    public var errorsN = 0
    /// Every error of every attempt in the row.
    public var errorsTotal: Int
    /// Participants assisted in any of their attempts in the row.
    public var assisted: Int
    /// Mean SEQ answer for the task (Sauro & Dumas 2009) in this group, over one value per participant: each
    /// participant's answer to the task under the row's condition levels (the mean of their answers when they
    /// answered it more than once there, over trials or other conditions).
    public var seqMean: Double?
    /// Participants with a SEQ value in the row (never answers: one value per participant).
    public var seqN: Int
    /// The SD of the participants' SEQ values (n − 1), when two or more.
    public var seqSD: Double?
    /// The level of every interval in the row (0.95 or 0.90): `completion.ci95` and the geometric mean's `ci95`
    /// hold intervals at this level whatever their name.
    public var confidence = 0.95
    /// The task's target time (seconds), when the study sets one.
    public var target: Double?
    /// Of the participants with a successful attempt with a time, those whose time (the geometric mean of their
    /// successful attempts) is at most `target`, with its adjusted-Wald interval at `confidence`
    /// (`TaskBenchmarkTest.underTarget`): successful attempts only, whatever `successfulOnly` says.
    public var underTarget: CompletionRate?
    /// The task's error opportunities per attempt, when the study sets them (for the Single Usability Metric).
    public var errorOpportunities: Int?
    /// Of them, participants whose value is the mean of several answers.
    public var seqAveraged = 0
    /// Participants with several attempts in the row (trials, or other conditions when ungrouped): their first
    /// attempt gives the outcome, their geometric mean time and mean errors the times and errors.
    public var severalAttempts = 0
}

public enum TaskSummary {
    /// Summarises attempts per task and group, one value per participant in each row (a participant's several
    /// trials never count as several people; Sauro & Lewis 2016 summarise one value per user and task):
    /// completion by the participant's first attempt with an outcome (as recorded, as `tasks compare` does), time by
    /// the geometric mean of their times (the mean of the logs, as `tasks compare` compares them), errors by their
    /// mean per attempt, SEQ by the mean of their answers; `assisted` counts the participants helped in any attempt.
    ///
    /// - Parameters:
    ///   - successfulOnly: time statistics over successful attempts only (Sauro & Lewis 2016 recommend
    ///     reporting times of successful attempts; failures end at arbitrary times).
    ///   - penalty: seconds per error, per task (`nil`: no total time for that task).
    ///   - seq: the SEQ answers, each with the condition levels it was answered under.
    ///   - targets: target times (seconds) per task: the share of participants under each (`underTarget`).
    ///   - errorOpportunities: error opportunities per attempt, per task (the Single Usability Metric's errors).
    ///   - confidence: the level of the intervals (0.95 or 0.90: Sauro & Lewis 2016 use 90 % for benchmarks).
    ///   - groupFactors: per grouping, the condition factor it is (`nil` for a participant attribute): a row's SEQ
    ///     holds the answers given under the row's levels (`seqAnswers(_:in:)`).
    public static func build(_ observations: [TaskObservation], taskOrder: [String], penalty: [String: Double],
                             successfulOnly: Bool, seq: [TaskAnswer] = [], groupFactors: [String?] = [],
                             groupOrders: [[String]] = [], confidence: Double = 0.95,
                             targets: [String: Double] = [:], errorOpportunities: [String: Int] = [:],
                             abandonedPolicy: AbandonedPolicy? = nil) -> [TaskSummaryRow] {
        let groups = orderedGroups(observations.map(\.group), orders: groupOrders)
        let placing = SEQPlacing(observations, seq: seq, groupFactors: groupFactors)
        var rows: [TaskSummaryRow] = []
        for task in taskOrder {
            for group in groups {
                let members = observations.filter { $0.task == task && $0.group == group }
                guard !members.isEmpty else { continue }
                let taskPenalty = penalty[task]
                // Each participant's attempts in the row, in the order recorded.
                let byParticipant = Dictionary(grouping: members, by: \.participant)
                let participants = byParticipant.keys.sorted()
                var first: [Outcome] = []
                var abandoned = 0
                var assisted = 0
                var times: [Double] = []
                var totals: [Double] = []
                var errors: [Double] = []
                var successTimes: [Double] = []
                for participant in participants {
                    let own = byParticipant[participant] ?? []  // `participants` are the dictionary's own keys
                    if let counted = own.first(where: { $0.outcome != nil }), let outcome = counted.outcome {
                        first.append(outcome)
                        if counted.abandoned { abandoned += 1 }
                    } else if own.contains(where: \.abandoned) {
                        abandoned += 1
                    }
                    if own.contains(where: \.assisted) { assisted += 1 }
                    if let time = typical(own.filter { $0.outcome == .success }.compactMap(\.seconds)) { successTimes.append(time) }
                    let timed = own.filter { !successfulOnly || $0.outcome == .success }
                    if let time = typical(timed.compactMap(\.seconds)) { times.append(time) }
                    if let taskPenalty, let total = typical(timed.compactMap { $0.total(penalty: taskPenalty) }) { totals.append(total) }
                    let counts = own.compactMap(\.errors).map(Double.init)
                    if !counts.isEmpty { errors.append(counts.reduce(0, +) / Double(counts.count)) }
                }
                let successes = first.filter { $0 == .success }.count
                let errorStats = Descriptive(errors)
                // One value per participant: the mean of their answers under the row's levels.
                var seqValues: [Double] = []
                var averaged = 0
                for participant in participants {
                    let answers = placing.answers(of: participant, task: task, group: group)
                    guard !answers.isEmpty else { continue }
                    if answers.count > 1 { averaged += 1 }
                    seqValues.append(answers.reduce(0, +) / Double(answers.count))
                }
                var row = TaskSummaryRow(
                    task: task, group: group, attempts: members.count, participants: participants.count,
                    successes: successes, partials: first.filter { $0 == .partial }.count,
                    failures: first.filter { $0 == .fail }.count,
                    completion: CompletionRate(successes: successes, attempts: first.count, confidence: confidence),
                    time: TimeStatistics(times, confidence: confidence), total: TimeStatistics(totals, confidence: confidence), penalty: taskPenalty,
                    errorsMean: errorStats?.mean, errorsSD: errorStats?.sd,
                    errorsTotal: Int(members.compactMap(\.errors).reduce(0, +)),
                    assisted: assisted,
                    seqMean: seqValues.isEmpty ? nil : seqValues.reduce(0, +) / Double(seqValues.count), seqN: seqValues.count)
                row.errorsN = errors.count
                row.seqAveraged = averaged
                row.seqSD = Descriptive(seqValues)?.sd
                row.confidence = confidence
                if let target = targets[task] {
                    row.target = target
                    row.underTarget = TaskBenchmarkTest.underTarget(times: successTimes, target: target, confidence: confidence)
                }
                row.errorOpportunities = errorOpportunities[task]
                row.abandonedPolicy = abandonedPolicy
                row.severalAttempts = byParticipant.values.filter { $0.count > 1 }.count
                row.abandoned = abandoned
                rows.append(row)
            }
        }
        return rows
    }

    /// A participant's one time from their several: the geometric mean (the mean of the logs, as `tasks compare`
    /// averages them), or the arithmetic mean when a time is zero or less (no log).
    static func typical(_ times: [Double]) -> Double? {
        guard !times.isEmpty else { return nil }
        if times.count == 1 { return times[0] }
        if times.allSatisfy({ $0 > 0 }) { return exp(times.map { log($0) }.reduce(0, +) / Double(times.count)) }
        return times.reduce(0, +) / Double(times.count)
    }

    /// The SEQ answers no row can hold: given without the level of a grouping condition (their occasion names none)
    /// by a participant who did the task under several of its levels. Each (participant, task) once.
    public static func unplacedSEQ(_ observations: [TaskObservation], seq: [TaskAnswer], groupFactors: [String?]) -> [(participant: String, task: String)] {
        let placing = SEQPlacing(observations, seq: seq, groupFactors: groupFactors)
        var seen = Set<[String]>()
        return seq.filter { placing.isAmbiguous($0) && seen.insert([$0.participant, $0.task]).inserted }.map { ($0.participant, $0.task) }
    }

    /// Which SEQ answers belong in which row.
    struct SEQPlacing {
        let byParticipantTask: [[String]: [TaskAnswer]]
        /// (participant, task) → per grouping, the values the participant's attempts at the task had.
        let values: [[String]: [Set<String>]]
        let groupFactors: [String?]

        init(_ observations: [TaskObservation], seq: [TaskAnswer], groupFactors: [String?]) {
            byParticipantTask = Dictionary(grouping: seq) { [$0.participant, $0.task] }
            var values: [[String]: [Set<String>]] = [:]
            for observation in observations {
                let key = [observation.participant, observation.task]
                var sets = values[key] ?? Array(repeating: [], count: observation.group.count)
                for (index, value) in observation.group.enumerated() where index < sets.count { sets[index].insert(value) }
                values[key] = sets
            }
            self.values = values
            self.groupFactors = groupFactors
        }

        /// An answer belongs to a row when, for each grouping condition, it was given under the row's level; an
        /// answer whose occasion names no level of that condition belongs to the participant's only level there (an
        /// answer typed without --occasion in a between-subjects design), and to no row when they did the task under
        /// several levels. Participant attributes need nothing: the participant is in one group.
        func placed(_ answer: TaskAnswer, group: [String]) -> Bool {
            let seen = values[[answer.participant, answer.task]] ?? []
            for (index, factor) in groupFactors.enumerated() where index < group.count {
                guard let factor else { continue }
                if let level = answer.conditions[factor] {
                    if level != group[index] { return false }
                } else if index >= seen.count || seen[index] != [group[index]] {
                    return false
                }
            }
            return true
        }

        func answers(of participant: String, task: String, group: [String]) -> [Double] {
            (byParticipantTask[[participant, task]] ?? []).filter { placed($0, group: group) }.map(\.value)
        }

        func isAmbiguous(_ answer: TaskAnswer) -> Bool {
            guard let seen = values[[answer.participant, answer.task]] else { return false }
            return groupFactors.enumerated().contains { index, factor in
                guard let factor, index < seen.count else { return false }
                return answer.conditions[factor] == nil && seen[index].count > 1
            }
        }
    }

    /// Groups ordered key by key: by each key's preferred order (a derivation rule's labels, a factor's
    /// levels), then naturally.
    static func orderedGroups(_ groups: [[String]], orders: [[String]]) -> [[String]] {
        var seen = Set<[String]>()
        let unique = groups.filter { seen.insert($0).inserted }
        return unique.sorted { a, b in
            for (index, (x, y)) in zip(a, b).enumerated() where x != y {
                return NaturalOrder.areInIncreasingOrder(x, y, preferring: index < orders.count ? orders[index] : [])
            }
            return a.count < b.count
        }
    }
}
