import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

/// What a removal took away, counted, for the command to say.
public struct Removal: Sendable, Equatable, Codable {
    /// What kind of thing each count is of ("response sets", "answers", "codes") and how many went, in order.
    public var counts: [Count]

    public struct Count: Sendable, Equatable, Codable {
        public var what: String
        public var count: Int
    }

    init(_ counts: [(String, Int)]) { self.counts = counts.map { Count(what: $0.0, count: $0.1) } }

    /// "2 response sets (20 answers)" style, leaving out what did not go.
    public var description: String {
        let present = counts.filter { $0.count > 0 }
        return present.isEmpty ? "nothing" : present.map { "\($0.count) \($0.count == 1 ? Self.singular($0.what) : $0.what)" }.joined(separator: ", ")
    }

    /// What went, as the command says it: "2 response sets, 20 answers", or "nothing".
    public var sentence: Sentence {
        let present = counts.filter { $0.count > 0 }
        guard !present.isEmpty else { return "nothing" }
        return Sentence.joined(present.map { Self.counted($0.count, $0.what) }, separator: ", ")
    }

    static func counted(_ n: Int, _ what: String) -> Sentence {
        let one = n == 1
        switch what {
        case "answers": return one ? "1 answer" : "\(n) answers"
        case "response sets": return one ? "1 response set" : "\(n) response sets"
        case "attempts": return one ? "1 attempt" : "\(n) attempts"
        case "codes": return one ? "1 code" : "\(n) codes"
        case "memos": return one ? "1 memo" : "\(n) memos"
        case "excerpts": return one ? "1 excerpt" : "\(n) excerpts"
        case "values": return one ? "1 value" : "\(n) values"
        case "sub-themes": return one ? "1 sub-theme" : "\(n) sub-themes"
        case "category links": return one ? "1 category link" : "\(n) category links"
        default: return "\(n) \(what)"
        }
    }

    static func singular(_ noun: String) -> String {
        switch noun {
        case "answers": return "answer"
        case "response sets": return "response set"
        case "attempts": return "attempt"
        case "codes": return "code"
        case "memos": return "memo"
        case "excerpts": return "excerpt"
        case "values": return "value"
        case "sub-themes": return "sub-theme"
        case "category links": return "category link"
        default: return noun
        }
    }
}

extension StudyDatabase {
    // MARK: - Every write has its inverse

    /// Removes a participant's answers to an instrument (for one task and occasion when given; every set of the
    /// instrument otherwise). Refuses when there is nothing to remove, naming what there is.
    public func removeResponses(participant: String, instrument id: String, task: String? = nil, occasion: String? = nil) throws -> Removal {
        try write { db in
            let participantID = try Self.participantID(db, code: participant)
            guard let instrumentID = try Int64.fetchOne(db, sql: "SELECT id FROM instrument WHERE key = ?", arguments: [StudyText.composed(id)]) else {
                let known = Set(try String.fetchAll(db, sql: "SELECT key FROM instrument")).union(try InstrumentCatalog.builtin().map(\.id))
                throw StoreError.unknownInstrument(id: id, known: known.sorted())
            }
            var filter = "participant_id = ? AND instrument_id = ?"
            var arguments: [DatabaseValueConvertible?] = [participantID, instrumentID]
            if let task {
                filter += " AND task_id = ?"
                arguments.append(try Self.taskID(db, key: task))
            }
            if let occasion {
                filter += " AND occasion = ?"
                arguments.append(StudyText.composed(occasion))
            }
            let sets = try Row.fetchAll(db, sql: "SELECT id, answers FROM response_set WHERE \(filter)", arguments: StatementArguments(arguments))
            guard !sets.isEmpty else {
                throw StoreError.invalidInput([.init(location: "participant \(participant)",
                    message: "has no \(id) answers\(task.map { " for task \($0)" as Sentence } ?? "")\(occasion.map { " on occasion '\(MeasurementKey(key: $0).label(none: ""))'" as Sentence } ?? "") to remove")])
            }
            var answers = 0
            for set in sets {
                answers += try Int.fetchOne(db, sql: "SELECT count(*) FROM json_each(?)", arguments: [set["answers"] as String]) ?? 0
                try db.execute(sql: "DELETE FROM response_set WHERE id = ?", arguments: [set["id"] as Int64])
            }
            return Removal([("response sets", sets.count), ("answers", answers)])
        }
    }

