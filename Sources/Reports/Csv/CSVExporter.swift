import Foundation
import Tabular

/// Writes each study table as a tidy CSV file (UTF-8, comma, decimal point) for R or SPSS.
public enum CSVExporter {
    /// Returns the files written.
    @discardableResult
    public static func write(_ snapshot: StudySnapshot, to folder: String) throws -> [String] {
        let base = URL(fileURLWithPath: folder)
        do {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        } catch {
            throw ReportError.cannotWrite(path: folder, reason: error.localizedDescription)
        }
        var written: [String] = []
        for table in StudyTables.make(snapshot) {
            var writer = CSVWriter()
            writer.writeRow(table.columns)
            for row in table.rows { writer.writeRow(row.map(\.csv)) }
            let url = base.appendingPathComponent(table.file + ".csv")
            do {
                try Data(writer.text.utf8).write(to: url, options: .atomic)
            } catch {
                throw ReportError.cannotWrite(path: url.path, reason: error.localizedDescription)
            }
            written.append(url.path)
        }
        return written
    }
}
