import Foundation

/// A language's words: a gettext catalog (`.po`), read as translators and Poedit write it.
///
/// Each entry is keyed by its English msgid (`Sentence.pattern`: the English text with `%@` for each argument), with
/// an optional `msgctxt` (a short word, such as a table's column label, that another part of the tool may word
/// otherwise) and an optional `msgid_plural` whose `msgstr[i]` the language's `Plural-Forms` rule chooses.
/// Entries marked `fuzzy` and empty translations are left out, as gettext leaves them: the English is said.
public struct MessageCatalog: Sendable {
    /// A translation: one form, or one per plural form.
    public struct Entry: Sendable, Equatable {
        public var forms: [String]
        public init(forms: [String]) { self.forms = forms }
    }

    /// The entries by key (`msgctxt` + U+0004 + `msgid`, or the msgid alone), made when asked for (the checks ask,
    /// the commands look up one text at a time).
    public var entries: [String: Entry] {
        Dictionary(uniqueKeysWithValues: table.map { key, record in (key.text, Entry(forms: forms(of: records[record]))) })
    }
    public let pluralRule: PluralRule
    /// Every English text the catalog words, in any context: each msgid and msgid_plural (worked out when asked:
    /// the checks ask, the commands do not).
    public var msgids: Set<String> {
        Set(entries.keys.map { $0.split(separator: "\u{4}", omittingEmptySubsequences: false).last.map(String.init) ?? $0 })
            .union(plurals.values)
    }
    /// The English plural (msgid_plural) of each plural entry, by key.
    public var plurals: [String: String] {
        Dictionary(uniqueKeysWithValues: table.compactMap { key, record in records[record].plural.map { (key.text, text(at: $0)) } })
    }

    /// The catalog's texts, one after another, as read (escapes undone): each entry's forms and plural lie here and
    /// are made `String`s only when looked up. A pt-BR command reads the whole catalog before it says a word, and
    /// making and hashing 6,000 Strings was most of that.
    private let storage: [UInt8]
    /// Where each entry's texts lie in `storage`: its forms are `formRanges[forms]`.
    private let records: [Record]
    private let formRanges: [Range<Int>]
    /// The entries by the bytes of their key.
    private let table: [CatalogKey: Int]

    struct Record: Sendable {
        var forms: Range<Int>
        var plural: Range<Int>?
    }

    public init(entries: [String: Entry], pluralRule: PluralRule) {
        var builder = CatalogTable()
        for (key, entry) in entries {
            builder.add(key: CatalogKey(Array(key.utf8)), forms: entry.forms.map { Array($0.utf8) }, plural: nil)
        }
        self.init(builder, pluralRule: pluralRule)
    }

    fileprivate init(_ built: CatalogTable, pluralRule: PluralRule) {
        storage = built.storage
        records = built.records
        formRanges = built.formRanges
        table = built.table
        self.pluralRule = pluralRule
    }

    /// The translation of `msgid` (in `context`), or nil.
    public func text(_ msgid: String, context: String? = nil) -> String? {
        guard let record = table[Self.key(msgid, context: context)] else { return nil }
        return records[record].forms.first.map { text(at: formRanges[$0]) }
    }

    /// The translation of the plural pair whose singular is `msgid`, in the form the language uses for `count`.
    public func text(_ msgid: String, context: String? = nil, count: Int) -> String? {
        guard let record = table[Self.key(msgid, context: context)] else { return nil }
        let forms = records[record].forms
        guard !forms.isEmpty else { return nil }
        return text(at: formRanges[forms.lowerBound + min(pluralRule.form(count), forms.count - 1)])
    }

    private func text(at range: Range<Int>) -> String { String(decoding: storage[range], as: UTF8.self) }

    private func forms(of record: Record) -> [String] { record.forms.map { text(at: formRanges[$0]) } }

    static func key(_ msgid: String, context: String?) -> CatalogKey {
        var bytes: [UInt8] = []
        if let context {
            bytes.reserveCapacity(context.utf8.count + 1 + msgid.utf8.count)
            bytes.append(contentsOf: context.utf8)
            bytes.append(0x04)
        }
        bytes.append(contentsOf: msgid.utf8)
        return CatalogKey(bytes)
    }

    /// The catalog studyctl ships for `tag` (`Translations/pt-BR.po`).
    static func shipped(_ tag: String) -> URL? {
        Bundle.module.url(forResource: "Translations", withExtension: nil)?.appendingPathComponent("\(tag).po")
    }

