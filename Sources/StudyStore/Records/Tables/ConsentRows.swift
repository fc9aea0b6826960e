import GRDB

/// A row of `consent_text`: a version of the consent text, as the participants read it.
struct ConsentTextRow: StudyTableRecord {
    static let databaseTableName = "consent_text"
    var id: Int64?
    var version: String
    var title: String
    var text: String
    var sha256: String
    var added: String
}

/// A row of `withdrawal`: who withdrew, when, and what the study kept.
struct WithdrawalRow: StudyTableRecord {
    static let databaseTableName = "withdrawal"
    var id: Int64?
    var participantCode: String
    var at: String
    var scope: String
    var consentVersion: String?
}

/// A row of `consent_record`: a participant's decision on a version of the consent text, kept under the code they had
/// after they withdraw (`participantId` NULL then).
struct ConsentRecordRow: StudyTableRecord {
    static let databaseTableName = "consent_record"
    var id: Int64?
    var participantId: Int64?
    var participantCode: String
    var consentId: Int64
    /// `agreed` or `declined`.
    var decision: String
    /// When the participant decided: ISO 8601 with the offset of the place it was taken.
    var at: String
    /// The SHA-256 of the text the participant was shown.
    var sha256: String
    /// `page`, `paper` or `recorded`.
    var how: String
    var recorded: String
}
