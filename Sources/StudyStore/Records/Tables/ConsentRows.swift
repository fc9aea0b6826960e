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
