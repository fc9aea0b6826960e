import Foundation
import GRDB
import GRDBSQLite
import StudyBasics
import Surveys
import Wording

/// One participant's answers to one instrument, ready to store.
public struct ResponseSubmission: Sendable, Equatable {
    public var participant: String
    /// Canonical answers by item number; an item without an entry is missing.
    public var answers: [Int: Answer]
    /// What was entered for each item, kept verbatim.
    public var raw: [Int: String]
    public var task: String?
    public var occasion: String
    public var orientation: Orientation
    /// Where the answers came from ("cli", "interactive", a file and line).
    public var source: String?
    /// When the respondent submitted them (a form's timestamp), as given.
    public var submitted: String?
    /// When the respondent opened the form, where the export says (as given).
    public var started: String?

    public init(participant: String, answers: [Int: Answer], raw: [Int: String] = [:], task: String? = nil,
                occasion: String = "", orientation: Orientation = .canonical, source: String? = nil, submitted: String? = nil,
                started: String? = nil) {
        self.started = started
        self.participant = participant
        self.answers = answers
        self.raw = raw
        self.task = task
        self.occasion = occasion
        self.orientation = orientation
        self.source = source
        self.submitted = submitted
    }
}

extension StudyDatabase {
    /// Stores one response set. Refuses one that exists already (same participant, instrument, task and
    /// occasion) unless `replace`. Remembers the orientation used for the instrument.
    public func recordResponses(instrument id: String, _ submission: ResponseSubmission, replace: Bool) throws {
        try write { db in
            let (rowID, definition) = try Self.resolveInstrument(db, id)
            let participantID = try Self.participantID(db, code: submission.participant)
            let taskID = try Self.taskID(db, for: definition, task: submission.task)
            let statements = try ResponseSetStatements(db)
            if let existing = try statements.existingSet(db, participantID: participantID, instrumentID: rowID,
                                                             taskID: taskID, occasion: submission.occasion) {
                guard replace else {
                    throw StoreError.responsesExist(participant: try Self.participantCode(db, participantID), instrument: definition.id,
                                                    task: submission.task, measurement: submission.occasion, recorded: existing.recorded)
                }
                try Self.deleteResponseSet(db, existing.id)
            }
            try Self.insertResponseSet(db, statements, instrumentID: rowID, definition: definition, participantID: participantID, taskID: taskID, submission)
            try Self.count(db, .responseSets, 1)
            try Self.countAnswers(db, submission.answers.count)
            try Self.rememberOrientation(db, instrument: definition.id, submission.orientation)
        }
    }

