import Foundation
import Tabular

/// Writes each study table as a tidy CSV file (UTF-8, comma, decimal point) for R or SPSS.
public enum CSVExporter {
    /// Returns the files written.
    @discardableResult
    ///
    /// All files are written into a temporary folder beside `folder` and moved in only when every one is complete.
    /// With `excelSafe`, a text cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`,
    /// tab or carriage return) gets a leading apostrophe (OWASP "CSV injection"); numbers are never touched.
    public static func write(_ snapshot: StudySnapshot, to folder: String, excelSafe: Bool = false) throws -> [String] {
        let tables = StudyTables.make(snapshot)
        return try AtomicOutput.folder(folder) { temporary in
            for table in tables {
                var writer = CSVWriter()
                writer.writeRow(table.columns)
                for row in table.rows { writer.writeRow(row.map { excelSafe ? $0.excelSafeCSV : $0.csv }) }
                let path = temporary + "/" + table.file + ".csv"
                guard FileManager.default.createFile(atPath: path, contents: Data(writer.text.utf8)) else {
                    throw ReportError.cannotWrite(path: folder + "/" + table.file + ".csv", reason: String(cString: strerror(errno)))
                }
            }
            return tables.map { URL(fileURLWithPath: folder).appendingPathComponent($0.file + ".csv").path }
        }
    }
}
