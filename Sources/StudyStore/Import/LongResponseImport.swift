import Foundation
import GRDB
import Surveys
import Wording

/// What the store needs beside a long answers file's rows: the measurement every set belongs to, the scale's
/// orientation, and whether sets the study has are replaced (`LongResponseImportOptions.storing` gives it).
public struct LongResponseStoreOptions: Sendable {
    public var orientation: Orientation
    public var replace: Bool
    /// The measurement every set belongs to (`StudyDatabase.measurementKey`: occasion and conditions).
    public var occasion: String
    /// Called now and then with the share of the file read (0…1), for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?

    public init(orientation: Orientation = .canonical, replace: Bool = false, occasion: String = "",
                progress: (@Sendable (Double) -> Void)? = nil) {
        self.orientation = orientation
        self.replace = replace
        self.occasion = occasion
        self.progress = progress
    }
}

extension StudyDatabase {
    /// Stores answers in long format as the importing layer read them (`LongRow`: each row's participant,
    /// instrument, task, item and answer), streamed so memory stays flat however large the file is. The rows of
    /// one response set (participant, instrument, task) must be consecutive. The store finds the participant,
    /// instrument and task of each set, refuses an item answered twice and a set the study has, and stores. All or
    /// nothing: every bad cell is reported with its `file:line:column`, and then nothing is stored.
    ///
    /// `next` reads the file's next row into the one row the store refills for the whole file; `false` at the end.
    /// `table` names the file and its cells in messages.
    public func storeLongResponses(_ table: SourceTable, options: LongResponseStoreOptions = .init(),
                                   next: (inout LongRow) throws -> Bool) throws -> ResponseImportSummary {
        return try write(bulk: true) { db in
            var run = try LongImportRun(db, table: table, options: options)
            var rowsRead = 0
            var row = LongRow()
            while try next(&row) {
                rowsRead += 1
                if rowsRead % 50_000 == 0 { options.progress?(table.fractionRead) }
                try run.take(row)
            }
            try run.flush()
            options.progress?(1)
            if rowsRead == 0 { run.problem("\(table.file):1", "the file has a header row but no answers") }
            guard run.problemCount == 0 else {
                var problems = run.problems
                if run.problemCount > problems.count {
                    problems.append(.init(location: Sentence(verbatim: table.file), message: "… \(run.problemCount - problems.count) more problems not listed"))
                }
                throw StoreError.invalidInput(problems)
            }
            try Self.countAnswers(db, run.answers)
            try Self.count(db, .responseSets, run.sets)
            for (name, resolved) in run.instruments {
                try Self.verifyItems(db, instrumentID: resolved.rowID, definition: resolved.definition)
                try Self.rememberOrientation(db, instrument: name, options.orientation)
            }
            return ResponseImportSummary(instrument: run.instruments.keys.sorted().joined(separator: ", "), responseSets: run.sets,
                                         answers: run.answers, replaced: run.replaced, columns: [:])
        }
    }
}

/// One `storeLongResponses` under way: the set the consecutive rows are filling, what was looked up, and the
/// problems found (the first thousand kept, all counted).
struct LongImportRun {
    let db: Database
    let table: SourceTable
    let options: LongResponseStoreOptions
    let statements: ResponseSetStatements
    /// One moment for the whole import.
    let recorded = Timestamp.now()

    var problems: [StoreError.Problem] = []
    var problemCount = 0
    var instruments: [String: (rowID: Int64, definition: InstrumentDefinition)] = [:]
    var tasks: [String: Int64] = [:]
    var sets = 0
    var answers = 0
    var replaced = 0
    var current: PendingLongSet?
    /// Sets stored by this import have ids from the first one it stored on (SQLite allocates rowids upwards).
    var firstStored: Int64?
    /// The response set the previous row belonged to; a row starts a new set when any of the three differs.
    var lastCode: String?
    var lastInstrument = ""
    var lastTask: String?

    init(_ db: Database, table: SourceTable, options: LongResponseStoreOptions) throws {
        self.db = db
        self.table = table
        self.options = options
        statements = try ResponseSetStatements(db)
    }

    func at(_ field: SourceCell) -> String { table.location(of: field) }

    mutating func problem(_ location: String, _ message: Sentence) {
        problemCount += 1
        if problems.count < 1_000 { problems.append(.init(location: Sentence(verbatim: location), message: message)) }
    }

