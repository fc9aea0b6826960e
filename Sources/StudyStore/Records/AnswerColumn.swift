import StudyBasics
import Surveys
import Wording

/// How a response set's answers are kept: one JSON object per set in `response_set.answers`, keyed by item number,
/// in item order — a number for a point or value, `null` for "does not apply", `{"c": key}` for a choice and
/// `{"t": text}` for an open answer (`{"1":4,"2":2,"3":null,"11":{"c":"sim"}}`). What was typed, where it is not
/// the answer's own text (a label such as "Concordo", "4,0"), is kept in `response_set.raw` the same way
/// (`{"1":"Concordo totalmente"}`), or NULL.
///
/// One row per set instead of one per answer: a wide form's import writes one row per respondent, as SQLite's own
/// `.import` does, and reading a set is one row. The column stays plain JSON so the study file can be queried with
/// SQLite's `json_each` (`SELECT key, value FROM response_set, json_each(answers)`). This writer and reader are
/// written by hand for the one shape used here: Foundation's JSON coders box every value and cost more than
/// the rest of an import together.
public enum AnswerColumn {
    /// Writes `answers` (and, into `raw`, what was typed where it differs from the answer's own text) as the
    /// column's JSON. `raw` is left empty when nothing needs keeping.
    static func encode(_ answers: [Int: Answer], typed: [Int: String], into out: inout [UInt8], raw: inout [UInt8]) {
        var writer = Writer(answers: out, raw: raw)
        writer.reset()
        for (number, answer) in answers.sorted(by: { $0.key < $1.key }) {
            writer.append(number, answer, typed: typed[number])
        }
        writer.finish()
        out = writer.answers
        raw = writer.raw
    }

    /// Builds one set's columns answer by answer, in item order; kept and reset from set to set, so a large
    /// import writes every set into the same two buffers.
    public struct Writer {
        /// The answers column once `finish()` is called.
        public var answers: [UInt8]
        /// The typed column, or empty when nothing needs keeping.
        public var raw: [UInt8]
        @usableFromInline var empty = true

        public init(answers: [UInt8] = [], raw: [UInt8] = []) {
            self.answers = answers
            self.raw = raw
            self.answers.reserveCapacity(256)
        }

        @inlinable public mutating func reset() {
            answers.removeAll(keepingCapacity: true)
            raw.removeAll(keepingCapacity: true)
            answers.append(UInt8(ascii: "{"))
            empty = true
        }

        /// Adds item `number`'s answer; `typed` is what was typed, kept only where it is not the answer's own text.
        /// Numbers must come in increasing order.
        public mutating func append(_ number: Int, _ answer: Answer, typed: String?) {
            if !empty { answers.append(UInt8(ascii: ",")) }
            empty = false
            AnswerColumn.appendKey(number, to: &answers)
            // Whether what was typed is the answer's own text (then it is not kept twice).
            let same: Bool
            switch answer {
            case let .value(value):
                let start = answers.count
                AnswerColumn.appendNumber(value, to: &answers)
                same = typed.map { $0.utf8.elementsEqual(answers[start...]) } ?? true
            case .notApplicable:
                answers.append(contentsOf: "null".utf8)
                same = typed == nil
            case let .choice(key):
                answers.append(contentsOf: #"{"c":"#.utf8)
                AnswerColumn.appendString(key, to: &answers)
                answers.append(UInt8(ascii: "}"))
                same = typed.map { $0 == key } ?? true
            case let .text(text):
                answers.append(contentsOf: #"{"t":"#.utf8)
                AnswerColumn.appendString(text, to: &answers)
                answers.append(UInt8(ascii: "}"))
                same = typed.map { $0 == text } ?? true
            }
            if !same, let typed {
                raw.append(UInt8(ascii: raw.isEmpty ? "{" : ","))
                AnswerColumn.appendKey(number, to: &raw)
                AnswerColumn.appendString(typed, to: &raw)
            }
        }

        /// Adds a whole number that was typed as such (digits, no leading zero: nothing is kept in the typed
        /// column). `key` is the item's key as `AnswerColumn.key(_:)` writes it.
        @inlinable public mutating func append(key: UnsafeBufferPointer<UInt8>, whole value: Int) {
            if !empty { answers.append(UInt8(ascii: ",")) }
            empty = false
            answers.append(contentsOf: key)
            DecimalText.append(value, to: &answers)
        }

        @inlinable public mutating func finish() {
            answers.append(UInt8(ascii: "}"))
            if !raw.isEmpty { raw.append(UInt8(ascii: "}")) }
        }
    }

    /// The column's text for `answers` alone (tests, migrations).
    static func text(_ answers: [Int: Answer], typed: [Int: String] = [:]) -> (answers: String, raw: String?) {
        var out: [UInt8] = []
        var raw: [UInt8] = []
        encode(answers, typed: typed, into: &out, raw: &raw)
        return (String(decoding: out, as: UTF8.self), raw.isEmpty ? nil : String(decoding: raw, as: UTF8.self))
    }

    /// Item `number`'s key as the column writes it (`"10":`), for writers that keep it.
    public static func key(_ number: Int) -> [UInt8] {
        var key: [UInt8] = []
        appendKey(number, to: &key)
        return key
    }

    fileprivate static func appendKey(_ number: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        DecimalText.append(number, to: &out)
        out.append(contentsOf: "\":".utf8)
    }

    /// Whole numbers as integers ("4"), others in Swift's shortest round-tripping form ("2.5", "1e-05"), both
    /// valid JSON numbers that read back to the same Double.
    fileprivate static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        if value == value.rounded(), abs(value) < 1e15 {
            DecimalText.append(Int(value), to: &out)
        } else {
            out.append(contentsOf: value.description.utf8)
        }
    }

