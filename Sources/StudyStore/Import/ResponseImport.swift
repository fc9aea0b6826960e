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
    /// Extra answer labels: label → canonical scale point (`--labels "Discordo totalmente=1,…"`).
    public var labels: [String: Int] = [:]
    /// What to do with a participant's second row in the file.
    public var duplicates: DuplicatePolicy = .refuse

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
    /// Item number → the column it was read from.
    public var columns: [Int: String]
    /// How the item columns were found: "item text", "--map", "--items-from" or "position".
    public var matchedBy: String = "position"
    /// Columns left out because they are no item (e-mail, comments), when items were matched by text.
    public var ignoredColumns: [String] = []
    /// Repeated rows dropped under `--duplicates keep-first|keep-last`.
    public var duplicatesDropped: Int = 0
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

        return try write(bulk: true) { db in
            let (instrumentRowID, definition) = try Self.resolveInstrument(db, options.instrument)
            let participantIndex = try column(options.participantColumn)
            let taskIndex = try options.taskColumn.map(column)
            let timestampIndex: Int? = try options.timestampColumn.map(column)
                ?? header.firstIndex { Self.timestampNames.contains(AnswerReader.fold($0.value)) }
            let (itemColumns, matchedBy) = try Self.itemColumns(definition: definition, header: header, options: options, file: reader.file,
                                                                reserved: [participantIndex, taskIndex, timestampIndex].compactMap { $0 },
                                                                column: column)
            if definition.perTask, options.task == nil, taskIndex == nil {
                throw StoreError.taskRequired(instrument: definition.id)
            }
            let fixedTaskID = try options.task.map { try Self.taskID(db, key: $0) }
            let answerReader = AnswerReader(definition: definition, orientation: options.orientation, labels: options.labels)
            var unknownLabels: [String: (location: String, item: Int, count: Int)] = [:]
            var dropped = 0

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
            let recorded = Timestamp.now()  // one moment for the whole import
            let statements = try ResponseSetStatements(db)
            // Item, column and definition once, in item order, rather than per row.
            let orderedColumns = itemColumns.sorted { $0.key < $1.key }.map { (number: $0.key, index: $0.value, item: definition.item($0.key)!) }
            while let record = try reader.next() {
                rows += 1
                if rows % 20_000 == 0 { options.progress?(reader.fractionRead) }
                let participantField = record.fields[participantIndex]
                let code = participantField.value.trimmedSpaces
                guard let participantID = try statements.participantID(db, code: code) else {
                    problems.append(.init(location: at(participantField),
                                          message: code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study; add or import participants first"))
                    continue
                }
                var taskID = fixedTaskID
                var taskKey = options.task
                if let taskIndex {
                    let taskField = record.fields[taskIndex]
                    taskKey = taskField.value.trimmedSpaces
                    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [taskKey!]) else {
                        problems.append(.init(location: at(taskField), message: "no task '\(taskKey!)' in the study"))
                        continue
                    }
                    taskID = id
                }
                // Rows are remembered by key only once a problem stops storing (stored sets are found in the study).
                let key = seen.isEmpty && problems.isEmpty ? "" : "\(code.lowercased())|\(taskKey ?? "")"
                if !key.isEmpty, let first = seen[key] {
                    if options.duplicates == .keepFirst { dropped += 1; continue }
                    if options.duplicates == .refuse {
                        problems.append(.init(location: at(participantField),
                                              message: "participant \(code) has a second row" + (taskKey.map { " for task \($0)" } ?? "") + " (first on line \(first)); "
                                                + "choose --duplicates keep-last or keep-first to keep one"))
                        continue
                    }
                }
                if !problems.isEmpty { seen[key] = record.line }
                if let existing = try statements.existingSet(db, participantID: participantID, instrumentID: instrumentRowID,
                                                               taskID: taskID, occasion: options.occasion) {
                    if let firstStored, existing.id >= firstStored {
                        switch options.duplicates {
                        case .keepFirst:
                            dropped += 1
                            continue
                        case .keepLast:
                            storedAnswers -= try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM json_each(answers)) FROM response_set WHERE id = ?",
                                                              arguments: [existing.id]) ?? 0
                            try Self.deleteResponseSet(db, existing.id)
                            dropped += 1
                            stored -= 1
                        case .refuse:
                            let first = existing.source.flatMap { $0.split(separator: ":").last }.map(String.init) ?? "?"
                            problems.append(.init(location: at(participantField),
                                                  message: "participant \(code) has a second row" + (taskKey.map { " for task \($0)" } ?? "") + " (first on line \(first)); "
                                                    + "choose --duplicates keep-last or keep-first to keep one"))
                            continue
                        }
                    } else if options.replace {
                        try Self.deleteResponseSet(db, existing.id)
                        replaced += 1
                    } else {
                        problems.append(.init(location: at(participantField),
                                              message: "participant \(code) already has \(definition.id) answers (recorded \(existing.recorded)); rerun with --replace to overwrite them"))
                        continue
                    }
                }
                var answers: [Int: Answer] = [:]
                var raw: [Int: String] = [:]
                answers.reserveCapacity(orderedColumns.count)
                raw.reserveCapacity(orderedColumns.count)
                for (number, index, item) in orderedColumns {
                    let field = record.fields[index]
                    switch answerReader.read(field.value, item: item) {
                    case let .success(answer?):
                        answers[number] = answer
                        raw[number] = field.value
                    case .success(nil):
                        break
                    case let .failure(problem):
                        if let label = problem.unknownLabel {
                            // An unknown label is reported once, where it first occurs, with how often it occurs.
                            let folded = AnswerReader.fold(label)
                            if let known = unknownLabels[folded] {
                                unknownLabels[folded]!.count = known.count + 1
                            } else {
                                unknownLabels[folded] = (at(field), number, 1)
                                problems.append(.init(location: at(field),
                                                      message: "participant \(code), item \(number) (column '\(header[index].value)'): \(problem.message)"))
                            }
                            continue
                        }
                        problems.append(.init(location: at(field),
                                              message: "participant \(code), item \(number) (column '\(header[index].value)'): \(problem.message)"))
                    }
                }
                let submitted = timestampIndex.map { record.fields[$0].value.trimmedSpaces }.flatMap { $0.isEmpty ? nil : $0 }
                if problems.isEmpty {
                    let submission = ResponseSubmission(
                        participant: code, answers: answers, raw: raw, task: taskKey, occasion: options.occasion,
                        orientation: options.orientation, source: "\(reader.file):\(record.line)", submitted: submitted)
                    let id = try Self.insertResponseSet(db, statements, instrumentID: instrumentRowID, definition: definition, participantID: participantID,
                                                        taskID: taskID, submission, recorded: recorded)
                    if firstStored == nil { firstStored = id }
                    stored += 1
                    storedAnswers += answers.count
                }
            }
            if rows == 0 {
                problems.append(.init(location: "\(reader.file):1", message: "the file has a header row but no responses"))
            }
            if !unknownLabels.isEmpty {
                for (index, problem) in problems.enumerated() {
                    guard let entry = unknownLabels.values.first(where: { $0.location == problem.location }), entry.count > 1 else { continue }
                    problems[index].message += " (\(entry.count) cells in all)"
                }
                let accepted = answerReader.acceptedLabels().map { "\($0.point) = " + $0.labels.joined(separator: " / ") }
                problems.append(.init(location: "labels", message: "the scale's labels are: " + accepted.joined(separator: "; ")
                    + ". Give others with --labels \"LABEL=POINT,…\" (e.g. --labels \"Concordo bastante=6\")"))
            }
            guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
            try Self.verifyItems(db, instrumentID: instrumentRowID, definition: definition)
            try Self.rememberOrientation(db, instrument: definition.id, options.orientation)
            let used = Set(itemColumns.values).union([participantIndex, taskIndex, timestampIndex].compactMap { $0 })
            return ResponseImportSummary(
                instrument: definition.id, responseSets: stored, answers: storedAnswers, replaced: replaced,
                columns: itemColumns.mapValues { header[$0].value }, matchedBy: matchedBy,
                ignoredColumns: matchedBy == "item text" ? header.indices.filter { !used.contains($0) }.map { header[$0].value } : [],
                duplicatesDropped: dropped)
        }
    }

    /// Which column each item is read from: `--map`, else consecutive columns from `--items-from`, else the
    /// columns whose header carries the item's text (either language; case, accents, punctuation and a leading
    /// number ignored; Google Forms' "Question [item]" grids too), in any order, other columns ignored; else
    /// every column that is not the participant, task or timestamp, in order, when their number matches.
    static func itemColumns(definition: InstrumentDefinition, header: [Field], options: ResponseImportOptions, file: String,
                            reserved: [Int], column: (String) throws -> Int) throws -> ([Int: Int], String) {
        if options.itemsFrom == nil,
           let matched = try ItemHeaderMatcher.match(definition: definition, header: header, reserved: reserved, file: file,
                                                     lenient: !options.map.isEmpty) {
            guard !options.map.isEmpty else { return (matched, "item text") }
            // --map names some items; the others are found by their text.
            let mapped = try positionalItemColumns(definition: definition, header: header, options: options, file: file,
                                                   reserved: reserved, column: column)
            var merged = matched.filter { !mapped.values.contains($0.value) }
            for (number, index) in mapped { merged[number] = index }
            return (merged, "item text and --map")
        }
        let columns = try positionalItemColumns(definition: definition, header: header, options: options, file: file, reserved: reserved, column: column)
        if options.map.isEmpty, options.itemsFrom == nil {
            // A few headers carry item texts: reading by position must not put them under another item.
            let texts = ItemHeaderMatcher.textMatches(definition: definition, header: header, reserved: reserved)
            for (number, index) in texts.sorted(by: { $0.key < $1.key }) where columns[number] != index {
                let positional = columns.first { $0.value == index }?.key
                throw StoreError.invalidInput([.init(location: "\(file):1:\(header[index].column)",
                    message: "column '\(header[index].value)' carries the text of item \(number), but reading columns in order would take it as "
                        + (positional.map { "item \($0)" } ?? "no item") + "; say where the items are with --map ITEM=COLUMN")])
            }
        }
        return (columns, !options.map.isEmpty ? "--map" : options.itemsFrom != nil ? "--items-from" : "position")
    }

    static func positionalItemColumns(definition: InstrumentDefinition, header: [Field], options: ResponseImportOptions, file: String,
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

/// Finds item columns by their header text, as Google Forms and Microsoft Forms export them.
enum ItemHeaderMatcher {
    /// Lowercased, accents and punctuation removed, a leading item number ("1.", "Q1 -", "[1]") dropped.
    static func normalize(_ text: String) -> String {
        var folded = AnswerReader.fold(text)
        folded = String(folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " })
        var words = folded.split(separator: " ").map(String.init)
        if let first = words.first, first.allSatisfy(\.isNumber) || (first.hasPrefix("q") && first.dropFirst().allSatisfy(\.isNumber) && first.count > 1) {
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }

    /// The texts a header may carry: the whole header, and what stands in brackets (Google Forms grids:
    /// "Avalie o sistema [Achei o sistema fácil de usar]").
    static func candidates(_ header: String) -> [String] {
        var texts = [normalize(header)]
        if let open = header.lastIndex(of: "["), let close = header.lastIndex(of: "]"), open < close {
            texts.append(normalize(String(header[header.index(after: open)..<close])))
        }
        return texts.filter { !$0.isEmpty }
    }

    /// Item number → column when the headers carry the items' texts; `nil` when they do not look like items at
    /// all (the caller then reads columns by position). Refuses, naming them, when some headers match items and
    /// others do not.
    /// Item number → column for every header that carries exactly one item's text (the first such column).
    static func textMatches(definition: InstrumentDefinition, header: [Field], reserved: [Int]) -> [Int: Int] {
        (try? scan(definition: definition, header: header, reserved: reserved, file: "")) ?? [:]
    }

    static func scan(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String) throws -> [Int: Int] {
        let items = definition.items.map { item in (item.number, Set(item.text.all.map(normalize).filter { $0.count >= 8 })) }
        var found: [Int: Int] = [:]
        for index in header.indices where !reserved.contains(index) {
            let texts = candidates(header[index].value)
            var hits = items.filter { item in texts.contains { item.1.contains($0) } }.map(\.0)
            if hits.isEmpty {
                // A header that holds the item's text with something around it ("1. Achei o sistema fácil de usar *").
                hits = items.filter { item in texts.contains { text in item.1.contains { text.contains($0) && $0.count >= 12 } } }.map(\.0)
            }
            guard hits.count == 1, let number = hits.first else { continue }
            if let other = found[number] {
                throw StoreError.invalidInput([.init(location: "\(file):1:\(header[index].column)",
                    message: "columns '\(header[other].value)' and '\(header[index].value)' both carry the text of \(definition.id) item \(number); say which with --map \(number)=COLUMN")])
            }
            found[number] = index
        }
        return found
    }

    static func match(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String, lenient: Bool = false) throws -> [Int: Int]? {
        let found = try scan(definition: definition, header: header, reserved: reserved, file: file)
        let matchedColumns = Set(found.values)
        // Headers "look like items" when at least half of the items (two or more) are found by their text.
        guard found.count >= max(2, (definition.items.count + 1) / 2) || (lenient && !found.isEmpty) else { return nil }
        let missing = definition.items.map(\.number).filter { found[$0] == nil }
        if missing.isEmpty || lenient { return found }
        // Some headers carry item texts, others do not: reading by position would silently mix them up.
        let unmatched = header.indices.filter { !reserved.contains($0) && !matchedColumns.contains($0) }.map { "'\(header[$0].value)'" }
        throw StoreError.invalidInput([.init(location: "\(file):1",
            message: "the headers carry the texts of \(found.count) of \(definition.id)'s \(definition.items.count) items, but no column has the text of item"
                + (missing.count == 1 ? " " : "s ") + missing.map(String.init).joined(separator: ", ")
                + (unmatched.isEmpty ? "" : "; columns that match no item: " + unmatched.prefix(8).joined(separator: ", ") + (unmatched.count > 8 ? ", …" : ""))
                + ". Say where those items are with --map ITEM=COLUMN (the matched ones are found by text)")])
    }
}

private extension String {
    var trimmedSpaces: String { TextSafety.trimmingSpaces(self) }
}
