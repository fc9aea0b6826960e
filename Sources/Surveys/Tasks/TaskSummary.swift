import Foundation

/// Statistics of one set of times (raw or with penalty).
public struct TimeStatistics: Sendable, Equatable, Codable {
    public var n: Int
    public var mean: Double
    public var sd: Double?
    public var median: Double
    public var geometricMean: GeometricMean?

    public init?(_ values: [Double]) {
        guard let summary = Descriptive(values) else { return nil }
        n = summary.n
        mean = summary.mean
        sd = summary.sd
        median = summary.median
        geometricMean = GeometricMean(values)
    }
}

/// What `tasks summary` reports for one task (and one group, when grouped).
public struct TaskSummaryRow: Sendable, Equatable, Codable {
    public var task: String
    public var group: [String]
    public var attempts: Int
    public var participants: Int
    public var successes: Int
    public var partials: Int
    public var failures: Int
    /// Over the attempts with an outcome; partial successes count as not completed.
    public var completion: CompletionRate?
    public var time: TimeStatistics?
    /// time + errors × penalty, when a penalty applies.
    public var total: TimeStatistics?
    public var penalty: Double?
    public var errorsMean: Double?
    public var errorsSD: Double?
    public var errorsTotal: Int
    public var assisted: Int
    /// Mean SEQ answer for the task (Sauro & Dumas 2009) in this group, over one value per participant: each
    /// participant's answer to the task under the row's condition levels (the mean of their answers when they
    /// answered it more than once there, over trials or other conditions).
    public var seqMean: Double?
    /// Participants with a SEQ value in the row (never answers: one value per participant).
    public var seqN: Int
    /// Of them, participants whose value is the mean of several answers.
    public var seqAveraged = 0
}

public enum TaskSummary {
    /// Summarises attempts per task and group.
    ///
    /// - Parameters:
    ///   - successfulOnly: time statistics over successful attempts only (Sauro & Lewis 2016 recommend
    ///     reporting times of successful attempts; failures end at arbitrary times).
    ///   - penalty: seconds per error, per task (`nil`: no total time for that task).
    ///   - seq: the SEQ answers, each with the condition levels it was answered under.
    ///   - groupFactors: per grouping, the condition factor it is (`nil` for a participant attribute): a row's SEQ
    ///     holds the answers given under the row's levels (`seqAnswers(_:in:)`).
    public static func build(_ observations: [TaskObservation], taskOrder: [String], penalty: [String: Double],
                             successfulOnly: Bool, seq: [TaskAnswer] = [], groupFactors: [String?] = [],
                             groupOrders: [[String]] = []) -> [TaskSummaryRow] {
        let groups = orderedGroups(observations.map(\.group), orders: groupOrders)
        let placing = SEQPlacing(observations, seq: seq, groupFactors: groupFactors)
        var rows: [TaskSummaryRow] = []
        for task in taskOrder {
            for group in groups {
                let members = observations.filter { $0.task == task && $0.group == group }
                guard !members.isEmpty else { continue }
                let withOutcome = members.filter { $0.outcome != nil }
                let successes = members.filter { $0.outcome == .success }.count
                let timed = members.filter { !successfulOnly || $0.outcome == .success }
                let times = timed.compactMap(\.seconds)
                let taskPenalty = penalty[task]
                let totals = taskPenalty.map { p in timed.compactMap { $0.total(penalty: p) } } ?? []
                let errors = members.compactMap(\.errors).map(Double.init)
                let errorStats = Descriptive(errors)
                let participants = Set(members.map(\.participant))
                // One value per participant: the mean of their answers under the row's levels.
                var seqValues: [Double] = []
                var averaged = 0
                for participant in participants.sorted() {
                    let answers = placing.answers(of: participant, task: task, group: group)
                    guard !answers.isEmpty else { continue }
                    if answers.count > 1 { averaged += 1 }
                    seqValues.append(answers.reduce(0, +) / Double(answers.count))
                }
                var row = TaskSummaryRow(
                    task: task, group: group, attempts: members.count, participants: participants.count,
                    successes: successes, partials: members.filter { $0.outcome == .partial }.count,
                    failures: members.filter { $0.outcome == .fail }.count,
                    completion: CompletionRate(successes: successes, attempts: withOutcome.count),
                    time: TimeStatistics(times), total: TimeStatistics(totals), penalty: taskPenalty,
                    errorsMean: errorStats?.mean, errorsSD: errorStats?.sd, errorsTotal: Int(errors.reduce(0, +)),
                    assisted: members.filter(\.assisted).count,
                    seqMean: seqValues.isEmpty ? nil : seqValues.reduce(0, +) / Double(seqValues.count), seqN: seqValues.count)
                row.seqAveraged = averaged
                rows.append(row)
            }
        }
        return rows
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
