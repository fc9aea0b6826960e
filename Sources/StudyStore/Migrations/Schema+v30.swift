import GRDB

/// A transcript's header: the lines a transcriber writes before the speech — a title ("Entrevista 4 – App
/// bancário"), "Speakers: …", "Data: 10/03/2026" — kept as they were typed, apart from the spoken text, so they are
/// neither read as a turn's words nor lost. NULL when the file had none.
enum SchemaV30 {
    static let identifier = "v30-transcript-header"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE transcript ADD COLUMN header TEXT CHECK (header IS NULL OR length(trim(header)) >= 1);
            """)
    }
}