    fileprivate static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Why a stored answers column could not be read.
    struct Malformed: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "\(reason) at character \(offset + 1)" }
    }

    /// Reads the answers column (any valid JSON of the shape above: whitespace and escapes as JSON allows).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [Int: Answer] {
        var answers: [Int: Answer] = [:]
        answers.reserveCapacity(16)
        var parser = Parser(bytes: bytes)
        try parser.object { parser, number in
            answers[number] = try parser.answer()
        }
        return answers
    }

    /// Reads the raw column: item number → what was typed.
    static func decodeTyped(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [Int: String] {
        var typed: [Int: String] = [:]
        var parser = Parser(bytes: bytes)
        try parser.object { parser, number in
            typed[number] = try parser.string()
        }
        return typed
    }

    static func decode(_ text: String) throws -> [Int: Answer] {
        var text = text
        return try text.withUTF8 { try decode($0) }
    }

    static func decodeTyped(_ text: String) throws -> [Int: String] {
        var text = text
        return try text.withUTF8 { try decodeTyped($0) }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func fail(_ reason: String) -> Malformed { Malformed(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                throw fail("expected '\(Character(Unicode.Scalar(byte)))'")
            }
            index += 1
        }

        mutating func peek() -> UInt8? {
            skipSpace()
            return index < bytes.count ? bytes[index] : nil
        }

        /// `{ "N": …, … }` with item numbers as keys, calling `member` for each value; nothing may follow.
        mutating func object(_ member: (inout Parser, Int) throws -> Void) throws {
            try expect(UInt8(ascii: "{"))
            if peek() == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    let key = try string()
                    guard let number = Int(key), number >= 0 else { throw fail("item key '\(key)' is not an item number") }
                    try expect(UInt8(ascii: ":"))
                    try member(&self, number)
                    skipSpace()
                    guard index < bytes.count else { throw fail("unfinished object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                    throw fail("expected ',' or '}'")
                }
            }
            skipSpace()
            guard index == bytes.count else { throw fail("text after the answers") }
        }

        mutating func answer() throws -> Answer {
            switch peek() {
            case UInt8(ascii: "n"):
                guard bytes.count - index >= 4, bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                      bytes[index + 3] == UInt8(ascii: "l") else { throw fail("expected null") }
                index += 4
                return .notApplicable
            case UInt8(ascii: "{"):
                index += 1
                let kind = try string()
                try expect(UInt8(ascii: ":"))
                let text = try string()
                try expect(UInt8(ascii: "}"))
                switch kind {
                case "c": return .choice(text)
                case "t": return .text(text)
                default: throw fail("unknown answer kind '\(kind)'")
                }
            case let byte? where byte == UInt8(ascii: "-") || (byte >= 48 && byte <= 57):
                return .value(try number())
            default:
                throw fail("expected an answer (a number, null, {\"c\": …} or {\"t\": …})")
            }
        }

        mutating func number() throws -> Double {
            let start = index
            var integer = 0
            var isInteger = true
            var negative = false
            if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
            let digitsStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 48 && byte <= 57 {
                    if index - digitsStart < 15 { integer = integer * 10 + Int(byte - 48) } else { isInteger = false }
                } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    isInteger = false
                } else {
                    break
                }
                index += 1
            }
            guard index > digitsStart else { throw fail("expected a number") }
            if isInteger { return Double(negative ? -integer : integer) }
            guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)), value.isFinite else {
                index = start
                throw fail("expected a number")
            }
            return value
        }

        mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            let start = index
            // The common case: no escapes, one copy of the bytes.
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
            guard index < bytes.count else { throw fail("unfinished string") }
            if bytes[index] == UInt8(ascii: "\"") {
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            var out = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                    out.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw fail("invalid escape")
                }
            }
            throw fail("unfinished string")
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("invalid \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case 48...57: digit = UInt32(byte - 48)
                case 65...70: digit = UInt32(byte - 55)
                case 97...102: digit = UInt32(byte - 87)
                default: throw fail("invalid \\u escape")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
