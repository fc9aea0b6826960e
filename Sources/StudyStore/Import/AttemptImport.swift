import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

/// What the store needs beside a task log's rows: the penalty a total is checked against, and how rows that
/// differ from stored attempts, name no trial or name a task the study lacks are settled
/// (`AttemptImportOptions.storing` gives it).
public struct AttemptStoreOptions: Sendable {
    /// Seconds per error for checking a total column (default: each task's own penalty).
    public var penalty: Double?
    /// Import rows whose total disagrees with time + errors × penalty (the disagreements are listed as notes).
    public var acceptTotals: Bool
    /// The trial every row is, for a file without a trial column.
    public var trial: Int?
    /// Rows without a trial number that differ from every stored attempt become its next trials.
    public var newTrials: Bool
    /// A row whose trial is stored with other values replaces those values.
    public var replace: Bool
    /// Tasks the log names that the study lacks are added.
    public var createTasks: Bool

    public init(penalty: Double? = nil, acceptTotals: Bool = false, trial: Int? = nil, newTrials: Bool = false,
                replace: Bool = false, createTasks: Bool = false) {
        self.penalty = penalty
        self.acceptTotals = acceptTotals
        self.trial = trial
        self.newTrials = newTrials
        self.replace = replace
        self.createTasks = createTasks
    }
}

/// What an attempt import stored.
public struct AttemptImportSummary: Sendable, Equatable {
    /// Attempts added.
    public var attempts: Int
    /// Rows identical to an attempt already stored (participant, task, conditions, time, errors, outcome,
    /// assisted, note; and trial where the row gives one), left as they were.
    public var skipped: Int = 0
    /// Stored trials whose values the file's replaced (`replace`).
    public var replaced: Int = 0
    /// Field → the column it was read from.
    public var columns: [String: String]
    /// Columns that were not read.
    public var ignored: [String]
    /// Totals that disagree with the formula (imported with `acceptTotals`).
    public var notes: [Sentence]
    /// Each distinct outcome text of the file, how it was read and on how many rows, in file order.
    public var outcomes: [OutcomeSeen] = []
    /// Rows whose outcome says the task was skipped: not attempts, left out.
    public var skippedTasks = 0
    /// Tasks added to the study (`createTasks`): key and title.
    public var createdTasks: [(key: String, title: String)] = []
    /// How the table was read (its encoding and separator, or its sheet), and what reading its time stamps
    /// decided: said before the summary.
    public var reading: [Sentence] = []

    public static func == (a: Self, b: Self) -> Bool {
        a.attempts == b.attempts && a.skipped == b.skipped && a.replaced == b.replaced && a.columns == b.columns && a.ignored == b.ignored
            && a.notes == b.notes && a.outcomes == b.outcomes && a.skippedTasks == b.skippedTasks
            && a.createdTasks.map(\.key) == b.createdTasks.map(\.key) && a.createdTasks.map(\.title) == b.createdTasks.map(\.title)
    }
}

/// One outcome text of an imported log and how it was read.
public struct OutcomeSeen: Sendable, Equatable {
    /// The text as the file first wrote it ("Indirect success").
    public var text: String
    public var reading: OutcomeReading
    /// Rows with that text (whatever its case and spacing).
    public var rows: Int

    /// The reading as the import's summary says it.
    public var meaning: Sentence {
        switch reading {
        case let .outcome(outcome, note):
            let word = Sentence(stringLiteral: outcome.rawValue)
            switch note {
            case nil: return word
            case OutcomeReading.gaveUpNote?: return "\(word), noted as gave up"
            default: return "\(word), noted as indirect"
            }
        case .abandoned: return "abandoned (no outcome: a failure unless --abandoned exclude)"
        case .skipped: return "skipped (row left out)"
        }
    }
}

