import Foundation
import Tabular

/// A table already in memory (rows an import made from another; a workbook's sheet is a `WorkbookTable`), handed to the store like a
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
