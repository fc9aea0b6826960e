import Foundation
import GRDB
import GRDBSQLite
import Surveys
import Wording

/// What the store needs beside a form export's rows: the instrument, the task every row answers (when no column
/// names each row's), the measurement, the scale's orientation, and how to settle repeated rows and sets the study
/// has (`ResponseImportOptions.storing`, in the importing layer, says how a file's options give it).
public struct ResponseStoreOptions: Sendable {
    public var instrument: String
    public var task: String?
    public var occasion: String
    public var orientation: Orientation
    public var replace: Bool
    public var duplicates: DuplicatePolicy
    /// Extra answer labels (label → scale point), for the note listing the labels the scale takes.
    public var labels: [String: Int]
    /// Called now and then with the share of the file read (0…1), for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?

    public init(instrument: String, task: String? = nil, occasion: String = "", orientation: Orientation = .canonical,
                replace: Bool = false, duplicates: DuplicatePolicy = .refuse, labels: [String: Int] = [:],
                progress: (@Sendable (Double) -> Void)? = nil) {
        self.instrument = instrument
        self.task = task
        self.occasion = occasion
        self.orientation = orientation
        self.replace = replace
        self.duplicates = duplicates
        self.labels = labels
        self.progress = progress
    }
}

/// What to do with repeated submissions of one participant in a form export.
public enum DuplicatePolicy: String, Sendable, CaseIterable {
    /// Refuse the file, naming each repeated row (the default).
    case refuse
    /// Keep each participant's last row in the file (a corrected resubmission).
    case keepLast = "keep-last"
    /// Keep each participant's first row.
    case keepFirst = "keep-first"
}

/// What a response import stored.
public struct ResponseImportSummary: Sendable, Equatable {
    public var instrument: String
    public var responseSets: Int
    public var answers: Int
    public var replaced: Int
    /// Item number → the column it was read from (this and the three after it are the importing layer's to fill:
    /// the store counts what it stored).
    public var columns: [Int: String]
    /// How the item columns were found: "item text", "--map", "--items-from" or "position".
    public var matchedBy: String = "position"
    /// Each item's similarity to its column's header (0–1), when the columns were found by similarity.
    public var confidence: [Int: Double] = [:]
    /// Columns left out because they are no item (e-mail, comments), when items were matched by text.
    public var ignoredColumns: [String] = []
    /// Repeated rows dropped under `--duplicates keep-first|keep-last`.
    public var duplicatesDropped: Int = 0
    /// Columns that are no item whose cells told dropped repeated rows apart the way a condition's levels or the
    /// occasions would (column → the option that would read them: "--condition-column" or "--occasion-column").
    public var measurementLike: [String: String] = [:]
    /// How the table was read (its encoding and separator, or its sheet), and what reading its time stamps
    /// decided: said before the summary.
    public var reading: [Sentence] = []
}

extension StudyDatabase {

    /// A row's participant the study lacks: the way to register the file's respondents, or to read another column.
    static func unknownParticipant(_ code: String, file: String) -> Sentence {
        "no participant '\(code)' in the study; add or import participants first ('studyctl participant import \(file)' registers the file's respondents), or name the column of the study's participant codes with --participant-column"
    }

