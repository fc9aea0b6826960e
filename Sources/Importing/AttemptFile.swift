import Foundation
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

extension StudyDatabase {
    /// Imports a task log, one attempt per row: the columns are found here — `--map` first, then each field's usual
    /// names (`ColumnNames.attempt`), then the study's conditions by name — each row's cells are read into an
    /// `AttemptRow` (`AttemptRowReader`), and the store checks the rows against the study and stores them in one
    /// transaction (`storeAttempts`).
    public func importAttempts(from path: String, sheet: String? = nil, options: AttemptImportOptions = .init()) throws -> AttemptImportSummary {
        let reader = try TableFile(path: path, delimiter: options.delimiter, sheet: sheet).open()
        let header = HeaderMatcher(reader)
        let records = try reader.readAll()
        let factors = try self.factors()
        var problems: [StoreError.Problem] = []
        var columns: [String: Int] = [:]
        var factorColumns: [String: Int] = [:]
        let knownFields = Set(ColumnNames.attempt.map(\.field))
        for (field, column) in options.map.sorted(by: { $0.key < $1.key }) {
            guard let index = header.index(of: column) else {
                problems.append(.init(location: "--map \(field)=\(column)", message: "no column '\(column)'; the columns are \(header.listing)"))
                continue
            }
            if knownFields.contains(field.lowercased()) {
                columns[field.lowercased()] = index
            } else if let factor = factors.first(where: { StudyText.key($0.name) == StudyText.key(field) }) {
                factorColumns[factor.name] = index
            } else {
                problems.append(.init(location: "--map \(field)=\(column)",
                                      message: "'\(field)' is neither a field (\(ColumnNames.attempt.map { "'\($0.field)'" }.joined(separator: ", "))) nor a condition of the study"
                                        + (factors.isEmpty ? "" : " (\(factors.map(\.name).joined(separator: ", ")))")))
            }
        }
        let taken = { (index: Int) in columns.values.contains(index) || factorColumns.values.contains(index) }
        for (field, names) in ColumnNames.attempt where columns[field] == nil {
            if let index = header.index(ofAny: names), !taken(index) { columns[field] = index }
        }
        for factor in factors where factorColumns[factor.name] == nil {
            if let index = header.index(of: factor.name), !taken(index) { factorColumns[factor.name] = index }
        }
        if columns["task"] == nil && columns["title"] == nil {
            problems.append(.init(location: "\(reader.file):1", message: "no task column; name it with --map task=COLUMN (or a task-name column with --map title=COLUMN)"))
        }
        for required in ["participant"] where columns[required] == nil {
            problems.append(.init(location: "\(reader.file):1", message: "no \(required) column; name it with --map \(required)=COLUMN"))
        }
        if columns["time"] == nil && columns["errors"] == nil && columns["outcome"] == nil {
            problems.append(.init(location: "\(reader.file):1", message: "no time, errors or outcome column; name them with --map time=COLUMN,errors=COLUMN"))
        }
        if let trial = options.trial, let index = columns["trial"] {
            problems.append(.init(location: "--trial \(trial)", message: "the file gives each row's trial in column '\(header.header[index].value)'; leave out --trial"))
        }
        if options.replace && options.trial == nil && columns["trial"] == nil {
            problems.append(.init(location: "--replace", message: "replaces stored trials, so it needs each row's trial: a trial column, or --trial N"))
        }
        if records.isEmpty { problems.append(.init(location: "\(reader.file):1", message: "the file has a header row but no attempts")) }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        let rows = AttemptRowReader(file: reader.file, header: reader.header, records: records, columns: columns,
                                    factorColumns: factorColumns, factors: factors)
        var summary = try storeAttempts(rows, file: reader.file, header: reader.header.map(\.value), columns: columns, factorColumns: factorColumns,
                                        options: options.storing)
        summary.reading = [TableFile.reading(reader)]
        return summary
    }
}
