import Foundation

/// Writes RFC 4180 CSV: fields quoted only when they hold the delimiter, a quote or a line break.
public struct CSVWriter {
    public let delimiter: Delimiter
    public private(set) var text = ""

    public init(delimiter: Delimiter = .comma) {
        self.delimiter = delimiter
    }

    public mutating func writeRow(_ fields: [String]) {
        text += fields.map(escape).joined(separator: delimiter.rawValue)
        text += "\n"
    }

    public func escape(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "\"" || $0 == "\n" || $0 == "\r" || String($0) == delimiter.rawValue }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
