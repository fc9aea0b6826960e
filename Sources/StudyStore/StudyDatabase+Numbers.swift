import GRDB

extension StudyDatabase {
    /// The things whose numbers people read and type back (`code remove 21`, `memo edit 3`, `code:21`).
    enum NumberedKind: String {
        case code, excerpt, memo, annotation
    }

    /// The number for a new row of `kind`: past every number in use and every number retired, so a number once
    /// handed out never names another thing (SchemaV27). Inside the caller's transaction.
    static func freshNumber(_ db: Database, _ kind: NumberedKind) throws -> Int64 {
        try Int64.fetchOne(db, sql: """
            SELECT max(ifnull((SELECT max(id) FROM \(kind.rawValue)), 0),
                       ifnull((SELECT max(number) FROM retired_number WHERE kind = ?), 0)) + 1
            """, arguments: [kind.rawValue]) ?? 1
    }

    /// Takes `number` out of the retired ones for the same thing put back under it (an annotation kept across its
    /// transcript's replacement), never for another.
    static func restoreNumber(_ db: Database, _ kind: NumberedKind, _ number: Int64) throws {
        try db.execute(sql: "DELETE FROM retired_number WHERE kind = ? AND number = ?", arguments: [kind.rawValue, number])
    }
}