    /// The orientation last used to enter `instrument` in this study (canonical when never set).
    public func rememberedOrientation(instrument: String) throws -> Orientation? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM study_setting WHERE key = ?", arguments: ["orientation." + instrument.lowercased()])
                .flatMap(Orientation.init(rawValue:))
        }
    }

    /// Every response set of an instrument (optionally of one task), in participant order.
    public func responseSets(instrument id: String, task: String? = nil) throws -> (InstrumentDefinition, [StoredResponseSet]) {
        var sets: [StoredResponseSet] = []
        let definition = try forEachResponseSet(instrument: id, task: task) { sets.append($0) }
        return (definition, sets)
    }

    /// Calls `body` with every response set of an instrument (optionally of one task), in participant order
    /// (natural: P2 before P10), then task and occasion, reading one set at a time so memory stays flat however
    /// many respondents the study holds. SQLite orders the sets (its sorter spills to disk beyond its cache).
    @discardableResult
    /// The key a set answered on `occasion` under `conditions` (factor name → level) is stored under
    /// (`MeasurementKey`: "pós;aparelho=celular"), each factor and level as the study spells them. Throws naming an
    /// unknown factor or level, or an occasion that would read back as a condition.
    public func measurementKey(occasion: String, conditions: [String: String]) throws -> String {
        if occasion.contains(";") || occasion.contains("=") {
            throw StoreError.invalidInput([.init(location: "--occasion '\(occasion)'",
                                                 message: "an occasion cannot hold ';' or '=': give a condition with --condition factor=level")])
        }
        guard !conditions.isEmpty else { return occasion }
        return try read { db in
            let (_, conditionKey) = try Self.resolveConditions(db, conditions)
            return MeasurementKey(occasion: occasion, conditions: MeasurementKey(key: conditionKey).conditions).key
        }
    }

    /// The occasions an instrument's response sets were answered on ("" for sets without one), in the order they
    /// were first recorded ("pré" before "pós"); empty when it has none.
    public func occasions(instrument id: String) throws -> [String] {
        let recorded = try read { db -> [String] in
            guard let (rowID, _) = try Self.storedInstrument(db, id) else { return [] }
            return try String.fetchAll(db, sql: "SELECT occasion FROM response_set WHERE instrument_id = ? GROUP BY occasion ORDER BY min(id)",
                                       arguments: [rowID])
        }
        // Occasions in the order first recorded ("pré" before "pós"); a condition's levels in the order the study
        // declares them (`condition add protótipo --levels atual,novo`), whatever row of a file came first.
        let declared = Dictionary(try factors().map { (StudyText.key($0.name), $0.levels) }, uniquingKeysWith: { first, _ in first })
        let parsed = recorded.map(MeasurementKey.init(key:))
        let occasionRank = Dictionary(parsed.enumerated().map { ($0.element.occasion, $0.offset) }, uniquingKeysWith: { first, _ in first })
        func rank(_ key: MeasurementKey) -> [Int] {
            [occasionRank[key.occasion] ?? 0] + key.conditions.map { condition in
                declared[StudyText.key(condition.factor)]?.firstIndex(of: condition.level) ?? Int.max
            }
        }
        return parsed.indices.sorted { a, b in
            let (x, y) = (rank(parsed[a]), rank(parsed[b]))
            return x == y ? a < b : x.lexicographicallyPrecedes(y)
        }.map { recorded[$0] }
    }

    @discardableResult
    public func forEachResponseSet(instrument id: String, task: String? = nil, groupBy attribute: String? = nil,
                                   _ body: (StoredResponseSet) throws -> Void,
                                   start: (InstrumentDefinition) throws -> Void = { _ in }) throws -> InstrumentDefinition {
        try read { db in
            guard let (rowID, definition) = try Self.storedInstrument(db, id) else {
                if let builtin = try InstrumentCatalog.builtin(id) {
                    try start(builtin)
                    return builtin
                }
                let known = Set(try String.fetchAll(db, sql: "SELECT key FROM instrument")).union(try InstrumentCatalog.builtin().map(\.id))
                throw StoreError.unknownInstrument(id: id, known: known.sorted())
            }
            try start(definition)
            try NaturalOrderKey.register(in: db)
            var sql = """
                SELECT r.id, p.code, t.key AS task, r.occasion, r.orientation, r.submitted, r.recorded, g.text_value, g.number_value,
                       r.answers, r.started
                FROM response_set r JOIN participant p ON p.id = r.participant_id LEFT JOIN task t ON t.id = r.task_id
                LEFT JOIN participant_attribute g ON g.participant_id = p.id AND g.name = ?
                WHERE r.instrument_id = ?
                """
            var arguments: StatementArguments = [attribute ?? "", rowID]
            if let task {
                let taskID = try Self.taskID(db, key: task)
                sql += " AND r.task_id = ?"
                arguments += [taskID]
            }
            // NaturalOrder.areInIncreasingOrder: the natural key, then the text itself where two keys are equal.
            sql += """
                 ORDER BY natural_key(p.code), p.code, natural_key(ifnull(t.key, '')), ifnull(t.key, ''), r.occasion
                """
            func text(_ statement: OpaquePointer?, _ column: Int32) -> String? {
                guard let pointer = sqlite3_column_text(statement, column) else { return nil }
                return String(cString: pointer)
            }
            // Stepped through SQLite's C API: a set's row needs none of GRDB's row decoding, and this loop runs
            // once per respondent (bench/baseline.py, `score sus` and `export csv` at 100,000 respondents).
            let sets = try db.makeStatement(sql: sql)
            try sets.setArguments(arguments)
            let outer = sets.sqliteStatement
            defer { sqlite3_reset(outer) }
            var step = sqlite3_step(outer)
            while step == SQLITE_ROW {
                let group: String? = sqlite3_column_type(outer, 8) != SQLITE_NULL
                    ? AttributeValue.number(sqlite3_column_double(outer, 8)).display : text(outer, 7)
                let set = StoredResponseSet(
                    participant: text(outer, 1) ?? "", task: text(outer, 2), occasion: text(outer, 3) ?? "",
                    orientation: text(outer, 4).flatMap(Orientation.init(rawValue:)) ?? .canonical,
                    answers: try Self.answers(outer, column: 9, set: sqlite3_column_int64(outer, 0), db),
                    submitted: text(outer, 5), recorded: text(outer, 6) ?? "", started: text(outer, 10), group: group)
                try body(set)
                step = sqlite3_step(outer)
            }
            guard step == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: step), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sets.sql)
            }
            return definition
        }
    }

    // MARK: - Helpers inside a transaction

    /// The study's participant attributes, in their order (no participant is read).
    public func attributeDefinitions() throws -> [AttributeDefinition] {
        try read { db in try Self.attributeDefinitions(db) }
    }

    static func participantCode(_ db: Database, _ id: Int64) throws -> String {
        try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]) ?? "?"
    }

    static func taskID(_ db: Database, key: String) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [StudyText.composed(key)]) { return id }
        let known = try String.fetchAll(db, sql: "SELECT key FROM task ORDER BY position")
        throw StoreError.unknownTask(key: key, known: known)
    }

    /// The task a response set belongs to: required for per-task instruments (SEQ), optional otherwise.
    static func taskID(_ db: Database, for definition: InstrumentDefinition, task: String?) throws -> Int64? {
        guard let task else {
            if definition.perTask { throw StoreError.taskRequired(instrument: definition.id) }
            return nil
        }
        return try taskID(db, key: task)
    }

    /// Removes a response set with its answers.
    static func deleteResponseSet(_ db: Database, _ id: Int64) throws {
        try db.execute(sql: "DELETE FROM response_set WHERE id = ?", arguments: [id])
    }

    /// The answers in column `column` of the current row of `statement` (`response_set.answers`); a column that
    /// is not the answers' JSON (edited by hand) is an error naming the set.
    static func answers(_ statement: OpaquePointer?, column: Int32, set id: Int64, _ db: Database) throws -> [Int: Answer] {
        guard let pointer = sqlite3_column_text(statement, column) else { return [:] }
        let count = Int(sqlite3_column_bytes(statement, column))
        do {
            return try AnswerColumn.decode(UnsafeBufferPointer(start: pointer, count: count))
        } catch {
            let file = sqlite3_db_filename(db.sqliteConnection, "main").map { String(cString: $0) }
            throw StoreError.storage(path: file.flatMap { $0.isEmpty ? nil : $0 } ?? "study",
                                     reason: "response set \(String(id)): its answers cannot be read (\(Sentence(verbatim: String(describing: error)))); 'studyctl check' lists every such set")
        }
    }

    /// The check a bulk import makes once instead of SQLite's per-row foreign keys: every item of the definitions it
    /// wrote answers of (each answer was matched to its definition's item) is an item of the stored instrument.
    static func verifyItems(_ db: Database, instrumentID: Int64, definition: InstrumentDefinition) throws {
        let stored = Set(try Int.fetchAll(db, sql: "SELECT number FROM instrument_item WHERE instrument_id = ?", arguments: [instrumentID]))
        let missing = definition.items.map(\.number).filter { !stored.contains($0) }
        guard missing.isEmpty else {
            throw StoreError.notAStudy(path: db.configuration.label ?? "study",
                                       reason: "instrument \(definition.id) has no stored item \(missing.map(String.init).joined(separator: ", ")); run 'studyctl check'")
        }
    }

    @discardableResult
    static func insertResponseSet(_ db: Database, _ statements: ResponseSetStatements, instrumentID: Int64, definition: InstrumentDefinition,
                                  participantID: Int64, taskID: Int64?, _ submission: ResponseSubmission,
                                  recorded: String = Timestamp.now()) throws -> Int64 {
        // The store's own guarantee (no Likert 9, no choice the item does not offer), whatever the caller read.
        // Item by item (a lookup each, rather than a search of the items per answer), then no answer left over.
        var matched = 0
        for item in definition.items {
            guard let answer = submission.answers[item.number] else { continue }
            matched += 1
            guard definition.accepts(answer, item: item) else {
                throw StoreError.invalidInput([.init(location: Sentence(verbatim: submission.source ?? submission.participant),
                                                     message: "\(definition.id) item \(item.number): the answer \(answer.display) does not fit the item")])
            }
        }
        if matched < submission.answers.count,
           let (stray, answer) = submission.answers.sorted(by: { $0.key < $1.key }).first(where: { definition.item($0.key) == nil }) {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: submission.source ?? submission.participant),
                                                 message: "\(definition.id) item \(stray): the answer \(answer.display) does not fit the item")])
        }
        var writer = AnswerColumn.Writer()
        writer.reset()
        for (number, answer) in submission.answers.sorted(by: { $0.key < $1.key }) {
            writer.append(number, answer, typed: submission.raw[number])
        }
        writer.finish()
        guard let stored = try storeSet(db, statements, participant: .id(participantID), instrumentID: instrumentID, taskID: taskID,
                                        occasion: submission.occasion, orientation: submission.orientation, source: submission.source,
                                        submitted: submission.submitted, started: submission.started, recorded: recorded,
                                        answers: writer.answers, raw: writer.raw) else {
            // nil only with conflictIsNil, which is not given here.
            throw StoreError.refused(what: "the responses of \(submission.participant)", reason: "no response set was stored")
        }
        return stored
    }

    /// Inserts a set whose answers are already checked and written (`columns`); its row id. When `conflictIsNil`,
    /// a set that exists already (same participant, instrument, task and occasion) returns `nil` instead of
    /// throwing: an import tries the insert first and looks the existing set up only then. A participant given by
    /// code is found by the insert itself (`nil` when there is none), one statement per set instead of two.
    static func storeSet(_ db: Database, _ statements: ResponseSetStatements, participant: SetParticipant, instrumentID: Int64,
                         taskID: Int64?, occasion: String, orientation: Orientation, source: String?, submitted: String?, started: String? = nil,
                         recorded: String, answers: [UInt8], raw: [UInt8], conflictIsNil: Bool = false) throws -> Int64? {
        // Bound through SQLite's C API: no StatementArguments built per set, which a large import stores hundreds of
        // thousands of.
        let insertSet: Statement
        switch participant {
        case .id: insertSet = statements.insertSet
        case .code: insertSet = statements.insertSetOfCode
        }
        let handle = insertSet.sqliteStatement
        func bind(_ index: Int32, _ text: String?) {
            if let text { bindText(handle, index, text) } else { sqlite3_bind_null(handle, index) }
        }
        func bind(_ index: Int32, _ bytes: [UInt8]) {
            if bytes.isEmpty { sqlite3_bind_null(handle, index); return }
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), sqliteTransient)
                }
            }
        }
        sqlite3_reset(handle)
        switch participant {
        case let .id(id): sqlite3_bind_int64(handle, 1, id)
        case let .code(code): bindText(handle, 1, code)
        }
        sqlite3_bind_int64(handle, 2, instrumentID)
        if let taskID { sqlite3_bind_int64(handle, 3, taskID) } else { sqlite3_bind_null(handle, 3) }
        bind(4, occasion)
        bind(5, orientation.rawValue)
        bind(6, source)
        bind(7, submitted)
        bind(8, recorded)
        bind(9, answers)
        bind(10, raw)
        bind(11, started)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let extended = sqlite3_extended_errcode(db.sqliteConnection)
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            // SQLITE_CONSTRAINT_UNIQUE, a macro Swift does not import.
            if conflictIsNil, extended == SQLITE_CONSTRAINT | (8 << 8) { return nil }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: insertSet.sql)
        }
        sqlite3_reset(handle)
        if case .code = participant, sqlite3_changes(db.sqliteConnection) == 0 { return nil }
        return db.lastInsertedRowID
    }

    /// Adds `answers` newly inserted item answers to the study's count (`study_count`, schema v15): the callers that
    /// insert sets add once per import, after the rows; deletions are taken off by a trigger.
    static func countAnswers(_ db: Database, _ answers: Int) throws {
        try count(db, .itemAnswers, answers)
    }

    /// What `study_count` counts as it is stored (schema v15, v16).
    enum Counted: String, CaseIterable {
        case participants = "participants"
        case responseSets = "response sets"
        case itemAnswers = "item answers"

        /// The same count taken from the tables themselves (what `check` compares it with).
        var heldSQL: String {
            switch self {
            case .participants: "SELECT count(*) FROM participant"
            case .responseSets: "SELECT count(*) FROM response_set"
            case .itemAnswers: "SELECT count(*) FROM response_set, json_each(response_set.answers)"
            }
        }
    }

    /// Adds `added` newly inserted rows to the study's count of `kind`: the callers add once per import, after the
    /// rows; deletions are taken off by triggers.
    static func count(_ db: Database, _ kind: Counted, _ added: Int) throws {
        guard added != 0 else { return }
        try db.execute(sql: "UPDATE study_count SET n = n + ? WHERE kind = ?", arguments: [added, kind.rawValue])
    }

    /// Whose set `storeSet` inserts: a participant's row id, or a code the insert looks up itself.
    enum SetParticipant {
        case id(Int64)
        case code(String)
    }

    static func rememberOrientation(_ db: Database, instrument: String, _ orientation: Orientation) throws {
        try db.execute(sql: """
            INSERT INTO study_setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, arguments: ["orientation." + instrument.lowercased(), orientation.rawValue])
    }
}

/// The statements that look up and store response sets, prepared once per import: GRDB's statement cache would
/// hash each statement's SQL again for every row read.
struct ResponseSetStatements {
    let findParticipant: Statement
    let findSet: Statement
    let insertSet: Statement
    /// `insertSet` with the participant's code in place of its id: nothing is inserted when there is no such
    /// participant.
    let insertSetOfCode: Statement

    // Prepared SQL, not a record: run once per response set stored (bench/baseline.py, `responses import --long`
    // at 100,000 respondents).
    init(_ db: Database) throws {
        findParticipant = try db.cachedStatement(sql: "SELECT id FROM participant WHERE code = ?")
        findSet = try db.cachedStatement(sql: """
            SELECT id, recorded, source FROM response_set
            WHERE participant_id = ? AND instrument_id = ? AND ifnull(task_id, 0) = ? AND occasion = ?
            """)
        insertSet = try db.cachedStatement(sql: """
            INSERT INTO response_set (participant_id, instrument_id, task_id, occasion, orientation, source, submitted, recorded, answers, raw, started)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertSetOfCode = try db.cachedStatement(sql: """
            INSERT INTO response_set (participant_id, instrument_id, task_id, occasion, orientation, source, submitted, recorded, answers, raw, started)
            SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11 FROM participant WHERE code = ?1
            """)
    }

    /// The row id of participant `code` (as stored: codes are trimmed and compared without case).
    func participantID(_ db: Database, code: String) throws -> Int64? {
        try findParticipant.fastRow(db, .text(code)) { sqlite3_column_int64($0, 0) }
    }

    /// The stored set of this participant, instrument, task and occasion, if any.
    func existingSet(_ db: Database, participantID: Int64, instrumentID: Int64, taskID: Int64?,
                     occasion: String) throws -> (id: Int64, recorded: String, source: String?)? {
        try findSet.fastRow(db, .int(participantID), .int(instrumentID), .int(taskID ?? 0), .text(occasion)) {
            (sqlite3_column_int64($0, 0), columnText($0, 1) ?? "", columnText($0, 2))
        }
    }
}

