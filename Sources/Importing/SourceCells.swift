import StudyStore
import Surveys
import Tabular

// The store takes cells and tables as plain values (`SourceCell`, `SourceTable`); a table read here hands them over
// with its own way of writing a cell's place.

extension SourceCell {
    /// The cell as the store takes it: its text, line and column.
    @inlinable
    public init(_ field: Field) {
        self.init(value: field.value, line: field.line, column: field.column)
    }
}

extension SourceTable {
    /// The table as the store's messages name it: its file, header, each cell's place as the table writes it
    /// (`file:line:column`, or `file:Sheet!C5` in a workbook) and how much of it has been read.
    public init(_ source: RecordSource) {
        self.init(file: source.file, header: source.header.map(SourceCell.init),
                  location: { line, column in source.position(of: Field(value: "", line: line, column: column)).description },
                  fractionRead: { source.fractionRead })
    }
}

extension ColumnContents {
    /// Counts one cell of the column in a first pass over the file.
    public mutating func add(_ cell: Field) {
        hasCells = true
        if NumberParser.parse(cell.value) == nil {
            if firstText == nil { firstText = SourceCell(cell) }
        } else {
            hasNumber = true
            if firstKept == nil, NumberParser.losesDigits(cell.value) { firstKept = SourceCell(cell) }
        }
    }
}
