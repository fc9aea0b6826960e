import Foundation
import Results
import Tabular

/// Writes each study table as a tidy CSV file (UTF-8, comma, decimal point) for R or SPSS.
public enum CSVExporter {
    /// Returns the files written.
    @discardableResult
    ///
    /// All files are written into a temporary folder beside `folder` and moved in only when every one is complete.
    /// With `excelSafe`, a text cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`,
    /// tab or carriage return) gets a leading apostrophe (OWASP "CSV injection"); numbers are never touched.
    public static func write(_ snapshot: StudyData, to folder: String, excelSafe: Bool = false) throws -> [String] {
        let tables = StudyTables.make(snapshot)
        return try AtomicOutput.folder(folder) { temporary in
            for table in tables {
                try writeTable(table, to: temporary + "/" + table.id + ".csv", named: folder + "/" + table.id + ".csv", excelSafe: excelSafe)
            }
            return tables.map { URL(fileURLWithPath: folder).appendingPathComponent($0.id + ".csv").path }
        }
    }

    /// Writes one table to `path` (`named` is the path the error names). Rows go out through the C library's buffer
    /// as they come (a streamed table is read from the study meanwhile): the file is never held in memory whole.
    static func writeTable(_ table: ResultTable, to path: String, named: String, excelSafe: Bool = false) throws {
        guard let file = fopen(path, "w") else {
            throw ReportError.cannotWrite(path: named, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        try CSVRenderer.write(table, excelSafe: excelSafe) { bytes in
            let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
            if !written { throw ReportError.cannotWrite(path: named, reason: String(cString: strerror(errno))) }
        }
        guard fflush(file) == 0, ferror(file) == 0 else { throw ReportError.cannotWrite(path: named, reason: String(cString: strerror(errno))) }
    }
}
