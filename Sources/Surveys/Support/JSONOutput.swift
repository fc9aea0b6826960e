import Foundation

/// JSON as studyctl prints it for scripts (`--json`): the contract documented in docs/json.md.
///
/// - Every document is an object whose first keys are `jsonVersion` (this contract's version) and `command`.
/// - A value that is absent or undefined is written as `null`, never left out: `NullPreservingEncoder` turns the
///   `encodeIfPresent` of synthesized `Encodable` conformances into an explicit null.
/// - JSON has no NaN or infinity: such a figure is written as `null`, never as text, never as a failure.
/// - Keys are ASCII; output is pretty-printed with sorted keys.
public enum JSONOutput {
    /// The version of the JSON contract. Raised when a key is renamed or removed or changes meaning; adding a key
    /// does not raise it.
    public static let version = 3

    /// `payload` as a document: an object payload gets `jsonVersion` and `command` beside its own keys; a list is put
    /// under `key`, which the caller names for every list it prints.
    /// `analysis`: the analysis set the command took, written as `analysisSet` beside the payload; `plan`: the run's
    /// analysis plan, written as `plan` (its design and policies) and `analysisSet` (its set).
    public static func document<T: Encodable>(_ payload: T, command: String, key: String? = nil, analysis: AnalysisSet? = nil,
                                              plan: AnalysisPlan? = nil) throws -> String {
        try text(Envelope(command: command, key: key, payload: payload, analysis: (plan?.set ?? analysis)?.document, plan: plan?.document))
    }

