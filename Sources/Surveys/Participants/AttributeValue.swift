import Foundation

/// A participant attribute's value: text (`level=Iniciante`) or a number (`years_ios=0.5`).
public enum AttributeValue: Sendable, Hashable {
    case text(String)
    case number(Double)

    /// Reads what a researcher typed: a number when it is one (decimal point or decimal comma), text otherwise.
    ///
    /// A number whose digits as typed would be lost (`01234`, `-0`, `+5`: codes, postcodes, identifiers; `4.10`,
    /// `2.0`: version numbers) stays text.
    public init(parsing raw: String) {
        if let number = NumberParser.parse(raw), !NumberParser.losesDigits(raw) {
            self = .number(number)
        } else {
            self = .text(raw.trimmingCharacters(in: .whitespaces))
        }
    }

    public var type: AttributeType {
        switch self {
        case .text: return .text
        case .number: return .number
        }
    }

    public var number: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    /// The value as the researcher would write it: `0.5`, `2`, `Iniciante`.
    public var display: String {
        switch self {
        case let .text(text): return text
        case let .number(number): return NumberParser.format(number)
        }
    }
}

extension AttributeValue: Codable {
    /// Encodes as a JSON number or string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .text(text): try container.encode(text)
        case let .number(number): try container.encode(number)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}

/// The type an attribute holds for every participant of a study.
public enum AttributeType: String, Sendable, Codable, CaseIterable {
    case text
    case number
}

/// Numbers as researchers type them in Brazil and elsewhere.
public enum NumberParser {
    /// The explicit fast path for the cells most files hold: the value of a cell of decimal digits only (at most
    /// nine, no leading zero but "0" itself), else `nil` — then the general reader decides, and keeps "05" as typed.
    /// Every import reads Likert answers through it first (`Importing.Cell.wholeNumber`, the wide form import's loop).
    @inline(__always)
    public static func wholeNumber(_ text: String.UTF8View) -> Int? {
        let count = text.count
        guard count > 0, count <= 9 else { return nil }
        var value = 0
        var first = true
        for byte in text {
            guard byte >= 48, byte <= 57, !(first && byte == 48 && count > 1) else { return nil }
            first = false
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// A count written as a whole number or as a decimal that is whole (`2`, `2.0`, `2,0`, as spreadsheets and
    /// remote-testing exports write counts); `nil` for `2.5`, `-1`, text or a number past `Int`'s range.
    public static func wholeCount(_ raw: String) -> Int? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value >= 0 ? value : nil }
        guard let value = parse(trimmed), value >= 0, value == value.rounded(), value < 9.0e15 else { return nil }
        return Int(value)
    }

    /// Parses `3`, `-1`, `0.5`, `0,5` and `.5`; `nil` for anything else (`4 anos`, `1.000,5`, empty text).
    ///
    /// Thousands separators are not accepted: `1.000` would be ambiguous between the two conventions.
    public static func parse(_ raw: String) -> Double? {
        // Fast path for plain whole numbers, the bulk of Likert answers.
        var utf8 = raw.utf8.makeIterator()
        var whole = 0
        var digits = 0
        var plain = true
        while let byte = utf8.next() {
            guard byte >= 48 && byte <= 57, digits < 15 else { plain = false; break }
            whole = whole * 10 + Int(byte - 48)
            digits += 1
        }
        if plain && digits > 0 { return Double(whole) }
        // A letter anywhere is never part of a number (below it would be refused after trimming): text columns
        // ("Iniciante") are refused without Foundation's trimming.
        if raw.utf8.contains(where: { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) { return nil }
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        var sawDigit = false
        var sawSeparator = false
        var normalised = ""
        for (offset, character) in text.enumerated() {
            switch character {
            case "0"..."9":
                sawDigit = true
                normalised.append(character)
            case "+", "-":
                guard offset == 0 else { return nil }
                normalised.append(character)
            case ".", ",":
                guard !sawSeparator else { return nil }
                sawSeparator = true
                normalised.append(".")
            default:
                return nil
            }
        }
        guard sawDigit, let value = Double(normalised), value.isFinite else { return nil }
        return value
    }

    /// Whether storing `raw` as a number would change what was typed: leading zeros (`01234`, `-007`), a negative
    /// zero (`-0`, `-0,0`), an explicit plus sign, zeros ending the decimals (`4.10`, `2.0`, `1,50`: version
    /// numbers, prices as typed), or more digits than a number holds. Such a value is kept as text where nothing
    /// says the attribute holds numbers.
    ///
    /// A number keeps what was typed when it reads back the same (`format`): `0.5`, `-3`, `1,5` (the decimal comma
    /// is the separator, not a digit) and `.5` (written `0.5`) do.
    public static func losesDigits(_ raw: String) -> Bool {
        // The cells most columns hold, whole numbers as plain digits (no leading zero), keep what was typed.
        if wholeNumber(raw.utf8) != nil { return false }
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard let value = parse(text) else { return false }
        var typed = text.replacingOccurrences(of: ",", with: ".")
        if typed.hasPrefix(".") { typed = "0" + typed } else if typed.hasPrefix("-.") { typed = "-0" + typed.dropFirst() }
        return typed != format(value)
    }

    /// The shortest text that reads back as `value`: `2`, `0.5`, `3.25`.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
