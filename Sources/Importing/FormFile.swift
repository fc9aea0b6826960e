import Foundation
import StudyBasics
import StudyStore
import Surveys
import Wording
import Tabular

extension StudyDatabase {
    /// Imports one response set per row of a form export (Google Forms, Microsoft Forms, LimeSurvey): the
    /// participant, task, timestamp and item columns are found here and every row is read into a `FormRow`
    /// (`FormRowReader`: codes, time stamps, answers, unreadable cells); the store finds each row's participant and
    /// task and stores the rows, streamed, in one transaction (`storeResponses`). All or nothing: every bad cell is reported (row, column,
    /// value and what was expected) before anything is stored.
    /// A workbook's sheet is read as a CSV file's rows (`TableFile`); the time stamp columns are read into ISO 8601
    /// (`FormTimes`) before the rows are stored.
    public func importResponses(from path: String, sheet: String? = nil, options: ResponseImportOptions) throws -> ResponseImportSummary {
        try importResponses(from: path, sheet: sheet, options: options, platform: .init()).summary
    }

    /// Imports a form export as `importResponses(from:options:)` does, after recognising the survey platform that
    /// made it (`platform.from`, else from its header rows): its header rows become one header per column, its
    /// meta columns are left out, its respondent id is the participant when no column is named, and its missing
    /// codes, choice names and `platform.recode` values are read as the instrument's answers.
    public func importResponses(from path: String, sheet: String? = nil, options given: ResponseImportOptions, platform: PlatformImportOptions) throws -> PlatformResponseImport {
        var options = given
        let named = [options.participantColumn, options.timestampColumn, options.taskColumn, options.itemsFrom, options.occasionColumn].compactMap { $0 }
            + Array(options.map.values) + options.conditionColumns.map(\.column)
        let file = TableFile(path: path, delimiter: options.delimiter, sheet: sheet)
        guard let definition = try instrument(options.instrument) ?? InstrumentCatalog.builtin(options.instrument) else {
            let known = Set(try instruments().map(\.id)).union(try InstrumentCatalog.builtin().map(\.id))
            throw StoreError.unknownInstrument(id: options.instrument, known: known.sorted())
        }
        let boxMap = options.map
        // Opened again for a second pass when time stamps are read (`FormTimes`), the same way.
        let open = {
            try SurveyExports.open(file, from: platform.from, keep: named.filter { !$0.isEmpty }, loop: platform.loop)
                .joiningCheckboxes(for: definition, map: boxMap)
        }
        var table = try open()
        if let loop = platform.loop {
            try checkLoop(loop, table: table)
            options.taskColumn = table.loopTaskColumn
        }
        if options.participantColumn.isEmpty {
            guard let respondent = table.reading.respondentColumn else {
                throw StoreError.invalidInput([.init(location: Sentence(verbatim: path),
                    message: "\(path) is not an export of a survey platform this tool knows; say which column holds the participant codes with --participant-column")])
            }
            options.participantColumn = respondent
        } else {
            options.participantColumn = table.header(for: options.participantColumn)
        }
        options.timestampColumn = options.timestampColumn.map(table.header(for:))
        options.taskColumn = options.taskColumn.map(table.header(for:))
        options.itemsFrom = options.itemsFrom.map(table.header(for:))
        options.map = options.map.mapValues(table.header(for:))
        options.occasionColumn = options.occasionColumn.map(table.header(for:))
        let reader = table.source
        let matcher = HeaderMatcher(reader)
        let participant = try matcher.require(options.participantColumn)
        let task = try options.taskColumn.map { try matcher.require($0) }
        let levels = try options.conditionColumns.map { (column: try matcher.require(table.header(for: $0.column), location: "--condition-column"), factor: $0.factor) }
        let occasion = try options.occasionColumn.map { try matcher.require($0, location: "--occasion-column") }
        let timestamp: Int? = try options.timestampColumn.map { try matcher.require($0) } ?? table.submitted
            ?? reader.header.firstIndex { ColumnNames.timestamp.contains(AnswerReader.fold($0.value)) }
        let started = table.started ?? reader.header.firstIndex { ColumnNames.started.contains(AnswerReader.fold($0.value)) }
        // A loop & merge left as it is refuses when its columns would be read as the items (unless named).
        let loopRefusal = options.map.isEmpty && options.itemsFrom == nil ? table.loopRefusal(tasks: try tasks().map(\.key)) : nil
        if let loopRefusal, definition.perTask, options.task == nil, options.taskColumn == nil { throw loopRefusal }
        let found: ([Int: Int], String, [Int: Double])
        do {
            found = try ItemColumns.find(definition: definition, header: reader.header, options: options, file: reader.file,
                                         reserved: [participant, task, timestamp, started, table.respondent, occasion].compactMap { $0 } + levels.map(\.column),
                                         column: { try matcher.require($0) })
        } catch {
            if let loopRefusal { throw loopRefusal }
            throw error
        }
        let (items, matchedBy, confidence) = found
        if let loopRefusal, items.values.contains(where: { table.loopColumns.contains($0) }) { throw loopRefusal }
        let readers = try table.checkboxAnswers(items: items, definition: definition)
        let boxes = table.boxHeaders
        table.reading.ticked = readers.keys.filter { !table.joinedColumns.contains($0) }.sorted().map { boxes[$0] ?? reader.header[$0].value }
        var columns = FormColumns(participant: participant, task: task, timestamp: timestamp, items: items, matchedBy: matchedBy, confidence: confidence)
        columns.started = started
        columns.conditions = levels
        columns.occasion = occasion
        let used = Set(items.values).union([participant, task, timestamp, started, table.respondent, occasion].compactMap { $0 })
            .union(levels.map(\.column))
        columns.context = reader.header.indices.filter { !used.contains($0) }
        let (rewritten, notes) = try FormTimes.normalized(reopen: { try open().source }, first: reader,
                                                          columns: [timestamp, started].compactMap { $0 }, language: try info().language)
        let rows = rewritten ?? reader
        let cells: RecordSource = table.missingCodes.isEmpty && platform.recode.isEmpty && table.rewrite == nil && readers.isEmpty ? rows
            : PlatformCells(rows, items: Set(items.values), missing: table.missingCodes, recode: platform.recode, rewrite: table.rewrite,
                            readers: readers)
        var formRows = FormRowReader(cells, columns: columns, definition: definition, orientation: options.orientation, labels: options.labels)
        var summary = try storeResponses(reading: &formRows, columns: columns, options: options.storing)
        summary.reading = [TableFile.reading(ReplayedSource.underlying(reader))] + notes + (rewritten?.unreadNotes() ?? [])
        return PlatformResponseImport(summary: summary, reading: table.reading)
    }
}

