import Foundation
import Wording
import Templates

/// What studyctl refuses in text a researcher enters, so that what is stored is exactly what was typed and two
/// names that look the same are never two different things.
public enum TextSafety {
    /// Why `text` cannot be stored as typed (a NUL, which SQLite's C interface would cut the text at), or `nil`.
    /// The offset is counted in characters from 1.
    public static func nulProblem(in text: String) -> Sentence? {
        guard let index = text.unicodeScalars.firstIndex(of: "\u{0}") else { return nil }
        let column = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1
        return "it contains a NUL character (U+0000) at character \(column); remove it"
    }

    /// Characters that change how a name looks without being seen: zero-width characters, the byte-order mark,
    /// soft hyphen, joiners and every bidirectional control (Unicode TR9 §2, TR39 §3.1 "default ignorable").
    public static func isInvisibleOrBidi(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
             0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0x1BCA0...0x1BCA3, 0xE0000...0xE0FFF:
            return true
        default:
            return scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isBidiControl
        }
    }

    /// Why `name` cannot be a code or key (participant code, attribute name, task key, category), or `nil`:
    /// control characters, NUL, and invisible or bidirectional control characters, named with their position.
    public static func nameProblem(_ name: String) -> Sentence? {
        for (offset, scalar) in name.unicodeScalars.enumerated() where scalar.value < 0x20 || scalar.value >= 0x7F {
            // Printable ASCII is never a problem; the rest is looked at (and named) only here.
            let digits = String(scalar.value, radix: 16, uppercase: true)
            let hex = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            if scalar.value == 0 { return "it contains a NUL character (U+0000) at character \(offset + 1)" }
            if scalar.properties.generalCategory == .control {
                return "it contains a control character (\(hex)) at character \(offset + 1)"
            }
            if isInvisibleOrBidi(scalar) {
                return "it contains an invisible or text-direction character (\(hex)) at character \(offset + 1)"
            }
        }
        return nil
    }

    /// `text` without the spaces and tabs around it: what Foundation's `trimmingCharacters(in: .whitespaces)` gives
    /// (tab and the Unicode space separators, Zs), without bridging every cell of a large import to NSString.
    /// With `newlines`, line breaks go too (U+000A–U+000D, U+0085, and the line and paragraph separators), as
    /// with `.whitespacesAndNewlines`.
    public static func trimmingSpaces(_ text: String, newlines: Bool = false) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            if scalar == " " || scalar == "\t" { return true }
            if newlines && ((scalar.value >= 0x0A && scalar.value <= 0x0D) || scalar.value == 0x85) { return true }
            guard scalar.value >= 0x80 else { return false }
            let category = scalar.properties.generalCategory
            return category == .spaceSeparator || (newlines && (category == .lineSeparator || category == .paragraphSeparator))
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !isSpace(first) && !isSpace(last) { return text }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// How many characters SQLite's `length()` counts: Unicode scalars (so a decomposed "é" counts two).
    public static func storedLength(_ text: String) -> Int { text.unicodeScalars.count }
}

/// Unicode TR39 skeletons: two strings are confusable when their skeletons are equal (UTS #39 §4,
/// "Confusable Detection": skeleton(X) = NFD(map every character of NFD(X) to its prototype)). Used to warn that
/// `Р1` (Cyrillic Er) or `Ｐ1` (fullwidth) is the same as `P1` to the eye. Case is folded after mapping, since
/// studyctl's codes are unique without case.
public enum Confusables {
    /// The prototype of each confusable scalar, read once from the table studyctl ships.
    static let table: [UInt32: [Unicode.Scalar]] = {
        guard let url = TemplateFiles.confusablesFile, let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var table: [UInt32: [Unicode.Scalar]] = [:]
        table.reserveCapacity(6_400)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ";")
            guard parts.count == 2, let source = UInt32(parts[0], radix: 16) else { continue }
            table[source] = parts[1].split(separator: "+").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        }
        return table
    }()

    /// Whether the table was found (it ships with studyctl; tests check it loads).
    public static var isAvailable: Bool { !table.isEmpty }

    /// The TR39 skeleton of `text`, lowercased.
    public static func skeleton(_ text: String) -> String {
        if let ascii = asciiSkeleton(text) { return ascii }
        let decomposed = text.decomposedStringWithCanonicalMapping
        var mapped = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            if let prototype = table[scalar.value] { mapped.append(contentsOf: prototype) } else { mapped.append(scalar) }
        }
        return String(mapped).decomposedStringWithCanonicalMapping.lowercased()
    }

    /// Each ASCII scalar's prototype where it is ASCII too (nil where it is not, or the table has none and the
    /// scalar stays): ASCII text is its own NFD, so its skeleton is this mapping, lowercased.
    private static let asciiPrototypes: [[UInt8]?] = (0..<128).map { value -> [UInt8]? in
        guard let prototype = table[UInt32(value)] else { return [UInt8(value)] }
        guard prototype.allSatisfy(\.isASCII) else { return nil }
        return prototype.map { UInt8($0.value) }
    }

    /// The skeleton of all-ASCII text whose prototypes are all ASCII, without Foundation's normalisation (a large
    /// participant import computes one per row); nil otherwise.
    static func asciiSkeleton(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 128, let prototype = asciiPrototypes[Int(byte)] else { return nil }
            for mapped in prototype { bytes.append(mapped >= 65 && mapped <= 90 ? mapped + 32 : mapped) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The ranges studyctl accepts for figures a researcher types, so that no stored value can overflow a later
/// computation or a formatted table.
public enum Limits {
    /// The longest task time: 7 days, far beyond any usability task, small enough for every arithmetic on it.
    public static let maximumSeconds: Double = 7 * 24 * 3600
    /// The largest count of errors in one attempt.
    public static let maximumErrors = 1_000_000
    /// The largest trial number and task position.
    public static let maximumOrdinal = 1_000_000
    /// The largest magnitude of a scale point or numeric answer in an instrument.
    public static let maximumScaleMagnitude = 1_000_000
    /// The largest penalty per error.
    public static let maximumPenaltySeconds: Double = 3600
}
