import Foundation
import Mustache

/// Every value a report template prints, carried through the template's markdown as an inert slot and written into
/// the finished document escaped for its format.
///
/// A value — a participant's answer, an excerpt, a memo, a name, the study's title, or a sentence of the catalog
/// holding one — is never parsed as markup. While the template is rendered each value becomes a slot: a word of ASCII
/// letters and digits (the value's UTF-8 bytes in hexadecimal between two markers) that no step after it reads as
/// anything — not the table and figure numbering, not Ink, not the LaTeX conversion. When the document's structure is
/// done, each slot is replaced by its value escaped for where it stands: markdown text, HTML text (line breaks as
/// `<br>`), an HTML attribute, LaTeX text. The slot holds its value itself, so rendering keeps no state.
enum StudyTextSlots {
    static let opening = "STUDYCTLTEXT"
    static let closing = "ZZ"

    /// Renders values as slots: the content type of report templates (`{{% CONTENT_TYPE: MARKDOWN}}`).
    struct ContentType: MustacheContentType {
        func escapeText(_ text: String) -> String { StudyTextSlots.slot(text) }
    }

    /// Registers the content type report templates name; the same for every format, so registering it again
    /// changes nothing.
    static func register() {
        MustacheContentTypes.register(ContentType(), named: "MARKDOWN")
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// The key of the slots made outside the template (a custom instrument's reference, which the template places
    /// with `{{{value}}}`): letters that are no hexadecimal digit, drawn when studyctl starts and never written out,
    /// so no text of the study can hold one. A keyed slot inside a value (a template that placed the reference with
    /// `{{value}}`) is still read as the study text it is; a value's own text that looks like a slot is not.
    static let key: String = {
        let letters = Array("ghijklmnopqrstuvwxy")
        return String((0..<16).map { _ in letters[Int.random(in: letters.indices)] })
    }()

    /// `text` as a slot placed by studyctl itself, outside the template.
    static func keyedSlot(_ text: String) -> String {
        slot(text, key: key)
    }

    /// `text` as a slot.
    static func slot(_ text: String, key: String = "") -> String {
        var bytes = Array(opening.utf8) + Array(key.utf8)
        bytes.reserveCapacity(bytes.count + text.utf8.count * 2 + closing.utf8.count)
        for byte in text.utf8 {
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
        bytes.append(contentsOf: closing.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value a slot's hexadecimal digits hold.
    private static func value(_ digits: Substring.UTF8View) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var high: UInt8?
        for digit in digits {
            let nibble = digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where a slot stands in the finished document.
    enum Place {
        /// Text of the document.
        case text
        /// Inside an HTML tag: an attribute's value.
        case attribute
    }

    /// `text` with every slot replaced by `write(value, place)`. The text between slots is kept as it is, and what
    /// `write` returns is never read again for slots.
    static func fill(_ text: String, _ write: (String, Place) -> String) -> String {
        fill(text, keyedOnly: false, write)
    }

    private static func fill(_ text: String, keyedOnly: Bool, _ write: (String, Place) -> String) -> String {
        let open = Array(opening.utf8)
        let keyBytes = Array(key.utf8)
        let utf8 = text.utf8
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var copied = utf8.startIndex
        var index = utf8.startIndex
        // Whether `index` is inside an HTML tag: Ink writes a "<" or ">" of text as an entity, so a bare one is markup.
        var inTag = false
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false }
            guard byte == open[0], utf8[index...].starts(with: open) else {
                index = utf8.index(after: index)
                continue
            }
            var digitsStart = utf8.index(index, offsetBy: open.count)
            if utf8[digitsStart...].starts(with: keyBytes) {
                digitsStart = utf8.index(digitsStart, offsetBy: keyBytes.count)
            } else if keyedOnly {
                index = utf8.index(after: index)
                continue
            }
            var end = digitsStart
            while end < utf8.endIndex, isDigit(utf8[end]) { end = utf8.index(after: end) }
            guard utf8[end...].starts(with: closing.utf8), utf8.distance(from: digitsStart, to: end) % 2 == 0 else {
                index = utf8.index(after: index)
                continue
            }
            out += text[copied..<index]
            // A value may hold a keyed slot (a reference placed with `{{value}}` rather than `{{{value}}}`): it is
            // study text too, written in with the rest.
            let value = value(text[digitsStart..<end].utf8)
            out += write(keyedOnly ? value : fill(value, keyedOnly: true) { inner, _ in inner }, inTag ? .attribute : .text)
            index = utf8.index(end, offsetBy: closing.utf8.count)
            copied = index
        }
        out += text[copied...]
        return out
    }

    /// `text` with every slot replaced by its value as it is (a chart's file name, a width estimate).
    static func raw(_ text: String) -> String {
        fill(text) { value, _ in value }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
