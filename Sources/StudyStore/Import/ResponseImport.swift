import Foundation
import GRDB
import Surveys
import Tabular

/// How to read a form export (Google Forms, Microsoft Forms, LimeSurvey) into response sets.
public struct ResponseImportOptions: Sendable {
    public var instrument: String
    /// The column holding participant codes.
    public var participantColumn: String
    /// Item number → column name, for files whose item columns are not simply in order.
    public var map: [Int: String]
    /// The column of item 1; items follow in consecutive columns.
    public var itemsFrom: String?
    /// The column holding the submission time; detected by name (Timestamp, Carimbo de data/hora…) when `nil`.
    public var timestampColumn: String?
    /// Every row answers this task (per-task instruments)…
    public var task: String?
    /// …or a column names the task of each row.
    public var taskColumn: String?
    public var occasion: String
    public var orientation: Orientation
    public var replace: Bool
    public var delimiter: Delimiter?
    /// Called now and then with the share of the file read (0…1), for a progress bar.
    public var progress: (@Sendable (Double) -> Void)?

    public init(instrument: String, participantColumn: String, map: [Int: String] = [:], itemsFrom: String? = nil,
                timestampColumn: String? = nil, task: String? = nil, taskColumn: String? = nil, occasion: String = "",
                orientation: Orientation = .canonical, replace: Bool = false, delimiter: Delimiter? = nil) {
        self.instrument = instrument
        self.participantColumn = participantColumn
        self.map = map
        self.itemsFrom = itemsFrom
        self.timestampColumn = timestampColumn
        self.task = task
        self.taskColumn = taskColumn
        self.occasion = occasion
        self.orientation = orientation
        self.replace = replace
        self.delimiter = delimiter
    }
}

/// What a response import stored.
public struct ResponseImportSummary: Sendable, Equatable {
    public var instrument: String
    public var responseSets: Int
    public var answers: Int
    public var replaced: Int
    /// Item number → the column it was read from.
    public var columns: [Int: String]
}

extension StudyDatabase {
    /// Names form tools give the submission-time column.
    static let timestampNames: Set<String> = ["timestamp", "carimbo de data/hora", "data/hora", "submitted", "submitdate",
                                              "submit date", "completion time", "hora de conclusao", "date submitted"]