/// How a survey platform's export is read (`responses import --from`, `--recode`).
public struct PlatformImportOptions: Sendable {
    /// The platform that made the file; `nil` detects it from the header rows, `.plain` reads the file as it is.
    public var from: SurveyPlatform?
    /// The file's numeric codes → scale points, for a platform that exports a question's recode values
    /// (Qualtrics) or raw codes (REDCap) that are not the scale's 1…n.
    public var recode: [String: Int]
    /// A Qualtrics loop & merge: iteration → the task its answers belong to (`--loop 1=T1,2=T2`).
    public var loop: [Int: String]?
    public init(from: SurveyPlatform? = nil, recode: [String: Int] = [:], loop: [Int: String]? = nil) {
        self.from = from
        self.recode = recode
        self.loop = loop
    }
}

extension StudyDatabase {
    /// Refuses `--loop` on a file that is no Qualtrics export, or naming a task the study lacks.
    func checkLoop(_ loop: [Int: String], table: PlatformTable) throws {
        guard table.reading.platform == .qualtrics else {
            throw StoreError.invalidInput([.init(location: "--loop",
                message: "--loop reads the iterations of a Qualtrics loop & merge, but \(table.source.file) is not a Qualtrics export")])
        }
        let known = try tasks().map(\.key)
        for (_, task) in loop.sorted(by: { $0.key < $1.key }) where !known.contains(task) {
            throw StoreError.unknownTask(key: task, known: known)
        }
    }
}

