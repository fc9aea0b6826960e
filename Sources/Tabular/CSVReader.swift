import Foundation
import Wording

/// A place in a text file, as editors show it: 1-based line and column (columns count Unicode scalars).
/// In a workbook's sheet, `sheet` names the sheet and the place reads as a spreadsheet shows it: `file:Sheet!C5`.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The sheet, when the table is a workbook's (`line` is then its row, `column` its column, A = 1).
    public var sheet: String?

    public init(file: String, line: Int, column: Int, sheet: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.sheet = sheet
    }

    public var description: String {
        guard let sheet else { return "\(file):\(line):\(column)" }
        return "\(file):\(SourcePosition.sheetReference(sheet))!\(SourcePosition.columnLetters(column))\(line)"
    }

    /// A sheet's name as a cell reference writes it: quoted when it holds anything but letters, digits and `_`.
    public static func sheetReference(_ sheet: String) -> String {
        sheet.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }) ? sheet
            : "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A column's letters: 1 → A, 26 → Z, 27 → AA.
    public static func columnLetters(_ column: Int) -> String {
        var letters = ""
        var rest = max(column, 1)
        while rest > 0 {
            let digit = (rest - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + digit))) + letters
            rest = (rest - 1) / 26
        }
        return letters
    }
}

/// One cell of a delimited file, with where it starts.
public struct Field: Sendable, Hashable {
    public var value: String
    public var line: Int
    public var column: Int

    public init(value: String, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }
}

/// One record (row) of a delimited file. `line` is the physical line it starts on; a quoted field with
/// newlines makes a record span several lines.
public struct Record: Sendable {
    public var fields: [Field]
    public var line: Int

    public init(fields: [Field], line: Int) {
        self.fields = fields
        self.line = line
    }

    public subscript(index: Int) -> Field? {
        index < fields.count ? fields[index] : nil
    }
}

/// Why a delimited file could not be read. Every case says where.
public enum CSVError: Error, WordedError, LocalizedError, Equatable {
    case cannotRead(file: String, reason: Sentence)
    case empty(file: String)
    case notUTF8(SourcePosition, detail: String)
    case unterminatedQuote(SourcePosition)
    case textAfterClosingQuote(SourcePosition, found: String)
    case emptyHeader(SourcePosition)
    case duplicateHeader(SourcePosition, name: String, firstColumn: Int)
    case missingFields(SourcePosition, expected: Int, found: Int)
    case extraFields(SourcePosition, expected: Int, found: Int, value: String)
    case nulCharacter(SourcePosition)
    /// The header reads as one column while the lines under it hold a separator the same number of times each.
    case oneColumn(SourcePosition, header: String, separator: String, count: Int)

    public var errorDescription: String? { sentence.description }


    public var sentence: Sentence {
        switch self {
        case let .cannotRead(file, reason):
            return "\(file): cannot read the file: \(reason)"
        case let .empty(file):
            return "\(file): the file is empty; expected a header row followed by data rows"
        case let .notUTF8(position, detail):
            return "\(position): the file is not valid UTF-8 (\(detail)); save it as \"CSV UTF-8\" and try again"
        case let .unterminatedQuote(position):
            return "\(position): a quoted field starts here and is never closed; add the closing '\"'"
        case let .textAfterClosingQuote(position, found):
            return "\(position): unexpected '\(found)' after a closing quote; inside a quoted field write a quote as \"\""
        case let .emptyHeader(position):
            return "\(position): the header has an empty column name; every column needs a name"
        case let .duplicateHeader(position, name, firstColumn):
            return "\(position): the header names column '\(name)' twice (first at column \(firstColumn))"
        case let .missingFields(position, expected, found):
            return found == 1 ? "\(position): this row has 1 field but the header has \(expected); check the delimiter and quoting of this row"
                : "\(position): this row has \(found) fields but the header has \(expected); check the delimiter and quoting of this row"
        case let .extraFields(position, expected, found, value):
            return "\(position): this row has \(found) fields but the header has \(expected); unexpected value '\(value)'"
        case let .nulCharacter(position):
            return "\(position): the file contains a NUL character (byte 0x00), which would cut the text short; remove it (a file saved as UTF-16 has one in every other byte: save it as \"CSV UTF-8\")"
        case let .oneColumn(position, header, separator, count):
            return count == 1
                ? "\(position): the header reads as one column ('\(header)'), but each line under it holds \(separator) once; make the first row the header (remove title lines above it) or give the separator with --delimiter"
                : "\(position): the header reads as one column ('\(header)'), but each line under it holds \(separator) \(count) times; make the first row the header (remove title lines above it) or give the separator with --delimiter"
        }
    }
}

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

