/// A moderated session as stored: whose, under which condition, its tasks in order and every event logged.
public struct SessionRecord: Sendable, Equatable {
    public var id: Int64
    /// The session's number among the participant's sessions (1, 2, …, oldest first): what people read.
    public var number: Int = 1
    public var participant: String
    /// Factor name → level.
    public var conditions: [String: String]
    public var tasks: [TaskInfo]
    /// The per-task instrument asked after each task, if any.
    public var afterTask: String?
    /// The questionnaires asked after the last task (`session --after`), kept so a resumed session asks them too.
    public var after: [String] = []
    /// The moderator named when the session began (`--observer`), kept for a resumed session.
    public var observer: String?
    /// Wall clock when the session began (ISO 8601, UTC, milliseconds).
    public var started: String
    public var ended: String?
    public var events: [StoredSessionEvent]

    public init(id: Int64, participant: String, conditions: [String: String], tasks: [TaskInfo], afterTask: String?, started: String,
                ended: String?, events: [StoredSessionEvent]) {
        self.id = id
        self.participant = participant
        self.conditions = conditions
        self.tasks = tasks
        self.afterTask = afterTask
        self.started = started
        self.ended = ended
        self.events = events
    }

    /// The session's state: the fold of its events.
    public var state: ModeratedSession {
        ModeratedSession(tasks: tasks.map(\.key), replaying: events.map(\.event))
    }
    /// The occasion under which a per-task questionnaire of this session is stored: its condition, so a participant
    /// who does a task under two conditions answers it twice.
    public var occasion: String { Self.occasion(conditions) }

    /// The occasion a per-task questionnaire of a try is stored under: the session's condition, and the trial from
    /// the second one on (a task done again is asked again). The terminal and the browser logger both use it.
    public func occasion(trial: Int) -> String {
        var measurement = MeasurementKey(conditions: conditions)
        if trial > 1 { measurement.conditions.append(.init(factor: MeasurementKey.trialFactor, level: String(trial))) }
        return measurement.key
    }

    public static func occasion(_ conditions: [String: String]) -> String { MeasurementKey(conditions: conditions).key }

    /// The options that choose this session again: "--condition aparelho=celular" ("" without a condition).
    public var resumeOptions: String {
        MeasurementKey(conditions: conditions).conditions.map { "--condition \($0.factor)=\($0.level)" }.joined(separator: " ")
    }

    /// The command that resumes it, exactly.
    public var resumeCommand: String {
        (["studyctl session \(participant)"] + [resumeOptions].filter { !$0.isEmpty }).joined(separator: " ")
    }
}

/// An event with its wall-clock time and the trial an outcome stored.
public struct StoredSessionEvent: Sendable, Equatable {
    public var event: SessionEvent
    /// Wall clock (ISO 8601, UTC, milliseconds).
    public var at: String
    public var trial: Int?

    public init(event: SessionEvent, at: String, trial: Int?) {
        self.event = event
        self.at = at
        self.trial = trial
    }
}

/// A task finished in a session as its summary lists it: time, errors, help and outcome, the mean answer of the
/// per-task questionnaire and the total with the task's penalty (time + errors × penalty).
public struct SessionTaskLine: Sendable, Equatable, Encodable {
    public var task: String
    public var trial: Int?
    public var seconds: Double
    public var errors: Int
    public var assisted: Bool
    public var outcome: Outcome
    public var questionnaire: Double?
    public var total: Double?

    public init(task: String, trial: Int?, seconds: Double, errors: Int, assisted: Bool, outcome: Outcome, questionnaire: Double?, total: Double?) {
        self.task = task
        self.trial = trial
        self.seconds = seconds
        self.errors = errors
        self.assisted = assisted
        self.outcome = outcome
        self.questionnaire = questionnaire
        self.total = total
    }
}
