import Foundation
import QualCoding
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

/// One suggestion as an outside model's file gives it (docs/suggestions.md): whose words, where (the passage's
/// words, or its offsets, or both), the category, the model's score and rationale, and what made it.
public struct ExternalSuggestion: Sendable, Equatable {
    /// Where it was read: "file:line".
    public var location: String
    public var participant: String
    public var transcript: String
    public var passage: String?
    public var start: Int?
    public var end: Int?
    public var category: String
    public var score: Double
    public var rationale: String
    public var model: String?
    public var promptHash: String?
    public var time: String?
}

extension StudyDatabase {
    /// The columns (CSV) and keys (JSON) of a suggestions file, each with the names it is read under, in the order
    /// they are looked for: first the field's own name — the file format's fixed key (docs/suggestions.md), the
    /// same whatever the study's language, so it stays here — then the other names people and tools give it in
    /// every registered language, folded (`column.suggestion.<field>` in the vocabularies: "excerpt", "confidence",
    /// "categoria", "justificativa").
    static var suggestionColumns: [(field: String, names: [String])] {
        ["participant", "transcript", "passage", "start", "end", "category", "score", "rationale", "model", "prompt_hash", "time"].map { field in
            var seen: Set<String> = [field]
            return (field, [field] + Vocabulary.known("column.suggestion.\(field)").filter { seen.insert($0).inserted })
        }
    }

