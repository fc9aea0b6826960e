import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

/// One attempt to enter.
public struct AttemptEntry: Sendable, Equatable {
    public var participant: String
    public var task: String
    /// Factor name → level.
    public var conditions: [String: String]
    /// The attempt's number for this participant, task and condition; the next one when `nil`.
    public var trial: Int?
    public var seconds: Double?
    public var errors: Int?
    public var outcome: Outcome?
    public var assisted: Bool
    public var note: String?
    /// A total time the log itself reported (kept as entered).
    public var reportedTotal: Double?
    public var source: String?

    public init(participant: String, task: String, conditions: [String: String] = [:], trial: Int? = nil, seconds: Double? = nil,
                errors: Int? = nil, outcome: Outcome? = nil, assisted: Bool = false, note: String? = nil,
                reportedTotal: Double? = nil, source: String? = nil) {
        self.participant = participant
        self.task = task
        self.conditions = conditions
        self.trial = trial
        self.seconds = seconds
        self.errors = errors
        self.outcome = outcome
        self.assisted = assisted
        self.note = note
        self.reportedTotal = reportedTotal
        self.source = source
    }
}

extension AttemptEntry {
    /// Why a value of this attempt lies outside what studyctl accepts (`Limits`), or `nil`.
    public var rangeProblem: Sentence? {
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= Limits.maximumSeconds) {
            return "time \(NumberParser.format(seconds)) s is outside 0…\(Int(Limits.maximumSeconds)) s (7 days)"
        }
        if let reportedTotal, !(reportedTotal.isFinite && reportedTotal >= 0 && reportedTotal <= 2 * Limits.maximumSeconds) {
            return "total \(NumberParser.format(reportedTotal)) s is outside 0…\(Int(2 * Limits.maximumSeconds)) s"
        }
        if let errors, !(0...Limits.maximumErrors).contains(errors) {
            return "\(errors) errors is outside 0…\(Limits.maximumErrors)"
        }
        if let trial, !(1...Limits.maximumOrdinal).contains(trial) {
            return "trial \(trial) is outside 1…\(Limits.maximumOrdinal)"
        }
        if let note, let problem = TextSafety.nulProblem(in: note) { return "note: \(problem)" }
        return nil
    }
}

extension StudyDatabase {
    // MARK: - Tasks and factors

    /// Adds a task; `position` defaults to after the last one.
    public func addTask(key typed: String, title: String, description: String? = nil, position: Int? = nil, penaltySeconds: Double? = nil,
                        targetSeconds: Double? = nil, errorOpportunities: Int? = nil) throws {
        let key = try Self.name(typed, .taskKey)
        for (field, text) in [("title", title), ("description", description ?? "")] {
            if let problem = TextSafety.nulProblem(in: text) { throw StoreError.invalidInput([.init(location: "task \(key), \(field)", message: problem)]) }
        }
        if let position, !(1...Limits.maximumOrdinal).contains(position) {
            throw StoreError.invalidInput([.init(location: "task \(key), --order", message: "\(position) is outside 1…\(Limits.maximumOrdinal)")])
        }
        if let penaltySeconds, !(0...Limits.maximumPenaltySeconds).contains(penaltySeconds) {
            throw StoreError.invalidInput([.init(location: "task \(key), --penalty", message: "\(NumberParser.format(penaltySeconds)) s is outside 0…\(Int(Limits.maximumPenaltySeconds)) s")])
        }
        try Self.checkTarget(targetSeconds, key: key)
        try Self.checkErrorOpportunities(errorOpportunities, key: key)
        try write { db in
            if try Self.storedName(db, table: "task", column: "key", key) != nil {
                throw StoreError.duplicateTask(key: key)
            }
            if position == nil, let last = try Int.fetchOne(db, sql: "SELECT CAST(max(position) AS INTEGER) FROM task"), last >= Limits.maximumOrdinal {
                throw StoreError.invalidInput([.init(location: "task \(key)", message: "the last task is at position \(last), so the next one would be past \(Limits.maximumOrdinal); give --order")])
            }
            try TaskTableRow(key: key, title: title, description: description, position: position ?? TaskTableRow.nextPosition(db),
                             penaltySeconds: penaltySeconds, targetSeconds: targetSeconds, errorOpportunities: errorOpportunities).insert(db)
        }
    }

