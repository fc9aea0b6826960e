import GRDB

/// A row of one table, whole: a Codable GRDB record whose stored properties name the table's columns once (in Swift's
/// case; the columns are their snake_case). The store writes and reads whole rows through these; the streamed hot
/// paths (imports, the reader's cursors) keep their prepared SQL, each with a comment naming the bench that keeps it.
/// `TableRecordTests` holds every record to its table's columns, so a migration that adds a column names it here too.
protocol StudyTableRecord: Codable, FetchableRecord, PersistableRecord, Sendable {}

extension StudyTableRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }
}

/// Every table written or read whole through a record, for `TableRecordTests`.
enum StudyTableRecords {
    static let all: [any StudyTableRecord.Type] = [
        MediaRow.self, MemoRow.self, AnnotationRow.self, SessionRow.self, SessionEventRow.self, WithdrawalRow.self,
        ConsentTextRow.self, SuggesterRow.self, GazeSyncRow.self, TranscriptRow.self, ExcerptRow.self, CodeTableRow.self,
        ParticipantTableRow.self, AttributeTableRow.self, TaskTableRow.self, FactorRow.self, FactorLevelRow.self,
        CategoryTableRow.self, CoderRow.self, TranscriptSpeakerRow.self, ConsentRecordRow.self, InstrumentRow.self,
        DroppedResponseRow.self, GazeRecordingRow.self,
    ]
}