    /// Reads a `.po` file.
    public init(contentsOf file: URL) throws {
        try self.init(po: [UInt8](try Data(contentsOf: file)), file: file.lastPathComponent)
    }

    /// Reads a catalog's text; a line it cannot read is an error naming `file:line`.
    public init(po text: String, file: String = "catalog.po") throws {
        try self.init(po: Array(text.utf8), file: file)
    }

    /// Reads a catalog's bytes (UTF-8), line by line. Every command said in a language other than English reads its
    /// catalog first (3,000 entries, half a megabyte), so the lines are read as bytes: no `String` is made but for
    /// the texts kept.
    public init(po bytes: [UInt8], file: String = "catalog.po") throws {
        var reader = CatalogReader(file: file)
        // Room for every entry at once (an entry takes some 170 bytes of the file), so the table is not grown and
        // rehashed as it fills.
        reader.built.reserve(entries: bytes.count / 150, bytes: bytes.count / 2)
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            var line = 1
            while start <= buffer.count {
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                try reader.read(UnsafeBufferPointer(rebasing: buffer[start..<end]), line: line)
                start = end + 1
                line += 1
            }
        }
        try reader.finish()
        self.init(reader.built, pluralRule: reader.rule)
    }
}

/// A catalog key's bytes (`msgctxt` + U+0004 + `msgid`, or the msgid), hashed as bytes: a `String` key would be
/// made from the file's bytes and hashed through its Unicode normalisation, for every entry.
struct CatalogKey: Hashable, Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    static func == (a: CatalogKey, b: CatalogKey) -> Bool { a.bytes == b.bytes }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A catalog's entries as they are read: their texts in one buffer, where each lies, and the table of keys.
private struct CatalogTable {
    var storage: [UInt8] = []
    var records: [MessageCatalog.Record] = []
    var formRanges: [Range<Int>] = []
    var table: [CatalogKey: Int] = [:]

    mutating func reserve(entries: Int, bytes: Int) {
        storage.reserveCapacity(bytes)
        records.reserveCapacity(entries)
        formRanges.reserveCapacity(entries)
        table.reserveCapacity(entries)
    }

    func contains(_ key: CatalogKey) -> Bool { table[key] != nil }

    mutating func add(key: CatalogKey, forms: [[UInt8]], plural: [UInt8]?) {
        let first = formRanges.count
        for form in forms { formRanges.append(place(form)) }
        records.append(MessageCatalog.Record(forms: first..<formRanges.count, plural: plural.map { place($0) }))
        table[key] = records.count - 1
    }

    /// Adds the entry unless its key is taken; whether it was added (the key hashed once).
    mutating func addNew(key: CatalogKey, forms: [[UInt8]], plural: [UInt8]?) -> Bool {
        let index = records.count
        guard table.updateValue(index, forKey: key) == nil else { return false }
        let first = formRanges.count
        for form in forms { formRanges.append(place(form)) }
        records.append(MessageCatalog.Record(forms: first..<formRanges.count, plural: plural.map { place($0) }))
        return true
    }

    private mutating func place(_ text: [UInt8]) -> Range<Int> {
        let start = storage.count
        storage.append(contentsOf: text)
        return start..<storage.count
    }
}

/// The state of reading a catalog: the entry being read and what was read.
private struct CatalogReader {
    let file: String
    var built = CatalogTable()
    var rule = PluralRule.germanic
    /// Keys of the entries left out (fuzzy, untranslated): a second entry under one of them is still a duplicate.
    var leftOut: Set<CatalogKey> = []

    var context: [UInt8]?
    var msgid: [UInt8]?
    var plural: [UInt8]?
    /// The entry's forms by number (`msgstr`, `msgstr[N]`).
    var forms: [[UInt8]?] = []
    var fuzzy = false
    /// The field the next quoted line continues.
    enum Field { case context, id, plural, form(Int) }
    var field: Field?
    /// The line being read; `place` names it only when a message needs it (a catalog has thousands of lines).
    var line = 0
    var place: String { "\(file):\(line)" }