/// Streams the records of a delimited text file (RFC 4180, plus what spreadsheets write in practice).
///
/// Accepts UTF-8 with or without a byte-order mark, UTF-16 with one, and else Windows-1252 (decided on the first
/// byte that is not ASCII: a file whose first such bytes are not UTF-8 is Windows-1252 throughout; `encoding` says
/// which); `,` `;` tab or `|` delimiters (detected from the header row unless given), CRLF, LF or CR line ends,
/// and quoted fields containing delimiters, quotes (`""`) and newlines.
/// Reads the file in chunks, so memory stays flat whatever its size. Blank lines and rows whose fields are all
/// empty (trailing `;;;` rows that Excel leaves) are skipped. Every error names file, line and column.
public final class CSVReader {
    public let file: String
    public let delimiter: Delimiter
    /// The header row. Names are trimmed of surrounding white space.
    public private(set) var header: [Field] = []
    /// The encoding the text was read in. Final once the file is read to its end: until its first byte that is
    /// not ASCII, a file without a byte-order mark reads as UTF-8.
    public var encoding: TextEncoding { input.encoding }

    private var input: ChunkedInput
    private let delimiterByte: UInt8
    private var line = 1
    private var column = 1

    private static let quote = UInt8(ascii: "\"")
    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    /// Opens `path` and reads its header row.
    /// - Parameter displayName: how errors name the file (defaults to `path`).
    /// - Parameter acceptUTF16: read UTF-16 text (with a byte-order mark, or without one when every other byte of
    ///   the start is zero) by converting it to UTF-8 as it is read; refused otherwise. Tobii's exports come as UTF-16.
    /// - Parameter headerAsData: keep the first row as it is, blank and repeated cells included, for exports whose
    ///   header spans several rows (SurveyMonkey leaves the question text blank over its later columns).
    public convenience init(path: String, delimiter: Delimiter? = nil, displayName: String? = nil, acceptUTF16: Bool = false,
                            headerAsData: Bool = false) throws {
        let name = displayName ?? path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CSVError.cannotRead(file: name, reason: "it is a folder")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw CSVError.cannotRead(
                file: name, reason: !exists ? "no such file" : isDirectory.boolValue ? "it is a folder" : "permission denied")
        }
        try self.init(input: ChunkedInput(handle: handle, file: name), file: name, delimiter: delimiter, acceptUTF16: acceptUTF16,
                      headerAsData: headerAsData)
    }

    /// Reads delimited text held in memory (for tests and for text pasted on the command line).
    public convenience init(text: String, file: String = "<input>", delimiter: Delimiter? = nil) throws {
        try self.init(input: ChunkedInput(bytes: Array(text.utf8), file: file), file: file, delimiter: delimiter)
    }

    private init(input: ChunkedInput, file: String, delimiter: Delimiter?, acceptUTF16: Bool = false, headerAsData: Bool = false) throws {
        self.input = input
        self.file = file
        try self.input.fill()
        if self.input.startsWith([0xEF, 0xBB, 0xBF]) {
            self.input.skip(3)
        } else if self.input.startsWith([0xFF, 0xFE]) || self.input.startsWith([0xFE, 0xFF]) {
            try self.input.decodeUTF16(littleEndian: self.input.startsWith([0xFF, 0xFE]), skipping: 2)
        } else if acceptUTF16, let order = self.input.utf16WithoutBOM() {
            try self.input.decodeUTF16(littleEndian: order == "little-endian", skipping: 0)
        } else if let order = self.input.utf16WithoutBOM() {
            throw CSVError.notUTF8(SourcePosition(file: file, line: 1, column: 1),
                                   detail: "it is UTF-16 \(order) text without a byte-order mark")
        }
        if self.input.isAtEnd {
            throw CSVError.empty(file: file)
        }
        let chosen = delimiter ?? self.input.detectDelimiter()
        self.delimiter = chosen
        self.delimiterByte = chosen.byte
        let sampled = delimiter == nil ? self.input.separatorsPerLine() : nil
        guard let headerRecord = try readRecord() else {
            throw CSVError.empty(file: file)
        }
        if headerRecord.fields.count == 1, let found = sampled ?? nil {
            let shown = String(headerRecord.fields[0].value.prefix(60))
            throw CSVError.oneColumn(SourcePosition(file: file, line: 1, column: 1), header: shown, separator: found.separator.shown, count: found.count)
        }
        if headerAsData {
            header = headerRecord.fields
            return
        }
        var seen: [String: Int] = [:]
        var names: [Field] = []
        for var field in headerRecord.fields {
            field.value = field.value.trimmingCharacters(in: .whitespaces)
            if field.value.isEmpty {
                // A trailing empty header cell (a stray delimiter at the end of the header) is harmless.
                if field == headerRecord.fields.last, names.count > 0 { continue }
                throw CSVError.emptyHeader(position(of: field))
            }
            if let first = seen[field.value] {
                throw CSVError.duplicateHeader(position(of: field), name: field.value, firstColumn: first)
            }
            seen[field.value] = field.column
            names.append(field)
        }
        header = names
    }

    /// How much of the file has been read, from 0 to 1 (for progress bars); 0 when the size is unknown.
    public var fractionRead: Double { input.fractionRead }

    /// Where a field starts, for error messages.
    public func position(of field: Field) -> SourcePosition {
        SourcePosition(file: file, line: field.line, column: field.column)
    }

    /// The next data row, its field count checked against the header, or `nil` at the end of the file.
    public func next() throws -> Record? {
        while let record = try readRecord() {
            if record.fields.allSatisfy({ $0.value.isEmpty }) { continue }
            // A record has at least one field (an empty line is one empty field, left out just above).
            if record.fields.count < header.count, let last = record.fields.last {
                throw CSVError.missingFields(
                    SourcePosition(file: file, line: last.line, column: last.column + last.value.unicodeScalars.count),
                    expected: header.count, found: record.fields.count)
            }
            if record.fields.count > header.count {
                let extra = record.fields[header.count...]
                if let firstNonEmpty = extra.first(where: { !$0.value.isEmpty }) {
                    throw CSVError.extraFields(position(of: firstNonEmpty), expected: header.count,
                                               found: record.fields.count, value: firstNonEmpty.value)
                }
                return Record(fields: Array(record.fields[..<header.count]), line: record.line)
            }
            return record
        }
        return nil
    }

    /// Every remaining data row.
    public func readAll() throws -> [Record] {
        var records: [Record] = []
        while let record = try next() { records.append(record) }
        return records
    }

    // MARK: - Scanning

    private var fieldBytes: [UInt8] = []

    /// Reads one physical record; `nil` at end of input. Blank lines come back as a record of one empty field.
    private func readRecord() throws -> Record? {
        try input.ensure()
        guard !input.isAtEnd else { return nil }
        let recordLine = line
        // The last record's array is filled again: once its reader has let go of it (a loop over the rows), its
        // storage is this reader's alone and is reused rather than allocated per row.
        var fields = recordFields
        recordFields = []
        let keep = columnsToKeep  // read once per record, not once per field
        if input.plainASCIIRecord(delimiter: delimiterByte, keep: keep, line: recordLine, into: &fields) {
            newLine()
            recordFields = fields
            return Record(fields: fields, line: recordLine)
        }
        fields.removeAll(keepingCapacity: true)
        fields.reserveCapacity(header.count)
        while true {
            let (field, endedRecord) = try readField(keep: keep.map { fields.count < $0.count && $0[fields.count] } ?? true)
            fields.append(field)
            if endedRecord { break }
        }
        recordFields = fields
        return Record(fields: fields, line: recordLine)
    }

    private var recordFields: [Field] = []

    /// When set, only the columns marked `true` get their text; the others come back empty, still checked to be
    /// UTF-8 (a wide export whose reader needs a few of its columns skips building the rest). Columns past the
    /// mask's end are skipped too. The header is read in full either way.
    public var columnsToKeep: [Bool]?

    /// Reads one field and the delimiter or line end after it. Returns whether the record ended.
    private func readField(keep: Bool = true) throws -> (Field, Bool) {
        let startLine = line
        let startColumn = column
        if !fieldBytes.isEmpty { fieldBytes.removeAll(keepingCapacity: true) }
        try input.ensure()
        if input.peek() == Self.quote {
            advance(Self.quote)
            while true {
                try input.ensure()
                guard let byte = input.peek() else {
                    throw CSVError.unterminatedQuote(SourcePosition(file: file, line: startLine, column: startColumn))
                }
                if byte == Self.quote {
                    advance(byte)
                    try input.ensure()
                    if input.peek() == Self.quote {
                        advance(Self.quote)
                        fieldBytes.append(Self.quote)
                        continue
                    }
                    break
                }
                if byte == Self.cr {
                    advance(byte)
                    try input.ensure()
                    if input.peek() == Self.lf { input.skip(1) }
                    fieldBytes.append(Self.lf)
                    newLine()
                    continue
                }
                if byte == 0 { throw CSVError.nulCharacter(SourcePosition(file: file, line: line, column: column)) }
                advance(byte)
                fieldBytes.append(byte)
                if byte == Self.lf { newLine() }
            }
            let value = try decode(line: startLine, column: startColumn + 1)
            let field = Field(value: value, line: startLine, column: startColumn)
            try input.ensure()
            guard let next = input.peek() else { return (field, true) }
            if next == delimiterByte {
                advance(next)
                return (field, false)
            }
            if next == Self.lf || next == Self.cr {
                consumeLineEnd()
                return (field, true)
            }
            var rest: [UInt8] = [next]
            input.skip(1)
            try input.ensure()
            while let more = input.peek(), more >= 0x80 && more < 0xC0 { rest.append(more); input.skip(1); try input.ensure() }
            throw CSVError.textAfterClosingQuote(SourcePosition(file: file, line: line, column: column),
                                                 found: String(decoding: rest, as: UTF8.self))
        }
        // Fast path: an unquoted field that ends inside the buffered chunk is decoded straight from the buffer.
        if let (value, scalars) = try input.scanPlainField(delimiter: delimiterByte, { bytes, ascii -> String in
            // ASCII is valid UTF-8 as it is: no validation to run (most cells of a data export are ASCII).
            if ascii { return keep ? String(decoding: bytes, as: UTF8.self) : "" }
            if let text = String(validating: bytes, as: UTF8.self) { return keep ? text : "" }
            fieldBytes.append(contentsOf: bytes)
            return try decode(line: startLine, column: startColumn)
        }) {
            column += scalars
            let field = Field(value: value, line: startLine, column: startColumn)
            if input.peek() == delimiterByte {
                advance(delimiterByte)
                return (field, false)
            }
            consumeLineEnd()
            return (field, true)
        }
        while true {
            try input.ensure()
            guard let byte = input.peek() else {
                return (Field(value: try decode(line: startLine, column: startColumn), line: startLine, column: startColumn), true)
            }
            if byte == 0 { throw CSVError.nulCharacter(SourcePosition(file: file, line: line, column: column)) }
            if byte == delimiterByte {
                advance(byte)
                return (Field(value: try decode(line: startLine, column: startColumn), line: startLine, column: startColumn), false)
            }
            if byte == Self.lf || byte == Self.cr {
                let value = try decode(line: startLine, column: startColumn)
                consumeLineEnd()
                return (Field(value: value, line: startLine, column: startColumn), true)
            }
            advance(byte)
            fieldBytes.append(byte)
        }
    }

    @inline(__always)
    private func advance(_ byte: UInt8) {
        input.skip(1)
        // Columns count scalars: UTF-8 continuation bytes do not start a new one.
        if byte & 0xC0 != 0x80 { column += 1 }
    }

    private func newLine() {
        line += 1
        column = 1
    }

    private func consumeLineEnd() {
        if input.peek() == Self.cr {
            input.skip(1)
            try? input.ensure()
            if input.peek() == Self.lf { input.skip(1) }
        } else {
            input.skip(1)
        }
        newLine()
    }

    private func decode(line: Int, column: Int) throws -> String {
        if let text = fieldBytes.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) {
            return text
        }
        // Find the first offending byte to point at it.
        var scalarColumn = column
        var lineNumber = line
        var index = 0
        while index < fieldBytes.count {
            let length = Self.validSequenceLength(fieldBytes, at: index)
            if length == 0 {
                let byte = String(fieldBytes[index], radix: 16, uppercase: true)
                throw CSVError.notUTF8(SourcePosition(file: file, line: lineNumber, column: scalarColumn),
                                       detail: "byte 0x\(byte); Latin-1 or Windows-1252 text perhaps")
            }
            if fieldBytes[index] == Self.lf { lineNumber += 1; scalarColumn = 1 } else { scalarColumn += 1 }
            index += length
        }
        throw CSVError.notUTF8(SourcePosition(file: file, line: line, column: column), detail: "malformed text")
    }

    /// Whether `bytes` (fewer than four) could begin a well-formed UTF-8 sequence that goes on past them.
    static func validPrefix(_ bytes: [UInt8]) -> Bool {
        guard let lead = bytes.first else { return false }
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return false
        }
        return bytes.count < length && bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
    }

    /// Length of the well-formed UTF-8 sequence at `index`, or 0 when it is malformed.
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        let candidate = Array(bytes[index..<index + length])
        return String(validating: candidate, as: UTF8.self) == nil ? 0 : length
    }
}

