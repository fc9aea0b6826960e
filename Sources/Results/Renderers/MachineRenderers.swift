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

/// A table as CSV: the machine names as header, full-precision numbers with a decimal point, intervals as two
/// columns. The same header in `export csv`, a command's `--csv` and the workbook's machine names.
public enum CSVRenderer {
    public static func render(_ table: ResultTable, delimiter: Delimiter = .comma) -> String {
        var writer = CSVWriter(delimiter: delimiter)
        writer.writeRow(table.machineNames)
        for row in table.rows {
            var fields: [String] = []
            for (value, column) in zip(row, table.columns) { fields += MachineCell.fields(value, column.kind).map { $0 ?? "" } }
            writer.writeRow(fields)
        }
        return writer.text
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
        case .text, .prose: return "text"
        case .count: return "count"
        case .number: return "number"
        case .percent: return "share"
        case .interval: return "interval"
        case .pValue: return "p"
        case .countShare: return "count_share"
        }
    }
}