    init(file: String) { self.file = file }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    mutating func finish() throws {
        defer { context = nil; msgid = nil; plural = nil; forms = []; fuzzy = false; field = nil }
        guard let idBytes = msgid else { return }
        if idBytes.isEmpty, context == nil {
            if let header = forms.first.flatMap({ $0 }).map(Self.text),
               let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) {
                rule = try PluralRule(header: String(line.dropFirst("Plural-Forms:".count)))
            }
            return
        }
        let key = CatalogKey(context.map { $0 + [0x04] + idBytes } ?? idBytes)
        // Made only when thrown.
        func twice() -> CatalogError {
            CatalogError(place: place, problem: "'\(Self.text(idBytes))' is worded twice\(context.map { " in context '\(Self.text($0))'" } ?? "")")
        }
        guard leftOut.isEmpty || !leftOut.contains(key) else { throw twice() }
        let texts = forms.map { $0 ?? [] }
        guard !fuzzy, !texts.isEmpty, texts.allSatisfy({ !$0.isEmpty }) else {
            guard !built.contains(key) else { throw twice() }
            leftOut.insert(key)
            return
        }
        guard built.addNew(key: key, forms: texts, plural: plural) else { throw twice() }
    }

    /// Sets form `number`'s text, or adds to it (a quoted line that continues it).
    mutating func setForm(_ number: Int, _ text: [UInt8], appending: Bool) {
        if forms.count <= number { forms += Array(repeating: nil, count: number + 1 - forms.count) }
        forms[number] = appending ? (forms[number] ?? []) + text : text
    }

    mutating func read(_ raw: UnsafeBufferPointer<UInt8>, line: Int) throws {
        self.line = line
        var from = 0
        var to = raw.count
        while from < to, raw[from] == 0x20 || raw[from] == 0x09 { from += 1 }
        while to > from, raw[to - 1] == 0x20 || raw[to - 1] == 0x09 || raw[to - 1] == 0x0D { to -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: raw[from..<to])
        guard let first = bytes.first else {
            try finish()
            return
        }
        if first == UInt8(ascii: "#") {
            // "#, fuzzy": the entry that follows is a guess a translator has not checked yet.
            if bytes.count > 1, bytes[1] == UInt8(ascii: ","), Self.contains(bytes, "fuzzy") {
                if msgid != nil { try finish() }
                fuzzy = true
            }
            return
        }
        if first == UInt8(ascii: "\"") {
            let more = try quoted(bytes)
            switch field {
            case .context: context = (context ?? []) + more
            case .id: msgid = (msgid ?? []) + more
            case .plural: plural = (plural ?? []) + more
            case let .form(number): setForm(number, more, appending: true)
            case nil: throw CatalogError(place: place, problem: "a quoted line continues no field")
            }
            return
        }
        guard let space = bytes.firstIndex(of: 0x20) else {
            throw CatalogError(place: place, problem: "'\(String(decoding: bytes, as: UTF8.self))' is not a field")
        }
        let keywordBytes = UnsafeBufferPointer(rebasing: bytes[..<space])
        var valueStart = space
        while valueStart < bytes.count, bytes[valueStart] == 0x20 { valueStart += 1 }
        let value = try quoted(UnsafeBufferPointer(rebasing: bytes[valueStart...]))
        // Keywords are short ASCII: the String is made in place, without allocating.
        let keyword = String(decoding: keywordBytes, as: UTF8.self)
        switch keyword {
        case "msgctxt":
            try finish()
            context = value
            field = .context
        case "msgid":
            if msgid != nil { try finish() }
            msgid = value
            field = .id
        case "msgid_plural":
            plural = value
            field = .plural
        case "msgstr":
            setForm(0, value, appending: false)
            field = .form(0)
        default:
            guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let number = Int(keyword.dropFirst(7).dropLast()), (0..<100).contains(number) else {
                throw CatalogError(place: place, problem: "unknown field '\(keyword)'")
            }
            setForm(number, value, appending: false)
            field = .form(number)
        }
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if (0..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
        }
        return false
    }

    /// The bytes of a quoted `.po` string, its escapes read.
    func quoted(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else {
            throw CatalogError(place: place, problem: "'\(String(decoding: bytes, as: UTF8.self))' is not a quoted string")
        }
        let end = bytes.count - 1
        // Most strings hold no escape: taken whole.
        if !bytes[1..<end].contains(UInt8(ascii: "\\")) { return Array(bytes[1..<end]) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 1
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < end else { throw CatalogError(place: place, problem: "a quoted string ends in a backslash") }
                switch bytes[index + 1] {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "\""): result.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
                default:
                    throw CatalogError(place: place, problem: "unknown escape '\\\(String(decoding: [bytes[index + 1]], as: UTF8.self))'")
                }
                index += 2
            } else {
                result.append(byte)
                index += 1
            }
        }
        return result
    }
}

