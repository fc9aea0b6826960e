import GRDB

/// Repeated rows a form import dropped (`responses import --duplicates keep-first|keep-last`): which participant,
/// which line of which file, and the set kept in its place, so the report's methods can say what was left out.
/// A trace goes with the set it was kept for (replaced or removed, the decision no longer stands): a trigger
/// deletes it, since a bulk import turns the foreign-key cascades off.
enum SchemaV25 {
    static let identifier = "v25-dropped-responses"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE dropped_response (
                id INTEGER PRIMARY KEY,
                kept_set_id INTEGER NOT NULL REFERENCES response_set(id) ON DELETE CASCADE,
                -- The dropped row, as file:line.
                source TEXT NOT NULL CHECK (length(source) >= 1),
                policy TEXT NOT NULL CHECK (policy IN ('keep-first', 'keep-last')),
                recorded TEXT NOT NULL
            );
            CREATE INDEX dropped_response_kept ON dropped_response(kept_set_id);
            -- Also when a bulk import has turned the foreign-key checks off (a keep-last replacing a set, --replace).
            CREATE TRIGGER response_set_deleted_drops AFTER DELETE ON response_set BEGIN
                DELETE FROM dropped_response WHERE kept_set_id = OLD.id;
            END;
            """)
    }
}
