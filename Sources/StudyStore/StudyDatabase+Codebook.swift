import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// What `updateCategory` changes; nil leaves a field as it is.
public struct CategoryChange: Sendable, Equatable {
    /// A new definition; a blank one removes it.
    public var definition: String?
    public var origin: CategoryOrigin?
    /// The new theme (another category's name); a blank one takes the category out of its theme.
    public var theme: String?
    public var rename: String?

    public init(definition: String? = nil, origin: CategoryOrigin? = nil, theme: String? = nil, rename: String? = nil) {
        self.definition = definition
        self.origin = origin
        self.theme = theme
        self.rename = rename
    }

    public var isEmpty: Bool { definition == nil && origin == nil && theme == nil && rename == nil }
}

extension StudyDatabase {
    // MARK: - Codebook

    /// Adds a category to the codebook.
    public func addCategory(name: String, definition: String?, origin: CategoryOrigin, theme: String? = nil) throws {
        try write { db in try Self.insertCategory(db, name: name, definition: definition, origin: origin, theme: theme) }
    }

    static func insertCategory(_ db: Database, name: String, definition: String?, origin: CategoryOrigin, theme: String?) throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw StoreError.invalidInput([.init(location: "category", message: "a category needs a name")]) }
        let trimmed = try Self.name(name.trimmingCharacters(in: .whitespaces), .categoryName)
        if try categoryID(db, trimmed) != nil { throw StoreError.duplicateCategory(name: trimmed) }
        let parentID = try theme.map { try requireCategory(db, $0) }
        if let theme, TextMatching.nfc(theme.trimmingCharacters(in: .whitespaces)).lowercased() == trimmed.lowercased() {
            throw StoreError.invalidInput([.init(location: "category \(trimmed)", message: "a category cannot be its own theme")])
        }
        if let problem = TextSafety.nameProblem(trimmed) {
            throw StoreError.invalidInput([.init(location: "category '\(trimmed)'", message: "the name cannot be stored as typed: \(problem)")])
        }
        if let definition, let problem = TextSafety.nulProblem(in: definition) {
            throw StoreError.invalidInput([.init(location: "category \(trimmed), definition", message: problem)])
        }
        try CategoryTableRow(name: trimmed, definition: definition.map(TextMatching.nfc), origin: origin.reference == nil ? "emergent" : "literature",
                             reference: origin.reference, parentId: parentID, position: CategoryTableRow.nextPosition(db), created: Timestamp.now()).insert(db)
    }

    /// The names around a circle of themes that `category` is in (A → B → A), or `nil`.
    static func themeCycle(_ db: Database, from category: Int64) throws -> [String]? {
        var path: [Int64] = [category]
        var current = category
        while let parent = try Int64.fetchOne(db, sql: "SELECT parent_id FROM category WHERE id = ?", arguments: [current]) {
            if let start = path.firstIndex(of: parent) {
                let ids = Array(path[start...]) + [parent]
                return try ids.map { try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [$0]) ?? "?" }
            }
            path.append(parent)
            current = parent
        }
        return nil
    }

    /// Renames a category; codes and memos follow it.
    public func renameCategory(_ name: String, to newName: String) throws {
        try write { db in
            let id = try Self.requireCategory(db, name)
            let target = try Self.name(newName.trimmingCharacters(in: .whitespaces), .categoryName)
            if let other = try Self.categoryID(db, target), other != id { throw StoreError.duplicateCategory(name: target) }
            try db.execute(sql: "UPDATE category SET name = ? WHERE id = ?", arguments: [target, id])
        }
    }

    /// Changes a category's definition, origin, theme or name in one transaction: a theme that would put the category
    /// under itself (A under B under A) is refused, naming the circle, and nothing changes.
    public func updateCategory(_ name: String, _ change: CategoryChange) throws {
        try write { db in
            let id = try Self.requireCategory(db, name)
            let current = try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [id]) ?? name
            if let definition = change.definition {
                let text = TextMatching.nfc(definition.trimmingCharacters(in: .whitespacesAndNewlines))
                if let problem = TextSafety.nulProblem(in: text) {
                    throw StoreError.invalidInput([.init(location: "category \(current), definition", message: problem)])
                }
                try db.execute(sql: "UPDATE category SET definition = ? WHERE id = ?", arguments: [text.isEmpty ? nil : text, id])
            }
            if let origin = change.origin {
                try db.execute(sql: "UPDATE category SET origin = ?, reference = ? WHERE id = ?",
                               arguments: [origin.reference == nil ? "emergent" : "literature", origin.reference, id])
            }
            if let theme = change.theme {
                if theme.trimmingCharacters(in: .whitespaces).isEmpty {
                    try db.execute(sql: "UPDATE category SET parent_id = NULL WHERE id = ?", arguments: [id])
                } else {
                    let parentID = try Self.requireCategory(db, theme)
                    guard parentID != id else {
                        throw StoreError.invalidInput([.init(location: "category \(current)", message: "a category cannot be its own theme")])
                    }
                    try db.execute(sql: "UPDATE category SET parent_id = ? WHERE id = ?", arguments: [parentID, id])
                    if let cycle = try Self.themeCycle(db, from: id) {
                        throw StoreError.invalidInput([.init(location: "category \(current)",
                                                             message: "the theme '\(theme)' would put the category under itself (\(cycle.joined(separator: " → ")))")])
                    }
                }
            }
            if let rename = change.rename {
                let target = try Self.name(rename.trimmingCharacters(in: .whitespaces), .categoryName)
                if let other = try Self.categoryID(db, target), other != id { throw StoreError.duplicateCategory(name: target) }
                if let problem = TextSafety.nameProblem(target) {
                    throw StoreError.invalidInput([.init(location: "category '\(target)'", message: "the name cannot be stored as typed: \(problem)")])
                }
                try db.execute(sql: "UPDATE category SET name = ? WHERE id = ?", arguments: [target, id])
            }
        }
    }

    /// Merges category `from` into `into`: its codes, memos and sub-themes move, and a memo on `into` records
    /// the merge with the merged category's definition and origin. Returns how many codes moved.
    @discardableResult
    public func mergeCategory(_ from: String, into: String) throws -> Int {
        try write { db in
            let source = try Self.requireCategory(db, from)
            let target = try Self.requireCategory(db, into)
            guard source != target else {
                throw StoreError.invalidInput([.init(location: "category \(from)", message: "a category cannot be merged into itself")])
            }
            // Both ids were found just above, inside this transaction.
            let row = try Self.required(Row.fetchOne(db, sql: "SELECT name, definition, origin, reference FROM category WHERE id = ?", arguments: [source]),
                                        in: "category", key: source)
            let targetName = try Self.required(String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [target]), in: "category", key: target)
            let moved = try Int.fetchOne(db, sql: "SELECT count(*) FROM code_category WHERE category_id = ?", arguments: [source]) ?? 0
            try db.execute(sql: """
                INSERT OR IGNORE INTO code_category (code_id, category_id) SELECT code_id, ? FROM code_category WHERE category_id = ?
                """, arguments: [target, source])
            try db.execute(sql: "DELETE FROM code_category WHERE category_id = ?", arguments: [source])
            try db.execute(sql: "UPDATE memo SET category_id = ? WHERE category_id = ?", arguments: [target, source])
            // A target that was a sub-theme of the merged category takes its place; the others move under the target.
            try db.execute(sql: "UPDATE category SET parent_id = (SELECT parent_id FROM category WHERE id = ?) WHERE id = ? AND parent_id = ?",
                           arguments: [source, target, source])
            try db.execute(sql: "UPDATE category SET parent_id = ? WHERE parent_id = ? AND id <> ?", arguments: [target, source, target])
            let origin = (row["reference"] as String?) ?? "emergent"
            let definition = (row["definition"] as String?).map { " Its definition: \($0)" } ?? ""
            try db.execute(sql: "INSERT INTO memo (id, target, category_id, text, created) VALUES (?, 'category', ?, ?, ?)", arguments: [
                try Self.freshNumber(db, .memo), target,
                "Merged category '\(row["name"] as String)' (origin: \(origin)) into '\(targetName)'; \(moved) code\(moved == 1 ? "" : "s") moved.\(definition)",
                Timestamp.now()])
            try db.execute(sql: "DELETE FROM category WHERE id = ?", arguments: [source])
            return moved
        }
    }

    /// The codebook in its order, with how many codes and participants each category has.
    public func categories(coder: String? = nil) throws -> [CategoryInfo] {
        try read { db in
            let coderID = try coder.map { try Self.requireCoder(db, $0) }
            var infos = try Row.fetchAll(db, sql: """
                SELECT c.name, c.definition, c.origin, c.reference, parent.name AS theme,
                       count(e.id) AS codes, count(DISTINCT e.participant_id) AS participants
                FROM category c
                LEFT JOIN category parent ON parent.id = c.parent_id
                LEFT JOIN code_category cc ON cc.category_id = c.id
                    AND (? IS NULL OR cc.code_id IN (SELECT id FROM code WHERE coder_id = ?))
                LEFT JOIN code k ON k.id = cc.code_id
                LEFT JOIN excerpt e ON e.id = k.excerpt_id AND NOT \(Self.moderatorOnlySQL)
                GROUP BY c.id ORDER BY c.position
                """, arguments: [coderID, coderID]).map {
                CategoryInfo(name: $0["name"], definition: $0["definition"], origin: $0["origin"] == "emergent" ? "emergent" : ($0["reference"] ?? "literature"),
                             reference: $0["reference"], theme: $0["theme"], codes: $0["codes"], participants: $0["participants"])
            }
            guard coderID == nil else { return infos }
            // Each coder's own counts beside every coder's: two coders of one excerpt are not two codes of the data.
            let coders = try String.fetchAll(db, sql: "SELECT name FROM coder ORDER BY id")
            guard !coders.isEmpty else { return infos }
            var counts: [String: [String: CoderCount]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT c.name AS category, coder.name AS coder, count(cc.code_id) AS codes, count(DISTINCT e.participant_id) AS participants
                FROM category c JOIN code_category cc ON cc.category_id = c.id JOIN code k ON k.id = cc.code_id
                JOIN coder ON coder.id = k.coder_id JOIN excerpt e ON e.id = k.excerpt_id AND NOT \(Self.moderatorOnlySQL)
                GROUP BY c.id, coder.id
                """) {
                counts[row["category"], default: [:]][row["coder"]] = CoderCount(coder: row["coder"], codes: row["codes"], participants: row["participants"])
            }
            for index in infos.indices {
                infos[index].byCoder = coders.map { counts[infos[index].name]?[$0] ?? CoderCount(coder: $0, codes: 0, participants: 0) }
            }
            return infos
        }
    }

    /// Whether excerpt `e` lies in the moderator's words only (as `SpanWords.moderatorOnly` reads it): placed in a
    /// transcript, overlapping turns, and every turn it overlaps the moderator's. Such codings are kept but counted
    /// as no participant's, in the codebook as in `codes freq`.
    static let moderatorOnlySQL = """
        (e.span_start IS NOT NULL
         AND EXISTS (SELECT 1 FROM transcript_turn t WHERE t.transcript_id = e.transcript_id
                     AND t.span_start < max(e.span_end, e.span_start + 1) AND t.span_end > e.span_start AND t.speaker_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM transcript_turn t LEFT JOIN transcript_speaker s ON s.id = t.speaker_id
                         WHERE t.transcript_id = e.transcript_id AND t.span_start < max(e.span_end, e.span_start + 1) AND t.span_end > e.span_start
                         AND (s.role IS NULL OR s.role <> 'moderator')))
        """

    // MARK: - Helpers inside a transaction

    static func categoryID(_ db: Database, _ name: String) throws -> Int64? {
        let wanted = TextMatching.nfc(name.trimmingCharacters(in: .whitespaces))
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM category WHERE name = ?", arguments: [StudyText.composed(wanted)]) { return id }
        // NOCASE folds ASCII only: compare the rest (accented capitals) here.
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM category") where (row["name"] as String).lowercased() == wanted.lowercased() {
            return row["id"]
        }
        return nil
    }

    /// `value`, read by a query that must find its row (an id found earlier in the same transaction); else the
    /// error naming the table and the key.
    static func required<Value>(_ value: Value?, in table: String, key: some CustomStringConvertible) throws -> Value {
        guard let value else { throw StoreError.missingRow(table: table, key: key.description) }
        return value
    }

    static func requireCategory(_ db: Database, _ name: String) throws -> Int64 {
        if let id = try categoryID(db, name) { return id }
        throw StoreError.unknownCategory(name: name, known: try String.fetchAll(db, sql: "SELECT name FROM category ORDER BY position"))
    }
}
