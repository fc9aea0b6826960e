import GRDB

/// A row of `gaze_sync`: where a gaze recording starts on a session's clock, and how that was said.
/// (Written by an upsert on its (participant, recording) key, kept in SQL for its conflict target.)
struct GazeSyncRow: StudyTableRecord {
    static let databaseTableName = "gaze_sync"
    var id: Int64?
    var participantId: Int64
    var recording: String
    var sessionId: Int64
    var sessionOffsetMs: Int
    /// `starts-at`, or the session event the recording's moment was tied to.
    var syncAnchor: String
    var syncMediaMs: Int
    var added: String
}
