import Media
import Surveys

/// A session in `session list --json` (docs/json.md): `{id, number, participant, conditions, started, ended,
/// attempts}`, `attempts` the tasks finished.
public struct SessionListEntry: Encodable, Sendable, Equatable {
    public var id: Int64
    public var number: Int
    public var participant: String
    public var conditions: [String: String]
    public var started: String
    public var ended: String?
    public var attempts: Int

    public init(_ session: SessionRecord) {
        id = session.id
        number = session.number
        participant = session.participant
        conditions = session.conditions
        started = session.started
        ended = session.ended
        attempts = session.state.finished.count
    }
}

/// A session in `session show --json` (docs/json.md): its record, the per-task summary its terminal table shows
/// (`attempts`) and every key logged (`events`, `offset` in seconds on the session's monotonic clock).
public struct SessionDocument: Encodable, Sendable, Equatable {
    public struct Event: Encodable, Sendable, Equatable {
        public var kind: String
        public var task: String?
        public var offset: Double
        public var at: String
        public var value: String?
        public var observer: String?
        public var trial: Int?
    }

    public var id: Int64
    public var number: Int
    public var participant: String
    public var conditions: [String: String]
    public var started: String
    public var ended: String?
    public var observer: String?
    public var after: [String]
    public var afterTask: String?
    public var tasks: [String]
    public var attempts: [SessionTaskLine]
    public var events: [Event]

    /// `lines`: the session's per-task summary, as `ResultTable.sessionTasks` draws it.
    public init(_ session: SessionRecord, lines: [SessionTaskLine]) {
        id = session.id
        number = session.number
        participant = session.participant
        conditions = session.conditions
        started = session.started
        ended = session.ended
        observer = session.observer
        after = session.after
        afterTask = session.afterTask
        tasks = session.tasks.map(\.key)
        attempts = lines
        events = session.events.map {
            Event(kind: $0.event.kind.rawValue, task: $0.event.task, offset: $0.event.offset, at: $0.at, value: $0.event.value,
                  observer: $0.event.observer, trial: $0.trial)
        }
    }
}

/// A recording in `media list --json` (docs/json.md): the study's media record, with `file` — `ok`, `missing` or
/// `changed` against the fingerprint taken when it was added. The terminal table is drawn from the same entries.
public struct MediaListEntry: Encodable, Sendable, Equatable {
    public var record: MediaRecord
    public var state: FileFingerprint.State

    public init(record: MediaRecord, state: FileFingerprint.State) {
        self.record = record
        self.state = state
    }

    enum Key: String, CodingKey { case file }

    public func encode(to encoder: Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        let file = switch state {
        case .unchanged: "ok"
        case .missing: "missing"
        case .changed: "changed"
        }
        try container.encode(file, forKey: .file)
    }
}
