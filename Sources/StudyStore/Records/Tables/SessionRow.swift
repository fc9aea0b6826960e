import GRDB

/// A row of `session`: a moderated session of one participant.
struct SessionRow: StudyTableRecord {
    static let databaseTableName = "session"
    var id: Int64?
    var participantId: Int64
    var conditionKey: String
    var afterTask: String?
    var started: String
    var ended: String?
    var transcriptId: Int64?
    /// The questionnaires asked after the session, comma-separated.
    var afterSession: String?
    var observer: String?
}

/// A row of `session_event`: one key pressed in a session, at its offset from the session's start.
struct SessionEventRow: StudyTableRecord {
    static let databaseTableName = "session_event"
    var id: Int64?
    var sessionId: Int64
    var kind: String
    var taskId: Int64?
    var offsetSeconds: Double
    var at: String
    var value: String?
    var observer: String?
    var attemptId: Int64?
}
