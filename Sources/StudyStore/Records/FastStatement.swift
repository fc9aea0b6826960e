import GRDB
import GRDBSQLite

/// A value bound through SQLite's C API.
enum FastValue {
    case int(Int64)
    case double(Double)
    case text(String)
    case null

    init(_ text: String?) { self = text.map(FastValue.text) ?? .null }
}

extension Statement {
    /// Binds `values` and steps once through SQLite's C API, for the statements an import runs once per row it
    /// reads: GRDB's `StatementArguments` box every value, which cost more than the engine's own work there.
    /// `read` sees the first row, if any; the statement is reset before returning.
    func fastRow<T>(_ db: Database, _ values: FastValue..., read: (OpaquePointer) -> T) throws -> T? {
        let handle = sqliteStatement
        bindFast(values)
        defer { sqlite3_reset(handle) }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return read(handle)
        case SQLITE_DONE: return nil
        case let code:
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
        }
    }

    /// Resets the statement and binds `values` through SQLite's C API.
    private func bindFast(_ values: [FastValue]) {
        let handle = sqliteStatement
        sqlite3_reset(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case let .int(number): sqlite3_bind_int64(handle, index, number)
            case let .double(number): sqlite3_bind_double(handle, index, number)
            case let .text(text): bindText(handle, index, text)
            case .null: sqlite3_bind_null(handle, index)
            }
        }
    }

    /// `fastRow` for a statement that returns no row (an INSERT).
    func fastExecute(_ db: Database, _ values: FastValue...) throws {
        let handle = sqliteStatement
        bindFast(values)
        defer { sqlite3_reset(handle) }
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
        }
    }
}

/// Binds `text` as its UTF-8 bytes (SQLite copies them): passing a String where C expects `const char *`
/// copies it into a fresh array first.
@inline(__always)
func bindText(_ handle: OpaquePointer, _ index: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) {
            // An empty buffer may have no address, which SQLite would bind as NULL.
            if let address = $0.baseAddress {
                _ = sqlite3_bind_text(handle, index, address, Int32($0.count), sqliteTransient)
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, nil)
            }
        }
    }
}

/// SQLite's SQLITE_TRANSIENT (copy the bound value), a macro Swift does not import.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The text in column `column` of the current row, or nil for NULL.
func columnText(_ handle: OpaquePointer, _ column: Int32) -> String? {
    sqlite3_column_text(handle, column).map { String(cString: $0) }
}