extension StudyDatabase {
    /// Stores a task log the importing layer read into rows (`AttemptRow`: each cell read, with the cells it could
    /// not read), one attempt per row; `columns` (field → index) and `factorColumns` (condition → index) name the
    /// columns in messages and the summary. All or nothing: every bad cell is reported with its
    /// `file:line: column "Name"`; a total column is checked against time + errors × penalty.
    ///
    /// Importing a log again adds nothing: a row identical to a stored attempt of its participant, task and
    /// conditions (and trial, where the row gives one) is skipped and counted. A row that differs from the stored
    /// attempts is refused — unless it gives a trial the study does not have yet, or `newTrials` makes rows without
    /// one the next trials; a row giving a stored trial with other values is refused unless `replace`.
    public func storeAttempts<Rows: Sequence>(_ rows: Rows, file: String, header: [String], columns: [String: Int], factorColumns: [String: Int],
                                              options: AttemptStoreOptions = .init()) throws -> AttemptImportSummary where Rows.Element == AttemptRow {
        return try write { db in
            var run = try AttemptImportRun(db, file: file, header: header, columns: columns, options: options)
            for row in rows { try run.take(row) }
            try run.orderCreatedTasks()
            // What each row does against the attempts stored before this import: nothing is written until every
            // row is settled, so a row is compared with the study as it was, never with another row of the file.
            let plans = try Self.planAttempts(db, run.pending, options: options, problems: &run.problems)
            guard run.problems.isEmpty else { throw StoreError.invalidInput(run.problems) }
            var added = 0
            var skipped = 0
            var replaced = 0
            for plan in plans {
                switch plan {
                case .skip:
                    skipped += 1
                case let .replace(id, attempt):
                    try Self.replaceAttempt(db, id: id, with: attempt.entry)
                    replaced += 1
                case let .insert(attempt):
                    do {
                        _ = try Self.insertAttempt(db, attempt)
                        added += 1
                    } catch let error as StoreError {
                        throw StoreError.invalidInput([.init(location: Sentence(verbatim: attempt.entry.source ?? file), message: "\(failure: error)")])
                    }
                }
            }
            let used = Set(columns.values).union(factorColumns.values)
            var named: [String: String] = columns.mapValues { header[$0] }
            for (factor, index) in factorColumns { named[factor] = header[index] }
            return AttemptImportSummary(attempts: added, skipped: skipped, replaced: replaced, columns: named,
                                        ignored: header.indices.filter { !used.contains($0) }.map { header[$0] }, notes: run.notes,
                                        outcomes: run.outcomesSeen, skippedTasks: run.skippedTasks, createdTasks: run.created)
        }
    }
}

/// One `storeAttempts` under way: each row's participant and task found (tasks made with `createTasks`), its
/// total checked against the task's penalty, its trial against the file's other rows; the rows without a problem
/// wait in `pending`.
struct AttemptImportRun {
    let db: Database
    let file: String
    let options: AttemptStoreOptions
    let language: StudyLanguage
    /// A log names a task by its key or its title ("fase-1" or "Fase 1"), folded.
    var tasks: [String: TaskInfo] = [:]
    let taskList: [TaskInfo]
    /// Field → its column's name, for messages.
    let fieldNames: [String: String]
    let taskField: String
    var problems: [StoreError.Problem] = []
    var pending: [StudyDatabase.ResolvedAttempt] = []
    var notes: [Sentence] = []
    /// Participant, task, conditions and trial → the line that gave it first.
    var trials: [String: Int] = [:]
    var outcomesSeen: [OutcomeSeen] = []
    var skippedTasks = 0
    var created: [(key: String, title: String)] = []
    /// The created tasks whose key the log did not give (the next free T1, T2, …), and what the log called each
    /// created task (its key where it gave one, else its title): what `orderCreatedTasks` orders them by.
    var madeKeys: Set<String> = []
    var logNames: [String: String] = [:]

    init(_ db: Database, file: String, header: [String], columns: [String: Int], options: AttemptStoreOptions) throws {
        self.db = db
        self.file = file
        self.options = options
        taskList = try StudyDatabase.tasks(db)
        language = try StudyDatabase.info(db).language
        for task in taskList { tasks[AnswerReader.fold(task.title)] = task }
        for task in taskList { tasks[AnswerReader.fold(task.key)] = task }
        fieldNames = Dictionary(columns.map { ($0.key, header[$0.value]) }, uniquingKeysWith: { a, _ in a })
        taskField = columns["task"] == nil ? "title" : "task"
    }