    /// Sets a task's target time (`nil`: none).
    public func setTaskTarget(key typed: String, seconds: Double?) throws {
        let key = try Self.name(typed, .taskKey)
        try Self.checkTarget(seconds, key: key)
        try write { db in
            guard let stored = try Self.storedName(db, table: "task", column: "key", key) else {
                throw StoreError.unknownTask(key: key, known: try String.fetchAll(db, sql: "SELECT key FROM task ORDER BY position, key"))
            }
            try db.execute(sql: "UPDATE task SET target_seconds = ? WHERE key = ?", arguments: [seconds, stored])
        }
    }

    /// Sets a task's error opportunities (`nil`: none).
    public func setTaskErrorOpportunities(key typed: String, count: Int?) throws {
        try editTask(key: typed, errorOpportunities: .some(count))
    }

    /// Sets what is given of a task's target time and error opportunities in one transaction (`.some(nil)` clears one,
    /// `nil` leaves it).
    /// `title` renames the task for people (its key stays); `order` moves it to that place in the task order
    /// (1 = first; past the last: last), the other tasks keeping theirs.
    public func editTask(key typed: String, targetSeconds: Double?? = nil, errorOpportunities: Int?? = nil,
                         title: String? = nil, order: Int? = nil) throws {
        let key = try Self.name(typed, .taskKey)
        if let targetSeconds { try Self.checkTarget(targetSeconds, key: key) }
        if let errorOpportunities { try Self.checkErrorOpportunities(errorOpportunities, key: key) }
        if let order, !(1...Limits.maximumOrdinal).contains(order) {
            throw StoreError.invalidInput([.init(location: "task \(key), --order", message: "\(order) is outside 1…\(Limits.maximumOrdinal)")])
        }
        let newTitle = try title.map { try StudyText.name($0, as: .categoryName) }
        try write { db in
            guard let stored = try Self.storedName(db, table: "task", column: "key", key) else {
                throw StoreError.unknownTask(key: key, known: try String.fetchAll(db, sql: "SELECT key FROM task ORDER BY position, key"))
            }
            if let newTitle {
                try db.execute(sql: "UPDATE task SET title = ? WHERE key = ?", arguments: [newTitle, stored])
            }
            if let order {
                var keys = try String.fetchAll(db, sql: "SELECT key FROM task ORDER BY position, key").filter { $0 != stored }
                keys.insert(stored, at: min(order - 1, keys.count))
                for (index, each) in keys.enumerated() {
                    try db.execute(sql: "UPDATE task SET position = ? WHERE key = ?", arguments: [index + 1, each])
                }
            }
            if let targetSeconds {
                try db.execute(sql: "UPDATE task SET target_seconds = ? WHERE key = ?", arguments: [targetSeconds, stored])
            }
            if let errorOpportunities {
                try db.execute(sql: "UPDATE task SET error_opportunities = ? WHERE key = ?", arguments: [errorOpportunities, stored])
            }
        }
    }

    static func checkErrorOpportunities(_ count: Int?, key: String) throws {
        if let count, !(1...1000).contains(count) {
            throw StoreError.invalidInput([.init(location: "task \(key), --error-opportunities", message: "\(count) is outside 1…1000")])
        }
    }

    static func checkTarget(_ seconds: Double?, key: String) throws {
        if let seconds, !(seconds > 0 && seconds <= 86_400) {
            throw StoreError.invalidInput([.init(location: "task \(key), --target", message: "\(NumberParser.format(seconds)) s is outside 0…86400 s (above 0)")])
        }
    }

