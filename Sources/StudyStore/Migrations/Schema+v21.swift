import GRDB

/// A task's target time: the seconds a participant should complete it within, for the share of participants under
/// it (`tasks benchmark`, the report's executive summary). Positive; none by default.
enum SchemaV21 {
    static let identifier = "v21-task-target-time"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE task ADD COLUMN target_seconds REAL CHECK (target_seconds IS NULL OR (target_seconds > 0 AND target_seconds <= 86400))
            """)
    }
}