    func at(_ line: Int, _ field: String) -> Sentence { "\(file):\(line): column \"\(fieldNames[field] ?? field)\"" }

    /// Takes one row: settled as an attempt waiting to be stored, or its problems noted.
    mutating func take(_ row: AttemptRow) throws {
        let line = row.line
        // The outcome first: a skipped task is no attempt, whatever else the row says.
        var outcome: Outcome?
        var outcomeNote: String?
        if let raw = row.outcomeText, let reading = row.outcome {
            let key = AnswerReader.fold(raw)
            if let seen = outcomesSeen.firstIndex(where: { AnswerReader.fold($0.text) == key }) {
                outcomesSeen[seen].rows += 1
            } else {
                outcomesSeen.append(OutcomeSeen(text: raw, reading: reading, rows: 1))
            }
            switch reading {
            case let .outcome(value, note): outcome = value; outcomeNote = note.map { OutcomeReading.noteText($0, language: language) }
            case .abandoned: outcomeNote = OutcomeReading.noteText(OutcomeReading.abandonedNote, language: language)
            case .skipped: skippedTasks += 1; return
            }
        }
        let code = row.code
        var rowProblems: [StoreError.Problem] = []
        if try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [code]) == nil {
            rowProblems.append(.init(location: at(line, "participant"), message: code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study"))
        }
        let taskKey = row.task ?? row.title ?? ""
        let task = try findTask(row, key: taskKey, problems: &rowProblems)
        rowProblems += row.problems
        if let total = row.total, let reported = total.seconds, let seconds = row.seconds, let task {
            checkTotal(total.text, reported, seconds: seconds, errors: row.errors, task: task, line: line, problems: &rowProblems)
        }
        let trial = row.trial ?? options.trial
        if let trial {
            let conditionKey = row.conditions.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
            let slot = "\(code.lowercased())|\((task?.key ?? taskKey).lowercased())|\(conditionKey)|\(trial)"
            if let first = trials[slot] {
                rowProblems.append(row.trialGiven
                    ? .init(location: at(line, "trial"), message: "participant \(code) has trial \(trial) of \(taskKey) twice (first on line \(first))")
                    : .init(location: at(line, "participant"), message: "participant \(code) has trial \(trial) of \(taskKey) twice (first on line \(first)): --trial makes every row that trial"))
            }
            trials[slot] = line
        }
        guard rowProblems.isEmpty, let task else {
            problems += rowProblems
            return
        }
        // Rows without a trial number become the next trial, in file order, when inserted.
        let note = [outcomeNote, row.note].compactMap { $0 }.joined(separator: "; ")
        let entry = AttemptEntry(participant: code, task: task.key, conditions: row.conditions, trial: trial, seconds: row.seconds,
                                 errors: row.errors, outcome: outcome, assisted: row.assisted, note: note.isEmpty ? nil : note,
                                 reportedTotal: row.total?.seconds, source: "\(file):\(line)")
        pending.append(try StudyDatabase.resolve(db, entry))
    }

    /// The row's task, by its key (a task column) or its title (a task-name column, as remote-testing tools
    /// export); made with `createTasks` when the study lacks it, else a problem.
    mutating func findTask(_ row: AttemptRow, key taskKey: String, problems rowProblems: inout [StoreError.Problem]) throws -> TaskInfo? {
        let titleText = row.title
        var task = tasks[AnswerReader.fold(taskKey)] ?? titleText.flatMap { tasks[AnswerReader.fold($0)] }
        // The task --create-tasks made of a numbered task ("1" → T1), found again when the log is imported again.
        if task == nil, options.createTasks, !taskKey.isEmpty, taskKey.allSatisfy(\.isNumber) { task = tasks[AnswerReader.fold("T" + taskKey)] }
        if let task { return task }
        guard options.createTasks && !taskKey.isEmpty else {
            let hint: Sentence = options.createTasks ? "" : "; add it with 'studyctl task add KEY --title …', or rerun with --create-tasks"
            rowProblems.append(.init(location: at(row.line, taskField), message: tasks.isEmpty
                ? "no task '\(taskKey)' in the study\(hint)"
                : "no task '\(taskKey)' in the study (tasks: \(taskList.map { "\($0.key) '\($0.title)'" }.joined(separator: ", ")))\(hint)"))
            return nil
        }
        do {
            let made = try StudyDatabase.createTask(db, key: row.task, title: titleText ?? taskKey, taken: Set(tasks.values.map(\.key)))
            created.append((made.key, made.title))
            logNames[made.key] = row.task ?? titleText ?? taskKey
            if made.key != row.task.map({ $0.allSatisfy(\.isNumber) ? "T\($0)" : $0 }) { madeKeys.insert(made.key) }
            tasks[AnswerReader.fold(made.title)] = made
            tasks[AnswerReader.fold(made.key)] = made
            if let key = row.task { tasks[AnswerReader.fold(key)] = made }
            return made
        } catch let error as StoreError {
            rowProblems.append(.init(location: at(row.line, taskField), message: "\(failure: error)"))
            return nil
        }
    }

    /// Puts the tasks this import created in the order of their number (T1, T2, … T10, or "Tarefa 4" before
    /// "Tarefa 5") rather than of first appearance in the log, when each name the log gave holds a number; the
    /// keys the import chose itself (T1, T2, …) follow that order too. They keep the places they took after the
    /// study's own tasks.
    mutating func orderCreatedTasks() throws {
        guard created.count > 1 else { return }
        let names = created.map { logNames[$0.key] ?? $0.title }
        guard names.allSatisfy({ $0.contains(where: \.isNumber) }) else { return }
        let sorted = created.indices.sorted { a, b in
            NaturalOrder.areInIncreasingOrder(names[a], names[b]) || (!NaturalOrder.areInIncreasingOrder(names[b], names[a]) && a < b)
        }
        guard sorted != Array(created.indices) else { return }
        var ids: [Int64] = []
        var positions: [Int] = []
        for task in created {
            let row = try Row.fetchOne(db, sql: "SELECT id, CAST(position AS INTEGER) AS position FROM task WHERE key = ?", arguments: [task.key])
            ids.append(row?["id"] ?? 0)
            positions.append(row?["position"] ?? 0)
        }
        positions.sort()
        // Keys the import chose, handed out again in the new order (through placeholders: keys are unique).
        let chosen = created.map(\.key).filter(madeKeys.contains).sorted(by: NaturalOrder.areInIncreasingOrder)
        var nextChosen = chosen.makeIterator()
        for index in created.indices where madeKeys.contains(created[index].key) {
            try db.execute(sql: "UPDATE task SET key = ? WHERE id = ?", arguments: ["\u{1}\(index)", ids[index]])
        }
        var reordered: [(key: String, title: String)] = []
        for (place, index) in sorted.enumerated() {
            var task = created[index]
            if madeKeys.contains(task.key), let key = nextChosen.next() {
                try db.execute(sql: "UPDATE task SET key = ? WHERE id = ?", arguments: [key, ids[index]])
                task.key = key
                for attempt in pending.indices where pending[attempt].taskID == ids[index] { pending[attempt].entry.task = key }
            }
            try db.execute(sql: "UPDATE task SET position = ? WHERE id = ?", arguments: [positions[place], ids[index]])
            reordered.append(task)
        }
        created = reordered
    }

    /// A total that disagrees with time + errors × penalty (to the total's own decimals): a problem, or a note
    /// under `acceptTotals`.
    mutating func checkTotal(_ raw: String, _ total: Double, seconds: Double, errors: Int?, task: TaskInfo, line: Int,
                             problems rowProblems: inout [StoreError.Problem]) {
        let penalty = options.penalty ?? task.penaltySeconds ?? 0
        let expected = seconds + Double(errors ?? 0) * penalty
        let decimals = raw.split(whereSeparator: { $0 == "." || $0 == "," }).dropFirst().first?.count ?? 0
        guard abs(expected - total) > 0.5 * pow(10, -Double(decimals)) + 1e-9 else { return }
        let message: Sentence = "total \(raw) ≠ time \(NumberParser.format(seconds)) + \(errors ?? 0) errors × \(NumberParser.format(penalty)) s = \(NumberParser.format(expected))"
        if options.acceptTotals {
            notes.append("\(at(line, "total")): \(message)")
        } else {
            rowProblems.append(.init(location: at(line, "total"), message: options.penalty == nil && task.penaltySeconds == nil
                ? "\(message) (no penalty is set: --penalty 2s)" : message))
        }
    }
}

extension StudyDatabase {
    /// What an imported row does.
    enum AttemptPlan {
        case insert(ResolvedAttempt)
        case skip
        case replace(id: Int64, ResolvedAttempt)
    }

