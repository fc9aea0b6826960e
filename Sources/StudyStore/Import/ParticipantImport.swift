import Foundation
import GRDB
import Surveys
import Tabular

/// How to read a participants CSV.
public struct ParticipantImportOptions: Sendable {
    /// The column holding participant codes; the first column when `nil`.
    public var codeColumn: String?
    /// The field separator; detected from the header row when `nil`.
    public var delimiter: Delimiter?
    /// Update participants that already exist instead of refusing them.
    public var update: Bool
    /// Accept codes that look like another participant's (TR39 skeleton) instead of refusing them.
    public var allowConfusable: Bool

    public init(codeColumn: String? = nil, delimiter: Delimiter? = nil, update: Bool = false, allowConfusable: Bool = false) {
        self.codeColumn = codeColumn
        self.delimiter = delimiter
        self.update = update
        self.allowConfusable = allowConfusable
    }
}

extension StudyDatabase {
    /// Imports participants from a CSV file: one code column, every other column an attribute.
    ///
    /// All or nothing: every problem in the file (bad codes, duplicates, non-numbers in a numeric attribute) is
    /// reported with its `file:line:column`, and then nothing is stored. A column becomes a numeric attribute when
    /// every value in it is a number (decimal point or comma), a text attribute otherwise; an attribute the study
    /// already has keeps its type.
    public func importParticipants(from path: String, options: ParticipantImportOptions = .init()) throws -> ParticipantImportSummary {
        let reader = try CSVReader(path: path, delimiter: options.delimiter)
        let records = try reader.readAll()
        let header = reader.header
        func at(_ field: Field) -> String { reader.position(of: field).description }

        var problems: [StoreError.Problem] = []
        let codeIndex: Int
        if let name = options.codeColumn {
            guard let index = header.firstIndex(where: { $0.value.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw StoreError.invalidInput([.init(
                    location: "\(reader.file):1:1",
                    message: "no column '\(name)' in the header; columns are " + header.map { "'\($0.value)'" }.joined(separator: ", "))])
            }
            codeIndex = index
        } else {
            codeIndex = 0
        }
        let attributeColumns = header.indices.filter { $0 != codeIndex }
        for index in attributeColumns {
            if let reason = ParticipantNaming.problem(withAttributeName: header[index].value) {
                problems.append(.init(location: at(header[index]), message: "column name '\(header[index].value)': \(reason)"))
            }
        }
        if records.isEmpty {
            problems.append(.init(location: "\(reader.file):\(header.first?.line ?? 1)",
                                  message: "the file has a header row but no participants"))
        }

        return try write { db in
            var seen: [String: Int] = [:]
            var skeletons: [String: (code: String, line: Int)] = [:]
            var existing: [String: Int64] = [:]
            for record in records {
                let field = record.fields[codeIndex]
                let code = field.value.trimmingCharacters(in: .whitespaces)
                if let reason = ParticipantNaming.problem(withCode: code) {
                    problems.append(.init(location: at(field), message: "participant code '\(field.value)': \(reason)"))
                    continue
                }
                if let first = seen[code.lowercased()] {
                    problems.append(.init(location: at(field), message: "participant \(code) appears twice (first on line \(first))"))
                    continue
                }
                seen[code.lowercased()] = record.line
                let skeleton = Confusables.skeleton(code)
                if !options.allowConfusable {
                    if let earlier = skeletons[skeleton], earlier.code.lowercased() != code.lowercased() {
                        problems.append(.init(location: at(field), message: "participant code '\(code)' looks the same as '\(earlier.code)' on line \(earlier.line) "
                            + "(\(StoreError.scalars(code)) vs \(StoreError.scalars(earlier.code))); rerun with --allow-confusable if they are different people"))
                        continue
                    }
                    skeletons[skeleton] = (code, record.line)
                    if let other = try Self.lookAlike(db, code: code, skeleton: skeleton) {
                        problems.append(.init(location: at(field), message: "participant code '\(code)' looks the same as the existing participant \(other) "
                            + "(\(StoreError.scalars(code)) vs \(StoreError.scalars(other))); rerun with --allow-confusable if they are different people"))
                        continue
                    }
                }
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [code]) {
                    if options.update {
                        existing[code.lowercased()] = id
                    } else {
                        problems.append(.init(location: at(field),
                                              message: "participant \(code) is already in the study; rerun with --update to update existing participants"))
                    }
                }
            }

            var notes: [String] = []
            var columnTypes: [Int: AttributeType] = [:]
            for index in attributeColumns {
                let name = header[index].value
                let cells = records.map { $0.fields[index] }.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
                let firstText = cells.first { NumberParser.parse($0.value) == nil }
                let firstKept = cells.first { NumberParser.losesDigits($0.value) }
                switch try Self.attributeType(db, name) {
                case .number?:
                    columnTypes[index] = .number
                    for cell in cells where NumberParser.parse(cell.value) == nil {
                        problems.append(.init(location: at(cell),
                                              message: "attribute '\(name)' holds numbers in this study; '\(cell.value)' is not a number"))
                    }
                    for cell in cells where NumberParser.losesDigits(cell.value) {
                        problems.append(.init(location: at(cell),
                                              message: "attribute '\(name)' holds numbers in this study; '\(cell.value)' would lose its leading zeros or sign; write it as a plain number"))
                    }
                case .text?:
                    columnTypes[index] = .text
                case nil:
                    if let firstText, cells.contains(where: { NumberParser.parse($0.value) != nil }) {
                        notes.append("column '\(name)' is stored as text because '\(firstText.value)' at \(at(firstText)) is not a number")
                    }
                    if firstText == nil, let firstKept {
                        notes.append("column '\(name)' is stored as text because '\(firstKept.value)' at \(at(firstKept)) has leading zeros or a sign a number would lose")
                    }
                    columnTypes[index] = cells.isEmpty || firstText != nil || firstKept != nil ? .text : .number
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }

            var names: [Int: String] = [:]
            for index in attributeColumns {
                names[index] = try Self.declareAttribute(db, name: header[index].value, type: columnTypes[index]!)
            }
            let insert = try db.cachedStatement(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)")
            let now = Timestamp.now()
            var added = 0
            for record in records {
                let code = record.fields[codeIndex].value.trimmingCharacters(in: .whitespaces)
                let id: Int64
                if let known = existing[code.lowercased()] {
                    id = known
                } else {
                    try insert.execute(arguments: [code, now, Confusables.skeleton(code)])
                    id = db.lastInsertedRowID
                    added += 1
                }
                for index in attributeColumns {
                    let raw = record.fields[index].value.trimmingCharacters(in: .whitespaces)
                    guard !raw.isEmpty else { continue }
                    let value: AttributeValue = columnTypes[index] == .number ? .number(NumberParser.parse(raw)!) : .text(raw)
                    try Self.storeValue(db, participantID: id, attribute: names[index]!, value: value)
                }
            }
            let definitions = try Self.attributeDefinitions(db)
            let imported = Set(names.values.map { $0.lowercased() })
            return ParticipantImportSummary(
                added: added, updated: existing.count,
                attributes: definitions.filter { imported.contains($0.name.lowercased()) },
                notes: notes)
        }
    }
}