/// What an import stored and what it recognised in the file.
public struct PlatformResponseImport {
    public var summary: ResponseImportSummary
    public var reading: PlatformReading
}

/// Which column of a form export holds each item.
enum ItemColumns {
    /// Which column each item is read from: `--map`, else consecutive columns from `--items-from`, else the
    /// columns whose header carries the item's text (either language; case, accents, punctuation and a leading
    /// number ignored; Google Forms' "Question [item]" grids too), in any order, other columns ignored; else
    /// every column that is not the participant, task or timestamp, in order, when their number matches.
    static func find(definition: InstrumentDefinition, header: [Field], options: ResponseImportOptions, file: String,
                            reserved: [Int], column: (String) throws -> Int) throws -> ([Int: Int], String, [Int: Double]) {
        // --map comes first: the items it names, and the columns it names, are not looked for by text, so two
        // headers carrying one item's text (a per-task question repeated for each task) are settled by --map.
        let mapped = options.map.isEmpty || options.itemsFrom != nil ? [:]
            : try positionalItemColumns(definition: definition, header: header, options: options, file: file, reserved: reserved, column: column)
        if options.itemsFrom == nil,
           let (matched, confidence) = try ItemHeaderMatcher.match(definition: definition, header: header, reserved: reserved + mapped.values,
                                                                   file: file, lenient: !options.map.isEmpty, mapped: Set(mapped.keys)) {
            guard !options.map.isEmpty else { return (matched, confidence.isEmpty ? "item text" : "similarity to the item text", confidence) }
            // --map names some items; the others are found by their text.
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
                    message: positional.map { "column '\(header[index].value)' carries the text of item \(number), but reading columns in order would take it as item \($0); say where the items are with --map ITEM=COLUMN" }
                        ?? "column '\(header[index].value)' carries the text of item \(number), but reading columns in order would take it as no item; say where the items are with --map ITEM=COLUMN")])
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
                message: "\(definition.id) has \(count) items but the file has \(candidates.count) other columns (\(ItemHeaderMatcher.listed(candidates.map { header[$0].value }, 6))); say where the items are with --items-from COLUMN or --map 1=COLUMN,2=COLUMN,…")])
        }
        return Dictionary(uniqueKeysWithValues: candidates.enumerated().map { ($0.offset + 1, $0.element) })
    }
}

