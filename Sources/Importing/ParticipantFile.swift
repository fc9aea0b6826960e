import Foundation
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

extension StudyDatabase {
    /// Imports participants from a CSV file: one code column (the first, or `options.codeColumn`), every other
    /// column an attribute. The file is read twice, each time streamed: here, to check every column name at the
    /// study's door and learn what each column holds (a column is numeric only if every cell is); then, once the
    /// store has decided each column's type, into `ParticipantRow`s (`ParticipantRowReader`), which the store
    /// checks against the study and stores in one transaction (`storeParticipants`).
    public func importParticipants(from path: String, sheet: String? = nil, options: ParticipantImportOptions = .init()) throws -> ParticipantImportSummary {
        try importParticipants(from: path, sheet: sheet, options: options, platform: nil).summary
    }

    /// Imports participants as `importParticipants(from:options:)` does, from a survey platform's export too
    /// (`platform`, else recognised from the header rows): the respondent id is the code unless
    /// `options.codeColumn` names another column, and the platform's meta columns are no attributes.
    public func importParticipants(from path: String, sheet: String? = nil, options: ParticipantImportOptions, platform: SurveyPlatform?) throws
        -> (summary: ParticipantImportSummary, reading: PlatformReading) {
        let keep = [options.codeColumn].compactMap { $0 }
        let file = TableFile(path: path, delimiter: options.delimiter, sheet: sheet)
        let table = try SurveyExports.open(file, from: platform, keep: keep)
        let reader = table.source
        let matcher = HeaderMatcher(reader)
        let codeIndex = try options.codeColumn.map { name -> Int in
            guard let index = matcher.index(of: table.header(for: name)) else {
                throw StoreError.invalidInput([.init(location: "\(reader.file):1:1", message: "no column '\(name)' in the header; columns are \(matcher.listing)")])
            }
            return index
        } ?? table.respondent ?? 0
        var columns = try ParticipantColumns.named(reader, excluding: codeIndex)
        var reading = table.reading
        if reading.platform != .plain {
            // A platform's start and submission times describe the response, not the participant; its question
            // columns headed by a text longer than an attribute name are answers, not attributes. Both are left
            // out and listed.
            let limit = NameKind.attributeName.limit
            let dropped = columns.filter { column in
                [table.submitted, table.started].contains(column.index)
                    || reader.header[column.index].value.trimmingCharacters(in: .whitespaces).unicodeScalars.count > limit
            }
            for column in dropped where !reading.leftOut.contains(reader.header[column.index].value) {
                reading.leftOut.append(reader.header[column.index].value)
            }
            columns.removeAll { column in dropped.contains { $0.index == column.index } }
        }
        var records = 0
        while let record = try reader.next() {
            records += 1
            for index in columns.indices where columns[index].name != nil {
                let cell = record.fields[columns[index].index]
                guard !Cell.isBlank(cell.value) else { continue }
                columns[index].contents.add(cell)
            }
        }
        let second: RecordSource = table.reading.platform == .plain
            ? try file.reopen(ReplayedSource.underlying(reader))
            : try SurveyExports.open(file, from: table.reading.platform, keep: keep).source
        var summary = try storeParticipants(SourceTable(second), columns: columns, records: records, options: options.storing, reading: { reading in
            ParticipantRowReader(second, codeIndex: codeIndex, columns: columns, reading: reading)
        })
        summary.reading = [TableFile.reading(ReplayedSource.underlying(reader))]
        return (summary, reading)
    }
}

/// The attribute columns of a participants file, each name through the study's door (`StudyText.name`): a name
/// the study would refuse, or two columns that are one name (case, or accents typed two ways), is a problem at its
/// `file:line:column`, reported with the rest of the file's.
enum ParticipantColumns {
    static func named(_ source: RecordSource, excluding codeIndex: Int) throws -> [ParticipantColumn] {
        var columns: [ParticipantColumn] = []
        var seen: [String: Field] = [:]
        for index in source.header.indices where index != codeIndex {
            let field = source.header[index]
            let at = source.position(of: field).description
            do {
                let name = try StudyText.name(field.value, as: .attributeName)
                if let first = seen[StudyText.key(name)] {
                    columns.append(ParticipantColumn(index: index, name: nil, problem: .init(location: Sentence(verbatim: at),
                        message: "column name '\(field.value)' is the same attribute as column '\(first.value)' at \(source.position(of: first))"), contents: .init()))
                } else {
                    seen[StudyText.key(name)] = field
                    columns.append(ParticipantColumn(index: index, name: name, problem: nil, contents: .init()))
                }
            } catch {
                columns.append(ParticipantColumn(index: index, name: nil, problem: .init(location: Sentence(verbatim: at), message: "column name '\(field.value)': \(error.reason)"),
                                                 contents: .init()))
            }
        }
        return columns
    }
}
