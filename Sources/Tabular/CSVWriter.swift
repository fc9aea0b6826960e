import Foundation

/// Writes RFC 4180 CSV: fields quoted only when they hold the delimiter, a quote or a line break.
public struct CSVWriter {
    public let delimiter: Delimiter
    public private(set) var text = ""

    public init(delimiter: Delimiter = .comma) {
        self.delimiter = delimiter
    }

    public mutating func writeRow(_ fields: [String]) {
        // Appended field by field: a large export writes millions of rows, so no joined intermediate strings.
        for (index, field) in fields.enumerated() {
            if index > 0 { text += delimiter.rawValue }
            if needsQuotes(field) { text += quoted(field) } else { text += field }
        }
        text += "\n"
    }

    public func escape(_ field: String) -> String {
        needsQuotes(field) ? quoted(field) : field
    }

    /// Whether `field` holds a quote, a line break or the delimiter (all ASCII, so its UTF-8 bytes tell).
    func needsQuotes(_ field: String) -> Bool {
        let separator = delimiter.byte
        return field.utf8.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == separator }
    }

    func quoted(_ field: String) -> String {
        "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
