import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Tabular
import Wording
import ZIPFoundation

/// A sheet of a spreadsheet workbook as a table: an Excel workbook (`.xlsx`, ECMA-376 SpreadsheetML, what
/// Microsoft Forms exports) or an OpenDocument spreadsheet (`.ods`, what LibreOffice saves). No reader of either
/// is among the packages studyctl may use, so the ZIP is opened with ZIPFoundation and the XML read here, keeping
/// only what a table of answers needs: shared and inline strings, numbers (as Excel shows them, 15 significant
/// digits), booleans (`TRUE`, `FALSE`), and dates — an xlsx number under a date format, an ods date cell — as
/// ISO 8601 (`2026-11-18T17:34:56`). Formulas are read as their cached value. Each field keeps its row and column,
/// which messages show as the sheet does (`file:Sheet!C5`).
enum Workbook {
    enum Kind: String { case xlsx, ods }

    /// Why a workbook could not be read. Every case names the file.
    enum Problem: Error, WordedError, LocalizedError {
        case notWorkbook(file: String)
        case legacyExcel(file: String)
        case unreadable(file: String, part: String)
        case noSheet(file: String, wanted: String, sheets: [String])
        case emptySheet(file: String, sheet: String)
        /// Named as a workbook (`.xlsx`, `.ods`) but no ZIP file.
        case misnamed(file: String, ods: Bool)
        /// A formula cell saved without its result (what a program such as openpyxl writes): its value is unknown
        /// until a spreadsheet computes it.
        case formulaWithoutResult(SourcePosition)

        var errorDescription: String? { sentence.description }
        var sentence: Sentence {
            switch self {
            case let .notWorkbook(file):
                return "\(file): the file is a ZIP archive but neither an Excel workbook (.xlsx) nor an OpenDocument spreadsheet (.ods)"
            case let .legacyExcel(file):
                return "\(file): the file is an Excel 97–2003 workbook (.xls) or a password-protected one; save it as .xlsx (without a password) or as CSV UTF-8"
            case let .unreadable(file, part):
                return "\(file): the workbook's part \(part) cannot be read; open the file in a spreadsheet and save it again"
            case let .noSheet(file, wanted, sheets):
                let names = sheets.map { "'\($0)'" }.joined(separator: ", ")
                return sheets.count == 1
                    ? "\(file): no sheet '\(wanted)'; the workbook has one sheet, \(names)"
                    : "\(file): no sheet '\(wanted)'; the workbook has \(sheets.count) sheets: \(names)"
            case let .misnamed(file, ods):
                return ods ? "\(file) is not an OpenDocument spreadsheet (.ods is a ZIP file)" : "\(file) is not an Excel workbook (.xlsx is a ZIP file)"
            case let .formulaWithoutResult(position):
                return "\(position): formula without a stored result: open and save the workbook in Excel or LibreOffice first"
            case let .emptySheet(file, sheet):
                return "\(file): sheet '\(sheet)' is empty; expected a header row followed by data rows"
            }
        }
    }

