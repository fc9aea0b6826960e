import GRDB

/// A consensus coder (the resolution view: two coders' disagreements settled into a coder of its own) is marked, so
/// a settlement can never overwrite an original coder's codes.
enum SchemaV13 {
    static let identifier = "v13-consensus-coders"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE coder ADD COLUMN consensus INTEGER NOT NULL DEFAULT 0 CHECK (consensus IN (0, 1))")
    }
}
