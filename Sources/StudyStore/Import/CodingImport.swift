import Foundation
import GRDB
import QualCoding
import Surveys
import Tabular

/// What a code import stored.
public struct CodeImportSummary: Sendable, Equatable {
    public var codes: Int
    public var excerpts: Int
    public var columns: [String: String]
    public var ignored: [String]
    public var notes: [String]
}

extension StudyDatabase {
    static let codeFieldNames: [(field: String, names: [String])] = [
        ("participant", ["participant", "participante", "code participant", "usuario"]),
        ("excerpt", ["excerpt", "trecho", "excerto", "transcription", "transcricao", "quote", "citacao"]),
        ("code", ["in_vivo_code", "code", "codigo", "in vivo", "in-vivo", "codigo in vivo", "codigo in-vivo"]),
        ("category", ["category", "categoria"]),
        ("coder", ["coder", "codificador", "codificadora"]),
        ("memo", ["memo", "nota", "note"]),
    ]

    /// Imports categories from a CSV: name, origin (a reference or `emergent`), definition, optional theme.
    public func importCategories(from path: String, delimiter: Delimiter? = nil) throws -> Int {
        let reader = try CSVReader(path: path, delimiter: delimiter)
        let header = reader.header
        let records = try reader.readAll()
        func column(_ names: [String]) -> Int? { header.firstIndex { names.contains(AnswerReader.fold($0.value)) } }
        guard let nameIndex = column(["category", "categoria", "name", "nome"]) else {
            throw StoreError.invalidInput([.init(location: "\(reader.file):1", message: "no category column (category, categoria or name)")])
        }
        let originIndex = column(["origin", "origem", "reference", "referencia", "source", "fonte"])
        let definitionIndex = column(["definition", "definicao", "description", "descricao"])
        let themeIndex = column(["theme", "tema", "parent"])
        return try write { db in
            var problems: [StoreError.Problem] = []
            var seen: [String: Int] = [:]
            for record in records {
                let nameField = record.fields[nameIndex]
                let name = nameField.value.trimmingCharacters(in: .whitespaces)
                if name.isEmpty { problems.append(.init(location: reader.position(of: nameField).description, message: "the category name is empty")); continue }
                if let first = seen[name.lowercased()] {
                    problems.append(.init(location: reader.position(of: nameField).description, message: "category '\(name)' appears twice (first on line \(first))"))
                    continue
                }
                seen[name.lowercased()] = record.line
                if try Self.categoryID(db, name) != nil {
                    problems.append(.init(location: reader.position(of: nameField).description, message: "the codebook already has a category '\(name)'"))
                }
                if let originIndex, CategoryOrigin(parsing: record.fields[originIndex].value) == nil {
                    problems.append(.init(location: reader.position(of: record.fields[originIndex]).description,
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
                        throw StoreError.invalidInput([.init(location: location, message: "theme '\(theme)' is not a category")])
                    }
                    let child = try Self.categoryID(db, record.fields[nameIndex].value)!
                    if parent == child {
                        throw StoreError.invalidInput([.init(location: location, message: "category '\(theme)' cannot be its own theme")])
                    }
                    try db.execute(sql: "UPDATE category SET parent_id = ? WHERE id = ?", arguments: [parent, child])
                    if let cycle = try Self.themeCycle(db, from: child) {
                        throw StoreError.invalidInput([.init(location: location, message: "themes form a circle: " + cycle.joined(separator: " → "))])
                    }
                }
            }
            return records.count
        }
    }

    /// Imports codes from a CSV: participant, excerpt and/or in-vivo code, category; optional coder, memo, and
    /// columns named like participant attributes (e.g. level), which are checked against the participant.
    /// All or nothing: every bad row is reported with its `file:line:column`.
    public func importCodes(from path: String, coder: String? = nil, descriptive: Bool = false, delimiter: Delimiter? = nil) throws -> CodeImportSummary {
        let reader = try CSVReader(path: path, delimiter: delimiter)
        let header = reader.header
        let records = try reader.readAll()
        var columns: [String: Int] = [:]
        for (field, names) in Self.codeFieldNames {
            if let index = header.indices.first(where: { names.contains(AnswerReader.fold(header[$0].value)) && !columns.values.contains($0) }) {
                columns[field] = index
            }
        }
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
            let attributes = try Self.attributeDefinitions(db)
            var attributeColumns: [(index: Int, name: String)] = []
            for index in header.indices where !columns.values.contains(index) {
                if let attribute = attributes.first(where: { $0.name.caseInsensitiveCompare(header[index].value) == .orderedSame }) {
                    attributeColumns.append((index, attribute.name))
                }
            }
            let excerptsBefore = try Int.fetchOne(db, sql: "SELECT count(*) FROM excerpt") ?? 0
            var notes: [String] = []
            var stored = 0
            for record in records {
                func value(_ field: String) -> String? {
                    columns[field].map { record.fields[$0].value.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
                }
                let participantField = record.fields[columns["participant"]!]
                let location = reader.position(of: participantField).description
                let participant = participantField.value.trimmingCharacters(in: .whitespaces)
                guard try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [participant]) != nil else {
                    problems.append(.init(location: location, message: participant.isEmpty ? "the participant code is empty" : "no participant '\(participant)' in the study"))
                    continue
                }
                var rowProblems: [StoreError.Problem] = []
                for (index, name) in attributeColumns {
                    let given = record.fields[index].value.trimmingCharacters(in: .whitespaces)
                    guard !given.isEmpty, let stored = try Self.attributeValue(db, participant: participant, attribute: name) else { continue }
                    if AttributeValue(parsing: given) != stored && given != stored.display {
                        rowProblems.append(.init(location: reader.position(of: record.fields[index]).description,
                                                 message: "participant \(participant) has \(name) = \(stored.display) in the study, but this row says '\(given)'"))
                    }
                }
                let code = value("code") ?? value("excerpt")
                guard let code else {
                    problems.append(.init(location: location, message: "the row has neither a code nor an excerpt"))
                    continue
                }
                guard let category = value("category") else {
                    problems.append(.init(location: reader.position(of: record.fields[columns["category"]!]).description, message: "the category is empty"))
                    continue
                }
                guard rowProblems.isEmpty else { problems += rowProblems; continue }
                let entry = CodeEntry(participant: participant, excerpt: value("excerpt"), code: code, categories: [category],
                                      coder: value("coder") ?? coder, memo: value("memo"), descriptive: descriptive)
                do {
                    let result = try Self.insertCode(db, entry)
                    notes += result.notes.map { "\(location): \($0)" }
                    stored += 1
                } catch let error as StoreError {
                    problems.append(.init(location: location, message: error.localizedDescription))
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
