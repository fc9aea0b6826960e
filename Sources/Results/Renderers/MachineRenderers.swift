import Surveys
import Tabular

/// What machine formats write for a cell: full precision, a share as a number from 0 to 1, an interval as two
/// fields, nothing for a missing value.
enum MachineCell {
    static func fields(_ value: Value, _ kind: Column.Kind) -> [String?] {
        let width = kind.machineSuffixes.count
        switch value {
        case .empty: return Array(repeating: nil, count: width)
        case let .text(text): return width == 2 ? [text, nil] : [text]
        case let .count(count): return width == 2 ? [String(count), nil] : [String(count)]
        case let .number(number), let .percent(number), let .pValue(number):
            let text = number.isFinite ? JSONOutput.number(number) : nil
            return width == 2 ? [text, nil] : [text]
        case let .interval(low, high):
            let pair = [JSONOutput.number(low), JSONOutput.number(high)]
            return width == 2 ? pair : [pair.joined(separator: ";")]
        case let .countShare(count, share):
            let pair = [String(count), JSONOutput.number(share)]
            return width == 2 ? pair : [pair[0]]
        }
    }
}

/// A table as CSV, the one CSV writer of every table (`export csv`, a command's `--csv`, a report's `tables/`): the
/// machine names as header, numbers at full precision with a decimal point (`Double.description`: 85.0, 71.875),
/// a share from 0 to 1, an interval as two columns, nothing for a missing value. A table as long as the study is
/// written as its rows are read (`write`), never held whole.
public enum CSVRenderer {
    public static func render(_ table: ResultTable, delimiter: Delimiter = .comma) -> String {
        var text: [UInt8] = []
        // A sink that keeps the bytes cannot fail; a row source that throws leaves the rows read so far.
        try? write(table, delimiter: delimiter) { text.append(contentsOf: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Writes the header and every row (from `rows` or the row source) through `sink`, in pieces of a few thousand
    /// rows; `excelSafe` puts an apostrophe before a text a spreadsheet would take for a formula.
    public static func write(_ table: ResultTable, delimiter: Delimiter = .comma, excelSafe: Bool = false,
                             to sink: ([UInt8]) throws -> Void) throws {
        var writer = CSVByteWriter(delimiter: delimiter, capacity: 1 << 16)
        appendHeader(table, to: &writer)
        var pending = 0
        try table.forEachRow { row in
            appendRow(row, of: table, excelSafe: excelSafe, to: &writer)
            pending += 1
            if pending == 4_096 {
                try writer.drain(sink)
                pending = 0
            }
        }
        try writer.drain(sink)
    }

    /// The header row: the table's machine names.
    public static func appendHeader(_ table: ResultTable, to writer: inout CSVByteWriter) {
        for name in table.machineNames { writer.field(name) }
        writer.endRow()
    }

    /// One row of `table` (for writers that stream rows as they are computed, as `score --csv` does).
    public static func appendRow(_ row: [Value], of table: ResultTable, excelSafe: Bool = false, to writer: inout CSVByteWriter) {
        for cell in table.machineCells(row) {
            switch cell {
            case let .text(text):
                writer.field(text, prefix: excelSafe && startsLikeAFormula(text) ? UInt8(ascii: "'") : nil)
            case let .number(number):
                if number.isFinite { writer.field(number.description) } else { writer.emptyField() }
            case let .count(count):
                writer.field(count)
            default:
                writer.emptyField()
            }
        }
        writer.endRow()
    }

    /// Whether a spreadsheet would take `text` for a formula: its first character is `=`, `+`, `-`, `@`, a tab or
    /// a carriage return.
    public static func startsLikeAFormula(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == UInt8(ascii: "=") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: "@")
            || first == 0x09 || first == 0x0D
    }
}

/// A table as JSON: `{"table": ID, "title": …, "columns": [{"name", "label", "kind"}], "rows": [{NAME: VALUE}]}`,
/// numbers as JSON numbers at full precision, a share from 0 to 1, an interval as `NAME_low` and `NAME_high`,
/// a missing value as `null`. Row objects use the same machine names as the CSV header.
public enum JSONRenderer {
    public static func render(_ table: ResultTable) -> String {
        var out = "{\"table\":" + JSONOutput.quoted(table.id) + ",\"title\":" + JSONOutput.quoted(table.title)
            + ",\"language\":" + JSONOutput.quoted(table.language.rawValue) + ",\"columns\":["
        out += table.columns.map { column in
            "{\"name\":" + JSONOutput.quoted(column.name) + ",\"label\":" + JSONOutput.quoted(column.label)
                + ",\"kind\":" + JSONOutput.quoted(kindName(column.kind)) + "}"
        }.joined(separator: ",")
        out += "],\"rows\":["
        let names = table.machineNames
        out += table.rows.map { row in
            var fields: [String] = []
            for (value, column) in zip(row, table.columns) {
                let texts = MachineCell.fields(value, column.kind)
                for text in texts {
                    guard let text else { fields.append("null"); continue }
                    switch value {
                    case .text: fields.append(JSONOutput.quoted(text))
                    default: fields.append(text)
                    }
                }
            }
            return "{" + zip(names, fields).map { JSONOutput.quoted($0) + ":" + $1 }.joined(separator: ",") + "}"
        }.joined(separator: ",")
        return out + "]}"
    }

    static func kindName(_ kind: Column.Kind) -> String {
        switch kind {
        case .text, .prose, .figure: return "text"
        case .count: return "count"
        case .number: return "number"
        case .percent: return "share"
        case .interval: return "interval"
        case .pValue: return "p"
        case .countShare: return "count_share"
        }
    }
}