/// Finds item columns by their header text, as Google Forms and Microsoft Forms export them.
enum ItemHeaderMatcher {
    /// Lowercased, accents and punctuation removed, a leading item number ("1.", "Q1 -", "[1]") dropped.
    static func normalize(_ text: String) -> String {
        var folded = AnswerReader.fold(text)
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (what folding leaves of Latin text): letters and digits are its only alphanumerics.
            folded = String(decoding: folded.utf8.map { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte : UInt8(ascii: " ")
            }, as: UTF8.self)
        } else {
            folded = String(folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " })
        }
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

    static func scan(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String, mapped: Set<Int> = []) throws -> [Int: Int] {
        let items = definition.items.filter { !mapped.contains($0.number) }
            .map { item in (item.number, Set(item.knownTexts.map(normalize).filter { $0.count >= 8 })) }
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

    /// `mapped`: the items `--map` places, which no header is matched to.
    static func match(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String, lenient: Bool = false,
                      mapped: Set<Int> = []) throws -> (columns: [Int: Int], confidence: [Int: Double])? {
        let found = try scan(definition: definition, header: header, reserved: reserved, file: file, mapped: mapped)
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
        let unmatched = header.indices.filter { !reserved.contains($0) && !matchedColumns.contains($0) }.map { header[$0].value }
        let items = missing.map(String.init).joined(separator: ", ")
        let lacking: Sentence = missing.count == 1
            ? "the headers carry the texts of \(found.count) of \(definition.id)'s \(definition.items.count) items, but no column has the text of item \(items)"
            : "the headers carry the texts of \(found.count) of \(definition.id)'s \(definition.items.count) items, but no column has the text of items \(items)"
        let message: Sentence = unmatched.isEmpty
            ? "\(lacking). Say where those items are with --map ITEM=COLUMN (the matched ones are found by text)"
            : "\(lacking); columns that match no item: \(Self.listed(unmatched, 8)). Say where those items are with --map ITEM=COLUMN (the matched ones are found by text)"
        throw StoreError.invalidInput([.init(location: "\(file):1", message: message)])
    }
}

extension ItemHeaderMatcher {
    /// Words too common to tell items apart, and the names of what is evaluated, which adaptations replace
    /// ("sistema", "produto", "site"), in every registered language: `StudyLanguage.itemMatchingWords`, the stop
    /// words marked `[items]` in each language's list and `itemText.evaluatedNames` in its vocabulary. Not every
    /// stop word: the lists count "not" and "não" among them, unmarked, which tell a questionnaire's positive and
    /// negative items apart.
    static var stopWords: Set<String> { StudyLanguage.itemMatchingWords }

    /// A text's letter trigrams, word by word with a space on each side (" ac", "ach", … "ho "): alike when two
    /// wordings share roots — "desnecessariamente"/"necessário", "complexo"/"complex" (Damashek 1995, *Gauging
    /// similarity with n-grams*).
    static func trigrams(_ text: String) -> Set<String> {
        var grams: Set<String> = []
        let stopWords = Self.stopWords
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

    /// The similarity below which a header is not taken as an item's text.
    static let threshold = 0.25
    /// The mean similarity of the matched headers below which the headers are not taken for these items at all.
    static let meanThreshold = 0.4
    /// How much better the matching must be than any other way of pairing two of its headers with two items
    /// (or one item with another header) for a header to be taken as its item.
    static let margin = 0.1

    /// Item number → column when every item's column is found by the similarity of its header to the item's
    /// texts (each language and the item's other published wordings): the pairing of items with headers of the
    /// greatest total similarity (an assignment, found by the Hungarian method — Kuhn 1955), so a header is taken
    /// as the item it fits best given all the others, not the first it fits. Nil when the headers do not look
    /// like these items (a pair under `threshold`, or a mean under `meanThreshold`). Refuses when the pairing is
    /// not clearly the best: two headers that could be swapped, or another header that fits an item as well,
    /// naming both.
    static func similar(definition: InstrumentDefinition, header: [Field], reserved: [Int], file: String) throws -> (columns: [Int: Int], confidence: [Int: Double])? {
        let candidates = header.indices.filter { !reserved.contains($0) }
        let items = definition.items
        guard !items.isEmpty, candidates.count >= items.count else { return nil }
        let texts = items.map { $0.knownTexts.map(trigrams) }
        // score[item][candidate]
        let score: [[Double]] = texts.map { itemTexts in
            candidates.map { column in
                let words = Self.candidates(header[column].value).map(trigrams).reduce(into: Set<String>()) { $0.formUnion($1) }
                return itemTexts.map { similarity(words, $0) }.max() ?? 0
            }
        }
        let assigned = assignment(score)
        let chosen = assigned.enumerated().map { item, candidate in score[item][candidate] }
        guard chosen.allSatisfy({ $0 >= threshold }), chosen.reduce(0, +) / Double(chosen.count) >= meanThreshold else { return nil }
        func column(_ candidate: Int) -> Field { header[candidates[candidate]] }
        func refuse(_ item: Int, _ candidate: Int, _ other: Int, _ otherScore: Double) -> StoreError {
            let number = items[item].number, otherNumber = items[other].number
            return StoreError.invalidInput([.init(location: "\(file):1:\(column(candidate).column)",
                message: "column '\(column(candidate).value)' is as like \(definition.id) item \(number) (similarity \(percent(score[item][candidate]))) as item \(otherNumber) (\(percent(otherScore))); say which with --map \(number)=COLUMN or --map \(otherNumber)=COLUMN")])
        }
        for a in items.indices {
            for b in items.indices where b > a {
                let kept = score[a][assigned[a]] + score[b][assigned[b]]
                let swapped = score[a][assigned[b]] + score[b][assigned[a]]
                if kept - swapped < margin {
                    throw refuse(a, assigned[a], b, score[b][assigned[a]])
                }
            }
        }
        let used = Set(assigned)
        for item in items.indices {
            for other in candidates.indices where !used.contains(other) && score[item][assigned[item]] - score[item][other] < margin {
                let number = items[item].number
                throw StoreError.invalidInput([.init(location: "\(file):1:\(column(other).column)",
                    message: "columns '\(column(assigned[item]).value)' (similarity \(percent(score[item][assigned[item]]))) and '\(column(other).value)' (\(percent(score[item][other]))) are about as like \(definition.id) item \(number); say which with --map \(number)=COLUMN")])
            }
        }
        var found: [Int: Int] = [:]
        var confidence: [Int: Double] = [:]
        for (item, candidate) in assigned.enumerated() {
            found[items[item].number] = candidates[candidate]
            confidence[items[item].number] = score[item][candidate]
        }
        return (found, confidence)
    }

    /// The column of each row (rows ≤ columns) that maximises the total score: the Hungarian method on the
    /// costs 1 − score (Kuhn 1955, in the O(n²m) form with potentials).
    static func assignment(_ score: [[Double]]) -> [Int] {
        let n = score.count, m = score.first?.count ?? 0
        let infinity = Double.infinity
        var u = [Double](repeating: 0, count: n + 1), v = [Double](repeating: 0, count: m + 1)
        var matchedRow = [Int](repeating: 0, count: m + 1)  // column j (1-based) → row (1-based), 0 when free
        var way = [Int](repeating: 0, count: m + 1)
        for row in 1...n {
            matchedRow[0] = row
            var column0 = 0
            var minimum = [Double](repeating: infinity, count: m + 1)
            var used = [Bool](repeating: false, count: m + 1)
            repeat {
                used[column0] = true
                let row0 = matchedRow[column0]
                var delta = infinity, column1 = 0
                for column in 1...m where !used[column] {
                    let current = (1 - score[row0 - 1][column - 1]) - u[row0] - v[column]
                    if current < minimum[column] { minimum[column] = current; way[column] = column0 }
                    if minimum[column] < delta { delta = minimum[column]; column1 = column }
                }
                for column in 0...m {
                    if used[column] { u[matchedRow[column]] += delta; v[column] -= delta } else { minimum[column] -= delta }
                }
                column0 = column1
            } while matchedRow[column0] != 0
            repeat {
                let column1 = way[column0]
                matchedRow[column0] = matchedRow[column1]
                column0 = column1
            } while column0 != 0
        }
        var result = [Int](repeating: 0, count: n)
        for column in 1...m where matchedRow[column] != 0 { result[matchedRow[column] - 1] = column - 1 }
        return result
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }
}


extension ItemHeaderMatcher {
    /// `'a', 'b', 'c', …`: the first `limit` names, quoted.
    static func listed(_ names: [String], _ limit: Int) -> String {
        names.prefix(limit).map { "'\($0)'" }.joined(separator: ", ") + (names.count > limit ? ", …" : "")
    }
}
