import GRDB

/// Participant attributes can be marked identifying (a name, an e-mail, an employer): pseudonymised exports leave
/// them out. The study keeps a random secret that pseudonyms are derived from (never copied into a pseudonymised
/// export), so a pseudonym cannot be traced back to a code by trying codes.
enum SchemaV6 {
    static let identifier = "v6-identifying-attributes"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE attribute ADD COLUMN identifying INTEGER NOT NULL DEFAULT 0 CHECK (identifying IN (0, 1))")
        try db.execute(sql: "ALTER TABLE study ADD COLUMN pseudonym_secret TEXT")
        try db.execute(sql: "UPDATE study SET pseudonym_secret = lower(hex(randomblob(16)))")
    }
}