/// A file read in fixed-size chunks, with one-byte look-ahead across chunk boundaries.
struct ChunkedInput {
    private var handle: FileHandle?
    private var buffer: [UInt8]
    private var index = 0
    private var exhausted: Bool
    private let file: String
    private var consumedBefore = 0
    private var size = 0
    private static let chunkSize = 1 << 20
    /// When the file is UTF-16: its byte order, and the bytes of a code unit or surrogate pair cut by a chunk's end.
    private var utf16: (littleEndian: Bool, carry: [UInt8], offset: Int)?
    /// Whether the file is read as Windows-1252, each chunk converted to UTF-8 as it is read.
    private var windows1252 = false
    /// Whether the file may still be Windows-1252: every byte so far was ASCII (which both encodings read alike).
    private var undecided = true
    /// The start of a UTF-8 sequence cut by the last chunk's end, while undecided.
    private var cutSequence: [UInt8] = []
    private var byteOrderMark = false

    /// The encoding read so far.
    var encoding: TextEncoding {
        if let utf16 { return utf16.littleEndian ? .utf16LittleEndian : .utf16BigEndian }
        return windows1252 ? .windows1252 : byteOrderMark ? .utf8WithBOM : .utf8
    }

    init(handle: FileHandle, file: String) {
        self.handle = handle
        self.buffer = []
        self.exhausted = false
        self.file = file
        if let end = try? handle.seekToEnd() {
            size = Int(end)
            try? handle.seek(toOffset: 0)
        }
    }

