import GRDB

/// When a respondent opened the form, where the form export says (Microsoft Forms' "Start time", LimeSurvey's
/// "startdate"), as given: with the submission time it tells how long the form took, for the too-fast check.
enum SchemaV14 {
    static let identifier = "v14-form-start-times"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE response_set ADD COLUMN started TEXT")
    }
}
