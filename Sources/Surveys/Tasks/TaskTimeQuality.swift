import Foundation

/// Task times too short to be a real attempt (a remote participant clicking through): an attempt is flagged when its
/// time is under a share (25 %) of the task's median time, the median taken over every timed attempt at the task
/// when it has at least 3. A flag is a flag: nothing is left out unless asked (`--exclude-flagged`).
public enum TaskTimeQuality {
    /// The share of the task's median under which a time is flagged.
    public static let share = 0.25
    /// Timed attempts a task needs before its median is a yardstick.
    public static let minimumAttempts = 3

    /// One attempt flagged: whose, which task, its time and the task's median.
    public struct Flag: Sendable, Equatable, Codable {
        public var participant: String
        public var task: String
        public var seconds: Double
        public var median: Double
    }

    /// Every attempt under `share` × its task's median, in the order given.
    public static func flags(_ observations: [TaskObservation], share: Double = share) -> [Flag] {
        var medians: [String: Double] = [:]
        for (task, attempts) in Dictionary(grouping: observations.filter { $0.seconds != nil }, by: \.task)
            where attempts.count >= minimumAttempts {
            medians[task] = Descriptive(attempts.compactMap(\.seconds))?.median
        }
        return observations.compactMap { observation in
            guard let seconds = observation.seconds, let median = medians[observation.task], median > 0, seconds < share * median else { return nil }
            return Flag(participant: observation.participant, task: observation.task, seconds: seconds, median: median)
        }
    }
}
