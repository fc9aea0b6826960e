import GRDB

/// GUIDs as other tools write them: besides the standard's 128-bit GUIDs, the short ids some tools give their codes
/// ("c001") are kept, so an export gives every object back the id its tool gave it. The table is rebuilt with a wider
/// length rule (SQLite cannot change a CHECK in place).
///
/// And the GUID of the selection each imported code came in: several selections may fall on the same words (two
/// coders, or one coder's codes selected apart), all stored as one excerpt; each code keeps its own selection's GUID
/// so an export gives back as many selections as came in. Tied to the code: gone when the code is.
enum SchemaV23 {
    static let identifier = "v23-foreign-ids-any-length-and-selection-guids"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE foreign_guid_new (
                kind TEXT NOT NULL,
                key TEXT NOT NULL,
                guid TEXT NOT NULL CHECK (length(guid) BETWEEN 1 AND 200),
                PRIMARY KEY (kind, key)
            ) WITHOUT ROWID;
            INSERT INTO foreign_guid_new (kind, key, guid) SELECT kind, key, guid FROM foreign_guid;
            DROP TABLE foreign_guid;
            ALTER TABLE foreign_guid_new RENAME TO foreign_guid;
            CREATE TABLE selection_guid (
                code_id INTEGER PRIMARY KEY REFERENCES code(id) ON DELETE CASCADE,
                guid TEXT NOT NULL CHECK (length(guid) BETWEEN 1 AND 200)
            );
            """)
    }
}