    /// Removes a participant's attempts at a task: one trial when given, every trial otherwise.
    /// - Parameter conditions: only the attempts under these levels (factor → level); `[:]` with `withoutCondition`
    ///   only those under none; nil every condition. A trial number names one attempt per condition: given
    ///   without a condition where the participant has that trial under several, it is refused, naming them.
    public func removeAttempts(participant: String, task: String, trial: Int? = nil, conditions: [String: String]? = nil) throws -> Removal {
        try write { db in
            let participantID = try Self.participantID(db, code: participant)
            let taskID = try Self.taskID(db, key: task)
            let conditionKey = try conditions.map { try Self.resolveConditions(db, $0).conditionKey }
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, condition_key FROM task_attempt WHERE participant_id = ? AND task_id = ? AND (? IS NULL OR trial = ?)
                  AND (? IS NULL OR condition_key = ?) ORDER BY id
                """, arguments: [participantID, taskID, trial, trial, conditionKey, conditionKey])
            let ids: [Int64] = rows.map { $0["id"] }
            guard !ids.isEmpty else {
                let under = conditionKey.flatMap { $0.isEmpty ? nil : " (\($0.replacingOccurrences(of: ";", with: ", ")))" } ?? ""
                throw StoreError.invalidInput([.init(location: "participant \(participant)",
                    message: trial.map { "has no attempt at task \(task) (trial \($0))\(under) to remove" } ?? "has no attempt at task \(task)\(under) to remove")])
            }
            let keys = Set(rows.map { $0["condition_key"] as String })
            if let trial, conditionKey == nil, keys.count > 1 {
                let choices = keys.sorted().map { $0.isEmpty ? "--without-condition" : $0.split(separator: ";").map { "--condition \($0)" }.joined(separator: " ") }
                throw StoreError.invalidInput([.init(location: "participant \(participant), task \(task), trial \(trial)",
                    message: "is an attempt under \(keys.count) conditions; nothing was removed. Say which: \(choices.joined(separator: "; "))")])
            }
            for id in ids { try db.execute(sql: "DELETE FROM task_attempt WHERE id = ?", arguments: [id]) }
            return Removal([("attempts", ids.count)])
        }
    }

    /// Removes a category from the codebook. Refused while codes, memos or sub-themes use it, unless `cascade`:
    /// then its memos go, its sub-themes become top-level, its codes lose it, and codes left with no category
    /// are removed (with their excerpts when no other code is on them).
    public func removeCategory(_ name: String, cascade: Bool) throws -> Removal {
        try write { db in
            let id = try Self.requireCategory(db, name)
            let stored = try Self.required(String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [id]), in: "category", key: id)
            let codes = try Int64.fetchAll(db, sql: "SELECT code_id FROM code_category WHERE category_id = ?", arguments: [id])
            let memos = try Int.fetchOne(db, sql: "SELECT count(*) FROM memo WHERE category_id = ?", arguments: [id]) ?? 0
            let themes = try Int.fetchOne(db, sql: "SELECT count(*) FROM category WHERE parent_id = ?", arguments: [id]) ?? 0
            if !cascade, !codes.isEmpty || memos > 0 || themes > 0 {
                let counts: [(Int, Sentence, Sentence)] = [(codes.count, "1 code", "\(codes.count) codes"), (memos, "1 memo", "\(memos) memos"),
                                                          (themes, "1 sub-theme", "\(themes) sub-themes")]
                let uses = Sentence.joined(counts.filter { $0.0 > 0 }.map { $0.0 == 1 ? $0.1 : $0.2 }, separator: ", ")
                throw StoreError.invalidInput([.init(location: "category \(stored)",
                    message: "is used by \(uses); nothing was removed. Merge it into another with 'category merge', or rerun with --cascade")])
            }
            var orphans: [Int64] = []
            for code in codes where try Int.fetchOne(db, sql: "SELECT count(*) FROM code_category WHERE code_id = ? AND category_id <> ?", arguments: [code, id]) == 0 {
                orphans.append(code)
            }
            try db.execute(sql: "DELETE FROM code_category WHERE category_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM memo WHERE category_id = ?", arguments: [id])
            try db.execute(sql: "UPDATE category SET parent_id = NULL WHERE parent_id = ?", arguments: [id])
            var excerpts = 0
            for code in orphans {
                // `orphans` are ids read from `code` in this transaction; excerpt_id is NOT NULL.
                let excerpt = try Self.required(Int64.fetchOne(db, sql: "SELECT excerpt_id FROM code WHERE id = ?", arguments: [code]), in: "code", key: code)
                try db.execute(sql: "DELETE FROM memo WHERE code_id = ?", arguments: [code])
                try db.execute(sql: "DELETE FROM code WHERE id = ?", arguments: [code])
                if try Int.fetchOne(db, sql: "SELECT count(*) FROM code WHERE excerpt_id = ?", arguments: [excerpt]) == 0 {
                    try db.execute(sql: "DELETE FROM excerpt WHERE id = ?", arguments: [excerpt])
                    excerpts += 1
                }
            }
            try db.execute(sql: "DELETE FROM category WHERE id = ?", arguments: [id])
            return Removal([("category links", codes.count), ("codes", orphans.count), ("excerpts", excerpts), ("memos", memos), ("sub-themes", themes)])
        }
    }

    /// Removes an attribute and every participant's value of it. Attributes derived from it keep their values and
    /// become plain text attributes (their rule can no longer be applied).
    public func removeAttribute(_ name: String) throws -> (removal: Removal, stored: String, underived: [String]) {
        try write { db in
            guard let stored = try Self.attributeName(db, name) else {
                throw StoreError.unknownAttribute(name: name, known: try Self.attributeDefinitions(db).map(\.name))
            }
            let values = try Int.fetchOne(db, sql: "SELECT count(*) FROM participant_attribute WHERE name = ?", arguments: [stored]) ?? 0
            let derived = try String.fetchAll(db, sql: "SELECT name FROM attribute WHERE derived_from = ?", arguments: [stored])
            try db.execute(sql: "UPDATE attribute SET derived_from = NULL, rule = NULL WHERE derived_from = ?", arguments: [stored])
            try db.execute(sql: "DELETE FROM participant_attribute WHERE name = ?", arguments: [stored])
            try db.execute(sql: "DELETE FROM attribute WHERE name = ?", arguments: [stored])
            try Self.forgetDeclaredType(db, attribute: stored)
            return (Removal([("values", values)]), stored, derived)
        }
    }
}
