import GRDB

/// Numbers that last: a coding's, an excerpt's, a memo's and an annotation's number is never given to another once
/// it was handed out, so an undo line (`To undo: studyctl code remove 21`), a `code:21` in a memo or a page's undo
/// printed earlier never comes to name something else. SQLite gives a new row the highest number plus one, so
/// removing the last coding handed its number to the next; a removed number is now kept here (a trigger on each
/// table, which also sees removals by cascade), the store numbers new rows past every number live or retired
/// (`StudyDatabase.freshNumber`), and a trigger refuses a row under a retired number, should any path forget.
///
/// An existing study's past numbers are retired as far as the study remembers them: the GUIDs kept for imported
/// codings and selections are keyed by their coding's and excerpt's numbers, and outlive them. Numbers under the
/// highest one in use were never given again (SQLite counts from the highest).
enum SchemaV27 {
    static let identifier = "v27-retired-numbers"

    /// The numbered things, each a table with an `id` of its own.
    static let kinds = ["code", "excerpt", "memo", "annotation"]

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE retired_number (
                kind TEXT NOT NULL CHECK (kind IN ('code', 'excerpt', 'memo', 'annotation')),
                number INTEGER NOT NULL CHECK (number >= 1),
                PRIMARY KEY (kind, number)
            ) WITHOUT ROWID;
            """)
        for kind in kinds {
            try db.execute(sql: """
                CREATE TRIGGER \(kind)_number_retired AFTER DELETE ON \(kind) BEGIN
                    INSERT OR IGNORE INTO retired_number (kind, number) VALUES ('\(kind)', OLD.id);
                END;
                CREATE TRIGGER \(kind)_number_fresh AFTER INSERT ON \(kind)
                WHEN EXISTS (SELECT 1 FROM retired_number WHERE kind = '\(kind)' AND number = NEW.id) BEGIN
                    SELECT RAISE(ABORT, '\(kind) number already given: a removed number is not given again');
                END;
                """)
        }
        try db.execute(sql: """
            INSERT OR IGNORE INTO retired_number (kind, number)
            SELECT 'code', n FROM (SELECT CAST(substr(key, 1, instr(key, char(31)) - 1) AS INTEGER) AS n FROM foreign_guid
                                   WHERE kind = 'coding' AND instr(key, char(31)) > 1)
            WHERE n >= 1 AND n NOT IN (SELECT id FROM code);
            INSERT OR IGNORE INTO retired_number (kind, number)
            SELECT 'excerpt', n FROM (SELECT CAST(key AS INTEGER) AS n FROM foreign_guid WHERE kind = 'excerpt' AND key NOT GLOB '*[^0-9]*' AND key <> '')
            WHERE n >= 1 AND n NOT IN (SELECT id FROM excerpt);
            """)
    }
}
