import GRDB

/// GUIDs as other tools write them: besides the standard's 128-bit GUIDs, the short ids some tools give their codes
/// ("c001") are kept, so an export gives every object back the id its tool gave it. The table is rebuilt with a wider
/// length rule (SQLite cannot change a CHECK in place).
enum SchemaV23 {
    static let identifier = "v23-foreign-ids-any-length"

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
            """)
    }
}
