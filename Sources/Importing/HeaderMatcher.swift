import Foundation
import StudyStore
import Surveys
import Wording
import Tabular

/// The one way studyctl finds a table's columns by name, for every import: a header matches a name when both
/// read the same with case, accents and runs of spaces ignored (`AnswerReader.fold`: "Código" is "codigo"), and a
/// field is looked for under its own name or one of the usual English and Portuguese ones.
public struct HeaderMatcher {
    public let header: [Field]
    public let file: String
    private let folded: [String]

    public init(_ source: RecordSource) {
        self.init(header: source.header, file: source.file)
    }

    public init(header: [Field], file: String) {
        self.header = header
        self.file = file
        folded = header.map { AnswerReader.fold($0.value) }
    }

    /// The first column named `name`, or nil.
    public func index(of name: String) -> Int? {
        let wanted = AnswerReader.fold(name)
        return folded.firstIndex(of: wanted)
    }

    /// The first column named any of `names` (already folded, as the alias lists are) that is not in `taken`.
    public func index(ofAny names: [String], excluding taken: Set<Int> = []) -> Int? {
        folded.indices.first { !taken.contains($0) && names.contains(folded[$0]) }
    }

    /// The column named `name`, or a problem that lists the columns there are.
    public func require(_ name: String, location: String? = nil) throws -> Int {
        if let index = index(of: name) { return index }
        throw StoreError.invalidInput([.init(location: Sentence(verbatim: location ?? "\(file):1"), message: "no column '\(name)'; the columns are \(listing)")])
    }

    /// The header's columns, quoted, for messages.
    public var listing: String { header.map { "'\($0.value)'" }.joined(separator: ", ") }

    /// Each field's column: the one `--map` names (refused when there is none), else the first column with one
    /// of the field's usual names not already taken. `map` is field → column name.
    public func fields(_ names: [(field: String, names: [String])], map: [String: String] = [:]) throws -> [String: Int] {
        var columns: [String: Int] = [:]
        for (field, column) in map.sorted(by: { $0.key < $1.key }) where names.contains(where: { $0.field == field.lowercased() }) {
            columns[field.lowercased()] = try require(column, location: "--map \(field)=\(column)")
        }
        for (field, aliases) in names where columns[field] == nil {
            if let index = index(ofAny: aliases, excluding: Set(columns.values)) { columns[field] = index }
        }
        return columns
    }
}

/// The usual names of each import's fields (folded), read from the languages' vocabularies
/// (`Sources/Wording/Vocabulary`).
public enum ColumnNames {
    /// Each of `fields` with the names every known language gives it (`column.<table>.<field>` in the
    /// vocabularies), in the order the fields are looked for.
    static func named(_ table: String, _ fields: [String]) -> [(field: String, names: [String])] {
        fields.map { ($0, Vocabulary.known("column.\(table).\($0)")) }
    }

    public static var participantCode: [String] { Vocabulary.known("column.participantCode") }
    /// A task log's fields. Besides the names people type, the columns of remote-testing exports:
    /// - "Participant ID", "Task ID", "Time on task (s)" and "Task outcome": the per-attempt columns of UserZoom and
    ///   UserTesting metric exports as researchers describe them (not checked against a vendor's published
    ///   column list: neither vendor's export format is public);
    /// - Maze names testers, missions and their outcome and duration ("Tester", "Mission", "Mission outcome",
    ///   "Average duration" in its results; help.maze.co, "Understanding your live website test results"), so
    ///   those words are read too;
    /// - "title": a task-name column ("Task name", "Mission"), which finds a task by its title and names the
    ///   tasks `--create-tasks` adds.
    public static var attempt: [(field: String, names: [String])] {
        named("attempt", ["participant", "task", "title", "time", "errors", "outcome", "assisted", "note", "trial", "total"])
    }
    public static var code: [(field: String, names: [String])] {
        named("code", ["participant", "excerpt", "code", "category", "coder", "memo"])
    }
    public static var category: [(field: String, names: [String])] {
        named("category", ["name", "origin", "definition", "theme"])
    }
    public static var longResponse: [(field: String, names: [String])] {
        named("longResponse", ["participant", "item", "value", "instrument", "task"])
    }
    public static var aoi: [(field: String, names: [String])] {
        named("aoi", ["media", "name", "x", "y", "width", "height", "points"])
    }
    /// Names form tools give the submission-time column.
    public static var timestamp: Set<String> { Vocabulary.knownSet("column.submitted") }
    /// When the form was opened: Microsoft Forms ("Start time", "Hora de início"), LimeSurvey ("startdate").
    public static var started: Set<String> { Vocabulary.knownSet("column.started") }
}
