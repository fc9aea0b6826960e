import GRDB

/// `status` in constant time: the number of item answers kept as a count instead of parsed out of every response
/// set on each call (which grew with the study: 0.7 s at a million respondents). Inserts add to it where they
/// happen (one statement per import, not per row); a trigger takes deleted sets' answers off it, so a removal, a
/// replacement or a cascade from a removed participant keeps it right.
enum SchemaV15 {
    static let identifier = "v15-answer-count"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE study_count (kind TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
            INSERT INTO study_count (kind, n) VALUES ('item answers', (SELECT count(*) FROM response_set, json_each(response_set.answers)));
            CREATE TRIGGER response_set_answers_deleted AFTER DELETE ON response_set BEGIN
                UPDATE study_count SET n = n - (SELECT count(*) FROM json_each(OLD.answers)) WHERE kind = 'item answers';
            END;
            CREATE TRIGGER response_set_answers_changed AFTER UPDATE OF answers ON response_set BEGIN
                UPDATE study_count SET n = n - (SELECT count(*) FROM json_each(OLD.answers)) + (SELECT count(*) FROM json_each(NEW.answers))
                WHERE kind = 'item answers';
            END;
            """)
    }
}
