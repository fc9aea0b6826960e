import GRDB

/// `status` in constant time, continued (v15 counted item answers): participants and response sets, the two things
/// a study holds one of per respondent, are counted as they are stored too — `count(*)` walks a whole table, a few
/// milliseconds per 100,000 rows on every `status`. Inserts add to the count where they happen (once per import);
/// triggers take deletions off, so a removal, a replacement or a cascade keeps it right. `check` compares the counts
/// with the tables.
enum SchemaV16 {
    static let identifier = "v16-participant-and-set-counts"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO study_count (kind, n) VALUES ('participants', (SELECT count(*) FROM participant));
            INSERT INTO study_count (kind, n) VALUES ('response sets', (SELECT count(*) FROM response_set));
            CREATE TRIGGER participant_deleted_count AFTER DELETE ON participant BEGIN
                UPDATE study_count SET n = n - 1 WHERE kind = 'participants';
            END;
            CREATE TRIGGER response_set_deleted_count AFTER DELETE ON response_set BEGIN
                UPDATE study_count SET n = n - 1 WHERE kind = 'response sets';
            END;
            """)
    }
}