    /// Stores one response set per row of a form export, as the importing layer read them (`FormRow`: the codes,
    /// tasks, time stamps and answers, and the cells it could not read): finds each row's participant and task,
    /// settles repeated rows (`duplicates`, `replace`), inserts the sets in batches and counts them. All or nothing:
    /// every problem, the rows' and the study's, is reported before anything is stored.
    ///
    /// `next` pulls the file's rows, streamed: each call gives the next row, `nil` at the end (a row is let go of
    /// before the next is asked for, so a reader may write every row's answers into the same buffers). `table`
    /// names the file and its cells in messages. The summary counts what was stored; which column each item was
    /// read from is the importing layer's to say.
    public func storeResponses(_ table: SourceTable, columns: ResponseColumns, options: ResponseStoreOptions,
                               next: () throws -> FormRow?) throws -> ResponseImportSummary {
        return try write(bulk: true) { db in
            let (instrumentRowID, definition) = try Self.resolveInstrument(db, options.instrument)
            for number in columns.items where definition.item(number) == nil {
                throw StoreError.invalidInput([.init(location: "--map", message: "\(definition.id) has no item \(number) (items 1–\(definition.items.count))")])
            }
            if definition.perTask, options.task == nil, !columns.perRowTask {
                throw StoreError.taskRequired(instrument: definition.id)
            }
            let fixedTaskID = try options.task.map { try Self.taskID(db, key: $0) }
            var run = try ResponseImportRun(db, table: table, instrumentID: instrumentRowID, definition: definition, options: options,
                                            fixedTaskID: fixedTaskID, perRowTask: columns.perRowTask,
                                            measurement: try RowMeasurement(db, table: table, columns: columns, fixed: options.occasion))
            var count = 0
            while let row = try next() {
                count += 1
                if count % 20_000 == 0 { options.progress?(table.fractionRead) }
                try run.take(row)
            }
            try run.flush()
            if count == 0 {
                run.problems.append(.init(location: "\(table.file):1", message: "the file has a header row but no responses"))
            }
            run.noteUnknownLabels()
            run.noteMeasurementCells()
            guard run.problems.isEmpty else { throw StoreError.invalidInput(run.problems) }
            try Self.countAnswers(db, run.insertedAnswers)
            try Self.count(db, .responseSets, run.insertedSets)
            try Self.verifyItems(db, instrumentID: instrumentRowID, definition: definition)
            try Self.rememberOrientation(db, instrument: definition.id, options.orientation)
            return ResponseImportSummary(instrument: definition.id, responseSets: run.stored, answers: run.storedAnswers, replaced: run.replaced,
                                         columns: [:], duplicatesDropped: run.dropped, measurementLike: run.measurement.likeDropped)
        }
    }
}

/// One `storeResponses` under way. It streams the file: each set is stored as soon as it is read, until a problem
/// shows up; from then on rows are only checked, and the transaction is rolled back at the end.
struct ResponseImportRun {
    let db: Database
    let table: SourceTable
    let instrumentID: Int64
    let definition: InstrumentDefinition
    let options: ResponseStoreOptions
    let fixedTaskID: Int64?
    let statements: ResponseSetStatements
    let sourcePrefix: String
    /// One moment for the whole import.
    let recorded = Timestamp.now()
    /// Sets read without a problem wait in `batch` and are inserted together, one statement per
    /// `SetBatch.capacity` sets (per-statement work was a tenth of an import); not when each row names its task.
    let batchStatement: Statement?
    var batch = SetBatch()
    /// The measurement each row is stored under (`--condition-column`, `--occasion-column`), and what tells
    /// repeated rows apart.
    var measurement: RowMeasurement
    /// The rows a keep-last dropped for the set about to be stored (file:line), to trace beside it.
    var dropping: [String] = []

    var problems: [StoreError.Problem] = []
    /// An unknown label is reported once, where it first occurs, with how often it occurs.
    var unknownLabels: [String: (location: String, item: Int, count: Int)] = [:]
    /// Rows are remembered by key only once a problem stops storing (stored sets are found in the study).
    var seen: [String: Int] = [:]
    var dropped = 0
    var replaced = 0
    var stored = 0
    var storedAnswers = 0
    /// Every set and answer inserted, for the study's counts: a set deleted on the way (one this import replaces,
    /// or its own earlier row under keep-last) is taken off by the triggers, so these never go down.
    var insertedSets = 0
    var insertedAnswers = 0
    /// Sets stored by this import have ids from the first one it stored on (SQLite allocates rowids upwards).
    var firstStored: Int64?

    init(_ db: Database, table: SourceTable, instrumentID: Int64, definition: InstrumentDefinition, options: ResponseStoreOptions,
         fixedTaskID: Int64?, perRowTask: Bool, measurement: RowMeasurement) throws {
        self.db = db
        self.table = table
        self.instrumentID = instrumentID
        self.definition = definition
        self.options = options
        self.fixedTaskID = fixedTaskID
        statements = try ResponseSetStatements(db)
        sourcePrefix = table.file + ":"
        self.measurement = measurement
        batchStatement = perRowTask || measurement.isPerRow ? nil : try SetBatch.statement(db)
        var opening: [StoreError.Problem] = []
        self.measurement.start(&opening)
        problems = opening
    }