    /// Every task in order.
    public func tasks() throws -> [TaskInfo] {
        try read { db in try Self.tasks(db) }
    }

    static func tasks(_ db: Database) throws -> [TaskInfo] {
        try Row.fetchAll(db, sql: """
            SELECT t.key, t.title, t.description, CAST(t.position AS INTEGER) AS position, t.penalty_seconds, t.target_seconds, t.error_opportunities, count(a.id) AS attempts
            FROM task t LEFT JOIN task_attempt a ON a.task_id = t.id GROUP BY t.id ORDER BY t.position, t.key
            """).map {
            TaskInfo(key: $0["key"], title: $0["title"], description: $0["description"], position: $0["position"],
                     penaltySeconds: $0["penalty_seconds"], attempts: $0["attempts"], targetSeconds: $0["target_seconds"],
                     errorOpportunities: $0["error_opportunities"])
        }
    }

    /// Adds a condition factor with its levels, in order.
    public func addFactor(name typed: String, levels: [String]) throws {
        var problems: [StoreError.Problem] = []
        var name = typed
        do { name = try StudyText.name(typed, as: .conditionName) } catch {
            problems.append(.init(location: "condition '\(typed)'", message: error.reason))
        }
        var cleaned: [String] = []
        for level in levels.map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if level.isEmpty { problems.append(.init(location: "condition \(name)", message: "a level name is empty")); continue }
            do { cleaned.append(try StudyText.name(level, as: .levelName)) } catch {
                problems.append(.init(location: "condition \(name), level '\(level)'", message: error.reason))
            }
        }
        if levels.count < 2 { problems.append(.init(location: "condition \(name)", message: "a condition needs at least two levels")) }
        if Set(cleaned.map(StudyText.key)).count != cleaned.count {
            problems.append(.init(location: "condition \(name)", message: "a level appears twice"))
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        try write { db in
            if try Self.storedName(db, table: "factor", column: "name", name) != nil {
                throw StoreError.duplicateFactor(name: name)
            }
            try FactorRow(name: name).insert(db)
            let id = db.lastInsertedRowID
            for (position, level) in cleaned.enumerated() {
                try FactorLevelRow(factorId: id, name: level, position: position + 1).insert(db)
            }
        }
    }

    /// Every condition factor with its levels.
    public func factors() throws -> [FactorInfo] {
        try read { db in try Self.factors(db) }
    }

