import Foundation
import Wording

/// The field separator of a delimited file.
public enum Delimiter: String, Sendable, CaseIterable {
    case comma = ","
    case semicolon = ";"
    case tab = "\t"
    case pipe = "|"

    var byte: UInt8 {
        switch self {
        case .comma: return UInt8(ascii: ",")
        case .semicolon: return UInt8(ascii: ";")
        case .tab: return UInt8(ascii: "\t")
        case .pipe: return UInt8(ascii: "|")
        }
    }

    public var name: String {
        switch self {
        case .comma: return "comma"
        case .semicolon: return "semicolon"
        case .tab: return "tab"
        case .pipe: return "pipe"
        }
    }

    /// How messages show it: `','`, `';'`, `'|'`, `'\t'`.
    public var shown: String { self == .tab ? "'\\t'" : "'\(rawValue)'" }
}

/// The character encoding a text table was read in.
public enum TextEncoding: String, Sendable, Equatable {
    case utf8
    case utf8WithBOM
    case utf16LittleEndian
    case utf16BigEndian
    /// Windows-1252, what Excel's "CSV" (not "CSV UTF-8") writes on a Windows set to Portuguese; the five bytes
    /// the code page leaves undefined read as their Latin-1 (ISO 8859-1) characters.
    case windows1252

    /// The encoding's name, as people know it (not translated).
    public var name: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf8WithBOM: return "UTF-8 (BOM)"
        case .utf16LittleEndian: return "UTF-16 LE"
        case .utf16BigEndian: return "UTF-16 BE"
        case .windows1252: return "Windows-1252 (Latin-1)"
        }
    }
}

// MARK: - Detecting the dialect

extension ChunkedInput {
    /// "little-endian" or "big-endian" when the buffered start looks like UTF-16 without a byte-order mark: text
    /// whose every other byte is 0 (ASCII letters in UTF-16), which UTF-8 validation alone would let through.
    func utf16WithoutBOM() -> String? {
        let sample = buffer[index..<min(buffer.count, index + 64)]
        guard sample.count >= 4 else { return nil }
        let even = stride(from: sample.startIndex, to: sample.endIndex - 1, by: 2)
        let zeroOdd = even.filter { sample[$0 + 1] == 0 && sample[$0] != 0 }.count
        let zeroEven = even.filter { sample[$0] == 0 && sample[$0 + 1] != 0 }.count
        let pairs = sample.count / 2
        if zeroOdd * 4 >= pairs * 3 { return "little-endian" }
        if zeroEven * 4 >= pairs * 3 { return "big-endian" }
        return nil
    }

    func startsWith(_ prefix: [UInt8]) -> Bool {
        buffer.count - index >= prefix.count && Array(buffer[index..<index + prefix.count]) == prefix
    }

    /// The delimiter that occurs most often outside quotes on the first line (comma when none does).
    func detectDelimiter() -> Delimiter {
        var counts: [UInt8: Int] = [:]
        var inQuotes = false
        var i = index
        while i < buffer.count {
            let byte = buffer[i]
            if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                counts[byte, default: 0] += 1
            }
            i += 1
        }
        // `|` only when the header holds none of the others (a name may hold one: "Nota | Grade").
        let ranked = [Delimiter.comma, .semicolon, .tab].map { ($0, counts[$0.byte] ?? 0) }
        var best = ranked[0]  // the first of the most frequent, as `max(by:)` would give it
        for candidate in ranked.dropFirst() where candidate.1 > best.1 { best = candidate }
        if best.1 == 0 { return (counts[Delimiter.pipe.byte] ?? 0) > 0 ? .pipe : .comma }
        return best.0
    }

    /// A separator (`,` `;` tab `|`) that each of the buffered lines after the first holds the same number of times
    /// outside quotes (at least two such lines, at most 50 looked at), with that number; nil when none does. Tells
    /// a header read as one column (a title row above it) from a file of one column.
    func separatorsPerLine() -> (separator: Delimiter, count: Int)? {
        var lines: [[UInt8: Int]] = []
        var counts: [UInt8: Int] = [:]
        var inQuotes = false
        var i = index
        var first = true
        var length = 0
        while i < buffer.count, lines.count < 50 {
            let byte = buffer[i]
            i += 1
            if !inQuotes, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // Blank lines (and the LF of a CR LF) are no line.
                if length > 0 {
                    if !first { lines.append(counts) }
                    first = false
                }
                counts = [:]
                length = 0
                continue
            }
            length += 1
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() } else if !inQuotes { counts[byte, default: 0] += 1 }
        }
        guard lines.count >= 2 else { return nil }
        for separator in Delimiter.allCases {
            let perLine = Set(lines.map { $0[separator.byte] ?? 0 })
            if perLine.count == 1, let count = perLine.first, count > 0 { return (separator, count) }
        }
        return nil
    }
}
