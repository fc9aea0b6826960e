import GRDB

/// The GUIDs other tools gave the things a REFI-QDA import brought in, so an export gives them back and the other
/// tool recognises its own objects (a round trip keeps identity). Keyed the way the export names things: a kind and
/// its key (a participant's code, a category's name, an excerpt's id…).
enum SchemaV7 {
    static let identifier = "v7-foreign-guids"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE foreign_guid (
                kind TEXT NOT NULL,
                key TEXT NOT NULL,
                guid TEXT NOT NULL CHECK (length(guid) BETWEEN 32 AND 40),
                PRIMARY KEY (kind, key)
            ) WITHOUT ROWID;
            """)
    }
}