    static func factors(_ db: Database) throws -> [FactorInfo] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.name, l.name AS level FROM factor f JOIN factor_level l ON l.factor_id = f.id ORDER BY f.id, l.position
            """)
        var factors: [FactorInfo] = []
        for row in rows {
            let name: String = row["name"]
            if factors.last?.name != name { factors.append(FactorInfo(name: name, levels: [])) }
            factors[factors.count - 1].levels.append(row["level"])
        }
        return factors
    }

    // MARK: - Attempts

    /// Records one attempt; returns its trial number.
    @discardableResult
    public func addAttempt(_ entry: AttemptEntry) throws -> Int {
        try write { db in
            let resolved = try Self.resolve(db, entry)
            return try Self.insertAttempt(db, resolved)
        }
    }

    /// Every attempt in participant, task, condition and trial order.
    public func attempts() throws -> [AttemptRecord] {
        try read { db in
            var records: [Int64: AttemptRecord] = [:]
            var order: [Int64] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT a.id, p.code, t.key, CAST(a.trial AS INTEGER) AS trial, a.time_seconds, a.errors, a.outcome, a.assisted, a.note, a.reported_total_seconds
                FROM task_attempt a JOIN participant p ON p.id = a.participant_id JOIN task t ON t.id = a.task_id
                ORDER BY t.position, a.id
                """) {
                let id: Int64 = row["id"]
                order.append(id)
                records[id] = AttemptRecord(
                    participant: row["code"], task: row["key"], trial: row["trial"], conditions: [:],
                    seconds: row["time_seconds"], errors: row["errors"], outcome: (row["outcome"] as String?).flatMap(Outcome.init(rawValue:)),
                    assisted: row["assisted"], note: row["note"], reportedTotal: row["reported_total_seconds"])
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT c.attempt_id, f.name, l.name AS level FROM attempt_condition c
                JOIN factor f ON f.id = c.factor_id JOIN factor_level l ON l.id = c.level_id
                """) {
                records[row["attempt_id"]]?.conditions[row["name"]] = row["level"]
            }
            return order.compactMap { records[$0] }  // `order` lists the keys of `records`, in the order read
        }
    }

    /// Corrects one stored attempt (a time mistyped, an error counted twice in a session): only the values given
    /// change. Without `conditions`, the trial must be the participant's only one with that number at the task.
    public func correctAttempt(participant: String, task: String, trial: Int, conditions: [String: String] = [:],
                               seconds: Double? = nil, errors: Int? = nil, outcome: Outcome? = nil, assisted: Bool? = nil,
                               note: String? = nil) throws {
        let check = AttemptEntry(participant: participant, task: task, trial: trial, seconds: seconds, errors: errors, note: note)
        if let problem = check.rangeProblem {
            throw StoreError.invalidInput([.init(location: "participant \(participant), task \(task)", message: problem)])
        }
        try write { db in
            let participantID = try Self.participantID(db, code: participant)
            let taskID = try Self.taskID(db, key: task)
            var sql = "SELECT id, condition_key FROM task_attempt WHERE participant_id = ? AND task_id = ? AND trial = ?"
            var arguments: StatementArguments = [participantID, taskID, trial]
            if !conditions.isEmpty {
                sql += " AND condition_key = ?"
                _ = arguments.append(contentsOf: [try Self.resolveConditions(db, conditions).conditionKey])
            }
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            guard let row = rows.first else {
                throw StoreError.invalidInput([.init(location: "participant \(participant)",
                                                     message: "has no attempt at task \(task) with trial \(trial) to correct")])
            }
            guard rows.count == 1 else {
                let keys = rows.map { $0["condition_key"] as String }.joined(separator: ", ")
                throw StoreError.invalidInput([.init(location: "participant \(participant), task \(task), trial \(trial)",
                                                     message: "is held under several conditions (\(keys)): give --condition")])
            }
            try db.execute(sql: """
                UPDATE task_attempt SET time_seconds = ifnull(?, time_seconds), errors = ifnull(?, errors), outcome = ifnull(?, outcome),
                       assisted = ifnull(?, assisted), note = ifnull(?, note)
                WHERE id = ?
                """, arguments: [seconds, errors, outcome?.rawValue, assisted, note, row["id"] as Int64])
        }
    }

    // MARK: - Helpers inside a transaction

    struct ResolvedAttempt {
        var participantID: Int64
        var taskID: Int64
        var levels: [(factorID: Int64, levelID: Int64)]
        var conditionKey: String
        var entry: AttemptEntry
    }

    /// Looks up the participant, task and condition levels of an entry; throws naming the unknown one.
    static func resolve(_ db: Database, _ entry: AttemptEntry) throws -> ResolvedAttempt {
        if let problem = entry.rangeProblem {
            throw StoreError.invalidInput([.init(location: "participant \(entry.participant), task \(entry.task)", message: problem)])
        }
        let participantID = try participantID(db, code: entry.participant)
        let taskID = try taskID(db, key: entry.task)
        let (levels, conditionKey) = try resolveConditions(db, entry.conditions)
        return ResolvedAttempt(participantID: participantID, taskID: taskID, levels: levels, conditionKey: conditionKey, entry: entry)
    }

    /// The factor and level ids of `conditions` (factor name → level) and their canonical key; throws naming an
    /// unknown factor or level.
    static func resolveConditions(_ db: Database, _ conditions: [String: String]) throws -> (levels: [(factorID: Int64, levelID: Int64)], conditionKey: String) {
        var levels: [(Int64, Int64)] = []
        var keyParts: [String] = []
        for (factor, level) in conditions.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            guard let factorRow = try Row.fetchOne(db, sql: "SELECT id, name FROM factor WHERE name = ?", arguments: [StudyText.composed(factor)]) else {
                throw StoreError.unknownFactor(name: factor, known: try factors(db).map(\.name))
            }
            let factorID: Int64 = factorRow["id"]
            guard let levelRow = try Row.fetchOne(db, sql: "SELECT id, name FROM factor_level WHERE factor_id = ? AND lower(name) = lower(?)",
                                                  arguments: [factorID, StudyText.composed(level)]) else {
                throw StoreError.unknownLevel(factor: factorRow["name"], level: level,
                                              known: try String.fetchAll(db, sql: "SELECT name FROM factor_level WHERE factor_id = ? ORDER BY position", arguments: [factorID]))
            }
            levels.append((factorID, levelRow["id"]))
            keyParts.append("\(factorRow["name"] as String)=\(levelRow["name"] as String)")
        }
        return (levels, keyParts.joined(separator: ";"))
    }

    static func insertAttempt(_ db: Database, _ attempt: ResolvedAttempt) throws -> Int {
        let trial: Int
        if let given = attempt.entry.trial {
            let exists = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM task_attempt WHERE participant_id = ? AND task_id = ? AND condition_key = ? AND trial = ?
                """, arguments: [attempt.participantID, attempt.taskID, attempt.conditionKey, given]) ?? 0
            if exists > 0 {
                throw StoreError.duplicateAttempt(participant: attempt.entry.participant, task: attempt.entry.task,
                                                  condition: attempt.conditionKey, trial: given)
            }
            trial = given
        } else {
            if let last = try Int.fetchOne(db, sql: """
                SELECT CAST(max(trial) AS INTEGER) FROM task_attempt WHERE participant_id = ? AND task_id = ? AND condition_key = ?
                """, arguments: [attempt.participantID, attempt.taskID, attempt.conditionKey]), last >= Limits.maximumOrdinal {
                throw StoreError.invalidInput([.init(location: "participant \(attempt.entry.participant), task \(attempt.entry.task)",
                                                     message: "the last trial is \(last); the next would be past \(Limits.maximumOrdinal)")])
            }
            trial = (try Int.fetchOne(db, sql: """
                SELECT CAST(ifnull(max(trial), 0) AS INTEGER) + 1 FROM task_attempt WHERE participant_id = ? AND task_id = ? AND condition_key = ?
                """, arguments: [attempt.participantID, attempt.taskID, attempt.conditionKey])) ?? 1
        }
        let entry = attempt.entry
        // Prepared SQL, not a record: once per attempt stored (bench/baseline.py, `attempt import` at 100,000 rows).
        let insert = try db.cachedStatement(sql: """
            INSERT INTO task_attempt (participant_id, task_id, trial, condition_key, time_seconds, errors, outcome, assisted,
                                      note, source, recorded, reported_total_seconds)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.execute(arguments: [attempt.participantID, attempt.taskID, trial, attempt.conditionKey, entry.seconds, entry.errors,
                                       entry.outcome?.rawValue, entry.assisted, entry.note, entry.source, Timestamp.now(), entry.reportedTotal])
        let attemptID = db.lastInsertedRowID
        let condition = try db.cachedStatement(sql: "INSERT INTO attempt_condition (attempt_id, factor_id, level_id) VALUES (?, ?, ?)")
        for (factorID, levelID) in attempt.levels {
            try condition.execute(arguments: [attemptID, factorID, levelID])
        }
        return trial
    }
}
