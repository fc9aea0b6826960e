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
