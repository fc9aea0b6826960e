import GRDB

/// A row of `transcript`: an interview, a focus group's conversation or a session log, as typed (NFC).
struct TranscriptRow: StudyTableRecord {
    static let databaseTableName = "transcript"
    var id: Int64?
    var participantId: Int64
    /// Tells apart several transcripts of one participant ('' for the only one).
    var label: String
    var text: String
    var source: String?
    var added: String
    /// `interview`, `focus-group` or `session-log`.
    var kind: String
    /// The lines before the speech (a Zoom or Teams header naming the speakers).
    var header: String?
}

/// A row of `excerpt`: a passage a participant said, with its place in their transcript when it has one.
struct ExcerptRow: StudyTableRecord {
    static let databaseTableName = "excerpt"
    var id: Int64
    var participantId: Int64
    var transcriptId: Int64?
    /// The passage as the participant said it.
    var text: String
    var spanStart: Int?
    var spanEnd: Int?
    var created: String
}

/// A row of `code` (`CodeTableRow`, not the import's `CodeRow`): a coder's code on an excerpt; `inVivo` when its label is the participant's own words.
struct CodeTableRow: StudyTableRecord {
    static let databaseTableName = "code"
    var id: Int64
    var excerptId: Int64
    var coderId: Int64?
    var label: String
    var inVivo: Bool
    var created: String
}
