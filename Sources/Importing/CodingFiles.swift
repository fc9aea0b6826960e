import Foundation
import QualCoding
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

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
            columns["theme"] = reader.header.count
            records = Self.unfoldPaths(records, name: nameIndex)
        }
        return try storeCategories(records.map { Self.categoryRow($0, name: nameIndex, columns: columns) }, table: SourceTable(reader))
    }

    /// A codebook row read: the name trimmed, the origin (emergent without an origin column), the definition and
    /// the theme trimmed.
    static func categoryRow(_ record: Tabular.Record, name: Int, columns: [String: Int]) -> CategoryRow {
        func trimmed(_ column: Int?) -> String? {
            column.map { record.fields[$0].value.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let originField = columns["origin"].map { SourceCell(record.fields[$0]) }
        let theme = columns["theme"].flatMap { column in trimmed(column).map { (field: SourceCell(record.fields[column]), name: $0) } }
        return CategoryRow(field: SourceCell(record.fields[name]), name: record.fields[name].value.trimmingCharacters(in: .whitespaces), line: record.line,
                           origin: originField.map { CategoryOrigin(parsing: $0.value) } ?? .emergent, originField: originField,
                           definition: trimmed(columns["definition"]), theme: theme)
    }

    /// "A > B > C" or "A\B\C" → ["A", "B", "C"]; nil for a plain name.
    static func pathParts(of name: String) -> [String]? {
        for separator in [">", "\\"] where name.contains(separator) {
            let parts = name.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count > 1, !parts.contains(where: \.isEmpty) { return parts }
        }
        return nil
    }

    /// Rows whose name is a path become a row for the last part with the one before as its theme (in a column
    /// added after the last), each parent not listed getting a row of its own first (at the line that named it).
    static func unfoldPaths(_ records: [Tabular.Record], name nameIndex: Int) -> [Tabular.Record] {
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
        return unfolded
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
        let records = try reader.readAll()
        var problems: [StoreError.Problem] = []
        for required in ["participant", "category"] where columns[required] == nil {
            problems.append(.init(location: "\(reader.file):1", message: "no \(required) column"))
        }
        if columns["code"] == nil && columns["excerpt"] == nil {
            problems.append(.init(location: "\(reader.file):1", message: "no code or excerpt column (in_vivo_code, code, excerpt)"))
        }
        if records.isEmpty { problems.append(.init(location: "\(reader.file):1", message: "the file has a header row but no codes")) }
        guard let participant = columns["participant"], let category = columns["category"], problems.isEmpty else {
            throw StoreError.invalidInput(problems)
        }
        let rows = records.map { record in
            Self.codeRow(record, participant: participant, category: category, columns: columns, attributeColumns: attributeColumns)
        }
        var summary = try storeCodes(rows, table: SourceTable(reader), coder: coder, descriptive: descriptive)
        let names = reader.header
        let used = Set(columns.values).union(attributeColumns.map(\.index))
        summary.columns = columns.mapValues { names[$0].value }
            .merging(Dictionary(uniqueKeysWithValues: attributeColumns.map { ($0.name, names[$0.index].value) })) { a, _ in a }
        summary.ignored = names.indices.filter { !used.contains($0) }.map { names[$0].value }
        return summary
    }

    /// A codes row read: every cell trimmed (empty ones `nil`), the code or else the excerpt, and the cells of the
    /// attribute columns that hold something.
    static func codeRow(_ record: Tabular.Record, participant: Int, category: Int, columns: [String: Int],
                        attributeColumns: [(index: Int, name: String)]) -> CodeRow {
        func value(_ field: String) -> String? {
            columns[field].map { record.fields[$0].value.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let attributes = attributeColumns.compactMap { index, name -> (field: SourceCell, name: String, given: String)? in
            let given = record.fields[index].value.trimmingCharacters(in: .whitespaces)
            return given.isEmpty ? nil : (SourceCell(record.fields[index]), name, given)
        }
        return CodeRow(participantField: SourceCell(record.fields[participant]),
                       participant: record.fields[participant].value.trimmingCharacters(in: .whitespaces), attributes: attributes,
                       code: value("code") ?? value("excerpt"), excerpt: value("excerpt"), category: value("category"),
                       categoryField: SourceCell(record.fields[category]), coder: value("coder"), memo: value("memo"))
    }
}
