import Foundation
import Tabular
import Wording

/// The one door every table import reads through: a CSV file (any delimiter, UTF-8, UTF-16 or Windows-1252), an
/// Excel workbook (`.xlsx`) or an OpenDocument spreadsheet (`.ods`), told apart by their first bytes, not their
/// names. What comes out is rows of cell text, each field with its `file:line:column` (or `file:Sheet!C5`).
public struct TableFile: Sendable {
    public var path: String
    public var delimiter: Delimiter?
    /// A workbook's sheet, by name or number from 1 (default: the first); refused for a CSV file.
    public var sheet: String?

    public init(path: String, delimiter: Delimiter? = nil, sheet: String? = nil) {
        self.path = path
        self.delimiter = delimiter
        self.sheet = sheet
    }

    /// Why `--sheet` was refused.
    public struct SheetOfText: Error, WordedError, LocalizedError {
        public let file: String
        public var sentence: Sentence { "\(file) is a text file, not a workbook; leave out --sheet" }
        public var errorDescription: String? { sentence.description }
    }

    /// Opens the table, reading a CSV file's header (or a workbook's sheet whole).
    public func open() throws -> RecordSource {
        if let kind = try Workbook.kind(path: path, file: path) {
            return try Workbook.table(path: path, file: path, kind: kind, sheet: sheet)
        }
        let suffix = (path as NSString).pathExtension.lowercased()
        if ["xlsx", "xlsm", "ods"].contains(suffix), FileManager.default.fileExists(atPath: path) {
            throw Workbook.Problem.misnamed(file: path, ods: suffix == "ods")
        }
        if sheet != nil { throw SheetOfText(file: path) }
        return try CSVReader(path: path, delimiter: delimiter)
    }

    /// Opens the table again for a second pass, as the first reading found it (a CSV's delimiter).
    func reopen(_ first: RecordSource) throws -> RecordSource {
        if let reader = first as? CSVReader { return try CSVReader(path: path, delimiter: reader.delimiter, displayName: reader.file) }
        return try open()
    }

    /// What was read, for the import's output: "Read novos.xlsx: sheet 'Respostas' of an Excel workbook." or
    /// "Read respostas.csv as Windows-1252 (Latin-1) text, fields separated by ';'." Said once the table is read
    /// (a CSV file's encoding is known at its end).
    public static func reading(_ source: RecordSource) -> Sentence {
        if let table = source as? WorkbookTable {
            return table.kind == .ods
                ? "Read \(table.file): sheet '\(table.sheet)' of an OpenDocument spreadsheet."
                : "Read \(table.file): sheet '\(table.sheet)' of an Excel workbook."
        }
        if let reader = source as? CSVReader {
            return reader.delimiter == .tab
                ? "Read \(reader.file) as \(reader.encoding.name) text, fields separated by tabs."
                : "Read \(reader.file) as \(reader.encoding.name) text, fields separated by \(reader.delimiter.shown)."
        }
        return "Read \(source.file)."
    }
}