    /// Takes one row: a new set begun when the row's participant, instrument or task differs from the previous
    /// row's, then its answer added to the set.
    mutating func take(_ row: LongRow) throws {
        let (code, task) = (row.code, row.task)
        if code != lastCode || row.instrument != lastInstrument || task != lastTask {
            try flush()
            lastCode = code
            lastInstrument = row.instrument
            lastTask = task
            current = try begin(row)
        }
        // A set is begun only for a row whose instrument the store found; its rows answer that instrument.
        guard let set = current else { return }
        switch row.reading {
        case .unknownInstrument:
            // The reader resolves names as `resolveInstrument` does, which found this one for the set.
            return
        case .noItem:
            problem(at(row.item), "\(row.instrument) has no item '\(row.item.value)' (items 1–\(set.definition.items.count))")
        case let .answer(number, answer, typed):
            if set.answers[number] != nil {
                problem(at(row.item), "participant \(code) answers \(row.instrument) item \(number) twice")
            }
            set.answers[number] = answer
            if let typed { set.raw[number] = typed }
        case .blank:
            break
        case let .unreadable(number, failure):
            problem(at(row.value), "participant \(code), \(row.instrument) item \(number): \(failure.message)")
        }
    }

    /// The set a row begins, once its participant, instrument and task are found; `nil` (and a problem) when one
    /// is not, and the set's rows are then left.
    mutating func begin(_ row: LongRow) throws -> PendingLongSet? {
        guard let participantID = try statements.participantID(db, code: row.code) else {
            problem(at(row.participant), row.code.isEmpty ? "the participant code is empty" : "no participant '\(row.code)' in the study")
            return nil
        }
        let resolved: (rowID: Int64, definition: InstrumentDefinition)
        if let known = instruments[row.instrument] {
            resolved = known
        } else {
            do {
                resolved = try StudyDatabase.resolveInstrument(db, row.instrument)
                instruments[row.instrument] = resolved
            } catch let error as StoreError {
                problem(at(row.instrumentCell ?? row.participant), "\(failure: error)")
                return nil
            }
        }
        var taskID: Int64?
        if let taskName = row.task, let taskCell = row.taskCell {
            if let known = tasks[taskName] {
                taskID = known
            } else if let found = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [taskName]) {
                tasks[taskName] = found
                taskID = found
            } else {
                problem(at(taskCell), "no task '\(taskName)' in the study")
                return nil
            }
        } else if resolved.definition.perTask {
            problem(at(row.participant), "\(row.instrument) is answered once per task; the file needs a task column")
            return nil
        }
        return PendingLongSet(code: row.code, participantID: participantID, instrument: row.instrument, rowID: resolved.rowID,
                              definition: resolved.definition, taskID: taskID, task: row.task, line: row.line)
    }

    /// Stores the set the previous rows filled, unless a problem stops storing; a set the study already has is
    /// replaced (`--replace`) or refused, and one this import stored is rows that are not together.
    mutating func flush() throws {
        guard let set = current, problemCount == 0 else { return }
        if let existing = try statements.existingSet(db, participantID: set.participantID, instrumentID: set.rowID,
                                                       taskID: set.taskID, occasion: options.occasion) {
            // No set of this run is ever replaced by a later row of the same file.
            let fromThisRun = firstStored.map { existing.id >= $0 } ?? false
            if options.replace && !fromThisRun {
                try StudyDatabase.deleteResponseSet(db, existing.id)
                replaced += 1
            } else {
                // A set of this run has its source (`file:line`): every set this import stores is given one.
                let first = existing.source.flatMap { $0.split(separator: ":").last }.map(String.init) ?? ""
                problem("\(table.file):\(set.line)", fromThisRun
                    ? "the rows of participant \(set.code)'s \(set.instrument) answers are not together (they also start on line \(first))"
                    : "participant \(set.code) already has \(set.instrument) answers\(MeasurementKey.suffix(options.occasion)) (recorded \(existing.recorded)); rerun with --replace to overwrite them")
                return
            }
        }
        let id = try StudyDatabase.insertResponseSet(db, statements, instrumentID: set.rowID, definition: set.definition,
                                                     participantID: set.participantID, taskID: set.taskID,
                                                     ResponseSubmission(participant: "", answers: set.answers, raw: set.raw, task: set.task,
                                                                        occasion: options.occasion, orientation: options.orientation,
                                                                        source: "\(table.file):\(set.line)"),
                                                     recorded: recorded)
        if firstStored == nil { firstStored = id }
        sets += 1
        answers += set.answers.count
    }
}

/// The response set a long file's consecutive rows are filling: a reference, so adding an answer never copies it.
final class PendingLongSet {
    let code: String
    let participantID: Int64
    let instrument: String
    /// The instrument's row in the study and its definition.
    let rowID: Int64
    let definition: InstrumentDefinition
    let taskID: Int64?
    let task: String?
    let line: Int
    var answers: [Int: Answer] = [:]
    var raw: [Int: String] = [:]

    init(code: String, participantID: Int64, instrument: String, rowID: Int64, definition: InstrumentDefinition, taskID: Int64?,
         task: String?, line: Int) {
        self.code = code
        self.participantID = participantID
        self.instrument = instrument
        self.rowID = rowID
        self.definition = definition
        self.taskID = taskID
        self.task = task
        self.line = line
        answers.reserveCapacity(16)
    }
}