    /// Reads an outside model's suggestions (`.json`: an array of objects, or `{"suggestions": [...]}`; `.csv`:
    /// one a row) and checks each against the study — its participant, its category, and its passage in the
    /// transcript — then stores them as suggester `name`'s in one transaction. Every problem is reported at once,
    /// at its file and line, and then nothing is stored.
    public func importSuggestions(from path: String, as name: String) throws -> (stored: Int, replaced: Int, units: Int) {
        let rows = path.lowercased().hasSuffix(".json") ? try Self.jsonSuggestions(path) : try Self.csvSuggestions(path)
        var problems: [StoreError.Problem] = []
        var units: [SuggestionTarget] = []
        var unitIndex: [String: Int] = [:]
        var suggestions: [NewSuggestion] = []
        var models: Set<String> = []
        let known = Set(try categories().map { StudyText.key($0.name) })
        for row in rows {
            var rowProblems: [Sentence] = []
            if !known.contains(StudyText.key(row.category)) { rowProblems.append("no category '\(row.category)' in the codebook") }
            if !(0...1).contains(row.score) { rowProblems.append("the score \(row.score) is not between 0 and 1") }
            var place: SuggestionTarget?
            do {
                place = try locateSuggestion(row)
            } catch let error as StoreError {
                switch error {
                case let .codeProblem(message): rowProblems.append(message)
                case let .unknownParticipant(code, _): rowProblems.append("no participant \(code) in the study")
                default: throw error
                }
            }
            if !rowProblems.isEmpty {
                problems.append(contentsOf: rowProblems.map { .init(location: Sentence(verbatim: row.location), message: $0) })
                continue
            }
            guard let place else { continue }
            let key = "\(place.transcriptID):\(place.span.lowerBound):\(place.span.upperBound)"
            let index = unitIndex[key] ?? units.count
            if unitIndex[key] == nil { unitIndex[key] = index; units.append(place) }
            if let model = row.model { models.insert(model) }
            suggestions.append(NewSuggestion(unit: index, category: row.category, score: row.score, rationale: row.rationale,
                                             model: row.model, promptHash: row.promptHash, time: row.time))
        }
        if !problems.isEmpty { throw StoreError.invalidInput(problems) }
        let info = SuggesterInfo(name: name, method: "external", parameters: "{\"models\": [\(models.sorted().map { "\"\($0)\"" }.joined(separator: ", "))]}",
                                 unit: "passage", source: URL(fileURLWithPath: path).lastPathComponent)
        let result = try storeSuggestions(info, units: units, suggestions: suggestions)
        return (result.stored, result.replaced, units.count)
    }

    /// Where a suggestion's passage lies: its offsets checked against the transcript (and against its words, when
    /// both are given), or its words found there verbatim; a `codeProblem` saying why not otherwise.
    func locateSuggestion(_ row: ExternalSuggestion) throws -> SuggestionTarget {
        let (transcriptID, _, text) = try suggestionTranscript(participant: row.participant, label: row.transcript)
        let scalars = Array(text.unicodeScalars)
        let place = row.transcript.isEmpty ? "\(row.participant)'s transcript" : "\(row.participant)'s transcript '\(row.transcript)'"
        if let start = row.start, let end = row.end {
            guard start >= 0, end > start, end <= scalars.count else {
                throw StoreError.codeProblem("the offsets \(start)–\(end) are outside \(place) (\(scalars.count) characters)")
            }
            let words = String(String.UnicodeScalarView(scalars[start..<end]))
            if let passage = row.passage, TextMatching.nfc(passage) != words {
                throw StoreError.codeProblem("\(place) reads \"\(words.prefix(80))\" at \(start)–\(end), not the passage given")
            }
            return SuggestionTarget(participant: row.participant, transcriptID: transcriptID, span: start..<end, text: words)
        }
        guard let passage = row.passage.map({ TextMatching.nfc($0.trimmingCharacters(in: .whitespacesAndNewlines)) }), !passage.isEmpty else {
            throw StoreError.codeProblem("the suggestion gives neither a passage nor its start and end")
        }
        guard let range = text.range(of: passage) else {
            throw StoreError.codeProblem("the passage \"\(passage.prefix(80))\" is not in \(place)")
        }
        let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
        let end = start + passage.unicodeScalars.count
        return SuggestionTarget(participant: row.participant, transcriptID: transcriptID, span: start..<end, text: passage)
    }

    /// The rows of a CSV suggestions file, each with its line.
    static func csvSuggestions(_ path: String) throws -> [ExternalSuggestion] {
        let reader = try TableFile(path: path).open()
        let matcher = HeaderMatcher(reader)
        let columns = try matcher.fields(suggestionColumns)
        for required in ["participant", "category", "score"] where columns[required] == nil {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(reader.file):1"), message: "no \(required) column")])
        }
        var problems: [StoreError.Problem] = []
        let rows = try reader.readAll().compactMap { record -> ExternalSuggestion? in
            func value(_ field: String) -> String? {
                columns[field].flatMap { $0 < record.fields.count ? record.fields[$0].value.trimmingCharacters(in: .whitespaces) : nil }
                    .flatMap { $0.isEmpty ? nil : $0 }
            }
            return collecting(&problems) { try suggestion("\(reader.file):\(record.line)", value) }
        }
        if !problems.isEmpty { throw StoreError.invalidInput(problems) }
        return rows
    }

    /// The objects of a JSON suggestions file, each with the line it opens on.
    static func jsonSuggestions(_ path: String) throws -> [ExternalSuggestion] {
        let file = URL(fileURLWithPath: path).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else { throw StoreError.invalidInput([.init(location: Sentence(verbatim: file), message: "cannot be read")]) }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: file), message: "is not JSON: \(error.localizedDescription)")])
        }
        let list = (parsed as? [Any]) ?? ((parsed as? [String: Any])?["suggestions"] as? [Any])
        guard let list else {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(file):1"), message: "holds neither a list of suggestions nor {\"suggestions\": [...]}")])
        }
        let lines = objectLines(String(decoding: data, as: UTF8.self))
        let columns = suggestionColumns
        var problems: [StoreError.Problem] = []
        let rows = list.enumerated().compactMap { index, element -> ExternalSuggestion? in
            let location = "\(file):\(index < lines.count ? lines[index] : 1)"
            guard let object = element as? [String: Any] else {
                problems.append(.init(location: Sentence(verbatim: location), message: "a suggestion is not an object"))
                return nil
            }
            var keyed: [String: Any] = [:]
            for (key, value) in object { keyed[AnswerReader.fold(key)] = value }
            return collecting(&problems) {
                try suggestion(location) { field in
                    let names = columns.first { $0.field == field }?.names ?? [field]
                    guard let value = names.lazy.compactMap({ keyed[$0] }).first else { return nil }
                    if let text = value as? String { return text.isEmpty ? nil : text }
                    if let number = value as? NSNumber { return number.stringValue }
                    return nil
                }
            }
        }
        if !problems.isEmpty { throw StoreError.invalidInput(problems) }
        return rows
    }

    /// The value `body` reads, or nil with its problems added to `problems`.
    static func collecting(_ problems: inout [StoreError.Problem], _ body: () throws -> ExternalSuggestion) -> ExternalSuggestion? {
        do { return try body() } catch let StoreError.invalidInput(found) { problems.append(contentsOf: found); return nil } catch {
            problems.append(.init(location: "", message: Sentence(verbatim: error.localizedDescription)))
            return nil
        }
    }

    /// The line on which each object of the suggestions list opens: objects at the list's depth, strings skipped.
    static func objectLines(_ text: String) -> [Int] {
        var lines: [Int] = []
        var line = 1, depth = 0, inString = false, escaped = false
        var listDepth: Int?
        for character in text.unicodeScalars {
            if character == "\n" { line += 1 }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[":
                depth += 1
                if listDepth == nil { listDepth = depth }
            case "{":
                if let listDepth, depth == listDepth { lines.append(line) }
                depth += 1
            case "]", "}": depth -= 1
            default: break
            }
        }
        return lines
    }

    /// One suggestion from its fields (`value` gives a field's text, nil when absent or empty).
    static func suggestion(_ location: String, _ value: (String) -> String?) throws -> ExternalSuggestion {
        var problems: [Sentence] = []
        let participant = value("participant") ?? { problems.append("no participant"); return "" }()
        let category = value("category") ?? { problems.append("no category"); return "" }()
        var score = 0.0
        if let text = value("score") {
            if let number = NumberParser.parse(text) { score = number } else { problems.append("the score '\(text)' is not a number") }
        } else { problems.append("no score") }
        func offset(_ field: String) -> Int? {
            guard let text = value(field) else { return nil }
            guard let number = Int(text) else { problems.append("the \(field) '\(text)' is not a whole number"); return nil }
            return number
        }
        let start = offset("start"), end = offset("end")
        if (start == nil) != (end == nil) { problems.append("give both start and end, or neither") }
        if !problems.isEmpty { throw StoreError.invalidInput(problems.map { .init(location: Sentence(verbatim: location), message: $0) }) }
        return ExternalSuggestion(location: location, participant: participant, transcript: value("transcript") ?? "", passage: value("passage"),
                                  start: start, end: end, category: category, score: score, rationale: value("rationale") ?? "",
                                  model: value("model"), promptHash: value("prompt_hash"), time: value("time"))
    }
}
