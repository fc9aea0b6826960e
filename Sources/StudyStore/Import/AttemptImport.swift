import Foundation
import GRDB
import Surveys
import Wording
import Tabular

/// How to read a task log.
public struct AttemptImportOptions: Sendable {
    /// Field (participant, task, time, errors, outcome, assisted, note, trial, total, or a condition's name) →
    /// column. Fields not given are looked for under their own name or a usual Portuguese one.
    public var map: [String: String]
    /// Seconds per error for checking a total column (default: each task's own penalty).
    public var penalty: Double?
    /// Import rows whose total disagrees with time + errors × penalty (the disagreements are listed as notes).
    public var acceptTotals: Bool
    public var delimiter: Delimiter?

    public init(map: [String: String] = [:], penalty: Double? = nil, acceptTotals: Bool = false, delimiter: Delimiter? = nil) {
        self.map = map
        self.penalty = penalty
        self.acceptTotals = acceptTotals
        self.delimiter = delimiter
    }
}

/// What an attempt import stored.
public struct AttemptImportSummary: Sendable, Equatable {
    public var attempts: Int
    /// Field → the column it was read from.
    public var columns: [String: String]
    /// Columns that were not read.
    public var ignored: [String]
    /// Totals that disagree with the formula (imported with `acceptTotals`).
    public var notes: [Sentence]
}

