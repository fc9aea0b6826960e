import GRDB

/// A session remembers how it began, so it resumes the same way: the questionnaires asked after its last task
/// (`session --after`, comma-separated instrument ids) and its moderator (`--observer`).
enum SchemaV17 {
    static let identifier = "v17-session-after-and-observer"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE session ADD COLUMN after_session TEXT;
            ALTER TABLE session ADD COLUMN observer TEXT;
            """)
    }
}
