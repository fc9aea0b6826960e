import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// What a code import stored.
public struct CodeImportSummary: Sendable, Equatable {
    public var codes: Int
    public var excerpts: Int
    public var columns: [String: String]
    public var ignored: [String]
    public var notes: [Sentence]
}

extension StudyDatabase {

    /// Stores the categories of a codebook table as the importing layer read them (`CategoryRow`s; `table` names
    /// the file and where its cells are). All or nothing: a name given twice or already in the codebook, an origin
    /// that is none, a theme that is no category or makes a circle.
    public func storeCategories(_ rows: [CategoryRow], table: SourceTable) throws -> Int {
        func at(_ field: SourceCell) -> Sentence { Sentence(verbatim: table.location(of: field)) }
        return try write { db in
            var problems: [StoreError.Problem] = []
            var seen: [String: Int] = [:]
            for row in rows {
                if row.name.isEmpty { problems.append(.init(location: at(row.field), message: "the category name is empty")); continue }
                if let first = seen[row.name.lowercased()] {
                    problems.append(.init(location: at(row.field), message: "category '\(row.name)' appears twice (first on line \(first))"))
                    continue
                }
                seen[row.name.lowercased()] = row.line
                if try Self.categoryID(db, row.name) != nil {
                    problems.append(.init(location: at(row.field), message: "the codebook already has a category '\(row.name)'"))
                }
                if row.origin == nil, let originField = row.originField {
                    problems.append(.init(location: at(originField),
                                          message: "category '\(row.name)' has no origin; write a reference (e.g. Myllärniemi et al. (2018)) or emergent"))
                }
            }
            if rows.isEmpty { problems.append(.init(location: "\(table.file):1", message: "the file has a header row but no categories")) }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            // Themes may name categories further down the file: insert all, then link. The name is stored as typed.
            for row in rows {
                try Self.insertCategory(db, name: row.field.value, definition: row.definition, origin: row.origin ?? .emergent, theme: nil)
            }
            for row in rows {
                guard let theme = row.theme else { continue }
                guard let parent = try Self.categoryID(db, theme.name) else {
                    throw StoreError.invalidInput([.init(location: at(theme.field), message: "theme '\(theme.name)' is not a category")])
                }
                // Every row's category was inserted just above, in this transaction.
                let child = try Self.required(Self.categoryID(db, row.field.value), in: "category", key: row.field.value)
                if parent == child {
                    throw StoreError.invalidInput([.init(location: at(theme.field), message: "category '\(theme.name)' cannot be its own theme")])
                }
                try db.execute(sql: "UPDATE category SET parent_id = ? WHERE id = ?", arguments: [parent, child])
                if let cycle = try Self.themeCycle(db, from: child) {
                    throw StoreError.invalidInput([.init(location: at(theme.field), message: "themes form a circle: \(cycle.joined(separator: " → "))")])
                }
            }
            return rows.count
        }
    }

    /// Stores the codes of a table as the importing layer read them (`CodeRow`s; `table` names the file and where
    /// its cells are): each row's participant must be in the study, and the attributes its row names must be the
    /// participant's. All or nothing: every bad row is reported with its `file:line:column`. The summary's columns
    /// are the importing layer's to fill.
    public func storeCodes(_ rows: [CodeRow], table: SourceTable, coder: String? = nil, descriptive: Bool = false) throws -> CodeImportSummary {
        func at(_ field: SourceCell) -> Sentence { Sentence(verbatim: table.location(of: field)) }
        return try write { db in
            if rows.isEmpty {
                throw StoreError.invalidInput([.init(location: "\(table.file):1", message: "the file has a header row but no codes")])
            }
            var problems: [StoreError.Problem] = []
            let excerptsBefore = try Int.fetchOne(db, sql: "SELECT count(*) FROM excerpt") ?? 0
            var notes: [Sentence] = []
            var stored = 0
            let transcriptScalars = TranscriptScalars()
            for row in rows {
                let location = table.location(of: row.participantField)
                let participant = row.participant
                guard try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [participant]) != nil else {
                    problems.append(.init(location: Sentence(verbatim: location), message: participant.isEmpty ? "the participant code is empty" : "no participant '\(participant)' in the study"))
                    continue
                }
                var rowProblems: [StoreError.Problem] = []
                for (field, name, given) in row.attributes {
                    guard let stored = try Self.attributeValue(db, participant: participant, attribute: name) else { continue }
                    // A numeric attribute compares numbers (1.50 is 1.5); a text one what was typed.
                    let same = stored.number.map { NumberParser.parse(given) == $0 } ?? (StudyText.composed(given) == stored.display)
                    if !same {
                        rowProblems.append(.init(location: at(field),
                                                 message: "participant \(participant) has \(name) = \(stored.display) in the study, but this row says '\(given)'"))
                    }
                }
                guard let code = row.code else {
                    problems.append(.init(location: Sentence(verbatim: location), message: "the row has neither a code nor an excerpt"))
                    continue
                }
                guard let category = row.category else {
                    problems.append(.init(location: at(row.categoryField), message: "the category is empty"))
                    continue
                }
                guard rowProblems.isEmpty else { problems += rowProblems; continue }
                let entry = CodeEntry(participant: participant, excerpt: row.excerpt, code: code, categories: [category],
                                      coder: row.coder ?? coder, memo: row.memo, descriptive: descriptive)
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
            return CodeImportSummary(codes: stored, excerpts: excerptsAfter - excerptsBefore, columns: [:], ignored: [], notes: notes)
        }
    }
}
