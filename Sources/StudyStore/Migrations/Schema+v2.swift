import GRDB

/// Keeps the total time a task log reports beside the attempt, so an import that checks totals against
/// time + errors × penalty loses nothing the researcher entered.
enum SchemaV2 {
    static let identifier = "v2-attempt-reported-total"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE task_attempt ADD COLUMN reported_total_seconds REAL CHECK (reported_total_seconds >= 0);
            """)
    }
}
