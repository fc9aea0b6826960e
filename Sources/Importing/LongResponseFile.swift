import Foundation
import StudyStore
import Surveys
import Wording
import Tabular

extension StudyDatabase {
    /// Imports answers in long format (one row per answer): the columns are found here, the store checks and
    /// stores the rows, streamed, in one transaction (`storeLongResponses`).
    public func importLongResponses(from path: String, sheet: String? = nil, options: LongResponseImportOptions = .init()) throws -> ResponseImportSummary {
        let reader = try TableFile(path: path, delimiter: options.delimiter, sheet: sheet).open()
        let columns = try HeaderMatcher(reader).fields(ColumnNames.longResponse)
        var missing: [String] = []
        for field in ["participant", "item", "value"] where columns[field] == nil { missing.append(field) }
        if columns["instrument"] == nil && options.instrument == nil { missing.append("instrument (or --instrument)") }
        guard missing.isEmpty else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "no \(missing.joined(separator: ", ")) column; a long file has columns participant, instrument, item, value")])
        }
        var summary = try storeLongResponses(reader, columns: columns, options: options)
        summary.reading = [TableFile.reading(reader)]
        return summary
    }
}
