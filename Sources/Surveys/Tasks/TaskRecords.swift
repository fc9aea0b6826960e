import Foundation

/// A task participants attempt.
public struct TaskInfo: Sendable, Equatable, Codable {
    public var key: String
    public var title: String
    public var description: String?
    public var position: Int
    /// Seconds added per error to make a total time, when the study uses one.
    public var penaltySeconds: Double?
    public var attempts: Int
    /// The time a participant should complete the task within (seconds), when the study sets one.
    public var targetSeconds: Double? = nil
    /// The places per attempt where a participant can err, when the study sets them (the Single Usability Metric's errors).
    public var errorOpportunities: Int? = nil

    public init(key: String, title: String, description: String? = nil, position: Int, penaltySeconds: Double? = nil, attempts: Int, targetSeconds: Double? = nil, errorOpportunities: Int? = nil) {
        self.key = key
        self.title = title
        self.description = description
        self.position = position
        self.penaltySeconds = penaltySeconds
        self.attempts = attempts
        self.targetSeconds = targetSeconds
        self.errorOpportunities = errorOpportunities
    }
}

/// A condition factor and its levels (e.g. setting: 0-50, 0-100).
public struct FactorInfo: Sendable, Equatable, Codable {
    public var name: String
    public var levels: [String]

    public init(name: String, levels: [String]) {
        self.name = name
        self.levels = levels
    }
}

/// A stored attempt.
public struct AttemptRecord: Sendable, Equatable, Codable {
    public var participant: String
    public var task: String
    public var trial: Int
    /// Factor name → level.
    public var conditions: [String: String]
    public var seconds: Double?
    public var errors: Int?
    public var outcome: Outcome?
    public var assisted: Bool
    public var note: String?
    public var reportedTotal: Double?

    public init(participant: String, task: String, trial: Int, conditions: [String: String], seconds: Double? = nil, errors: Int? = nil, outcome: Outcome? = nil, assisted: Bool, note: String? = nil, reportedTotal: Double? = nil) {
        self.participant = participant
        self.task = task
        self.trial = trial
        self.conditions = conditions
        self.seconds = seconds
        self.errors = errors
        self.outcome = outcome
        self.assisted = assisted
        self.note = note
        self.reportedTotal = reportedTotal
    }
}

/// Attempts ready for task statistics, grouped by participant attributes and condition factors.
public struct TaskDataset: Sendable {
    public var observations: [TaskObservation]
    public var taskOrder: [String]
    /// Seconds per error, per task, where the task sets one.
    public var penalties: [String: Double]
    /// The grouping names as stored (attribute or condition).
    public var groupNames: [String]
    /// Each grouping's preferred value order (a derivation rule's labels, a factor's levels).
    public var groupOrders: [[String]]
    /// The SEQ answers, each with the condition levels its occasion names.
    public var seq: [TaskAnswer]
    /// Per grouping, the condition factor it is (`nil` for a participant attribute).
    public var groupFactors: [String?] = []
    /// Target times (seconds), per task, where the task sets one.
    public var targets: [String: Double] = [:]
    /// Error opportunities per attempt, per task, where the task sets them.
    public var errorOpportunities: [String: Int] = [:]
    /// What its attempts with no outcome count as (`prepared(for:)` applies it); `nil` before it is prepared.
    public var abandoned: AbandonedPolicy?

    public init(observations: [TaskObservation], taskOrder: [String], penalties: [String: Double], groupNames: [String], groupOrders: [[String]], seq: [TaskAnswer], groupFactors: [String?] = [], targets: [String: Double] = [:], errorOpportunities: [String: Int] = [:]) {
        self.observations = observations
        self.taskOrder = taskOrder
        self.penalties = penalties
        self.groupNames = groupNames
        self.groupOrders = groupOrders
        self.seq = seq
        self.groupFactors = groupFactors
        self.targets = targets
        self.errorOpportunities = errorOpportunities
    }
}

extension TaskDataset {
    /// The attempts and SEQ answers of the participants `set` includes.
    public func restricted(to set: AnalysisSet) -> TaskDataset {
        guard set.leavesOutSomeone else { return self }
        var copy = self
        copy.observations = observations.filter { set.includes($0.participant) }
        copy.seq = seq.filter { set.includes($0.participant) }
        return copy
    }
}

extension TaskDataset {
    /// The attempts made under `levels` (factor → level) and the SEQ answers given there, each attempt's `group`
    /// cut to its first `keeping` values: the groupings after them are the cell's factors, which the dataset must
    /// hold (`groupFactors`). An answer that names no level of a factor is the participant's there only when they
    /// did the task under that one level (as `tasks summary` places it).
    public func cell(_ levels: [(factor: String, level: String)], keeping: Int) -> TaskDataset {
        let indexes = levels.compactMap { wanted in groupFactors.firstIndex { $0?.caseInsensitiveCompare(wanted.factor) == .orderedSame } }
        var seen: [[String]: [Set<String>]] = [:]
        for observation in observations {
            var sets = seen[[observation.participant, observation.task]] ?? Array(repeating: [], count: levels.count)
            for (position, index) in indexes.enumerated() where observation.group.indices.contains(index) {
                sets[position].insert(observation.group[index])
            }
            seen[[observation.participant, observation.task]] = sets
        }
        var copy = self
        copy.observations = observations.filter { observation in
            zip(indexes, levels).allSatisfy { index, wanted in observation.group.indices.contains(index) && observation.group[index] == wanted.level }
        }.map { observation in
            var kept = observation
            kept.group = Array(observation.group.prefix(keeping))
            return kept
        }
        copy.seq = seq.filter { answer in
            let sets = seen[[answer.participant, answer.task]] ?? []
            return levels.enumerated().allSatisfy { position, wanted in
                let factor = groupFactors[indexes[position]] ?? wanted.factor
                if let level = answer.conditions[factor] { return level == wanted.level }
                return sets.indices.contains(position) && sets[position] == [wanted.level]
            }
        }
        copy.groupNames = Array(groupNames.prefix(keeping))
        copy.groupOrders = Array(groupOrders.prefix(keeping))
        copy.groupFactors = Array(groupFactors.prefix(keeping))
        return copy
    }
}
