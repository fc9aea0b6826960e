import Foundation

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
