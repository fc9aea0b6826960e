import Foundation
import StudyStore
import Surveys
import Tabular

extension StudyDatabase {
    /// Imports categories from a CSV: name, origin (a reference or `emergent`), definition, optional theme.
    public func importCategories(from path: String, delimiter: Delimiter? = nil) throws -> Int {
        let reader = try CSVReader(path: path, delimiter: delimiter)
        let columns = try HeaderMatcher(reader).fields(ColumnNames.category)
        guard columns["name"] != nil else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "no category column (category, categoria, name, or Taguette's tag)")])
        }
        return try storeCategories(reader, columns: columns, records: try reader.readAll())
    }

    /// Imports codes from a CSV: participant, excerpt and/or in-vivo code, category; optional coder, memo, and
    /// columns named like participant attributes (e.g. level), which are checked against the participant.
    public func importCodes(from path: String, coder: String? = nil, descriptive: Bool = false, delimiter: Delimiter? = nil) throws -> CodeImportSummary {
        let reader = try CSVReader(path: path, delimiter: delimiter)
        let header = HeaderMatcher(reader)
        let columns = try header.fields(ColumnNames.code)
        // Other columns named like an attribute of the study (level) are checked against each row's participant.
        let attributes = try attributeDefinitions()
        var attributeColumns: [(index: Int, name: String)] = []
        for index in reader.header.indices where !columns.values.contains(index) {
            if let attribute = attributes.first(where: { StudyText.key($0.name) == StudyText.key(reader.header[index].value) }) {
                attributeColumns.append((index, attribute.name))
            }
        }
        return try storeCodes(reader, columns: columns, attributeColumns: attributeColumns, records: try reader.readAll(),
                              coder: coder, descriptive: descriptive)
    }
}