    init(bytes: [UInt8], file: String) {
        self.handle = nil
        self.buffer = bytes
        self.exhausted = true
        self.file = file
        self.undecided = false
    }

    var isAtEnd: Bool { index >= buffer.count && exhausted }

    var fractionRead: Double { size > 0 ? min(1, Double(consumedBefore + index) / Double(size)) : 0 }

    /// Reads until at least `count` bytes are buffered ahead, or the file ends.
    mutating func fill(_ count: Int = 4) throws {
        while buffer.count - index < count, !exhausted {
            try readChunk()
        }
    }

    @inline(__always)
    mutating func ensure() throws {
        if index >= buffer.count, !exhausted { try readChunk() }
    }

    private mutating func readChunk() throws {
        guard let handle else { exhausted = true; return }
        let data: Data?
        do {
            data = try handle.read(upToCount: Self.chunkSize)
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw CSVError.cannotRead(file: file, reason: Sentence(verbatim: underlying.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription))
        }
        if index > 0 {
            buffer.removeFirst(index)
            consumedBefore += index
            index = 0
        }
        if let data, !data.isEmpty {
            if utf16 != nil {
                try appendUTF16(Array(data))
            } else {
                if undecided { decideEncoding(data, first: consumedBefore == 0 && buffer.isEmpty) }
                if windows1252 { Self.appendWindows1252(data, to: &buffer) } else { buffer.append(contentsOf: data) }
            }
        } else {
            if let carry = utf16?.carry, !carry.isEmpty {
                throw CSVError.cannotRead(file: file, reason: "the UTF-16 text ends in the middle of a character")
            }
            exhausted = true
            try? handle.close()
            self.handle = nil
        }
    }

