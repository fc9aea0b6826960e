import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Tabular
import ZIPFoundation

/// A table already in memory (an Excel sheet, or rows an import made from another), handed to the store like a
/// file: each field keeps the row and column it came from (`file:row:column`).
final class MemoryTable: RecordSource {
    let file: String
    let header: [Field]
    private var records: [Record]
    private var index = 0

    init(file: String, header: [Field], records: [Record]) {
        self.file = file
        self.header = header
        self.records = records
    }

    func next() throws -> Record? {
        guard index < records.count else { return nil }
        index += 1
        return records[index - 1]
    }

    func position(of field: Field) -> SourcePosition { SourcePosition(file: file, line: field.line, column: field.column) }

    var fractionRead: Double { records.isEmpty ? 1 : Double(index) / Double(records.count) }
}

/// The first sheet of an Excel workbook (`.xlsx`, ECMA-376 SpreadsheetML) as rows of text: shared and inline
/// strings, numbers as written, blank cells empty. Enough for a codebook a researcher keeps in Excel (MAXQDA's
/// "Code | Memo" import table); formulas are read as their cached value.
enum XLSXSheet {
    struct Problem: Error, LocalizedError {
        var message: String
        var errorDescription: String? { message }
    }

    static func table(path: String, displayName: String) throws -> MemoryTable {
        guard FileManager.default.fileExists(atPath: path) else { throw Problem(message: "\(displayName) does not exist") }
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            throw Problem(message: "\(displayName) is not an Excel workbook (.xlsx is a ZIP file)")
        }
        func read(_ name: String) throws -> Data? {
            guard let entry = archive[name] else { return nil }
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            return data
        }
        let shared = try read("xl/sharedStrings.xml").map(SharedStrings.read) ?? []
        guard let sheet = try read("xl/worksheets/sheet1.xml") else { throw Problem(message: "\(displayName) has no first sheet") }
        let reader = SheetReader(shared: shared)
        let parser = XMLParser(data: sheet)
        parser.delegate = reader
        guard parser.parse() else { throw Problem(message: "\(displayName): the first sheet cannot be read") }
        let rows = reader.rows.sorted { $0.key < $1.key }
        guard let first = rows.first else { throw Problem(message: "\(displayName): the first sheet is empty") }
        let width = rows.map { ($0.value.keys.max() ?? 0) + 1 }.max() ?? 0
        func fields(_ row: Int, _ cells: [Int: String]) -> [Field] {
            (0..<width).map { Field(value: cells[$0] ?? "", line: row, column: $0 + 1) }
        }
        return MemoryTable(file: displayName, header: fields(first.key, first.value),
                           records: rows.dropFirst().map { Record(fields: fields($0.key, $0.value), line: $0.key) })
    }

    /// `sharedStrings.xml`: each `si`'s text (its `t` runs joined).
    final class SharedStrings: NSObject, XMLParserDelegate {
        var strings: [String] = []
        var current: String?
        var inText = false
        static func read(_ data: Data) -> [String] {
            let reader = SharedStrings()
            let parser = XMLParser(data: data)
            parser.delegate = reader
            _ = parser.parse()
            return reader.strings
        }
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "si" { current = "" }
            if name == "t" { inText = true }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "t" { inText = false }
            if name == "si" { strings.append(current ?? ""); current = nil }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { current? += string } }
    }

    /// `sheet1.xml`: row number → column index → text.
    final class SheetReader: NSObject, XMLParserDelegate {
        let shared: [String]
        var rows: [Int: [Int: String]] = [:]
        var row = 0
        var column = 0
        var type = ""
        var value = ""
        var inValue = false
        init(shared: [String]) { self.shared = shared }

        static func columnIndex(_ reference: String) -> Int {
            var index = 0
            for scalar in reference.unicodeScalars where scalar.value >= 65 && scalar.value <= 90 { index = index * 26 + Int(scalar.value - 64) }
            return index - 1
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "row": row = Int(attributes["r"] ?? "") ?? row + 1; column = -1
            case "c":
                column = attributes["r"].map(Self.columnIndex) ?? column + 1
                type = attributes["t"] ?? ""
                value = ""
            case "v", "t": inValue = true
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "v", "t": inValue = false
            case "c":
                let text = type == "s" ? (Int(value).flatMap { $0 < shared.count ? shared[$0] : nil } ?? "") : value
                if !text.isEmpty { rows[row, default: [:]][column] = text }
            default: break
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inValue { value += string } }
    }
}