    func at(_ field: SourceCell) -> String { table.location(of: field) }

    func missing(_ code: String) -> Sentence {
        code.isEmpty ? "the participant code is empty" : StudyDatabase.unknownParticipant(code, file: table.file)
    }

    /// Takes one row: its task found, a repeated row settled, then batched or stored (or only checked).
    mutating func take(_ row: FormRow) throws {
        let code = row.code
        if !problems.isEmpty {
            // Checking only: every row's participant is looked up, as a storing run's insert would.
            guard try statements.participantID(db, code: code) != nil else {
                problems.append(.init(location: Sentence(verbatim: at(row.participant)), message: missing(code)))
                return
            }
        }
        var taskID = fixedTaskID
        var taskKey = options.task
        if let task = row.task {
            taskKey = task.key
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [task.key]) else {
                try flush()
                problems.append(.init(location: Sentence(verbatim: at(task.field)), message: "no task '\(task.key)' in the study"))
                return
            }
            taskID = id
        }
        // The problems are moved out and back: the measurement counts where its own lie among them.
        var all: [StoreError.Problem] = []
        swap(&all, &problems)
        let occasion = measurement.key(row, in: table, problems: &all)
        swap(&all, &problems)
        guard let occasion else { return }
        let setKey = "\(code.lowercased())|\(taskKey ?? "")|\(occasion)"
        let like = measurement.context.isEmpty ? nil : measurement.measurementLike(setKey, row)
        measurement.remember(setKey, row)
        let key = seen.isEmpty && problems.isEmpty ? "" : setKey
        if !key.isEmpty, let first = seen[key] {
            if options.duplicates == .keepFirst { dropped += 1; return }
            if options.duplicates == .refuse {
                problems.append(.init(location: Sentence(verbatim: at(row.participant)),
                                      message: secondRow(code, task: taskKey, occasion: occasion, first: "\(first)", like: like)))
                return
            }
        }
        if !problems.isEmpty { seen[key] = row.line }
        let pending = PendingSet(participant: row.participant, code: code, taskID: taskID, taskKey: taskKey, occasion: occasion, line: row.line,
                                 submitted: row.submitted, started: row.started, answered: row.answered, like: like)
        if batchStatement != nil, problems.isEmpty, row.failures.isEmpty, !code.isEmpty {
            batch.append(pending, answers: row.answers, raw: row.raw)
            if batch.isFull { try flush() }
            return
        }
        try flush()
        try storeOne(pending, answers: row.answers, raw: row.raw, failures: row.failures)
    }

    /// Inserts the waiting sets; when the statement refuses them (a participant not in the study, a set that
    /// exists), they are stored one by one, which finds and reports what is wrong.
    mutating func flush() throws {
        guard !batch.isEmpty else { return }
        if batch.isFull, let batchStatement,
           let first = try batch.insert(db, batchStatement, instrumentID: instrumentID, taskID: fixedTaskID, occasion: options.occasion,
                                        orientation: options.orientation, sourcePrefix: sourcePrefix, recorded: recorded) {
            if firstStored == nil { firstStored = first }
            stored += batch.count
            insertedSets += batch.count
            storedAnswers += batch.answered
            insertedAnswers += batch.answered
        } else {
            for index in 0..<batch.count {
                let (row, answers, raw) = batch[index]
                try storeOne(row, answers: answers, raw: raw, failures: [])
            }
        }
        batch.removeAll()
    }

    /// Stores one set, or finds out why it cannot be: the participant and the study's set of theirs are looked up
    /// only when the insert stores nothing (no such participant, or a set the unique index refuses), or once a
    /// problem stops storing.
    mutating func storeOne(_ row: PendingSet, answers: [UInt8], raw: [UInt8], failures: [AnswerFailure]) throws {
        if problems.isEmpty, failures.isEmpty, !row.code.isEmpty, let id = try store(row, .code(row.code), answers: answers, raw: raw) {
            counted(id, answered: row.answered)
            return
        }
        guard let participantID = try statements.participantID(db, code: row.code) else {
            problems.append(.init(location: Sentence(verbatim: at(row.participant)), message: missing(row.code)))
            return
        }
        if let existing = try statements.existingSet(db, participantID: participantID, instrumentID: instrumentID,
                                                       taskID: row.taskID, occasion: row.occasion) {
            guard try settle(row, existing: existing) else { return }
        }
        report(failures, code: row.code)
        if problems.isEmpty, let id = try store(row, .id(participantID), answers: answers, raw: raw) {
            counted(id, answered: row.answered)
            for source in dropping { try trace(source, kept: id) }
        }
        dropping = []
    }

    /// Keeps in the study that the row at `source` (file:line) was dropped for the set `kept`.
    func trace(_ source: String, kept: Int64) throws {
        try DroppedResponseRow(keptSetId: kept, source: source, policy: options.duplicates.rawValue, recorded: recorded).insert(db)
    }

    /// The refusal of a participant's second row under one task and measurement. When the two rows differ in a
    /// column that looks like a condition or an occasion, it proposes reading that column, not dropping a row.
    func secondRow(_ code: String, task: String?, occasion: String, first: String,
                   like: (column: String, option: String, first: String, this: String)?) -> Sentence {
        let forTask: Sentence = task.map { (" for task \($0)" as Sentence) } ?? ""
        let measured = Sentence(verbatim: MeasurementKey.suffix(occasion))
        guard let like else {
            return "participant \(code) has a second row\(forTask)\(measured) (first on line \(first)); choose --duplicates keep-last or keep-first to keep one"
        }
        return "participant \(code) has a second row\(forTask)\(measured) (first on line \(first)), with '\(like.this)' in column '\(like.column)' where the first has '\(like.first)': if each row is a measurement of its own, read the column with \(like.option) \(RowMeasurement.quoted(like.column))"
    }

    func store(_ row: PendingSet, _ participant: StudyDatabase.SetParticipant, answers: [UInt8], raw: [UInt8]) throws -> Int64? {
        try StudyDatabase.storeSet(db, statements, participant: participant, instrumentID: instrumentID, taskID: row.taskID,
                                   occasion: row.occasion, orientation: options.orientation, source: sourcePrefix + String(row.line),
                                   submitted: row.submitted, started: row.started, recorded: recorded, answers: answers, raw: raw, conflictIsNil: true)
    }

    mutating func counted(_ id: Int64, answered: Int) {
        if firstStored == nil { firstStored = id }
        stored += 1
        insertedSets += 1
        storedAnswers += answered
        insertedAnswers += answered
    }

    /// What to do with a row whose participant already has a set: one stored by this import is a repeated row
    /// (`duplicates`), an older one is replaced (`replace`) or refused. `false` when the row is not stored.
    mutating func settle(_ row: PendingSet, existing: (id: Int64, recorded: String, source: String?)) throws -> Bool {
        let code = row.code
        guard let firstStored, existing.id >= firstStored else {
            if options.replace {
                try StudyDatabase.deleteResponseSet(db, existing.id)
                replaced += 1
                return true
            }
            problems.append(.init(location: Sentence(verbatim: at(row.participant)),
                                  message: "participant \(code) already has \(definition.id) answers\(MeasurementKey.suffix(row.occasion)) (recorded \(existing.recorded)); rerun with --replace to overwrite them"))
            return false
        }
        switch options.duplicates {
        case .keepFirst:
            dropped += 1
            if let like = row.like { measurement.note(like) }
            try trace(sourcePrefix + String(row.line), kept: existing.id)
            return false
        case .keepLast:
            // The latest by the rows' time stamps (a form export's rows need not be in time order); the file's
            // later row where they have none or cannot be compared.
            let storedSubmitted = try String.fetchOne(db, sql: "SELECT submitted FROM response_set WHERE id = ?", arguments: [existing.id])
            if let like = row.like { measurement.note(like) }
            if FormDuration.isLater(row.submitted, than: storedSubmitted) == false {
                dropped += 1
                try trace(sourcePrefix + String(row.line), kept: existing.id)
                return false
            }
            // The rows dropped for the set being replaced are now dropped for this row, beside that set's own.
            dropping = try String.fetchAll(db, sql: "SELECT source FROM dropped_response WHERE kept_set_id = ? ORDER BY id", arguments: [existing.id])
                + [existing.source ?? sourcePrefix + "?"]
            storedAnswers -= try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM json_each(answers)) FROM response_set WHERE id = ?",
                                              arguments: [existing.id]) ?? 0
            try StudyDatabase.deleteResponseSet(db, existing.id)
            dropped += 1
            stored -= 1
            return true
        case .refuse:
            let first = existing.source.flatMap { $0.split(separator: ":").last }.map(String.init) ?? "?"
            problems.append(.init(location: Sentence(verbatim: at(row.participant)),
                                  message: secondRow(code, task: row.taskKey, occasion: row.occasion, first: first, like: row.like)))
            return false
        }
    }

    /// The row's unreadable cells, each a problem; an unknown label once, where it first occurs.
    mutating func report(_ failures: [AnswerFailure], code: String) {
        let header = table.header
        for failure in failures {
            let location = at(failure.field)
            if let label = failure.problem.unknownLabel {
                let folded = AnswerReader.fold(label)
                if let known = unknownLabels[folded] {
                    unknownLabels[folded]?.count = known.count + 1
                    continue
                }
                unknownLabels[folded] = (location, failure.number, 1)
            }
            problems.append(.init(location: Sentence(verbatim: location),
                                  message: "participant \(code), item \(failure.number) (column '\(header[failure.column].value)'): \(failure.problem.message)"))
        }
    }

    /// How many cells each unknown label was found in, beside its problem, and the labels the scale knows.
    mutating func noteMeasurementCells() {
        var noted = problems
        measurement.note(&noted)
        problems = noted
    }

    mutating func noteUnknownLabels() {
        guard !unknownLabels.isEmpty else { return }
        for (index, problem) in problems.enumerated() {
            guard let entry = unknownLabels.values.first(where: { $0.location == problem.location.description }), entry.count > 1 else { continue }
            problems[index].message = "\(problems[index].message) (\(entry.count) cells in all)"
        }
        let answerReader = AnswerReader(definition: definition, orientation: options.orientation, labels: options.labels)
        let accepted = answerReader.acceptedLabels().map { "\($0.point) = " + $0.labels.joined(separator: " / ") }.joined(separator: "; ")
        problems.append(.init(location: "labels", message: "the scale's labels are: \(accepted). Give others with --labels \"LABEL=POINT,…\" (e.g. --labels \"Concordo bastante=4\")", isNote: true))
    }
}

