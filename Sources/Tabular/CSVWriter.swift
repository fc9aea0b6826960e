import Foundation
import StudyBasics

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

/// `CSVWriter`'s output as UTF-8 bytes, field by field, for exports of millions of rows: no string per field or
/// row, and a number's text written straight into the buffer. Quoting is `CSVWriter`'s exactly.
public struct CSVByteWriter {
    public private(set) var bytes: [UInt8] = []
    let separator: UInt8
    var atRowStart = true

    public init(delimiter: Delimiter = .comma, capacity: Int = 1 << 20) {
        separator = delimiter.byte
        bytes.reserveCapacity(capacity)
    }

    private mutating func startField() {
        if !atRowStart { bytes.append(separator) }
        atRowStart = false
    }

    /// One text field, quoted when it holds the delimiter, a quote or a line break; `prefix` (an apostrophe
    /// against CSV injection) goes before it, inside the quotes.
    public mutating func field(_ text: String, prefix: UInt8? = nil) {
        startField()
        let separator = self.separator
        let quote = text.utf8.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == separator }
        if quote { bytes.append(0x22) }
        if let prefix { bytes.append(prefix) }
        if quote {
            for byte in text.utf8 {
                bytes.append(byte)
                if byte == 0x22 { bytes.append(0x22) }
            }
            bytes.append(0x22)
        } else {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// An integer field.
    public mutating func field(_ number: Int) {
        startField()
        DecimalText.append(number, to: &bytes)
    }

    /// An empty field.
    public mutating func emptyField() {
        startField()
    }

    public mutating func endRow() {
        bytes.append(0x0A)
        atRowStart = true
    }

    /// Hands the bytes written so far to `body` and starts afresh (for writing a large file in pieces).
    public mutating func drain<T>(_ body: ([UInt8]) throws -> T) rethrows -> T {
        defer { bytes.removeAll(keepingCapacity: true) }
        return try body(bytes)
    }
}