    /// Decides, on the first bytes that are not ASCII, whether the file is UTF-8 or Windows-1252: a file whose
    /// first such bytes are well-formed UTF-8 is UTF-8 (a later malformed byte is then an error, at its place);
    /// otherwise Windows-1252 from its first byte on (so far it was ASCII, which both read alike). A byte-order
    /// mark, or UTF-16 without one, decides at once (the reader converts UTF-16 itself).
    private mutating func decideEncoding(_ data: Data, first: Bool) {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if first {
                let start = Array(bytes.prefix(64))
                if start.starts(with: [0xEF, 0xBB, 0xBF]) { byteOrderMark = true; undecided = false; return }
                if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF])
                    || ChunkedInput(bytes: start, file: file).utf16WithoutBOM() != nil { undecided = false; return }
            }
            guard let firstHigh = Self.firstNonASCII(bytes) else {
                cutSequence = []
                return
            }
            // The first non-ASCII sequence decides: after a sequence the last chunk cut, or at this chunk's first
            // non-ASCII byte.
            let judged = cutSequence.isEmpty ? Array(bytes[firstHigh..<min(bytes.count, firstHigh + 4)]) : cutSequence + Array(bytes.prefix(4))
            cutSequence = []
            if CSVReader.validSequenceLength(judged, at: 0) > 0 {
                undecided = false
            } else if judged.count < 4, CSVReader.validPrefix(judged) {
                // Cut by the chunk's end: judged with the next chunk.
                cutSequence = judged
            } else {
                windows1252 = true
                undecided = false
            }
        }
    }

    /// The index of the first byte ≥ 0x80, eight bytes at a time.
    private static func firstNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = 0
        let raw = UnsafeRawPointer(base)
        while i + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & highBits != 0 { break }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }

    /// Windows-1252's 0x80–0x9F as Unicode scalars; the five bytes it leaves undefined keep their Latin-1 (C1) value.
    static let windows1252High: [UInt16] = [0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
                                             0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178]

    /// Appends `data`, read as Windows-1252, to `buffer` as UTF-8 (written in place: at most three bytes each).
    static func appendWindows1252(_ data: Data, to buffer: inout [UInt8]) {
        data.withUnsafeBytes { raw in
            let input = raw.bindMemory(to: UInt8.self)
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: input.count * 3))
            let end = buffer.withUnsafeMutableBufferPointer { output -> Int in
                var out = start
                for byte in input {
                    if byte < 0x80 {
                        output[out] = byte
                        out += 1
                    } else if byte >= 0xA0 {
                        output[out] = 0xC0 | byte >> 6
                        output[out + 1] = 0x80 | byte & 0x3F
                        out += 2
                    } else {
                        let scalar = windows1252High[Int(byte - 0x80)]
                        if scalar < 0x800 {
                            output[out] = UInt8(0xC0 | scalar >> 6)
                            output[out + 1] = UInt8(0x80 | scalar & 0x3F)
                            out += 2
                        } else {
                            output[out] = UInt8(0xE0 | scalar >> 12)
                            output[out + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                            output[out + 2] = UInt8(0x80 | scalar & 0x3F)
                            out += 3
                        }
                    }
                }
                return out
            }
            buffer.removeLast(buffer.count - end)
        }
    }

    /// From here on, reads the file as UTF-16 in `littleEndian` or big-endian order, converting it to UTF-8 as it
    /// is read; what is already buffered (after `skipping` bytes of byte-order mark) is converted now.
    mutating func decodeUTF16(littleEndian: Bool, skipping: Int) throws {
        let raw = Array(buffer[(index + skipping)...])
        buffer.removeAll(keepingCapacity: true)
        consumedBefore += index + skipping
        utf16 = (littleEndian, [], index + skipping)
        index = 0
        try appendUTF16(raw)
    }

    private mutating func appendUTF16(_ bytes: [UInt8]) throws {
        guard var state = utf16 else { return }
        let all = state.carry + bytes
        // The file offset of `all`'s first byte, for pointing at a bad code unit.
        let offset = state.offset
        var units: [UInt16] = []
        units.reserveCapacity(all.count / 2)
        var i = 0
        while i + 1 < all.count {
            units.append(state.littleEndian ? UInt16(all[i]) | UInt16(all[i + 1]) << 8 : UInt16(all[i]) << 8 | UInt16(all[i + 1]))
            i += 2
        }
        var keep = Array(all[i...])
        // A high surrogate at the end waits for its partner in the next chunk.
        if let last = units.last, (0xD800...0xDBFF).contains(last) {
            units.removeLast()
            keep = (state.littleEndian ? [UInt8(last & 0xFF), UInt8(last >> 8)] : [UInt8(last >> 8), UInt8(last & 0xFF)]) + keep
        }
        state.carry = keep
        state.offset = offset + all.count - keep.count
        utf16 = state
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { output.append($0) }
        if failed {
            // The first unit that is a surrogate without its partner.
            var bad = 0
            while bad < units.count {
                let unit = units[bad]
                if (0xD800...0xDBFF).contains(unit), bad + 1 < units.count, (0xDC00...0xDFFF).contains(units[bad + 1]) { bad += 2; continue }
                if (0xD800...0xDFFF).contains(unit) { break }
                bad += 1
            }
            throw CSVError.cannotRead(file: file, reason: "it is not valid UTF-16 text (a lone surrogate at byte \(offset + 2 * bad))")
        }
        buffer.append(contentsOf: output)
    }

    @inline(__always)
    func peek() -> UInt8? {
        index < buffer.count ? buffer[index] : nil
    }

    @inline(__always)
    mutating func skip(_ count: Int) {
        index += count
    }

    /// Splits the record at the read position in one pass when it is a plain line: it ends (LF, or CR LF) inside
    /// the buffered chunk and holds only ASCII without quotes, NUL or other CRs — what data exports mostly are
    /// (a Tobii export's million rows of 95 columns). Each field's column is then its byte offset. Consumes
    /// nothing and returns false otherwise: the field-by-field reader takes the line, with every check.
    mutating func plainASCIIRecord(delimiter: UInt8, keep: [Bool]?, line: Int, into fields: inout [Field]) -> Bool {
        let start = index
        let next: Int? = buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, start < bytes.count,
                  let found = memchr(base + start, 10, bytes.count - start) else { return nil }
            let lineFeed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var end = lineFeed
            if end > start, bytes[end - 1] == 13 { end -= 1 }
            let raw = UnsafeRawPointer(base)
            // Eight bytes at a time: none may have its high bit set, nor be NUL, a quote or a CR.
            var i = start
            #if _endian(little)
            while i + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & Self.highBits != 0 || Self.hasByte(word, 0) || Self.hasByte(word, 34) || Self.hasByte(word, 13) { return nil }
                i += 8
            }
            #endif
            while i < end {
                let byte = bytes[i]
                if byte >= 0x80 || byte == 34 || byte == 0 || byte == 13 { return nil }
                i += 1
            }
            // The fields, written over the last record's (no per-field teardown of a cleared array).
            var count = 0
            func field(_ from: Int, _ to: Int) {
                let kept = keep.map { count < $0.count && $0[count] } ?? true
                let value = kept ? String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) : ""
                let made = Field(value: value, line: line, column: from - start + 1)
                if count < fields.count { fields[count] = made } else { fields.append(made) }
                count += 1
            }
            var fieldStart = start
            i = start
            #if _endian(little)
            // Delimiters found eight bytes at a time: every byte is ASCII here, so adding 0x7F to each byte of
            // `word ^ delimiters` carries into its high bit exactly when it is not the delimiter.
            let delimiters = UInt64(delimiter) &* 0x0101_0101_0101_0101
            while i + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ delimiters
                var found = ~(word &+ Self.lowBits) & Self.highBits
                while found != 0 {
                    let at = i + found.trailingZeroBitCount / 8
                    field(fieldStart, at)
                    fieldStart = at + 1
                    found &= found &- 1
                }
                i += 8
            }
            #endif
            while i < end {
                if bytes[i] == delimiter {
                    field(fieldStart, i)
                    fieldStart = i + 1
                }
                i += 1
            }
            field(fieldStart, end)
            if fields.count > count { fields.removeLast(fields.count - count) }
            return lineFeed + 1
        }
        guard let next else { return false }
        index = next
        return true
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Whether a byte of `word` (all of them ASCII) is `byte`.
    @inline(__always)
    private static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        ~((word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)) &+ lowBits) & highBits != 0
    }

    /// The bytes of an unquoted field up to (not including) the next delimiter or line end, when that end lies
    /// in the buffered chunk; `nil` otherwise (the caller then reads byte by byte). Also counts its scalars.
    /// `body` gets the bytes where they lie in the buffer (no copy, no reference taken per field) and makes the value.
    @inline(__always)
    mutating func scanPlainField<Value>(delimiter: UInt8, _ body: (UnsafeBufferPointer<UInt8>, _ ascii: Bool) throws -> Value) rethrows
        -> (Value, scalars: Int)? {
        let start = index
        let found: (end: Int, scalars: Int, high: UInt8)? = buffer.withUnsafeBufferPointer { bytes in
            var i = start
            var scalars = 0
            var high: UInt8 = 0
            let count = bytes.count
            while i < count {
                let byte = bytes[i]
                if byte == 0 { return nil }  // the byte-by-byte path reports it with its position
                if byte == delimiter || byte == 10 || byte == 13 { return (i, scalars, high) }
                high |= byte
                if byte & 0xC0 != 0x80 { scalars += 1 }
                i += 1
            }
            return nil
        }
        guard let found else { return nil }
        index = found.end
        let value = try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<found.end]), found.high < 0x80) }
        return (value, found.scalars)
    }

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

/// A table's records as the importing layer hands them to the store: read from a file (or made in memory), each
/// field with its position for messages. The store never opens a file or looks at a header's names; it reads
/// records from one of these, by the column indices the importing layer found.
public protocol RecordSource: AnyObject {
    /// The name messages give the table (the file as the user typed it).
    var file: String { get }
    var header: [Field] { get }
    func next() throws -> Record?
    func position(of field: Field) -> SourcePosition
    /// How much of the table has been read, 0–1 (for progress).
    var fractionRead: Double { get }
}

extension RecordSource {
    /// Every remaining record.
    public func readAll() throws -> [Record] {
        var records: [Record] = []
        while let record = try next() { records.append(record) }
        return records
    }
}

extension CSVReader: RecordSource {}
