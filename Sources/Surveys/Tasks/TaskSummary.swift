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
    /// Mean SEQ answer for the task (Sauro & Dumas 2009), when participants answered it per task.
    public var seqMean: Double?
    public var seqN: Int
}

public enum TaskSummary {
    /// Summarises attempts per task and group.
    ///
    /// - Parameters:
    ///   - successfulOnly: time statistics over successful attempts only (Sauro & Lewis 2016 recommend
    ///     reporting times of successful attempts; failures end at arbitrary times).
    ///   - penalty: seconds per error, per task (`nil`: no total time for that task).
    ///   - seq: SEQ answers by participant and task.
    public static func build(_ observations: [TaskObservation], taskOrder: [String], penalty: [String: Double],
                             successfulOnly: Bool, seq: [String: [String: Double]] = [:],
                             groupOrders: [[String]] = []) -> [TaskSummaryRow] {
        let groups = orderedGroups(observations.map(\.group), orders: groupOrders)
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
                let seqValues = participants.compactMap { seq[$0]?[task] }
                rows.append(TaskSummaryRow(
                    task: task, group: group, attempts: members.count, participants: participants.count,
                    successes: successes, partials: members.filter { $0.outcome == .partial }.count,
                    failures: members.filter { $0.outcome == .fail }.count,
                    completion: CompletionRate(successes: successes, attempts: withOutcome.count),
                    time: TimeStatistics(times), total: TimeStatistics(totals), penalty: taskPenalty,
                    errorsMean: errorStats?.mean, errorsSD: errorStats?.sd, errorsTotal: Int(errors.reduce(0, +)),
                    assisted: members.filter(\.assisted).count,
                    seqMean: seqValues.isEmpty ? nil : seqValues.reduce(0, +) / Double(seqValues.count), seqN: seqValues.count))
            }
        }
        return rows
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
