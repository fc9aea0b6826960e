import Foundation
import StudyStore
import Surveys
import Wording
import Tabular

extension StudyDatabase {
    /// Imports categories from a CSV or an Excel workbook (`.xlsx`, its first sheet): name, origin (a reference or
    /// `emergent`), definition, optional theme — or the columns other tools write: Taguette's `tag, description`,
    /// MAXQDA's `Code | Memo` with subcodes as a path ("Usabilidade > Navegação", or with "\"), whose parents
    /// become categories too.
    public func importCategories(from path: String, delimiter: Delimiter? = nil) throws -> Int {
        let reader = try TableFile(path: path, delimiter: delimiter).open()
        let matcher = HeaderMatcher(reader)
        var columns = try matcher.fields(ColumnNames.category)
        // MAXQDA: "Code" holds the path, "Memo" the definition.
        if columns["name"] == nil, let code = matcher.index(of: "code") {
            columns["name"] = code
            if columns["definition"] == nil, let memo = matcher.index(of: "memo") { columns["definition"] = memo }
        }
        guard let nameIndex = columns["name"] else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "no category column (category, categoria, name, Taguette's tag or MAXQDA's Code)")])
        }
        var records = try reader.readAll()
        if columns["theme"] == nil, records.contains(where: { Self.pathParts(of: $0.fields[nameIndex].value) != nil }) {
            (columns, records) = Self.unfoldPaths(records, columns: columns, width: reader.header.count)
        }
        return try storeCategories(reader, columns: columns, records: records)
    }

    /// "A > B > C" or "A\B\C" → ["A", "B", "C"]; nil for a plain name.
    static func pathParts(of name: String) -> [String]? {
        for separator in [">", "\\"] where name.contains(separator) {
            let parts = name.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count > 1, !parts.contains(where: \.isEmpty) { return parts }
        }
        return nil
    }

    /// Rows whose name is a path become a row for the last part with the one before as its theme, each parent not
    /// listed getting a row of its own first (at the line that named it).
    static func unfoldPaths(_ records: [Tabular.Record], columns: [String: Int], width: Int) -> ([String: Int], [Tabular.Record]) {
        let nameIndex = columns["name"]!
        var columns = columns
        let themeIndex = width
        columns["theme"] = themeIndex
        var listed = Set(records.map { pathParts(of: $0.fields[nameIndex].value)?.last ?? $0.fields[nameIndex].value.trimmingCharacters(in: .whitespaces) }.map(StudyText.key))
        var unfolded: [Tabular.Record] = []
        for record in records {
            let nameField = record.fields[nameIndex]
            let parts = pathParts(of: nameField.value) ?? [nameField.value.trimmingCharacters(in: .whitespaces)]
            for (depth, part) in parts.enumerated() {
                let isLast = depth == parts.count - 1
                guard isLast || !listed.contains(StudyText.key(part)) else { continue }
                listed.insert(StudyText.key(part))
                var fields = isLast ? record.fields : record.fields.map { Field(value: "", line: $0.line, column: $0.column) }
                fields[nameIndex] = Field(value: part, line: nameField.line, column: nameField.column)
                fields.append(Field(value: depth == 0 ? "" : parts[depth - 1], line: nameField.line, column: nameField.column))
                unfolded.append(Tabular.Record(fields: fields, line: record.line))
            }
        }
        return (columns, unfolded)
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