    /// Imports one response set per row of a form export. All or nothing: every bad cell is reported (row,
    /// column, value and what was expected) before anything is stored.
    public func importResponses(from path: String, options: ResponseImportOptions) throws -> ResponseImportSummary {
        let reader = try CSVReader(path: path, delimiter: options.delimiter)
        let header = reader.header
        func at(_ field: Field) -> String { reader.position(of: field).description }
        func column(_ name: String) throws -> Int {
            if let index = header.firstIndex(where: { $0.value.caseInsensitiveCompare(name) == .orderedSame }) { return index }
            throw StoreError.invalidInput([.init(location: "\(reader.file):1",
                message: "no column '\(name)'; the columns are " + header.map { "'\($0.value)'" }.joined(separator: ", "))])
        }

        return try write { db in
            let (instrumentRowID, definition) = try Self.resolveInstrument(db, options.instrument)
            let participantIndex = try column(options.participantColumn)
            let taskIndex = try options.taskColumn.map(column)
            let timestampIndex: Int? = try options.timestampColumn.map(column)
                ?? header.firstIndex { Self.timestampNames.contains(AnswerReader.fold($0.value)) }
            let itemColumns = try Self.itemColumns(definition: definition, header: header, options: options, file: reader.file,
                                                   reserved: [participantIndex, taskIndex, timestampIndex].compactMap { $0 },
                                                   column: column)
            if definition.perTask, options.task == nil, taskIndex == nil {
                throw StoreError.taskRequired(instrument: definition.id)
            }
            let fixedTaskID = try options.task.map { try Self.taskID(db, key: $0) }
            let answerReader = AnswerReader(definition: definition, orientation: options.orientation)

            // Streams the file: each set is stored as soon as it is read, until a problem shows up; from then on rows
            // are only checked, and the transaction is rolled back at the end.
            var problems: [StoreError.Problem] = []
            var seen: [String: Int] = [:]
            var replaced = 0
            var stored = 0
            var storedAnswers = 0
            var rows = 0
            // Sets stored by this import have ids from the first one it stored on (SQLite allocates rowids upwards).
            var firstStored: Int64?
            let findParticipant = try db.cachedStatement(sql: "SELECT id FROM participant WHERE code = ?")
            while let record = try reader.next() {
                rows += 1
                if rows % 20_000 == 0 { options.progress?(reader.fractionRead) }
                let participantField = record.fields[participantIndex]
                let code = participantField.value.trimmingCharacters(in: .whitespaces)
                guard let participantID = try Int64.fetchOne(findParticipant, arguments: [code]) else {
                    problems.append(.init(location: at(participantField),
                                          message: code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study; add or import participants first"))
                    continue
                }
                var taskID = fixedTaskID
                var taskKey = options.task
                if let taskIndex {
                    let taskField = record.fields[taskIndex]
                    taskKey = taskField.value.trimmingCharacters(in: .whitespaces)
                    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [taskKey!]) else {
                        problems.append(.init(location: at(taskField), message: "no task '\(taskKey!)' in the study"))
                        continue
                    }
                    taskID = id
                }
                let key = "\(code.lowercased())|\(taskKey ?? "")"
                if let first = seen[key] {
                    problems.append(.init(location: at(participantField),
                                          message: "participant \(code) has a second row" + (taskKey.map { " for task \($0)" } ?? "") + " (first on line \(first))"))
                    continue
                }
                if !problems.isEmpty { seen[key] = record.line }
                if let existing = try Self.existingResponseSet(db, participantID: participantID, instrumentID: instrumentRowID,
                                                               taskID: taskID, occasion: options.occasion) {
                    if let firstStored, existing.id >= firstStored {
                        let first = existing.source.flatMap { $0.split(separator: ":").last }.map(String.init) ?? "?"
                        problems.append(.init(location: at(participantField),
                                              message: "participant \(code) has a second row" + (taskKey.map { " for task \($0)" } ?? "") + " (first on line \(first))"))
                        continue
                    } else if options.replace {
                        try db.execute(sql: "DELETE FROM response_set WHERE id = ?", arguments: [existing.id])
                        replaced += 1
                    } else {
                        problems.append(.init(location: at(participantField),
                                              message: "participant \(code) already has \(definition.id) answers (recorded \(existing.recorded)); rerun with --replace to overwrite them"))
                        continue
                    }
                }
                var answers: [Int: Answer] = [:]
                var raw: [Int: String] = [:]
                for (number, index) in itemColumns.sorted(by: { $0.key < $1.key }) {
                    let field = record.fields[index]
                    let item = definition.item(number)!
                    switch answerReader.read(field.value, item: item) {
                    case let .success(answer?):
                        answers[number] = answer
                        raw[number] = field.value
                    case .success(nil):
                        break
                    case let .failure(problem):
                        problems.append(.init(location: at(field),
                                              message: "participant \(code), item \(number) (column '\(header[index].value)'): \(problem.message)"))
                    }
                }
                let submitted = timestampIndex.map { record.fields[$0].value.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
                if problems.isEmpty {
                    let submission = ResponseSubmission(
                        participant: code, answers: answers, raw: raw, task: taskKey, occasion: options.occasion,
                        orientation: options.orientation, source: "\(reader.file):\(record.line)", submitted: submitted)
                    let id = try Self.insertResponseSet(db, instrumentID: instrumentRowID, participantID: participantID, taskID: taskID, submission)
                    if firstStored == nil { firstStored = id }
                    stored += 1
                    storedAnswers += answers.count
                }
            }
            if rows == 0 {
                problems.append(.init(location: "\(reader.file):1", message: "the file has a header row but no responses"))
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            try Self.rememberOrientation(db, instrument: definition.id, options.orientation)
            return ResponseImportSummary(
                instrument: definition.id, responseSets: stored, answers: storedAnswers, replaced: replaced,
                columns: itemColumns.mapValues { header[$0].value })
        }
    }

    /// Which column each item is read from: `--map`, else consecutive columns from `--items-from`, else every
    /// column that is not the participant, task or timestamp, in order, when their number matches the items.
    static func itemColumns(definition: InstrumentDefinition, header: [Field], options: ResponseImportOptions, file: String,
                            reserved: [Int], column: (String) throws -> Int) throws -> [Int: Int] {
        let count = definition.items.count
        if !options.map.isEmpty {
            var columns: [Int: Int] = [:]
            for (number, name) in options.map {
                guard definition.item(number) != nil else {
                    throw StoreError.invalidInput([.init(location: "--map", message: "\(definition.id) has no item \(number) (items 1–\(count))")])
                }
                columns[number] = try column(name)
            }
            return columns
        }
        if let first = options.itemsFrom {
            let start = try column(first)
            guard start + count <= header.count else {
                throw StoreError.invalidInput([.init(location: "\(file):1",
                    message: "\(definition.id) has \(count) items, but only \(header.count - start) columns start at '\(first)'")])
            }
            return Dictionary(uniqueKeysWithValues: (0..<count).map { ($0 + 1, start + $0) })
        }
        let candidates = header.indices.filter { !reserved.contains($0) }
        guard candidates.count == count else {
            throw StoreError.invalidInput([.init(location: "\(file):1",
                message: "\(definition.id) has \(count) items but the file has \(candidates.count) other columns ("
                    + candidates.prefix(6).map { "'\(header[$0].value)'" }.joined(separator: ", ") + (candidates.count > 6 ? ", …" : "")
                    + "); say where the items are with --items-from COLUMN or --map 1=COLUMN,2=COLUMN,…")])
        }
        return Dictionary(uniqueKeysWithValues: candidates.enumerated().map { ($0.offset + 1, $0.element) })
    }
}
