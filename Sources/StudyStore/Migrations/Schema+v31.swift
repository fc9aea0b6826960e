import GRDB

/// Labels for people: what the report, the workbook and the terminal tables call an attribute ("faixa etária" for
/// `grupo_etário`), an attribute's value ("18 a 39 anos" for `18-39`), a condition factor, its levels ("versão
/// atual" for `atual`) and an occasion. Machine names stay what the study, the CSV and the JSON know things by; a
/// thing without a label is shown by its name with its underscores as spaces.
enum SchemaV31 {
    static let identifier = "v31-labels"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE attribute ADD COLUMN label TEXT CHECK (label IS NULL OR length(label) BETWEEN 1 AND 200);
            ALTER TABLE factor ADD COLUMN label TEXT CHECK (label IS NULL OR length(label) BETWEEN 1 AND 200);
            ALTER TABLE factor_level ADD COLUMN label TEXT CHECK (label IS NULL OR length(label) BETWEEN 1 AND 200);
            CREATE TABLE attribute_value_label (
                attribute TEXT NOT NULL COLLATE NOCASE REFERENCES attribute(name) ON UPDATE CASCADE ON DELETE CASCADE,
                value TEXT NOT NULL CHECK (length(value) >= 1),
                label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
                PRIMARY KEY (attribute, value)
            ) WITHOUT ROWID;
            CREATE TABLE occasion_label (
                occasion TEXT PRIMARY KEY NOT NULL CHECK (length(occasion) >= 1),
                label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 200)
            ) WITHOUT ROWID;
            """)
    }
}
