import GRDB

/// A row of `memo`: an analytic memo on the study, a participant, a code or a category.
struct MemoRow: StudyTableRecord {
    static let databaseTableName = "memo"
    var id: Int64
    /// `study`, `participant`, `code` or `category`: which of the next three ids it is about.
    var target: String
    var participantId: Int64?
    var codeId: Int64?
    var categoryId: Int64?
    var coderId: Int64?
    var text: String
    var created: String
    /// A note logged in a moderated session: its task, session and time in it.
    var taskId: Int64?
    var sessionId: Int64?
    var sessionOffset: Double?
}
