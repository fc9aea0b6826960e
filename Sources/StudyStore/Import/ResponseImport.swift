import Foundation
import GRDB
import GRDBSQLite
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
    /// Each item's similarity to its column's header (0–1), when the columns were found by similarity.
    public var confidence: [Int: Double] = [:]
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
            let (itemColumns, matchedBy, confidence) = try Self.itemColumns(definition: definition, header: header, options: options, file: reader.file,
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
            // Each item column once, in item order, with what its common answer needs (a whole number in range).
            let plans = ImportColumnPlan.plans(itemColumns, definition: definition, orientation: options.orientation)
            var writer = AnswerColumn.Writer()
            let sourcePrefix = reader.file + ":"
            // Sets read without a problem wait in `batch` and are inserted together, one statement per
            // `SetBatch.capacity` sets (per-statement work was a tenth of an import).
            var batch = SetBatch()
            let batchStatement = taskIndex == nil ? try SetBatch.statement(db) : nil

            /// Stores one set, or finds out why it cannot be: the participant and the study's set of theirs are
            /// looked up only when the insert stores nothing (no such participant, or a set the unique index
            /// refuses), or once a problem stops storing.
            func storeOne(_ row: PendingSet, answers: [UInt8], raw: [UInt8], failures: [AnswerFailure]) throws {
                func store(_ participant: SetParticipant) throws -> Int64? {
                    try Self.storeSet(db, statements, participant: participant, instrumentID: instrumentRowID, taskID: row.taskID,
                                      occasion: options.occasion, orientation: options.orientation, source: sourcePrefix + String(row.line),
                                      submitted: row.submitted, recorded: recorded, answers: answers, raw: raw, conflictIsNil: true)
                }
                if problems.isEmpty, failures.isEmpty, !row.code.isEmpty, let id = try store(.code(row.code)) {
                    if firstStored == nil { firstStored = id }
                    stored += 1
                    storedAnswers += row.answered
                    return
                }
                let code = row.code
                guard let participantID = try statements.participantID(db, code: code) else {
                    problems.append(.init(location: at(row.participant),
                                          message: code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study; add or import participants first"))
                    return
                }
                if let existing = try statements.existingSet(db, participantID: participantID, instrumentID: instrumentRowID,
                                                               taskID: row.taskID, occasion: options.occasion) {
                    if let firstStored, existing.id >= firstStored {
                        switch options.duplicates {
                        case .keepFirst:
                            dropped += 1
                            return
                        case .keepLast:
                            storedAnswers -= try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM json_each(answers)) FROM response_set WHERE id = ?",
                                                              arguments: [existing.id]) ?? 0
                            try Self.deleteResponseSet(db, existing.id)
                            dropped += 1
                            stored -= 1
                        case .refuse:
                            let first = existing.source.flatMap { $0.split(separator: ":").last }.map(String.init) ?? "?"
                            problems.append(.init(location: at(row.participant),
                                                  message: "participant \(code) has a second row" + (row.taskKey.map { " for task \($0)" } ?? "") + " (first on line \(first)); "
                                                    + "choose --duplicates keep-last or keep-first to keep one"))
                            return
                        }
                    } else if options.replace {
                        try Self.deleteResponseSet(db, existing.id)
                        replaced += 1
                    } else {
                        problems.append(.init(location: at(row.participant),
                                              message: "participant \(code) already has \(definition.id) answers (recorded \(existing.recorded)); rerun with --replace to overwrite them"))
                        return
                    }
                }
                for failure in failures {
                    let location = at(failure.field)
                    if let label = failure.problem.unknownLabel {
                        // An unknown label is reported once, where it first occurs, with how often it occurs.
                        let folded = AnswerReader.fold(label)
                        if let known = unknownLabels[folded] {
                            unknownLabels[folded]!.count = known.count + 1
                            continue
                        }
                        unknownLabels[folded] = (location, failure.number, 1)
                    }
                    problems.append(.init(location: location,
                                          message: "participant \(code), item \(failure.number) (column '\(header[failure.column].value)'): \(failure.problem.message)"))
                }
                if problems.isEmpty, let id = try store(.id(participantID)) {
                    if firstStored == nil { firstStored = id }
                    stored += 1
                    storedAnswers += row.answered
                }
            }

            /// Inserts the waiting sets; when the statement refuses them (a participant not in the study, a set
            /// that exists), they are stored one by one, which finds and reports what is wrong.
            func flush() throws {
                guard !batch.isEmpty else { return }
                if batch.isFull, let batchStatement,
                   let first = try batch.insert(db, batchStatement, instrumentID: instrumentRowID, taskID: fixedTaskID, occasion: options.occasion,
                                                orientation: options.orientation, sourcePrefix: sourcePrefix, recorded: recorded) {
                    if firstStored == nil { firstStored = first }
                    stored += batch.count
                    storedAnswers += batch.answered
                } else {
                    for index in 0..<batch.count {
                        let (row, answers, raw) = batch[index]
                        try storeOne(row, answers: answers, raw: raw, failures: [])
                    }
                }
                batch.removeAll()
            }

            while let record = try reader.next() {
                rows += 1
                if rows % 20_000 == 0 { options.progress?(reader.fractionRead) }
                let participantField = record.fields[participantIndex]
                let code = participantField.value.trimmedSpaces
                if !problems.isEmpty {
                    // Checking only: every row's participant is looked up, as a storing run's insert would.
                    guard try statements.participantID(db, code: code) != nil else {
                        problems.append(.init(location: at(participantField),
                                              message: code.isEmpty ? "the participant code is empty" : "no participant '\(code)' in the study; add or import participants first"))
                        continue
                    }
                }
                var taskID = fixedTaskID
                var taskKey = options.task
                if let taskIndex {
                    let taskField = record.fields[taskIndex]
                    taskKey = taskField.value.trimmedSpaces
                    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM task WHERE key = ?", arguments: [taskKey!]) else {
                        try flush()
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

                // The answers first, into the set's columns; the cells that cannot be read are reported by
                // `storeOne`, unless the row turns out to be a repeated one.
                writer.reset()
                var answered = 0
                var failures: [AnswerFailure] = []
                for plan in plans {
                    let field = record.fields[plan.column]
                    if plan.wholeNumbers, let value = ImportColumnPlan.wholeNumber(field.value.utf8), value >= plan.low, value <= plan.high {
                        if plan.inverted {
                            writer.append(plan.number, .value(Double(plan.low + plan.high - value)), typed: field.value)
                        } else {
                            writer.append(key: plan.key, whole: value)
                        }
                        answered += 1
                        continue
                    }
                    let item = definition.items[plan.item]
                    switch answerReader.read(field.value, item: item) {
                    case let .success(answer?):
                        // The store's own guarantee (no Likert 9, no choice the item does not offer).
                        guard definition.accepts(answer, item: item) else {
                            throw StoreError.invalidInput([.init(location: sourcePrefix + String(record.line),
                                                                 message: "\(definition.id) item \(plan.number): the answer \(answer.display) does not fit the item")])
                        }
                        writer.append(plan.number, answer, typed: field.value)
                        answered += 1
                    case .success(nil):
                        break
                    case let .failure(problem):
                        failures.append(AnswerFailure(field: field, number: plan.number, column: plan.column, problem: problem))
                    }
                }
                writer.finish()
                let submitted = timestampIndex.map { record.fields[$0].value.trimmedSpaces }.flatMap { $0.isEmpty ? nil : $0 }
                let row = PendingSet(participant: participantField, code: code, taskID: taskID, taskKey: taskKey, line: record.line,
                                     submitted: submitted, answered: answered)
                if batchStatement != nil, problems.isEmpty, failures.isEmpty, !code.isEmpty {
                    batch.append(row, answers: writer.answers, raw: writer.raw)
                    if batch.isFull { try flush() }
                    continue
                }
                try flush()
                try storeOne(row, answers: writer.answers, raw: writer.raw, failures: failures)
            }
            try flush()
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
                columns: itemColumns.mapValues { header[$0].value }, matchedBy: matchedBy, confidence: confidence,
                ignoredColumns: matchedBy.hasSuffix("item text") ? header.indices.filter { !used.contains($0) }.map { header[$0].value } : [],
                duplicatesDropped: dropped)
        }
    }

    /// Which column each item is read from: `--map`, else consecutive columns from `--items-from`, else the
    /// columns whose header carries the item's text (either language; case, accents, punctuation and a leading
    /// number ignored; Google Forms' "Question [item]" grids too), in any order, other columns ignored; else
    /// every column that is not the participant, task or timestamp, in order, when their number matches.
    static func itemColumns(definition: InstrumentDefinition, header: [Field], options: ResponseImportOptions, file: String,
                            reserved: [Int], column: (String) throws -> Int) throws -> ([Int: Int], String, [Int: Double]) {
        if options.itemsFrom == nil,
           let (matched, confidence) = try ItemHeaderMatcher.match(definition: definition, header: header, reserved: reserved, file: file,
                                                                   lenient: !options.map.isEmpty) {
            guard !options.map.isEmpty else { return (matched, confidence.isEmpty ? "item text" : "similarity to the item text", confidence) }
            // --map names some items; the others are found by their text.
            let mapped = try positionalItemColumns(definition: definition, header: header, options: options, file: file,
                                                   reserved: reserved, column: column)
            var merged = matched.filter { !mapped.values.contains($0.value) }
            for (number, index) in mapped { merged[number] = index }
            return (merged, "item text and --map", [:])
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
        return (columns, !options.map.isEmpty ? "--map" : options.itemsFrom != nil ? "--items-from" : "position", [:])
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

    static func match(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String, lenient: Bool = false) throws -> (columns: [Int: Int], confidence: [Int: Double])? {
        let found = try scan(definition: definition, header: header, reserved: reserved, file: file)
        let matchedColumns = Set(found.values)
        // Headers "look like items" when at least half of the items (two or more) are found by their text.
        if found.count < definition.items.count, !lenient,
           let similar = try similar(definition: definition, header: header, reserved: reserved, file: file) {
            return similar
        }
        guard found.count >= max(2, (definition.items.count + 1) / 2) || (lenient && !found.isEmpty) else { return nil }
        let missing = definition.items.map(\.number).filter { found[$0] == nil }
        if missing.isEmpty || lenient { return (found, [:]) }
        // Some headers carry item texts, others do not: reading by position would silently mix them up.
        let unmatched = header.indices.filter { !reserved.contains($0) && !matchedColumns.contains($0) }.map { "'\(header[$0].value)'" }
        throw StoreError.invalidInput([.init(location: "\(file):1",
            message: "the headers carry the texts of \(found.count) of \(definition.id)'s \(definition.items.count) items, but no column has the text of item"
                + (missing.count == 1 ? " " : "s ") + missing.map(String.init).joined(separator: ", ")
                + (unmatched.isEmpty ? "" : "; columns that match no item: " + unmatched.prefix(8).joined(separator: ", ") + (unmatched.count > 8 ? ", …" : ""))
                + ". Say where those items are with --map ITEM=COLUMN (the matched ones are found by text)")])
    }
}

extension ItemHeaderMatcher {
    /// Words too common to tell items apart, and the names of what is evaluated, which adaptations replace
    /// ("sistema", "produto", "site").
    static let stopWords: Set<String> = ["a", "o", "as", "os", "e", "de", "do", "da", "dos", "das", "que", "eu", "um", "uma", "com", "para",
        "em", "no", "na", "me", "se", "ao", "the", "i", "to", "of", "this", "that", "was", "in", "an", "it", "be", "would", "is", "and",
        "sistema", "system", "produto", "product", "site", "website", "aplicativo", "app"]

    /// A text's letter trigrams, word by word with a space on each side (" ac", "ach", … "ho "): alike when two
    /// wordings share roots — "desnecessariamente"/"necessário", "complexo"/"complex" (Damashek 1995, *Gauging
    /// similarity with n-grams*).
    static func trigrams(_ text: String) -> Set<String> {
        var grams: Set<String> = []
        for word in normalize(text).split(separator: " ") where !stopWords.contains(String(word)) {
            let padded = Array(" \(word) ")
            for start in 0..<(padded.count - 2) { grams.insert(String(padded[start..<start + 3])) }
        }
        return grams
    }

    /// How alike two texts are: Dice's coefficient of their trigrams, 2|A∩B| / (|A| + |B|) (Dice 1945).
    static func similarity(_ a: Set<String>, _ b: Set<String>) -> Double {
        a.isEmpty || b.isEmpty ? 0 : 2 * Double(a.intersection(b).count) / Double(a.count + b.count)
    }

    /// The confidence below which a header is not taken as an item's text.
    static let threshold = 0.4
    /// How far ahead of the next item the best one must be for a header to be taken as it.
    static let margin = 0.1

    /// Item number → column when every item's column is found by the similarity of its header to the item's text
    /// in either language (another translation's wording), each pair the best left for both; nil when the headers
    /// do not look like these items. Refuses a header that fits two items about equally, naming both.
    static func similar(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String) throws -> (columns: [Int: Int], confidence: [Int: Double])? {
        let candidates = header.indices.filter { !reserved.contains($0) }
        guard candidates.count >= definition.items.count else { return nil }
        let items = definition.items.map { item in (item.number, item.text.all.map(trigrams)) }
        var scores: [(item: Int, column: Int, score: Double)] = []
        for column in candidates {
            let words = Self.candidates(header[column].value).map(trigrams).reduce(into: Set<String>()) { $0.formUnion($1) }
            for (number, texts) in items {
                scores.append((number, column, texts.map { similarity(words, $0) }.max() ?? 0))
            }
        }
        var found: [Int: Int] = [:]
        var confidence: [Int: Double] = [:]
        var usedColumns: Set<Int> = []
        for pair in scores.sorted(by: { $0.score != $1.score ? $0.score > $1.score : $0.column < $1.column }) where pair.score >= threshold {
            guard found[pair.item] == nil, !usedColumns.contains(pair.column) else { continue }
            let rival = scores.filter { $0.column == pair.column && $0.item != pair.item && found[$0.item] == nil }.map(\.score).max() ?? 0
            if pair.score - rival < margin {
                let other = scores.first { $0.column == pair.column && $0.item != pair.item && $0.score == rival }!.item
                throw StoreError.invalidInput([.init(location: "\(file):1:\(header[pair.column].column)",
                    message: "column '\(header[pair.column].value)' is as like \(definition.id) item \(pair.item) (similarity \(percent(pair.score))) "
                        + "as item \(other) (\(percent(rival))); say which with --map \(pair.item)=COLUMN or --map \(other)=COLUMN")])
            }
            found[pair.item] = pair.column
            confidence[pair.item] = pair.score
            usedColumns.insert(pair.column)
        }
        guard found.count == definition.items.count else { return nil }
        return (found, confidence)
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }
}

/// A row of a form export read without a problem, waiting to be stored.
struct PendingSet {
    var participant: Field
    var code: String
    var taskID: Int64?
    var taskKey: String?
    var line: Int
    var submitted: String?
    /// How many items it answers.
    var answered: Int
}

/// A cell that could not be read as an answer to its item.
struct AnswerFailure {
    var field: Field
    var number: Int
    var column: Int
    var problem: AnswerProblem
}

/// Sets waiting to be inserted by one statement: their texts in one buffer, bound where they lie.
struct SetBatch {
    static let capacity = 64

    private var rows: [PendingSet] = []
    /// Each row's answers and typed columns (an empty typed range is NULL) and participant code, in `bytes`.
    private var ranges: [(answers: Range<Int>, raw: Range<Int>, code: Range<Int>, submitted: Range<Int>?)] = []
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
        ranges.append((add(answers), add(raw), add(row.code.utf8), row.submitted.map { add($0.utf8) }))
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
    static func statement(_ db: Database) throws -> Statement {
        let values = (0..<capacity).map { row in
            "(" + (0..<5).map { "?\(7 + row * 5 + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
        return try db.makeStatement(sql: """
            INSERT INTO response_set (participant_id, instrument_id, task_id, occasion, orientation, source, submitted, recorded, answers, raw)
            SELECT p.id, ?1, ?2, ?3, ?4, ?5 || v.column2, v.column3, ?6, v.column4, v.column5
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
                    guard let range, !(emptyIsNull && range.isEmpty) else { sqlite3_bind_null(handle, index); return }
                    sqlite3_bind_text(handle, index, text.baseAddress! + range.lowerBound, Int32(range.count), nil)
                }
                for (offset, row) in rows.enumerated() {
                    let base = Int32(7 + offset * 5)
                    let range = ranges[offset]
                    bind(base, range.code, emptyIsNull: false)
                    sqlite3_bind_int64(handle, base + 1, Int64(row.line))
                    bind(base + 2, range.submitted, emptyIsNull: false)
                    bind(base + 3, range.answers, emptyIsNull: false)
                    bind(base + 4, range.raw, emptyIsNull: true)
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

/// One item column of a form export, with what reading its most common answer needs: a whole number typed as
/// such, within the item's whole-number range, taken without the general reader (labels, decimals, N/A).
struct ImportColumnPlan {
    let number: Int
    /// The item's key in the answers column.
    let key: [UInt8]
    /// The column in the file.
    let column: Int
    /// The item's position in the definition.
    let item: Int
    let wholeNumbers: Bool
    let low: Int
    let high: Int
    /// The form's 1 is the scale's maximum (Likert items under `--orientation inverted`).
    let inverted: Bool

    static func plans(_ columns: [Int: Int], definition: InstrumentDefinition, orientation: Orientation) -> [ImportColumnPlan] {
        columns.sorted { $0.key < $1.key }.map { number, column in
            let position = definition.items.firstIndex { $0.number == number }!
            let item = definition.items[position]
            let range = (item.kind == .likert || item.kind == .numeric) ? definition.range(of: item) : nil
            let whole = range.map { $0.lowerBound == $0.lowerBound.rounded() && $0.upperBound == $0.upperBound.rounded()
                && abs($0.lowerBound) < 1e9 && abs($0.upperBound) < 1e9 } ?? false
            return ImportColumnPlan(number: number, key: AnswerColumn.key(number), column: column, item: position, wholeNumbers: whole,
                                    low: whole ? Int(range!.lowerBound) : 0, high: whole ? Int(range!.upperBound) : 0,
                                    inverted: orientation == .inverted && item.kind == .likert)
        }
    }

    /// The value of a cell holding only decimal digits (at most nine, no leading zero but "0" itself), else `nil`
    /// — then the general reader decides, and keeps "05" as typed.
    @inline(__always)
    static func wholeNumber(_ text: String.UTF8View) -> Int? {
        let count = text.count
        guard count > 0, count <= 9 else { return nil }
        var value = 0
        var first = true
        for byte in text {
            guard byte >= 48, byte <= 57, !(first && byte == 48 && count > 1) else { return nil }
            first = false
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}

private extension String {
    var trimmedSpaces: String { TextSafety.trimmingSpaces(self) }
}