extension StudyDatabase {
    /// How many response sets the study holds (of every instrument).
    public func responseSetCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM response_set") ?? 0 }
    }
}

/// One stored item answer, as the long-format exports stream them.
public struct AnswerRow: Sendable {
    public var participant: String
    public var instrument: String
    public var task: String?
    public var occasion: String
    public var item: Int
    public var value: Double?
    public var answer: String?
    public var notApplicable: Bool
    public var orientation: String
    public var submitted: String?
}

extension StudyDatabase {
    /// Calls `body` with every item answer, in response-set and item order, reading set by set so memory stays
    /// flat however many answers the study holds; `afterSet` after each set's answers (for a progress bar:
    /// `responseSetCount()` is the total).
    public func forEachAnswer(_ body: (AnswerRow) throws -> Void, afterSet: () throws -> Void = {}) throws {
        try read { db in
            // A streamed cursor, not records: once per response set (bench/baseline.py, `export csv` at 100,000).
            let sets = try db.makeStatement(sql: """
                SELECT r.id, p.code, i.key, t.key, r.occasion, r.orientation, r.submitted, r.answers
                FROM response_set r
                JOIN participant p ON p.id = r.participant_id
                JOIN instrument i ON i.id = r.instrument_id
                LEFT JOIN task t ON t.id = r.task_id
                ORDER BY r.id
                """)
            let handle = sets.sqliteStatement
            defer { sqlite3_reset(handle) }
            func text(_ column: Int32) -> String? {
                guard let pointer = sqlite3_column_text(handle, column) else { return nil }
                return String(cString: pointer)
            }
            var step = sqlite3_step(handle)
            while step == SQLITE_ROW {
                let answers = try Self.answers(handle, column: 7, set: sqlite3_column_int64(handle, 0), db)
                var row = AnswerRow(participant: text(1) ?? "", instrument: text(2) ?? "", task: text(3), occasion: text(4) ?? "",
                                    item: 0, value: nil, answer: nil, notApplicable: false, orientation: text(5) ?? "", submitted: text(6))
                for (number, answer) in answers.sorted(by: { $0.key < $1.key }) {
                    row.item = number
                    row.value = nil
                    row.answer = nil
                    row.notApplicable = false
                    switch answer {
                    case let .value(value): row.value = value
                    case .notApplicable: row.notApplicable = true
                    case let .choice(choice): row.answer = choice
                    case let .text(text): row.answer = text
                    }
                    try body(row)
                }
                try afterSet()
                step = sqlite3_step(handle)
            }
            guard step == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: step), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sets.sql)
            }
        }
    }
}

