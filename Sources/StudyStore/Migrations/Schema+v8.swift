import GRDB

/// Item answers are checked against their item by the store (`InstrumentDefinition.accepts`) before they are
/// written, on every path that writes them; the trigger that checked the same thing again in SQLite cost two
/// sub-queries per answer (most of a large import's time in the engine). The trigger refusing updates stays.
enum SchemaV8 {
    static let identifier = "v8-answer-checks-in-store"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER IF EXISTS item_answer_in_range")
    }
}
