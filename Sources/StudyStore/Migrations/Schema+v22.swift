import GRDB

/// A task's error opportunities: the places per attempt where a participant can err, against which the Single
/// Usability Metric standardises errors (Sauro & Kindlund 2005). A positive count; none by default.
enum SchemaV22 {
    static let identifier = "v22-task-error-opportunities"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE task ADD COLUMN error_opportunities INTEGER CHECK (error_opportunities IS NULL OR (error_opportunities > 0 AND error_opportunities <= 1000))
            """)
    }
}