/// A catalog line studyctl cannot read.
public struct CatalogError: Error, CustomStringConvertible {
    public let place: String
    public let problem: String
    public var description: String { "\(place): \(problem)" }
}

/// A language's rule for choosing a plural form, read from a catalog's `Plural-Forms` header
/// (`nplurals=2; plural=(n > 1);`), the C expression gettext evaluates.
public struct PluralRule: Sendable, Equatable {
    public let count: Int
    let expression: Expression

    /// English and German: one for 1, the other form for every other count.
    public static let germanic = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// Reads `nplurals=N; plural=EXPRESSION;`.
    public init(header: String) throws {
        var count: Int?
        var formula: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "nplurals" { count = Int(pair[1]) }
            if pair[0] == "plural" { formula = pair[1] }
        }
        guard let count, count >= 1, let formula else {
            throw CatalogError(place: "Plural-Forms", problem: "'\(header)' does not give nplurals and plural")
        }
        var parser = Parser(Array(formula.unicodeScalars))
        let expression = try parser.conditional()
        guard parser.atEnd else { throw CatalogError(place: "Plural-Forms", problem: "'\(formula)' has more than one expression") }
        self.init(count: count, expression: expression)
    }

    /// The form index for `n`.
    public func form(_ n: Int) -> Int {
        let value = expression.value(n)
        return value >= 0 && value < count ? value : 0
    }

    indirect enum Expression: Sendable, Equatable {
        case n
        case number(Int)
        case not(Expression)
        case binary(String, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func value(_ n: Int) -> Int {
            switch self {
            case .n: return n
            case let .number(value): return value
            case let .not(inner): return inner.value(n) == 0 ? 1 : 0
            case let .choice(test, yes, no): return test.value(n) != 0 ? yes.value(n) : no.value(n)
            case let .binary(op, lhs, rhs):
                let (a, b) = (lhs.value(n), rhs.value(n))
                switch op {
                case "||": return a != 0 || b != 0 ? 1 : 0
                case "&&": return a != 0 && b != 0 ? 1 : 0
                case "==": return a == b ? 1 : 0
                case "!=": return a != b ? 1 : 0
                case "<": return a < b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "+": return a &+ b
                case "-": return a &- b
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                default: return b == 0 ? 0 : a % b
                }
            }
        }
    }

    /// C's precedence, lowest first: `?:`, `||`, `&&`, equality, relational, additive, multiplicative, unary.
    struct Parser {
        let text: [Unicode.Scalar]
        var index = 0
        init(_ text: [Unicode.Scalar]) { self.text = text }

        var atEnd: Bool {
            mutating get { skipSpace(); return index == text.count }
        }

        mutating func skipSpace() { while index < text.count, text[index] == " " { index += 1 } }

        mutating func take(_ token: String) -> Bool {
            skipSpace()
            let scalars = Array(token.unicodeScalars)
            guard index + scalars.count <= text.count, Array(text[index..<index + scalars.count]) == scalars else { return false }
            // `<` is not `<=`, `!` is not `!=`.
            if scalars.count == 1, index + 1 < text.count, text[index + 1] == "=", "<>!=".unicodeScalars.contains(scalars[0]) { return false }
            index += scalars.count
            return true
        }

        mutating func conditional() throws -> Expression {
            let test = try binary(0)
            guard take("?") else { return test }
            let yes = try conditional()
            guard take(":") else { throw CatalogError(place: "Plural-Forms", problem: "'?' without ':'") }
            return .choice(test, yes, try conditional())
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func binary(_ level: Int) throws -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var lhs = try binary(level + 1)
            while let op = Self.levels[level].first(where: { take($0) }) {
                lhs = .binary(op, lhs, try binary(level + 1))
            }
            return lhs
        }

        mutating func unary() throws -> Expression {
            if take("!") { return .not(try unary()) }
            if take("(") {
                let inner = try conditional()
                guard take(")") else { throw CatalogError(place: "Plural-Forms", problem: "'(' without ')'") }
                return inner
            }
            skipSpace()
            if index < text.count, text[index] == "n" {
                index += 1
                return .n
            }
            var digits = ""
            while index < text.count, text[index].properties.numericType != nil, text[index].isASCII {
                digits.unicodeScalars.append(text[index])
                index += 1
            }
            guard let value = Int(digits) else {
                throw CatalogError(place: "Plural-Forms", problem: "unexpected text at character \(index + 1)")
            }
            return .number(value)
        }
    }
}