    /// An attempt as stored, for comparing an imported row with it.
    struct StoredAttempt {
        var id: Int64
        var trial: Int
        var seconds: Double?
        var errors: Int?
        var outcome: String?
        var assisted: Bool
        var note: String?

        /// The values in which `entry` differs from this attempt, each with the stored value and the row's (empty
        /// when identical).
        func differences(from entry: AttemptEntry) -> [Sentence] {
            var found: [Sentence] = []
            func shown(_ seconds: Double?) -> String { seconds.map(NumberParser.format) ?? "—" }
            // An outcome is said in the message's language (sucesso in Portuguese), as `attempt list` says it.
            func said(_ outcome: String?) -> Sentence { outcome.map { Sentence(stringLiteral: $0) } ?? Sentence(verbatim: "—") }
            let sameTime = switch (seconds, entry.seconds) {
            case (nil, nil): true
            case let (a?, b?): abs(a - b) < 1e-9
            default: false
            }
            if !sameTime { found.append("time \(shown(seconds)) in the study, \(shown(entry.seconds)) in this row") }
            if errors != entry.errors {
                found.append("errors \(errors.map(String.init) ?? "—") in the study, \(entry.errors.map(String.init) ?? "—") in this row")
            }
            if outcome != entry.outcome?.rawValue { found.append("outcome \(said(outcome)) in the study, \(said(entry.outcome?.rawValue)) in this row") }
            if assisted != entry.assisted { found.append(assisted ? "assisted in the study, not in this row" : "assisted in this row, not in the study") }
            if (note ?? "") != (entry.note ?? "") { found.append("note '\(note ?? "")' in the study, '\(entry.note ?? "")' in this row") }
            return found
        }
    }

