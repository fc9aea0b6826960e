import StudyStore

// A reader turns a file's records into the store's input rows, one at a time; the store pulls them through a closure
// (`storeResponses(_:columns:options:next:)` and its siblings), so it knows no reader and declares no protocol of
// its own. The functions below hand a reader's rows to the store; called with a concrete reader in this module they
// are specialised for it, so no row goes through an unspecialised generic on its way.

/// The rows of a participants file, read one at a time (a row is let go of before the next is asked for).
public protocol ParticipantRowSource {
    /// The table the rows come from: its name, header and cell positions are what messages name.
    var table: SourceTable { get }
    mutating func next() throws -> ParticipantRow?
}

/// The rows of a form export, read one at a time: a row is let go of before the next is asked for (a reader may
/// write every row's answers into the same buffers).
public protocol FormRowSource {
    /// The table the rows come from: its name, header and cell positions are what messages name.
    var table: SourceTable { get }
    mutating func next() throws -> FormRow?
}

/// The rows of a long answers file, read one at a time.
public protocol LongRowSource {
    /// The table the rows come from: its name and cell positions are what messages name.
    var table: SourceTable { get }
    /// Reads the next row into `row`; `false` at the end of the file. The store refills one row for the whole file:
    /// a row returned afresh was copied on its way to the store, a twentieth of a long import.
    mutating func next(into row: inout LongRow) throws -> Bool
}

extension LongRowSource {
    /// The next row, or `nil` at the end of the file.
    public mutating func next() throws -> LongRow? {
        var row = LongRow()
        return try next(into: &row) ? row : nil
    }
}

extension StudyDatabase {
    /// Stores a form export's rows as `storeResponses(_:columns:options:next:)` does, pulled from `rows`; the summary
    /// then names the column each item was read from, how the columns were found and the columns left out.
    func storeResponses<Rows: FormRowSource>(reading rows: inout Rows, columns: FormColumns, options: ResponseStoreOptions) throws
        -> ResponseImportSummary {
        let table = rows.table
        var summary = try storeResponses(table, columns: columns.storing(in: table, occasion: options.occasion), options: options) {
            try rows.next()
        }
        columns.name(in: &summary, header: table.header)
        return summary
    }

    /// Stores a long answers file's rows as `storeLongResponses(_:options:next:)` does, each read by `rows` into the
    /// one row the store refills.
    func storeLongResponses<Rows: LongRowSource>(reading rows: inout Rows, options: LongResponseStoreOptions) throws -> ResponseImportSummary {
        try storeLongResponses(rows.table, options: options) { row in try rows.next(into: &row) }
    }

    /// Stores a participants file's rows as `storeParticipants(_:columns:records:options:rows:)` does: `makeRows`
    /// opens the reader of the second pass once the store has said how each column is read.
    func storeParticipants<Rows: ParticipantRowSource>(_ table: SourceTable, columns: [ParticipantColumn], records: Int,
                                                       options: ParticipantStoreOptions,
                                                       reading makeRows: (ParticipantColumnReading) throws -> Rows) throws -> ParticipantImportSummary {
        try storeParticipants(table, columns: columns, records: records, options: options) { reading in
            var rows = try makeRows(reading)
            return { try rows.next() }
        }
    }
}
