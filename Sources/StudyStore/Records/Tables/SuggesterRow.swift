import GRDB

/// A row of `suggester`: how a suggester (a coder of kind `suggested`) was made, for the methods section.
struct SuggesterRow: StudyTableRecord {
    static let databaseTableName = "suggester"
    var coderId: Int64
    var method: String
    var parameters: String
    var trainingCoder: String?
    var unit: String?
    var threshold: Double?
    var source: String?
    var created: String
}