    /// Settles each row against the attempts its participant, task and conditions had before the import: identical
    /// ones are skipped (each stored attempt matches one row at most), others inserted, replaced or refused (a
    /// problem at the row's `file:line`, in `problems`).
    static func planAttempts(_ db: Database, _ pending: [ResolvedAttempt], options: AttemptStoreOptions,
                             problems: inout [StoreError.Problem]) throws -> [AttemptPlan] {
        // Prepared SQL, not a record: run once per participant, task and condition of the file (bench/baseline.py,
        // `attempt import` at 100,000 rows).
        let select = try db.makeStatement(sql: """
            SELECT id, CAST(trial AS INTEGER) AS trial, time_seconds, errors, outcome, assisted, note FROM task_attempt
            WHERE participant_id = ? AND task_id = ? AND condition_key = ? ORDER BY trial, id
            """)
        var stored: [String: [StoredAttempt]] = [:]
        var matched: Set<Int64> = []
        var plans: [AttemptPlan] = []
        for attempt in pending {
            let slot = "\(attempt.participantID)|\(attempt.taskID)|\(attempt.conditionKey)"
            let attempts: [StoredAttempt]
            if let known = stored[slot] {
                attempts = known
            } else {
                attempts = try Row.fetchAll(select, arguments: [attempt.participantID, attempt.taskID, attempt.conditionKey]).map {
                    StoredAttempt(id: $0["id"], trial: $0["trial"], seconds: $0["time_seconds"], errors: $0["errors"],
                                  outcome: $0["outcome"], assisted: $0["assisted"], note: $0["note"])
                }
                stored[slot] = attempts
            }
            let entry = attempt.entry
            let location = Sentence(verbatim: entry.source ?? "")
            let what: Sentence = attempt.conditionKey.isEmpty ? Sentence(verbatim: entry.task) : "\(entry.task) under \(attempt.conditionKey)"
            if let trial = entry.trial {
                guard let existing = attempts.first(where: { $0.trial == trial }) else {
                    plans.append(.insert(attempt))
                    continue
                }
                let differences = existing.differences(from: entry)
                if differences.isEmpty {
                    matched.insert(existing.id)
                    plans.append(.skip)
                } else if options.replace {
                    plans.append(.replace(id: existing.id, attempt))
                } else {
                    let listed = differences.dropFirst().reduce(differences[0]) { "\($0); \($1)" }
                    problems.append(.init(location: location, message: "participant \(entry.participant) already has trial \(trial) of \(what) with other values (\(listed)); rerun with --replace to replace it with this row, or correct it with 'studyctl attempt set'"))
                }
            } else if let same = attempts.first(where: { !matched.contains($0.id) && $0.differences(from: entry).isEmpty }) {
                matched.insert(same.id)
                plans.append(.skip)
            } else if attempts.isEmpty || options.newTrials {
                plans.append(.insert(attempt))
            } else {
                problems.append(.init(location: location, message: "participant \(entry.participant) already has attempts at \(what) (stored trials: \(attempts.map { String($0.trial) }.joined(separator: ", "))) and none is the same as this row; to add it as the next trial, rerun with --new-trials, or give its trial number (a trial column, or --trial N)"))
            }
        }
        return plans
    }