extension StudyDatabase {
    /// Stores a task log the importing layer opened and whose columns it found (`columns`: field → index,
    /// `factorColumns`: condition → index), one attempt per record. All or nothing: every bad cell is reported
    /// with its `file:line:column`; a total column is checked against time + errors × penalty.
    public func storeAttempts(_ reader: RecordSource, columns: [String: Int], factorColumns: [String: Int], records: [Tabular.Record],
                              options: AttemptImportOptions = .init()) throws -> AttemptImportSummary {
        let header = reader.header
        func at(_ field: Field) -> String { reader.position(of: field).description }

        return try write { db in
            let factors = try Self.factors(db)
            let taskList = try Self.tasks(db)
            // A log names a task by its key or its title ("fase-1" or "Fase 1").
            var tasks: [String: TaskInfo] = [:]
            for task in taskList { tasks[AnswerReader.fold(task.title)] = task }
            for task in taskList { tasks[AnswerReader.fold(task.key)] = task }
            var problems: [StoreError.Problem] = []
            var pending: [ResolvedAttempt] = []
            var notes: [Sentence] = []
            var trials: [String: Int] = [:]
            for record in records {
                func cell(_ field: String) -> Field? { columns[field].map { record.fields[$0] } }
                func text(_ field: String) -> String? {
                    cell(field).map { $0.value.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
                }
                var rowProblems: [StoreError.Problem] = []
                let participantField = cell("participant")!
                let code = participantField.value.trimmingCharacters(in: .whitespaces)
                if try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [code]) == nil {
                    rowProblems.append(.init(location: Sentence(verbatim: at(participantField)), message: code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study"))
                }
                let taskField = cell("task")!
                let taskKey = taskField.value.trimmingCharacters(in: .whitespaces)
                let task = tasks[AnswerReader.fold(taskKey)]
                if task == nil {
                    rowProblems.append(.init(location: Sentence(verbatim: at(taskField)), message: tasks.isEmpty
                        ? "no task '\(taskKey)' in the study; add tasks with 'studyctl task add KEY --title …'"
                        : "no task '\(taskKey)' in the study (tasks: \(taskList.map { "\($0.key) '\($0.title)'" }.joined(separator: ", ")))"))
                }
                var seconds: Double?
                if let raw = text("time") {
                    if let problem = Duration.problem(raw) {
                        rowProblems.append(.init(location: Sentence(verbatim: at(cell("time")!)), message: problem))
                    } else {
                        seconds = Duration.parse(raw)
                    }
                }
                var errors: Int?
                if let raw = text("errors") {
                    if let value = Int(raw), (0...Limits.maximumErrors).contains(value) { errors = value } else {
                        rowProblems.append(.init(location: Sentence(verbatim: at(cell("errors")!)), message: "'\(raw)' is not a count of errors (a whole number from 0 to \(Limits.maximumErrors))"))
                    }
                }
                var outcome: Outcome?
                if let raw = text("outcome") {
                    outcome = Outcome(loose: raw)
                    if outcome == nil { rowProblems.append(.init(location: Sentence(verbatim: at(cell("outcome")!)), message: "'\(raw)' is not an outcome (success, partial or fail)")) }
                }
                var assisted = false
                if let raw = text("assisted") {
                    if let value = YesNo.parse(raw) { assisted = value } else {
                        rowProblems.append(.init(location: Sentence(verbatim: at(cell("assisted")!)), message: "'\(raw)' is not yes or no"))
                    }
                }
                var trial: Int?
                if let raw = text("trial") {
                    if let value = Int(raw), (1...Limits.maximumOrdinal).contains(value) { trial = value } else {
                        rowProblems.append(.init(location: Sentence(verbatim: at(cell("trial")!)), message: "'\(raw)' is not a trial number (1, 2, … up to \(Limits.maximumOrdinal))"))
                    }
                }
                var conditions: [String: String] = [:]
                for (factor, index) in factorColumns {
                    let field = record.fields[index]
                    let level = field.value.trimmingCharacters(in: .whitespaces)
                    let levels = factors.first { $0.name == factor }!.levels
                    if let match = levels.first(where: { $0.caseInsensitiveCompare(level) == .orderedSame }) {
                        conditions[factor] = match
                    } else {
                        rowProblems.append(.init(location: Sentence(verbatim: at(field)), message: "'\(level)' is not a level of \(factor) (\(levels.joined(separator: ", ")))"))
                    }
                }
                var reportedTotal: Double?
                if let raw = text("total") {
                    reportedTotal = Duration.problem(raw) == nil ? Duration.parse(raw) : nil
                    if reportedTotal == nil {
                        rowProblems.append(.init(location: Sentence(verbatim: at(cell("total")!)), message: Duration.problem(raw)!))
                    } else if let total = reportedTotal, let seconds, let task {
                        let penalty = options.penalty ?? task.penaltySeconds ?? 0
                        let expected = seconds + Double(errors ?? 0) * penalty
                        let decimals = raw.split(whereSeparator: { $0 == "." || $0 == "," }).dropFirst().first?.count ?? 0
                        if abs(expected - total) > 0.5 * pow(10, -Double(decimals)) + 1e-9 {
                            let message: Sentence = "total \(raw) ≠ time \(NumberParser.format(seconds)) + \(errors ?? 0) errors × \(NumberParser.format(penalty)) s = \(NumberParser.format(expected))"
                            if options.acceptTotals {
                                notes.append("\(at(cell("total")!)): \(message)")
                            } else {
                                rowProblems.append(.init(location: Sentence(verbatim: at(cell("total")!)), message: options.penalty == nil && task.penaltySeconds == nil
                                    ? "\(message) (no penalty is set: --penalty 2s)" : message))
                            }
                        }
                    }
                }
                let conditionKey = conditions.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
                let slot = "\(code.lowercased())|\(taskKey.lowercased())|\(conditionKey)"
                if let trial {
                    if trials["\(slot)|\(trial)"] != nil {
                        rowProblems.append(.init(location: Sentence(verbatim: at(cell("trial")!)), message: "participant \(code) has trial \(trial) of \(taskKey) twice (first on line \(trials["\(slot)|\(trial)"]!))"))
                    }
                    trials["\(slot)|\(trial)"] = record.line
                }
                if !rowProblems.isEmpty {
                    problems += rowProblems
                    continue
                }
                // Rows without a trial number become the next trial, in file order, when inserted.
                let entry = AttemptEntry(participant: code, task: task!.key, conditions: conditions, trial: trial, seconds: seconds,
                                         errors: errors, outcome: outcome, assisted: assisted, note: text("note"),
                                         reportedTotal: reportedTotal, source: "\(reader.file):\(record.line)")
                pending.append(try Self.resolve(db, entry))
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            for attempt in pending {
                do {
                    _ = try Self.insertAttempt(db, attempt)
                } catch let error as StoreError {
                    throw StoreError.invalidInput([.init(location: Sentence(verbatim: attempt.entry.source ?? reader.file), message: "\(failure: error)")])
                }
            }
            let used = Set(columns.values).union(factorColumns.values)
            var named: [String: String] = columns.mapValues { header[$0].value }
            for (factor, index) in factorColumns { named[factor] = header[index].value }
            return AttemptImportSummary(attempts: pending.count, columns: named,
                                        ignored: header.indices.filter { !used.contains($0) }.map { header[$0].value }, notes: notes)
        }
    }
}
