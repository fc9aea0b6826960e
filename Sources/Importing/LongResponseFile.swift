import Foundation
import StudyStore
import Surveys
import Wording
import Tabular

extension StudyDatabase {
    /// Imports answers in long format (one row per answer): the columns are found here, every row is read into a
    /// `LongRow` (`LongRowReader`: item numbers and answers), and the store checks and stores the rows, streamed, in
    /// one transaction (`storeLongResponses`).
    public func importLongResponses(from path: String, sheet: String? = nil, options: LongResponseImportOptions = .init()) throws -> ResponseImportSummary {
        let reader = try TableFile(path: path, delimiter: options.delimiter, sheet: sheet).open()
        let columns = try HeaderMatcher(reader).fields(ColumnNames.longResponse)
        let (participant, item, value) = (columns["participant"], columns["item"], columns["value"])
        let missing = [("participant", participant), ("item", item), ("value", value)].filter { $0.1 == nil }.map(\.0)
            + (columns["instrument"] == nil && options.instrument == nil ? ["instrument (or --instrument)"] : [])
        guard let participant, let item, let value, missing.isEmpty else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "no \(missing.joined(separator: ", ")) column; a long file has columns participant, instrument, item, value")])
        }
        let found = LongColumns(participant: participant, item: item, value: value, instrument: columns["instrument"], task: columns["task"])
        var rows = LongRowReader(reader, columns: found, instrument: options.instrument, orientation: options.orientation,
                                 stored: try instrumentDefinitions())
        var summary = try storeLongResponses(reading: &rows, options: options.storing)
        summary.reading = [TableFile.reading(reader)]
        return summary
    }
}
