import Foundation
import StudyStore
import Surveys
import Tabular
import Wording

/// A form export's time stamp columns (when each response was submitted, when the form was opened) read into
/// ISO 8601 as the rows pass to the store, so the study keeps one way of writing a time whatever tool wrote it
/// (`FormTimestamp`). A column's day/month order is settled from all its values before the first row is stored.
enum FormTimes {
    /// The table again, its columns `columns` rewritten, with what the reading decided, said for the output.
    /// `first` has been opened and not yet read; it is read here (those columns only) and `table` opened again.
    static func normalized(_ table: TableFile, first: RecordSource, columns: [Int], language: StudyLanguage) throws -> (RewrittenSource?, [Sentence]) {
        try normalized(reopen: { try table.reopen(first) }, first: first, columns: columns, language: language)
    }

    /// As above, the table opened again by `reopen` (a survey platform's export is recognised again).
    static func normalized(reopen: () throws -> RecordSource, first: RecordSource, columns: [Int], language: StudyLanguage) throws -> (RewrittenSource?, [Sentence]) {
        guard !columns.isEmpty else { return (nil, []) }
        if let reader = ReplayedSource.underlying(first) as? CSVReader {
            reader.columnsToKeep = (0..<reader.header.count).map { columns.contains($0) }
        }
        var values: [Int: [Field]] = [:]
        while let record = try first.next() {
            for column in columns where column < record.fields.count && !Cell.isBlank(record.fields[column].value) {
                values[column, default: []].append(record.fields[column])
            }
        }
        var orders: [Int: FormTimestamp.DateOrder] = [:]
        var notes: [Sentence] = []
        var problems: [StoreError.Problem] = []
        let fallback: FormTimestamp.DateOrder = language.record.dayFirst ? .dayFirst : .monthFirst
        for column in columns {
            let fields = values[column] ?? []
            let name = first.header[column].value
            switch FormTimestamp.decide(fields.map(\.value), fallback: fallback) {
            case let .failure(conflict):
                problems.append(.init(location: Sentence(verbatim: first.position(of: fields[conflict.monthFirstIndex]).description),
                    message: "column '\(name)': '\(conflict.monthFirst)' is written month first, but '\(conflict.dayFirst)' at \(first.position(of: fields[conflict.dayFirstIndex]).description) day first; write the column's dates one way"))
                continue
            case let .success((order, reason)):
                orders[column] = order
                switch (order, reason) {
                case (_, .yearFirst): break
                case let (.dayFirst, .value(value, index)):
                    notes.append("Time stamps in column '\(name)' read day first (day/month/year): '\(value)' at \(first.position(of: fields[index]).description) has a day over 12.")
                case let (.monthFirst, .value(value, index)):
                    notes.append("Time stamps in column '\(name)' read month first (month/day/year): '\(value)' at \(first.position(of: fields[index]).description) has a day over 12.")
                case (.dayFirst, .language):
                    notes.append("Time stamps in column '\(name)' read day first (day/month/year), as the study's language writes dates: no value has a day over 12.")
                case (.monthFirst, .language):
                    notes.append("Time stamps in column '\(name)' read month first (month/day/year), as the study's language writes dates: no value has a day over 12.")
                }
            }
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        return (RewrittenSource(try reopen(), orders: orders), notes)
    }
}

/// A table whose time stamp columns come out in ISO 8601 (a value no reading fits comes out as written, and is
/// counted for `unreadNotes`).
final class RewrittenSource: RecordSource {
    private let source: RecordSource
    private let orders: [(column: Int, order: FormTimestamp.DateOrder)]
    private var unread: [Int: (count: Int, first: Field)] = [:]

    init(_ source: RecordSource, orders: [Int: FormTimestamp.DateOrder]) {
        self.source = source
        self.orders = orders.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    var file: String { source.file }
    var header: [Field] { source.header }
    var fractionRead: Double { source.fractionRead }
    func position(of field: Field) -> SourcePosition { source.position(of: field) }

    func next() throws -> Record? {
        guard var record = try source.next() else { return nil }
        for (column, order) in orders where column < record.fields.count {
            let field = record.fields[column]
            if let parts = FormTimestamp.parse(field.value, order: order) {
                record.fields[column].value = parts.iso
            } else if !Cell.isBlank(field.value) {
                if let seen = unread[column] { unread[column] = (seen.count + 1, seen.first) } else { unread[column] = (1, field) }
            }
        }
        return record
    }

    /// What was kept as written, column by column, once the rows are read.
    func unreadNotes() -> [Sentence] {
        unread.sorted { $0.key < $1.key }.map { column, found in
            let name = header[column].value
            let at = position(of: found.first).description
            return found.count == 1
                ? "Column '\(name)': '\(found.first.value)' at \(at) is not a date and time this reads; it is kept as written."
                : "Column '\(name)': \(found.count) values are not a date and time this reads (the first, '\(found.first.value)', at \(at)); they are kept as written."
        }
    }
}
