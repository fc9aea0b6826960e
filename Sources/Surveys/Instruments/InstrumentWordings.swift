import Foundation
import StudyBasics
import Templates
import Wording

/// One language's wordings of the built-in instruments, for a language registered at run time: the built-in
/// definitions (`templates/instruments`) hold their English and Portuguese texts, and a third language brings its
/// own in one JSON file (`templates/instruments/FORMAT.md`, "Wordings in another language"), given when it is
/// registered or shipped as `templates/instruments/wordings/<tag>.json`, laid over the definitions by instrument id
/// when they are read:
///
///     {"sus": {"title": "…", "items": {"1": "…", "2": "…"}, "anchors": {"1": "…", "5": "…"},
///              "subscales": {"SUS": "…"}}}
public struct InstrumentWordings: Sendable, Equatable, Decodable {
    /// The wordings of one instrument; what is left out stays in the instrument's own languages.
    public struct Entry: Sendable, Equatable, Decodable {
        public var title: String?
        /// Item number → text.
        public var items: [String: String]?
        /// Scale point → anchor label.
        public var anchors: [String: String]?
        /// Subscale id → name.
        public var subscales: [String: String]?
    }

    /// Instrument id → its wordings.
    public var instruments: [String: Entry]

    public init(instruments: [String: Entry]) {
        self.instruments = instruments
    }

    public init(from decoder: any Decoder) throws {
        instruments = try decoder.singleValueContainer().decode([String: Entry].self)
    }

    /// Reads a wordings file, refusing it whole, with every problem named, when it names no built-in instrument
    /// or is not JSON of this shape.
    public static func load(_ file: URL) throws -> InstrumentWordings {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw InstrumentFileError.unreadable(file: file.path, detail: "no such file, or it cannot be read")
        }
        if let syntax = JSONSyntax.problem(in: data) {
            throw InstrumentFileError.invalid(file: "\(file.path):\(syntax.line):\(syntax.column)", problems: [syntax.message])
        }
        let wordings: InstrumentWordings
        do {
            wordings = try JSONDecoder().decode(InstrumentWordings.self, from: data)
        } catch let error as DecodingError {
            throw InstrumentFileError.invalid(file: file.path, problems: [InstrumentDefinition.describe(error)])
        }
        let folder = TemplateFiles.instrumentsDirectory
        let unknown = wordings.instruments.keys.sorted().filter { id in
            folder.map { !FileManager.default.fileExists(atPath: $0.appendingPathComponent(id + ".json").path) } ?? true
        }
        if !unknown.isEmpty {
            let builtIn = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted().joined(separator: ", ") ?? ""
            throw InstrumentFileError.invalid(file: file.path, problems: unknown.map { "\($0): no built-in instrument has this id (built-in: \(builtIn))" })
        }
        return wordings
    }

    /// Lays this language's wordings of `definition` over it; the problems (an item, point or subscale the
    /// instrument does not have, an empty text), each naming its place in the file.
    public func apply(to definition: inout InstrumentDefinition, language: String) -> [Sentence] {
        guard let entry = instruments[definition.id] else { return [] }
        var problems: [Sentence] = []
        func text(_ value: String, at place: String) -> String? {
            if value.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(place): the text is empty"); return nil }
            if let problem = TextSafety.nulProblem(in: value) { problems.append("\(place): \(problem)"); return nil }
            return value
        }
        if let title = entry.title, let title = text(title, at: "\(definition.id).\(Field.title.rawValue)") {
            definition.title.values[language] = title
        }
        for (key, value) in (entry.items ?? [:]).sorted(by: { $0.key < $1.key }) {
            let place = "\(definition.id).\(Field.items.rawValue).\(key)"
            guard let number = Int(key), let index = definition.items.firstIndex(where: { $0.number == number }) else {
                problems.append("\(place): \(definition.id) has no item \(key)")
                continue
            }
            if let value = text(value, at: place) { definition.items[index].text.values[language] = value }
        }
        if let anchors = entry.anchors, !anchors.isEmpty {
            if var scale = definition.scale {
                var labels: [String: String] = [:]
                for (key, value) in anchors.sorted(by: { $0.key < $1.key }) {
                    let place = "\(definition.id).\(Field.anchors.rawValue).\(key)"
                    guard let point = Int(key), point >= scale.min, point <= scale.max else {
                        problems.append("\(place): '\(key)' is not a point of the \(scale.min)–\(scale.max) scale")
                        continue
                    }
                    if let value = text(value, at: place) { labels[String(point)] = value }
                }
                scale.anchors[language] = labels
                definition.scale = scale
            } else {
                problems.append("\(definition.id).\(Field.anchors.rawValue): \(definition.id) has no Likert scale")
            }
        }
        for (id, value) in (entry.subscales ?? [:]).sorted(by: { $0.key < $1.key }) {
            let place = "\(definition.id).\(Field.subscales.rawValue).\(id)"
            guard let index = definition.subscales.firstIndex(where: { $0.id == id }) else {
                problems.append("\(place): \(definition.id) has no subscale \(id)")
                continue
            }
            if let value = text(value, at: place) { definition.subscales[index].name.values[language] = value }
        }
        return problems
    }

    /// `definition` with the wordings of every registered language that brings some, or an error naming the
    /// wordings file and every problem in it.
    static func overlaid(_ definition: InstrumentDefinition) throws -> InstrumentDefinition {
        var result = definition
        for language in StudyLanguage.allCases {
            guard let file = WordingFiles.file(for: language) else { continue }
            let problems = try WordingFiles.read(file).apply(to: &result, language: language.rawValue)
            if !problems.isEmpty { throw InstrumentFileError.invalid(file: file.path, problems: problems) }
        }
        return result
    }
}

/// The fields of an instrument's wordings, as a problem's place names them (`sus.items.3`).
private enum Field: String { case title, items, anchors, subscales }

/// Wordings files read once per process, by file.
enum WordingFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var read: [URL: InstrumentWordings] = [:]

    nonisolated(unsafe) private static var shipped: [String: URL?] = [:]

    /// The language's wordings: the file registered with it, else a shipped `templates/instruments/wordings/<tag>.json`
    /// (a language added to `LanguageRecord.builtIn`), else none.
    static func file(for language: StudyLanguage) -> URL? {
        if let registered = language.instrumentWordingsFile { return registered }
        let tag = language.rawValue
        if let known = lock.withLock({ shipped[tag] }) { return known }
        let file = TemplateFiles.instrumentsDirectory.map { $0.appendingPathComponent("wordings").appendingPathComponent(tag + ".json") }
            .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
        lock.withLock { shipped[tag] = file }
        return file
    }

    static func read(_ file: URL) throws -> InstrumentWordings {
        if let known = lock.withLock({ read[file] }) { return known }
        let wordings = try InstrumentWordings.load(file)
        lock.withLock { read[file] = wordings }
        return wordings
    }
}