/// A row of a form export read without a problem, waiting to be stored.
struct PendingSet {
    var participant: SourceCell
    var code: String
    var taskID: Int64?
    var taskKey: String?
    /// The measurement key it is stored under.
    var occasion: String
    var line: Int
    var submitted: String?
    var started: String?
    /// How many items it answers.
    var answered: Int
    /// Where it differs from the participant's first row under the same task and measurement as a condition or an
    /// occasion would (`RowMeasurement.measurementLike`).
    var like: (column: String, option: String, first: String, this: String)? = nil
}


/// Sets waiting to be inserted by one statement: their texts in one buffer, bound where they lie.
struct SetBatch {
    static let capacity = 64

    private var rows: [PendingSet] = []
    /// Each row's answers and typed columns (an empty typed range is NULL) and participant code, in `bytes`.
    private var ranges: [(answers: Range<Int>, raw: Range<Int>, code: Range<Int>, submitted: Range<Int>?, started: Range<Int>?)] = []
    private var bytes: [UInt8] = []
    private(set) var answered = 0

    init() {
        rows.reserveCapacity(Self.capacity)
        ranges.reserveCapacity(Self.capacity)
        bytes.reserveCapacity(Self.capacity * 128)
    }

    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }
    var isFull: Bool { rows.count == Self.capacity }

    subscript(index: Int) -> (PendingSet, answers: [UInt8], raw: [UInt8]) {
        let range = ranges[index]
        return (rows[index], Array(bytes[range.answers]), Array(bytes[range.raw]))
    }

    mutating func append(_ row: PendingSet, answers: [UInt8], raw: [UInt8]) {
        func add<S: Sequence>(_ part: S) -> Range<Int> where S.Element == UInt8 {
            let start = bytes.count
            bytes.append(contentsOf: part)
            return start..<bytes.count
        }
        ranges.append((add(answers), add(raw), add(row.code.utf8), row.submitted.map { add($0.utf8) }, row.started.map { add($0.utf8) }))
        rows.append(row)
        answered += row.answered
    }

    mutating func removeAll() {
        rows.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        answered = 0
    }

    /// The statement inserting `capacity` sets, each participant found by code. A code not in the study leaves
    /// its participant NULL, which the NOT NULL constraint refuses, so the statement stores all of its sets or none
    /// (as it does when one already exists); the LEFT JOIN keeps the rows in file order, and so their ids.
    /// Prepared SQL, not a record: one statement stores `capacity` sets (bench/baseline.py, `responses import` of a
    /// wide form at 100,000 respondents).
    static func statement(_ db: Database) throws -> Statement {
        let values = (0..<capacity).map { row in
            "(" + (0..<6).map { "?\(7 + row * 6 + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
        return try db.makeStatement(sql: """
            INSERT INTO response_set (participant_id, instrument_id, task_id, occasion, orientation, source, submitted, recorded, answers, raw, started)
            SELECT p.id, ?1, ?2, ?3, ?4, ?5 || v.column2, v.column3, ?6, v.column4, v.column5, v.column6
            FROM (VALUES \(values)) AS v LEFT JOIN participant p ON p.code = v.column1
            """)
    }

    /// Inserts the full batch; the first set's id, or `nil` when a constraint refused the statement (nothing
    /// stored).
    func insert(_ db: Database, _ statement: Statement, instrumentID: Int64, taskID: Int64?, occasion: String,
                orientation: Orientation, sourcePrefix: String, recorded: String) throws -> Int64? {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, instrumentID)
        if let taskID { sqlite3_bind_int64(handle, 2, taskID) } else { sqlite3_bind_null(handle, 2) }
        bindText(handle, 3, occasion)
        bindText(handle, 4, orientation.rawValue)
        bindText(handle, 5, sourcePrefix)
        bindText(handle, 6, recorded)
        let code: Int32 = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                // The texts are bound where they lie (no copy): the buffer outlives the step, and every one of
                // them is bound again before the next.
                func bind(_ index: Int32, _ range: Range<Int>?, emptyIsNull: Bool) {
                    // `bytes` is not empty here (each waiting set's answers are at least "{}"), so it has an address.
                    guard let range, !(emptyIsNull && range.isEmpty), let base = text.baseAddress else { sqlite3_bind_null(handle, index); return }
                    sqlite3_bind_text(handle, index, base + range.lowerBound, Int32(range.count), nil)
                }
                for (offset, row) in rows.enumerated() {
                    let base = Int32(7 + offset * 6)
                    let range = ranges[offset]
                    bind(base, range.code, emptyIsNull: false)
                    sqlite3_bind_int64(handle, base + 1, Int64(row.line))
                    bind(base + 2, range.submitted, emptyIsNull: false)
                    bind(base + 3, range.answers, emptyIsNull: false)
                    bind(base + 4, range.raw, emptyIsNull: true)
                    bind(base + 5, range.started, emptyIsNull: false)
                }
                return sqlite3_step(handle)
            }
        }
        let extended = sqlite3_extended_errcode(db.sqliteConnection)
        let message = code == SQLITE_DONE ? "" : String(cString: sqlite3_errmsg(db.sqliteConnection))
        sqlite3_reset(handle)
        if code == SQLITE_DONE { return db.lastInsertedRowID - Int64(rows.count) + 1 }
        if extended & 0xFF == SQLITE_CONSTRAINT { return nil }
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
    }
}