/// `natural_key(text)`: a blob whose byte order is `NaturalOrder`'s order, so SQLite can sort by it. Letters are
/// folded to lower case (ASCII), and each run of digits becomes '0', its length without leading zeros (4 bytes)
/// and those digits: runs compare by value, and a run against any other byte compares as a digit does.
enum NaturalOrderKey {
    /// Registered through SQLite's C API (GRDB's function wrapper would box every argument and result): it runs once
    /// per row sorted.
    static func register(in db: Database) throws {
        let code = sqlite3_create_function_v2(db.sqliteConnection, "natural_key", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
                                              { context, count, values in
            guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
                  let text = sqlite3_value_text(value) else {
                sqlite3_result_null(context)
                return
            }
            let length = Int(sqlite3_value_bytes(value))
            let key = NaturalOrderKey.key(bytes: UnsafeBufferPointer(start: text, count: length))
            key.withUnsafeBytes { buffer in
                sqlite3_result_blob(context, buffer.baseAddress, Int32(buffer.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
        }, nil, nil, nil)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot register natural_key") }
    }

    static func key(_ text: String) -> Data {
        var text = text
        return text.withUTF8 { Data(key(bytes: $0)) }
    }

    static func key(bytes a: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(a.count + 8)
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        var index = 0
        while index < a.count {
            if isDigit(a[index]) {
                var start = index
                while start < a.count - 1, a[start] == 48, isDigit(a[start + 1]) { start += 1 }
                var end = start
                while end < a.count, isDigit(a[end]) { end += 1 }
                let length = UInt32(end - start)
                bytes.append(48)
                bytes.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
                bytes.append(contentsOf: a[start..<end])
                index = end
            } else {
                let byte = a[index]
                bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
                index += 1
            }
        }
        return bytes
    }
}
