import Foundation
import Wording

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

    var input: ChunkedInput
    let delimiterByte: UInt8
    var line = 1
    var column = 1

    static let quote = UInt8(ascii: "\"")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

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

    // MARK: - Scanning state (the scanning itself is in CSVReader+Tokenizer.swift)

    var fieldBytes: [UInt8] = []
    var recordFields: [Field] = []

    /// When set, only the columns marked `true` get their text; the others come back empty, still checked to be
    /// UTF-8 (a wide export whose reader needs a few of its columns skips building the rest). Columns past the
    /// mask's end are skipped too. The header is read in full either way.
    public var columnsToKeep: [Bool]?
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
