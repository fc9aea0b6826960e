import GRDB

/// A row of `media`: a recording registered where it lies (Schema v19).
struct MediaRow: StudyTableRecord {
    static let databaseTableName = "media"
    var id: Int64?
    var participantId: Int64
    var label: String
    var path: String
    var size: Int64
    var sha256: String
    var modified: Double
    var kind: String
    var durationMs: Int
    var container: String
    var videoCodec: String?
    var audioCodec: String?
    var width: Int?
    var height: Int?
    var transcriptId: Int64?
    var sessionId: Int64?
    var sessionOffsetMs: Int?
    var syncAnchor: String?
    var syncMediaMs: Int?
    var added: String
}