    /// `value` encoded with explicit nulls and non-finite numbers as null.
    public static func text<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let marker = "\u{1}not-finite\u{1}"
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: marker, negativeInfinity: marker, nan: marker)
        let text = String(decoding: try encoder.encode(NullPreserving(value)), as: UTF8.self)
        // The encoder escapes the marker's control characters, so it cannot be confused with anything else printed.
        return text.replacingOccurrences(of: "\"\\u0001not-finite\\u0001\"", with: "null")
    }

    /// A string as `text(_:)` writes it: quoted, with `"`, `\\` and control characters escaped, the rest as is.
    public static func quoted(_ string: String) -> String {
        // Most strings (codes, group names) need no escape: checked on their bytes, copied whole.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + string + "\"" }
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A number as `text(_:)` writes it (`null` when not finite); a string or `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    public static func quotedOrNull(_ string: String?) -> String { string.map(quoted) ?? "null" }

    /// `quoted(string)` appended to `text`, without an intermediate string where nothing needs escaping.
    public static func appendQuoted(_ string: String, to text: inout String) {
        if string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            text += quoted(string)
        } else {
            text += "\""
            text += string
            text += "\""
        }
    }

    /// `quoted(string)` appended to `bytes` as UTF-8.
    public static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        if string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            bytes.append(contentsOf: quoted(string).utf8)
        } else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: string.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// `quotedOrNull(string)` appended to `bytes` as UTF-8.
    public static func appendQuotedOrNull(_ string: String?, to bytes: inout [UInt8]) {
        if let string { appendQuoted(string, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// `number(value)` appended to `bytes`: whole numbers as integers (no ".0" to cut), others as `number` writes them.
    public static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value == value.rounded(), abs(value) < 1e15, value.sign == .plus || value != 0 else {
            bytes.append(contentsOf: number(value).utf8)
            return
        }
        bytes.append(contentsOf: String(Int(value)).utf8)
    }

    /// `quotedOrNull(string)` appended to `text`.
    public static func appendQuotedOrNull(_ string: String?, to text: inout String) {
        if let string { appendQuoted(string, to: &text) } else { text += "null" }
    }

    /// The document `text(_:)` makes of `payload`, with the array under `key` (which must be empty in `payload`)
    /// filled by `elements`, which writes each element's text, already indented, and says whether there was any. For lists too long to hold
    /// as values; the output is byte for byte what the encoder would print.
    public static func document<T: Encodable>(_ payload: T, command: String, streaming key: String, analysis: AnalysisSet? = nil,
                                              plan: AnalysisPlan? = nil, write: (String) -> Void, elements: () throws -> Bool) throws {
        let text = try document(payload, command: command, analysis: analysis, plan: plan)
        let opening = "\n  \(quoted(key)) : ["
        guard let start = text.range(of: opening) else { throw JSONStreamingError.noKey(key) }
        guard let close = text.range(of: "]", range: start.upperBound..<text.endIndex) else { throw JSONStreamingError.noKey(key) }
        write(String(text[..<start.upperBound]))
        if try !elements() { write(String(text[start.upperBound..<close.lowerBound])) }
        write(String(text[close.lowerBound...]))
    }

    enum JSONStreamingError: Error { case noKey(String) }

    struct Envelope<T: Encodable>: Encodable {
        var command: String
        var key: String?
        var payload: T
        var analysis: AnalysisSet.Document? = nil
        var plan: AnalysisPlan.Document? = nil

        func encode(to encoder: any Encoder) throws {
            var meta = encoder.container(keyedBy: AnyKey.self)
            try meta.encode(JSONOutput.version, forKey: AnyKey("jsonVersion"))
            try meta.encode(command, forKey: AnyKey("command"))
            if let analysis { try meta.encode(analysis, forKey: AnyKey("analysisSet")) }
            if let plan { try meta.encode(plan, forKey: AnyKey("plan")) }
            if let key {
                try meta.encode(payload, forKey: AnyKey(key))
            } else {
                // An object payload shares the top-level object.
                try payload.encode(to: encoder)
            }
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// Encodes `value` so that every optional that is `nil` is written as `null` instead of being left out. Every
/// primitive has its own overload in the containers below: one left to the generic `encode<T>` would wrap itself
/// in `NullPreserving` again and recurse until the stack runs out (a `UInt64` seed did).
struct NullPreserving<T: Encodable>: Encodable {
    var value: T
    init(_ value: T) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        try value.encode(to: NullPreservingEncoder(base: encoder))
    }
}

struct NullPreservingEncoder: Encoder {
    var base: any Encoder
    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed(base: base.container(keyedBy: type)))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(base: base.unkeyedContainer()) }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single(base: base.singleValueContainer()) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var base: KeyedEncodingContainer<Key>
        var codingPath: [any CodingKey] { base.codingPath }

        mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try base.encode(value, forKey: key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try base.encode(NullPreserving(value), forKey: key) }

        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try value.map { try encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try value.map { try encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try value.map { try encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try value.map { try encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try value.map { try encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try value.map { try base.encode($0, forKey: key) } ?? encodeNil(forKey: key) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            try value.map { try encode($0, forKey: key) } ?? encodeNil(forKey: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Unkeyed(base: base.nestedUnkeyedContainer(forKey: key))
        }
        mutating func superEncoder() -> any Encoder { NullPreservingEncoder(base: base.superEncoder()) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { NullPreservingEncoder(base: base.superEncoder(forKey: key)) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        var base: any UnkeyedEncodingContainer
        var codingPath: [any CodingKey] { base.codingPath }
        var count: Int { base.count }

        mutating func encodeNil() throws { try base.encodeNil() }
        mutating func encode(_ value: Bool) throws { try base.encode(value) }
        mutating func encode(_ value: String) throws { try base.encode(value) }
        mutating func encode(_ value: Double) throws { try base.encode(value) }
        mutating func encode(_ value: Int) throws { try base.encode(value) }
        mutating func encode(_ value: Int64) throws { try base.encode(value) }
        mutating func encode(_ value: Float) throws { try base.encode(value) }
        mutating func encode(_ value: Int8) throws { try base.encode(value) }
        mutating func encode(_ value: Int16) throws { try base.encode(value) }
        mutating func encode(_ value: Int32) throws { try base.encode(value) }
        mutating func encode(_ value: UInt) throws { try base.encode(value) }
        mutating func encode(_ value: UInt8) throws { try base.encode(value) }
        mutating func encode(_ value: UInt16) throws { try base.encode(value) }
        mutating func encode(_ value: UInt32) throws { try base.encode(value) }
        mutating func encode(_ value: UInt64) throws { try base.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try base.encode(NullPreserving(value)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(base: base.nestedUnkeyedContainer()) }
        mutating func superEncoder() -> any Encoder { NullPreservingEncoder(base: base.superEncoder()) }
    }

    struct Single: SingleValueEncodingContainer {
        var base: any SingleValueEncodingContainer
        var codingPath: [any CodingKey] { base.codingPath }

        mutating func encodeNil() throws { try base.encodeNil() }
        mutating func encode(_ value: Bool) throws { try base.encode(value) }
        mutating func encode(_ value: String) throws { try base.encode(value) }
        mutating func encode(_ value: Double) throws { try base.encode(value) }
        mutating func encode(_ value: Int) throws { try base.encode(value) }
        mutating func encode(_ value: Int64) throws { try base.encode(value) }
        mutating func encode(_ value: Float) throws { try base.encode(value) }
        mutating func encode(_ value: Int8) throws { try base.encode(value) }
        mutating func encode(_ value: Int16) throws { try base.encode(value) }
        mutating func encode(_ value: Int32) throws { try base.encode(value) }
        mutating func encode(_ value: UInt) throws { try base.encode(value) }
        mutating func encode(_ value: UInt8) throws { try base.encode(value) }
        mutating func encode(_ value: UInt16) throws { try base.encode(value) }
        mutating func encode(_ value: UInt32) throws { try base.encode(value) }
        mutating func encode(_ value: UInt64) throws { try base.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try base.encode(NullPreserving(value)) }
    }
}