    /// What kind of workbook the file at `path` is, from its first bytes (a ZIP holding `xl/workbook.xml` or an
    /// OpenDocument spreadsheet's `mimetype`), or nil when it is no ZIP file. Refuses the binary `.xls`.
    static func kind(path: String, file: String) throws -> Kind? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        let start = (try? handle.read(upToCount: 8)) ?? nil
        try? handle.close()
        guard let start, start.count >= 4 else { return nil }
        if Array(start.prefix(8)) == [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] { throw Problem.legacyExcel(file: file) }
        guard Array(start.prefix(4)) == [0x50, 0x4B, 0x03, 0x04] else { return nil }
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch { throw Problem.notWorkbook(file: file) }
        if archive["xl/workbook.xml"] != nil { return .xlsx }
        if let entry = archive["mimetype"] {
            var data = Data()
            _ = try? archive.extract(entry) { data.append($0) }
            if String(decoding: data, as: UTF8.self).hasPrefix("application/vnd.oasis.opendocument.spreadsheet") { return .ods }
        }
        if archive["content.xml"] != nil { return .ods }
        throw Problem.notWorkbook(file: file)
    }

    /// The sheet `sheet` names (its name, or its number from 1), else the first, as a table whose first non-empty
    /// row is the header.
    static func table(path: String, file: String, kind: Kind, sheet wanted: String?) throws -> WorkbookTable {
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch { throw Problem.notWorkbook(file: file) }
        func read(_ name: String) throws -> Data? {
            guard let entry = archive[name] else { return nil }
            var data = Data()
            do { _ = try archive.extract(entry) { data.append($0) } } catch { throw Problem.unreadable(file: file, part: name) }
            return data
        }
        func parse(_ data: Data, part: String, with delegate: XMLParserDelegate) throws {
            // Through a stream: libxml2 refuses a document handed over in one chunk past 10 MB (`XMLParser(data:)`).
            let parser = XMLParser(stream: InputStream(data: data))
            parser.delegate = delegate
            guard parser.parse() else { throw Problem.unreadable(file: file, part: part) }
        }
        func choose(_ names: [String]) throws -> Int {
            guard !names.isEmpty else { throw Problem.emptySheet(file: file, sheet: "1") }
            guard let wanted else { return 0 }
            if let exact = names.firstIndex(of: wanted) { return exact }
            if let folded = names.firstIndex(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) { return folded }
            if let number = Int(wanted), (1...names.count).contains(number) { return number - 1 }
            throw Problem.noSheet(file: file, wanted: wanted, sheets: names)
        }
        let cells: [Int: [Int: String]]
        let sheetName: String
        switch kind {
        case .xlsx:
            guard let workbookXML = try read("xl/workbook.xml") else { throw Problem.notWorkbook(file: file) }
            let workbook = XLSXWorkbook()
            try parse(workbookXML, part: "xl/workbook.xml", with: workbook)
            let relations = XLSXRelations()
            if let rels = try read("xl/_rels/workbook.xml.rels") { try parse(rels, part: "xl/_rels/workbook.xml.rels", with: relations) }
            let index = try choose(workbook.sheets.map(\.name))
            sheetName = workbook.sheets[index].name
            var target = relations.targets[workbook.sheets[index].relation] ?? "worksheets/sheet\(index + 1).xml"
            target = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
            let shared = SharedStrings()
            if let strings = try read("xl/sharedStrings.xml") { try parse(strings, part: "xl/sharedStrings.xml", with: shared) }
            let styles = XLSXStyles()
            if let stylesXML = try read("xl/styles.xml") { try parse(stylesXML, part: "xl/styles.xml", with: styles) }
            guard let sheetXML = try read(target) else { throw Problem.unreadable(file: file, part: target) }
            let reader = XLSXSheetReader(shared: shared.strings, dateStyles: styles.dateStyles, date1904: workbook.date1904)
            try parse(sheetXML, part: target, with: reader)
            if let cell = reader.formulaWithoutResult {
                throw Problem.formulaWithoutResult(SourcePosition(file: file, line: cell.row, column: cell.column + 1, sheet: sheetName))
            }
            cells = reader.rows
        case .ods:
            let contentPart = "content.xml"
            guard let content = try read(contentPart) else { throw Problem.unreadable(file: file, part: contentPart) }
            let names = ODSSheetNames()
            try parse(content, part: contentPart, with: names)
            let index = try choose(names.names)
            sheetName = names.names[index]
            let reader = ODSSheetReader(table: index)
            try parse(content, part: contentPart, with: reader)
            cells = reader.rows
        }
        return try WorkbookTable(file: file, sheet: sheetName, kind: kind, cells: cells)
    }

    /// A number as Excel shows it in a General cell: at most 15 significant digits, no trailing zeros.
    static func shown(_ text: String) -> String {
        guard let value = Double(text), value.isFinite else { return text }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let formatted = String(format: "%.15g", value)
        return formatted
    }

    /// An Excel date serial (days since 1899-12-30, or since 1904-01-01) as ISO 8601: a date, a time of day, or both.
    static func isoDate(serial: Double, date1904: Bool, hasDate: Bool, hasTime: Bool) -> String {
        let totalSeconds = Int64((serial * 86_400).rounded())
        var days = Int(totalSeconds.quotientAndRemainder(dividingBy: 86_400).quotient)
        var seconds = Int(totalSeconds - Int64(days) * 86_400)
        if seconds < 0 { seconds += 86_400; days -= 1 }
        let time = String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        if !hasDate, serial < 1 { return time }
        // Days since 1970-01-01 to a civil date (Hinnant's civil_from_days).
        let z = days + (date1904 ? 24_107 : 25_569) * -1 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let date = String(format: "%04d-%02d-%02d", year, month, day)
        return hasTime || seconds != 0 ? date + "T" + time : date
    }

    /// Whether a number format shows a date or a time: a date built-in (14–22, 45–47, and the East Asian 27–36,
    /// 50–58; ECMA-376 Part 1, 18.8.30) or a format code with y, m, d, h or s outside quotes, brackets and escapes.
    static func dateFormat(id: Int, code: String?) -> (date: Bool, time: Bool)? {
        switch id {
        case 14...17: return (true, false)
        case 18...21, 45...47: return (false, true)
        case 22: return (true, true)
        case 27...36, 50...58: return (true, false)
        default: break
        }
        guard let code else { return nil }
        var plain = ""
        var inQuote = false, inBracket = false, escaped = false
        for character in code.lowercased() {
            if escaped { escaped = false; continue }
            if inQuote { if character == "\"" { inQuote = false }; continue }
            if inBracket { if character == "]" { inBracket = false }; continue }
            switch character {
            case "\"": inQuote = true
            case "[": inBracket = true
            case "\\", "_", "*": escaped = true
            default: plain.append(character)
            }
        }
        // Only the first section (positive numbers) tells.
        let section = plain.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? plain
        let date = section.contains("y") || section.contains("d") || (section.contains("m") && !section.contains("h") && !section.contains("s"))
        let time = section.contains("h") || section.contains("s")
        return date || time ? (date, time) : nil
    }

    // MARK: - xlsx parts

    /// `xl/workbook.xml`: the sheets in order (name, relationship id) and the 1904 date system flag.
    final class XLSXWorkbook: NSObject, XMLParserDelegate {
        var sheets: [(name: String, relation: String)] = []
        var date1904 = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if local(name) == "sheet" {
                sheets.append((attributes["name"] ?? "Sheet\(sheets.count + 1)", attributes.first { local($0.key) == "id" }?.value ?? ""))
            } else if local(name) == "workbookPr", let flag = attributes["date1904"] {
                date1904 = flag == "1" || flag == "true"
            }
        }
    }

    /// `xl/_rels/workbook.xml.rels`: relationship id → part path.
    final class XLSXRelations: NSObject, XMLParserDelegate {
        var targets: [String: String] = [:]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if local(name) == "Relationship", let id = attributes["Id"], let target = attributes["Target"] { targets[id] = target }
        }
    }

    /// `xl/styles.xml`: which cell formats (`cellXfs`, by index) show dates or times.
    final class XLSXStyles: NSObject, XMLParserDelegate {
        var codes: [Int: String] = [:]
        var formats: [Int] = []
        var inCellFormats = false
        var dateStyles: [Int: (date: Bool, time: Bool)] {
            var styles: [Int: (date: Bool, time: Bool)] = [:]
            for (index, id) in formats.enumerated() { if let kind = Workbook.dateFormat(id: id, code: codes[id]) { styles[index] = kind } }
            return styles
        }
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch local(name) {
            case "numFmt": if let id = attributes["numFmtId"].flatMap(Int.init) { codes[id] = attributes["formatCode"] ?? "" }
            case "cellXfs": inCellFormats = true
            case "xf" where inCellFormats: formats.append(attributes["numFmtId"].flatMap(Int.init) ?? 0)
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if local(name) == "cellXfs" { inCellFormats = false }
        }
    }

    /// `sharedStrings.xml`: each `si`'s text (its `t` runs joined; phonetic runs left out).
    final class SharedStrings: NSObject, XMLParserDelegate {
        var strings: [String] = []
        var current: String?
        var inText = false
        var inPhonetic = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch local(name) {
            case "si": current = ""
            case "t": inText = true
            case "rPh": inPhonetic = true
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch local(name) {
            case "t": inText = false
            case "rPh": inPhonetic = false
            case "si": strings.append(current ?? ""); current = nil
            default: break
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText && !inPhonetic { current? += string } }
    }

    /// A worksheet: row number → column index (from 0) → text.
    final class XLSXSheetReader: NSObject, XMLParserDelegate {
        let shared: [String]
        let dateStyles: [Int: (date: Bool, time: Bool)]
        let date1904: Bool
        var rows: [Int: [Int: String]] = [:]
        var row = 0
        var column = -1
        var type = ""
        var style = 0
        var value = ""
        var inValue = false
        var inPhonetic = false
        var hasFormula = false
        /// The first formula cell without a cached result (row, column from 0).
        var formulaWithoutResult: (row: Int, column: Int)?

        init(shared: [String], dateStyles: [Int: (date: Bool, time: Bool)], date1904: Bool) {
            self.shared = shared
            self.dateStyles = dateStyles
            self.date1904 = date1904
        }

        static func columnIndex(_ reference: String) -> Int {
            var index = 0
            for scalar in reference.unicodeScalars where scalar.value >= 65 && scalar.value <= 90 { index = index * 26 + Int(scalar.value - 64) }
            return index - 1
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch local(name) {
            case "row": row = Int(attributes["r"] ?? "") ?? row + 1; column = -1
            case "c":
                column = attributes["r"].map(Self.columnIndex) ?? column + 1
                type = attributes["t"] ?? ""
                style = attributes["s"].flatMap(Int.init) ?? 0
                value = ""
                hasFormula = false
            case "f": hasFormula = true
            case "v": inValue = true
            case "t" where type == "inlineStr": inValue = true
            case "rPh": inPhonetic = true
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch local(name) {
            case "v", "t": inValue = false
            case "rPh": inPhonetic = false
            case "c":
                // A formula whose result is an empty string is stored as type `str` with an empty value; any other
                // formula without a value was never computed.
                if hasFormula, value.isEmpty, type != "str", type != "inlineStr", column >= 0, formulaWithoutResult == nil {
                    formulaWithoutResult = (row, column)
                }
                let text: String
                switch type {
                case "s": text = Int(value).flatMap { $0 >= 0 && $0 < shared.count ? shared[$0] : nil } ?? ""
                case "b": text = value == "1" ? "TRUE" : value == "0" ? "FALSE" : value
                case "inlineStr", "str", "e", "d": text = value
                default:
                    if let kind = dateStyles[style], let serial = Double(value) {
                        text = Workbook.isoDate(serial: serial, date1904: date1904, hasDate: kind.date, hasTime: kind.time)
                    } else {
                        text = Workbook.shown(value)
                    }
                }
                if !text.isEmpty, column >= 0 { rows[row, default: [:]][column] = text }
            default: break
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inValue && !inPhonetic { value += string } }
    }

    // MARK: - ods parts

    /// `content.xml`'s sheets, in order.
    final class ODSSheetNames: NSObject, XMLParserDelegate {
        var names: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "table:table" { names.append(attributes["table:name"] ?? "Sheet\(names.count + 1)") }
        }
    }

    /// One sheet of `content.xml` (OpenDocument 1.3, 9.1): rows and cells with their repeat counts, each cell's
    /// value by its `office:value-type`.
    final class ODSSheetReader: NSObject, XMLParserDelegate {
        /// Repeats past these are blank formatting to the sheet's edge, never answers.
        static let maxRepeatedRows = 100_000, maxRepeatedColumns = 1_024
        let table: Int
        var tableIndex = -1
        var inTable = false
        var rows: [Int: [Int: String]] = [:]
        var row = 0
        var rowRepeat = 1
        var rowCells: [Int: String] = [:]
        var column = 0
        var cellRepeat = 1
        var cellValue: String?
        var text = ""
        var paragraphs = 0
        var inParagraph = 0

        init(table: Int) { self.table = table }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "table:table" {
                tableIndex += 1
                inTable = tableIndex == table
                return
            }
            guard inTable else { return }
            switch name {
            case "table:table-row":
                rowRepeat = max(1, attributes["table:number-rows-repeated"].flatMap(Int.init) ?? 1)
                rowCells = [:]
                column = 0
            case "table:table-cell", "table:covered-table-cell":
                cellRepeat = max(1, attributes["table:number-columns-repeated"].flatMap(Int.init) ?? 1)
                text = ""
                paragraphs = 0
                switch attributes["office:value-type"] ?? "" {
                case "float", "percentage", "currency": cellValue = attributes["office:value"].map(Workbook.shown)
                case "date": cellValue = attributes["office:date-value"]
                case "time": cellValue = attributes["office:time-value"].map(Self.time)
                case "boolean": cellValue = attributes["office:boolean-value"].map { $0 == "true" ? "TRUE" : "FALSE" }
                case "string": cellValue = attributes["office:string-value"]
                default: cellValue = nil
                }
            case "text:p", "text:h":
                if paragraphs > 0 { text += "\n" }
                paragraphs += 1
                inParagraph += 1
            case "text:s": if inParagraph > 0 { text += String(repeating: " ", count: max(1, attributes["text:c"].flatMap(Int.init) ?? 1)) }
            case "text:tab": if inParagraph > 0 { text += "\t" }
            case "text:line-break": if inParagraph > 0 { text += "\n" }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "table:table" { inTable = false; return }
            guard inTable else { return }
            switch name {
            case "text:p", "text:h": inParagraph -= 1
            case "table:table-cell", "table:covered-table-cell":
                let value = cellValue ?? text
                if !value.isEmpty {
                    for offset in 0..<min(cellRepeat, Self.maxRepeatedColumns) { rowCells[column + offset] = value }
                }
                column += cellRepeat
            case "table:table-row":
                row += 1
                if !rowCells.isEmpty {
                    for offset in 0..<min(rowRepeat, Self.maxRepeatedRows) { rows[row + offset] = rowCells }
                }
                row += rowRepeat - 1
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { if inTable, inParagraph > 0 { text += string } }

        /// `PT17H34M56S` (an ISO 8601 duration, how ODF writes a time of day) as `17:34:56`.
        static func time(_ duration: String) -> String {
            var hours = 0, minutes = 0, seconds = 0.0
            var number = ""
            for character in duration.uppercased().drop(while: { $0 == "P" || $0 == "T" }) {
                switch character {
                case "H": hours = Int(number) ?? 0; number = ""
                case "M": minutes = Int(number) ?? 0; number = ""
                case "S": seconds = Double(number) ?? 0; number = ""
                case "T", "P": number = ""
                default: number.append(character)
                }
            }
            return String(format: "%02d:%02d:%02d", hours, minutes, Int(seconds.rounded(.down)))
        }
    }
}

/// A name without its namespace prefix (`x:sheet` → `sheet`): workbooks written by other tools than Excel prefix
/// SpreadsheetML's elements.
private func local(_ name: String) -> String {
    guard let colon = name.lastIndex(of: ":") else { return name }
    return String(name[name.index(after: colon)...])
}

/// A workbook's sheet as a table, handed to the imports like a CSV file: its first non-empty row is the header
/// (names trimmed; an empty or repeated name refused as a CSV's is), blank rows are skipped, each field keeps the
/// row and column it came from.
final class WorkbookTable: RecordSource {
    let file: String
    let sheet: String
    let kind: Workbook.Kind
    let header: [Field]
    private var records: [Record]
    private var index = 0

    init(file: String, sheet: String, kind: Workbook.Kind, cells: [Int: [Int: String]]) throws {
        self.file = file
        self.sheet = sheet
        self.kind = kind
        let rows = cells.sorted { $0.key < $1.key }.filter { !$0.value.values.allSatisfy(Cell.isBlank) }
        guard let first = rows.first else { throw Workbook.Problem.emptySheet(file: file, sheet: sheet) }
        var width = (first.value.keys.max() ?? 0) + 1
        // Trailing empty header cells (a column of stray formatting) are no columns; a table may start right of A.
        while width > 0, (first.value[width - 1] ?? "").trimmingCharacters(in: .whitespaces).isEmpty { width -= 1 }
        let start = first.value.filter { !Cell.isBlank($0.value) }.keys.min() ?? 0
        var names: [Field] = []
        var seen: [String: Int] = [:]
        for column in start..<width {
            let name = (first.value[column] ?? "").trimmingCharacters(in: .whitespaces)
            let position = SourcePosition(file: file, line: first.key, column: column + 1, sheet: sheet)
            if name.isEmpty { throw CSVError.emptyHeader(position) }
            if let earlier = seen[name] { throw CSVError.duplicateHeader(position, name: name, firstColumn: earlier) }
            seen[name] = column + 1
            names.append(Field(value: name, line: first.key, column: column + 1))
        }
        header = names
        records = []
        for (row, values) in rows.dropFirst() {
            if let stray = values.filter({ ($0.key >= width || $0.key < start) && !Cell.isBlank($0.value) }).min(by: { $0.key < $1.key }) {
                throw CSVError.extraFields(SourcePosition(file: file, line: row, column: stray.key + 1, sheet: sheet), expected: width - start,
                                           found: width - start + 1, value: stray.value)
            }
            records.append(Record(fields: (start..<width).map { Field(value: values[$0] ?? "", line: row, column: $0 + 1) }, line: row))
        }
    }

    func next() throws -> Record? {
        guard index < records.count else { return nil }
        index += 1
        return records[index - 1]
    }

    func position(of field: Field) -> SourcePosition { SourcePosition(file: file, line: field.line, column: field.column, sheet: sheet) }

    var fractionRead: Double { records.isEmpty ? 1 : Double(index) / Double(records.count) }
}