    /// Gives a stored attempt the values of `entry` (same participant, task, conditions and trial).
    static func replaceAttempt(_ db: Database, id: Int64, with entry: AttemptEntry) throws {
        try db.execute(sql: """
            UPDATE task_attempt SET time_seconds = ?, errors = ?, outcome = ?, assisted = ?, note = ?, source = ?, recorded = ?,
                   reported_total_seconds = ?
            WHERE id = ?
            """, arguments: [entry.seconds, entry.errors, entry.outcome?.rawValue, entry.assisted, entry.note, entry.source,
                             Timestamp.now(), entry.reportedTotal, id])
    }
}

extension StudyDatabase {
    /// Adds a task an imported log names (`createTasks`), after the last one: its key is the log's task key when
    /// that is a usable key (a bare number n becomes "Tn", as "Task ID" columns number tasks), else the next free
    /// T1, T2, …; its title is the log's task name (or the task column's text).
    static func createTask(_ db: Database, key raw: String?, title: String, taken: Set<String>) throws -> TaskInfo {
        let used = Set(taken.map { $0.lowercased() })
        // A task column holding names ("Find the return policy") rather than keys: the name becomes the title.
        let given = raw.flatMap { raw in try? name(raw.allSatisfy(\.isNumber) ? "T\(raw)" : raw, .taskKey) }
        let key: String
        if let given, !used.contains(given.lowercased()) {
            key = given
        } else {
            var number = 1
            while used.contains("t\(number)") { number += 1 }
            key = "T\(number)"
        }
        let title = try StudyText.name(title, as: .categoryName)
        if let last = try Int.fetchOne(db, sql: "SELECT CAST(max(position) AS INTEGER) FROM task"), last >= Limits.maximumOrdinal {
            throw StoreError.invalidInput([.init(location: "task \(key)", message: "the last task is at position \(last), so the next one would be past \(Limits.maximumOrdinal)")])
        }
        try db.execute(sql: "INSERT INTO task (key, title, position) VALUES (?, ?, (SELECT ifnull(max(position), 0) + 1 FROM task))",
                       arguments: [key, title])
        let position = try Int.fetchOne(db, sql: "SELECT CAST(position AS INTEGER) FROM task WHERE key = ?", arguments: [key]) ?? 0
        return TaskInfo(key: key, title: title, description: nil, position: position, penaltySeconds: nil, attempts: 0)
    }
}
