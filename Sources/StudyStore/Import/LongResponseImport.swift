import Foundation
import GRDB
import Surveys
import Wording
import Tabular

/// How to read answers in long format: one row per item answer.
public struct LongResponseImportOptions: Sendable {
    /// The instrument of every row, when the file has no instrument column.
    public var instrument: String?
    public var orientation: Orientation
    public var replace: Bool
    public var delimiter: Delimiter?
    /// The measurement every set belongs to (`StudyDatabase.measurementKey`: occasion and conditions).
    public var occasion: String = ""
    /// Called now and then with the share of the file read (0…1), for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?

    public init(instrument: String? = nil, orientation: Orientation = .canonical, replace: Bool = false,
                delimiter: Delimiter? = nil, progress: (@Sendable (Double) -> Void)? = nil) {
        self.instrument = instrument
        self.orientation = orientation
        self.replace = replace
        self.delimiter = delimiter
        self.progress = progress
    }
}

extension StudyDatabase {
    /// Stores answers in long format from a table the importing layer opened — columns participant, instrument
    /// (unless given), item, value, and optionally task — streamed so memory stays flat however large it is. The rows of one response
    /// set (participant, instrument, task) must be consecutive. All or nothing: every bad cell is reported with
    /// its `file:line:column`, and then nothing is stored.
    public func storeLongResponses(_ reader: RecordSource, columns: [String: Int], options: LongResponseImportOptions = .init()) throws -> ResponseImportSummary {
        let header = reader.header
        // The importing layer refuses a long file without participant, item and value columns
        // (`importLongResponses`), and one with neither an instrument column nor `options.instrument`.
        let participantIndex = columns["participant"]!
        let itemIndex = columns["item"]!
        let valueIndex = columns["value"]!
        let instrumentIndex = columns["instrument"]
        let taskIndex = columns["task"]

        return try write(bulk: true) { db in
            var problems: [StoreError.Problem] = []
            var problemCount = 0
            func problem(_ location: String, _ message: Sentence) {
                problemCount += 1
                if problems.count < 1_000 { problems.append(.init(location: Sentence(verbatim: location), message: message)) }
            }
            var instruments: [String: (rowID: Int64, definition: InstrumentDefinition, reader: AnswerReader)] = [:]
            var tasks: [String: Int64] = [:]

            var sets = 0
            var answers = 0
            var replaced = 0
            var current: PendingLongSet?
            var firstStored: Int64?
            let recorded = Timestamp.now()  // one moment for the whole import
            let statements = try ResponseSetStatements(db)
            // The response set the previous row belonged to; a row starts a new set when any of the three differs.
            var lastCode: String?
            var lastInstrument = ""
            var lastTask: String?

            func flush() throws {
                guard let set = current, problemCount == 0 else { return }
                let resolved = instruments[set.instrument]!  // a set is begun only once its instrument is resolved
                if let existing = try statements.existingSet(db, participantID: set.participantID, instrumentID: resolved.rowID,
                                                               taskID: set.taskID, occasion: options.occasion) {
                    // Sets stored by this import have ids from the first one it stored on (SQLite allocates rowids
                    // upwards): no set of this run is ever replaced by a later row of the same file.
                    let fromThisRun = firstStored.map { existing.id >= $0 } ?? false
                    if options.replace && !fromThisRun {
                        try Self.deleteResponseSet(db, existing.id)
                        replaced += 1
                    } else {
                        // A set of this run has its source (`file:line`): every set this import stores is given one.
                        let source = existing.source
                        problem("\(reader.file):\(set.line)", fromThisRun
                            ? "the rows of participant \(set.code)'s \(set.instrument) answers are not together (they also start on line \(source!.split(separator: ":").last ?? ""))"
                            : "participant \(set.code) already has \(set.instrument) answers\(MeasurementKey.suffix(options.occasion)) (recorded \(existing.recorded)); rerun with --replace to overwrite them")
                        return
                    }
                }
                let id = try Self.insertResponseSet(db, statements, instrumentID: resolved.rowID, definition: resolved.definition,
                                                    participantID: set.participantID, taskID: set.taskID,
                                                    ResponseSubmission(participant: "", answers: set.answers, raw: set.raw, task: set.task,
                                                                       occasion: options.occasion, orientation: options.orientation, source: "\(reader.file):\(set.line)"),
                                                    recorded: recorded)
                if firstStored == nil { firstStored = id }
                sets += 1
                answers += set.answers.count
            }

            var rowsRead = 0
            while let record = try reader.next() {
                rowsRead += 1
                if rowsRead % 50_000 == 0 { options.progress?(reader.fractionRead) }
                let participantField = record.fields[participantIndex]
                let code = participantField.value
                let instrumentName = instrumentIndex.map { record.fields[$0].value } ?? options.instrument!  // one of them is given (above)
                let taskName = taskIndex.map { record.fields[$0].value }.flatMap { $0.isEmpty ? nil : $0 }
                if code != lastCode || instrumentName != lastInstrument || taskName != lastTask {
                    try flush()
                    lastCode = code
                    lastInstrument = instrumentName
                    lastTask = taskName
                    current = nil
                    guard let participantID = try statements.participantID(db, code: code) else {
                        problem(reader.position(of: participantField).description, code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study")
                        continue
                    }
                    if instruments[instrumentName] == nil {
                        do {
                            let (rowID, definition) = try Self.resolveInstrument(db, instrumentName)
                            instruments[instrumentName] = (rowID, definition, AnswerReader(definition: definition, orientation: options.orientation))
                        } catch let error as StoreError {
                            let field = instrumentIndex.map { record.fields[$0] } ?? participantField
                            problem(reader.position(of: field).description, "\(failure: error)")
                            continue
                        }
                    }
                    var taskID: Int64?
                    if let taskName {
                        if let known = tasks[taskName] {
                            taskID = known
                        } else if let found = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [taskName]) {
                            tasks[taskName] = found
                            taskID = found
                        } else {
                            // A task name comes only from the task column.
                            problem(reader.position(of: record.fields[taskIndex!]).description, "no task '\(taskName)' in the study")
                            continue
                        }
                    } else if instruments[instrumentName]!.definition.perTask {  // resolved just above, or the row was left
                        problem(reader.position(of: participantField).description, "\(instrumentName) is answered once per task; the file needs a task column")
                        continue
                    }
                    current = PendingLongSet(code: code, participantID: participantID, instrument: instrumentName, taskID: taskID,
                                             task: taskName, line: record.line)
                }
                guard let set = current, let resolved = instruments[instrumentName] else { continue }
                let itemField = record.fields[itemIndex]
                guard let number = Int(itemField.value), let item = resolved.definition.item(number) else {
                    problem(reader.position(of: itemField).description, "\(instrumentName) has no item '\(itemField.value)' (items 1–\(resolved.definition.items.count))")
                    continue
                }
                let valueField = record.fields[valueIndex]
                switch resolved.reader.read(valueField.value, item: item) {
                case let .success(answer?):
                    if set.answers[number] != nil {
                        problem(reader.position(of: itemField).description, "participant \(code) answers \(instrumentName) item \(number) twice")
                    }
                    set.answers[number] = answer
                    // A plain number entered on the canonical scale is its own record; anything else is kept verbatim.
                    let plain = options.orientation == .canonical && valueField.value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
                    if !plain { set.raw[number] = valueField.value }
                case .success(nil):
                    break
                case let .failure(failure):
                    problem(reader.position(of: valueField).description, "participant \(code), \(instrumentName) item \(number): \(failure.message)")
                }
            }
            try flush()
            options.progress?(1)
            if rowsRead == 0 { problem("\(reader.file):1", "the file has a header row but no answers") }
            guard problemCount == 0 else {
                if problemCount > problems.count {
                    problems.append(.init(location: Sentence(verbatim: reader.file), message: "… \(problemCount - problems.count) more problems not listed"))
                }
                throw StoreError.invalidInput(problems)
            }
            try Self.countAnswers(db, answers)
            try Self.count(db, .responseSets, sets)
            for (name, resolved) in instruments {
                try Self.verifyItems(db, instrumentID: resolved.rowID, definition: resolved.definition)
                try Self.rememberOrientation(db, instrument: name, options.orientation)
            }
            return ResponseImportSummary(instrument: instruments.keys.sorted().joined(separator: ", "), responseSets: sets,
                                         answers: answers, replaced: replaced, columns: [:])
        }
    }
}

/// The response set a long file's consecutive rows are filling: a reference, so adding an answer never copies it.
private final class PendingLongSet {
    let code: String
    let participantID: Int64
    let instrument: String
    let taskID: Int64?
    let task: String?
    let line: Int
    var answers: [Int: Answer] = [:]
    var raw: [Int: String] = [:]

    init(code: String, participantID: Int64, instrument: String, taskID: Int64?, task: String?, line: Int) {
        self.code = code
        self.participantID = participantID
        self.instrument = instrument
        self.taskID = taskID
        self.task = task
        self.line = line
        answers.reserveCapacity(16)
    }
}
