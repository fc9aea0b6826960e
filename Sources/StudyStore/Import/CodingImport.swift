import Foundation
import GRDB
import QualCoding
import Surveys
import Wording
import Tabular

/// What a code import stored.
public struct CodeImportSummary: Sendable, Equatable {
    public var codes: Int
    public var excerpts: Int
    public var columns: [String: String]
    public var ignored: [String]
    public var notes: [Sentence]
}

extension StudyDatabase {

    /// Stores the categories of a codebook table the importing layer opened: `columns` holds `name` and, when the
    /// file has them, `origin`, `definition` and `theme`.
    public func storeCategories(_ reader: RecordSource, columns: [String: Int], records: [Tabular.Record]) throws -> Int {
        let nameIndex = columns["name"]!
        let originIndex = columns["origin"]
        let definitionIndex = columns["definition"]
        let themeIndex = columns["theme"]
        return try write { db in
            var problems: [StoreError.Problem] = []
            var seen: [String: Int] = [:]
            for record in records {
                let nameField = record.fields[nameIndex]
                let name = nameField.value.trimmingCharacters(in: .whitespaces)
                if name.isEmpty { problems.append(.init(location: Sentence(verbatim: reader.position(of: nameField).description), message: "the category name is empty")); continue }
                if let first = seen[name.lowercased()] {
                    problems.append(.init(location: Sentence(verbatim: reader.position(of: nameField).description), message: "category '\(name)' appears twice (first on line \(first))"))
                    continue
                }
                seen[name.lowercased()] = record.line
                if try Self.categoryID(db, name) != nil {
                    problems.append(.init(location: Sentence(verbatim: reader.position(of: nameField).description), message: "the codebook already has a category '\(name)'"))
                }
                if let originIndex, CategoryOrigin(parsing: record.fields[originIndex].value) == nil {
                    problems.append(.init(location: Sentence(verbatim: reader.position(of: record.fields[originIndex]).description),
                                          message: "category '\(name)' has no origin; write a reference (e.g. Myllärniemi et al. (2018)) or emergent"))
                }
            }
            if records.isEmpty { problems.append(.init(location: "\(reader.file):1", message: "the file has a header row but no categories")) }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            // Themes may name categories further down the file: insert all, then link.
            for record in records {
                let origin = originIndex.flatMap { CategoryOrigin(parsing: record.fields[$0].value) } ?? .emergent
                let definition = definitionIndex.map { record.fields[$0].value.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
                try Self.insertCategory(db, name: record.fields[nameIndex].value, definition: definition, origin: origin, theme: nil)
            }
            if let themeIndex {
                for record in records {
                    let theme = record.fields[themeIndex].value.trimmingCharacters(in: .whitespaces)
                    guard !theme.isEmpty else { continue }
                    let location = reader.position(of: record.fields[themeIndex]).description
                    guard let parent = try Self.categoryID(db, theme) else {
                        throw StoreError.invalidInput([.init(location: Sentence(verbatim: location), message: "theme '\(theme)' is not a category")])
                    }
                    let child = try Self.categoryID(db, record.fields[nameIndex].value)!
                    if parent == child {
                        throw StoreError.invalidInput([.init(location: Sentence(verbatim: location), message: "category '\(theme)' cannot be its own theme")])
                    }
                    try db.execute(sql: "UPDATE category SET parent_id = ? WHERE id = ?", arguments: [parent, child])
                    if let cycle = try Self.themeCycle(db, from: child) {
                        throw StoreError.invalidInput([.init(location: Sentence(verbatim: location), message: "themes form a circle: \(cycle.joined(separator: " → "))")])
                    }
                }
            }
            return records.count
        }
    }

    /// Stores the codes of a table the importing layer opened, whose columns it found (`columns`: field → index).
    /// Columns named like participant attributes (e.g. level) are checked against the participant. All or
    /// nothing: every bad row is reported with its `file:line:column`.
    public func storeCodes(_ reader: RecordSource, columns: [String: Int], attributeColumns: [(index: Int, name: String)], records: [Tabular.Record], coder: String? = nil,
                           descriptive: Bool = false) throws -> CodeImportSummary {
        let header = reader.header
        return try write { db in
            var problems: [StoreError.Problem] = []
            for required in ["participant", "category"] where columns[required] == nil {
                problems.append(.init(location: "\(reader.file):1", message: "no \(required) column"))
            }
            if columns["code"] == nil && columns["excerpt"] == nil {
                problems.append(.init(location: "\(reader.file):1", message: "no code or excerpt column (in_vivo_code, code, excerpt)"))
            }
            if records.isEmpty { problems.append(.init(location: "\(reader.file):1", message: "the file has a header row but no codes")) }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            let excerptsBefore = try Int.fetchOne(db, sql: "SELECT count(*) FROM excerpt") ?? 0
            var notes: [Sentence] = []
            var stored = 0
            let transcriptScalars = TranscriptScalars()
            for record in records {
                func value(_ field: String) -> String? {
                    columns[field].map { record.fields[$0].value.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
                }
                let participantField = record.fields[columns["participant"]!]
                let location = reader.position(of: participantField).description
                let participant = participantField.value.trimmingCharacters(in: .whitespaces)
                guard try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [participant]) != nil else {
                    problems.append(.init(location: Sentence(verbatim: location), message: participant.isEmpty ? "the participant code is empty" : "no participant '\(participant)' in the study"))
                    continue
                }
                var rowProblems: [StoreError.Problem] = []
                for (index, name) in attributeColumns {
                    let given = record.fields[index].value.trimmingCharacters(in: .whitespaces)
                    guard !given.isEmpty, let stored = try Self.attributeValue(db, participant: participant, attribute: name) else { continue }
                    // A numeric attribute compares numbers (1.50 is 1.5); a text one what was typed.
                    let same = stored.number.map { NumberParser.parse(given) == $0 } ?? (StudyText.composed(given) == stored.display)
                    if !same {
                        rowProblems.append(.init(location: Sentence(verbatim: reader.position(of: record.fields[index]).description),
                                                 message: "participant \(participant) has \(name) = \(stored.display) in the study, but this row says '\(given)'"))
                    }
                }
                let code = value("code") ?? value("excerpt")
                guard let code else {
                    problems.append(.init(location: Sentence(verbatim: location), message: "the row has neither a code nor an excerpt"))
                    continue
                }
                guard let category = value("category") else {
                    problems.append(.init(location: Sentence(verbatim: reader.position(of: record.fields[columns["category"]!]).description), message: "the category is empty"))
                    continue
                }
                guard rowProblems.isEmpty else { problems += rowProblems; continue }
                let entry = CodeEntry(participant: participant, excerpt: value("excerpt"), code: code, categories: [category],
                                      coder: value("coder") ?? coder, memo: value("memo"), descriptive: descriptive)
                do {
                    let result = try Self.insertCode(db, entry, scalars: transcriptScalars)
                    notes += result.notes.map { "\(location): \($0)" }
                    stored += 1
                } catch let error as StoreError {
                    problems.append(.init(location: Sentence(verbatim: location), message: "\(failure: error)"))
                }
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            let excerptsAfter = try Int.fetchOne(db, sql: "SELECT count(*) FROM excerpt") ?? 0
            let used = Set(columns.values).union(attributeColumns.map(\.index))
            return CodeImportSummary(codes: stored, excerpts: excerptsAfter - excerptsBefore,
                                     columns: columns.mapValues { header[$0].value }.merging(Dictionary(uniqueKeysWithValues: attributeColumns.map { ($0.name, header[$0.index].value) })) { a, _ in a },
                                     ignored: header.indices.filter { !used.contains($0) }.map { header[$0].value }, notes: notes)
        }
    }
}
