import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// A full-text search over several study files: each opened read-only and read in one transaction, their quotes,
/// memos, annotations and open answers indexed in an SQLite FTS5 table held in memory (never in a study file), with
/// SQLite's `unicode61` tokenizer folding case and accents (`remove_diacritics 2`).
///
/// Categories and participant attributes are matched by name across the studies, ignoring case and accents, and
/// what each name matched in each study is part of the result.
public final class AcrossSearch: Sendable {
    public let corpora: [StudyCorpus]
    /// Each study's name as hits show it: the file's name, with its folder where two files share a name.
    public let names: [String]
    private let index: DatabaseQueue
    /// The index's rows, in rowid order (rowid = position + 1).
    private let rows: [(study: Int, text: Int)]

    /// Reads every study at `paths` (read-only, one snapshot each) and indexes their texts. A path naming `open`, a
    /// study this process already has open (the workspace's own), is read through it, in one read transaction: a
    /// second connection to a file in the process that writes it is never opened (closing one there left the
    /// workspace writing into a log other processes no longer read).
    public convenience init(paths: [String], open: StudyDatabase? = nil) throws {
        try StudyDatabase.refuseRepeatedFiles(paths)
        var corpora: [StudyCorpus] = []
        for path in paths {
            if let open, open.isFile(path) {
                var corpus = try open.searchableCorpus()
                corpus.path = path
                corpus.name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                corpora.append(corpus)
            } else {
                corpora.append(try StudyDatabase.openForReading(at: path).searchableCorpus())
            }
        }
        try self.init(corpora: corpora)
    }

    public init(corpora: [StudyCorpus]) throws {
        self.corpora = corpora
        var names = corpora.map(\.name)
        for (index, name) in names.enumerated() where names.filter({ $0 == name }).count > 1 {
            let folder = URL(fileURLWithPath: corpora[index].path).deletingLastPathComponent().lastPathComponent
            names[index] = folder.isEmpty ? corpora[index].path : "\(folder)/\(name)"
        }
        self.names = names
        var rows: [(Int, Int)] = []
        for (study, corpus) in corpora.enumerated() { for text in corpus.texts.indices { rows.append((study, text)) } }
        self.rows = rows
        var configuration = Configuration()
        configuration.label = "search index"
        index = try DatabaseQueue(configuration: configuration)
        try index.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE searchable USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
            let insert = try db.makeStatement(sql: "INSERT INTO searchable (rowid, body) VALUES (?, ?)")
            var rowid: Int64 = 0
            for corpus in corpora {
                for text in corpus.texts {
                    rowid += 1
                    try insert.execute(arguments: [rowid, text.text])
                }
            }
        }
    }

    /// The hits of `query` (a `FullTextQuery`) in the texts of participants and categories the selection keeps: with
    /// `categories`, texts in one of them (a theme with its sub-categories), each name matched in each study ignoring
    /// case and accents; with `conditions`, texts of participants whose attributes hold every value (names and values
    /// matched so too). A name no study has is refused; one some studies lack is reported in `matches`.
    public func search(_ query: String, categories: [String] = [], conditions: [(name: String, value: String)] = []) throws -> AcrossSearchResult {
        let parsed: FullTextQuery
        do {
            parsed = try FullTextQuery(query)
        } catch let problem as FullTextQuery.Problem {
            throw StoreError.invalidInput([.init(location: "search '\(query)'", message: Self.words(problem))])
        }
        let selection = try select(categories: categories, conditions: conditions)
        var found: [(rowid: Int64, snippet: String)] = []
        do {
            found = try index.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT rowid, snippet(searchable, 0, char(1), char(2), '…', 24) AS snippet FROM searchable WHERE searchable MATCH ? ORDER BY rowid
                    """, arguments: [parsed.expression]).map { ($0["rowid"], $0["snippet"]) }
            }
        } catch is DatabaseError {
            // The query was checked before; what FTS5 still refuses is said in the tool's words, never SQLite's.
            throw StoreError.invalidInput([.init(location: "search '\(query)'", message: "the search cannot be read; write words, \"a phrase\", word* for a word's beginning, AND, OR, NOT and parentheses")])
        }
        var hits: [AcrossHit] = []
        for (rowid, snippet) in found {
            let (study, at) = rows[Int(rowid) - 1]
            let text = corpora[study].texts[at]
            guard selection.keeps(text, study: study, attributes: corpora[study].attributes) else { continue }
            hits.append(AcrossHit(study: names[study], text, marked: snippet))
        }
        let order = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let kinds = Dictionary(SearchableText.Kind.allCases.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        hits.sort { a, b in
            // `order` and `kinds` number every study name and every kind.
            if a.study != b.study { return order[a.study, default: 0] < order[b.study, default: 0] }
            if a.participant != b.participant {
                guard let x = a.participant else { return false }
                guard let y = b.participant else { return true }
                return NaturalOrder.areInIncreasingOrder(x, y)
            }
            if a.kind != b.kind { return kinds[a.kind, default: 0] < kinds[b.kind, default: 0] }
            return (a.id, a.item ?? 0) < (b.id, b.item ?? 0)
        }
        return AcrossSearchResult(query: query, expression: parsed.expression,
                                  studies: corpora.enumerated().map { AcrossSearchResult.Study(name: names[$0], path: $1.path, title: $1.title, texts: $1.texts.count) },
                                  categories: categories, conditions: conditions.map { "\($0.name)=\($0.value)" },
                                  matches: selection.matches, hits: hits)
    }

    /// What each category, attribute and value is called in each study (see `search`); a name no study has is refused.
    public func matchNames(categories: [String], conditions: [(name: String, value: String)]) throws -> [NameMatch] {
        try select(categories: categories, conditions: conditions).matches
    }

    /// A full-text query's problem in the reader's words.
    static func words(_ problem: FullTextQuery.Problem) -> Sentence {
        switch problem {
        case .empty:
            return "Please give words to search for."
        case let .unclosedQuote(at):
            return "the quotation mark at character \(String(at)) is never closed"
        case let .unbalancedParenthesis(at):
            return "the parenthesis at character \(String(at)) has no partner"
        case let .danglingOperator(name, at):
            return "\(name) at character \(String(at)) needs words on both sides (as in 'menu NOT ajuda')"
        case let .loneStar(at):
            return "the * at character \(String(at)) follows no word (onboard* finds the words beginning with onboard)"
        case let .emptyGroup(at):
            return "the quotation marks or parentheses at character \(String(at)) hold nothing"
        }
    }

    /// What the selection keeps in each study: the categories (with their sub-categories) and the attribute values
    /// each name matched there.
    struct Selection {
        /// Per study: the categories kept (nil: no category asked).
        var categories: [Set<String>?]
        /// Per study: each condition's attribute as the study spells it (nil: the study lacks it) and its folded value.
        var conditions: [[(name: String?, value: String)]]
        var matches: [NameMatch]

        func keeps(_ text: SearchableText, study: Int, attributes: [String: [String: String]]) -> Bool {
            if let kept = categories[study], !text.categories.contains(where: kept.contains) { return false }
            guard !conditions[study].isEmpty else { return true }
            guard let participant = text.participant, let values = attributes[participant] else { return false }
            return conditions[study].allSatisfy { condition in
                guard let name = condition.name, let value = values[name] else { return false }
                return TextMatching.fold(value) == condition.value
            }
        }
    }

    func select(categories: [String], conditions: [(name: String, value: String)]) throws -> Selection {
        var selection = Selection(categories: Array(repeating: categories.isEmpty ? nil : [], count: corpora.count),
                                  conditions: Array(repeating: [], count: corpora.count), matches: [])
        var problems: [StoreError.Problem] = []
        for asked in categories {
            let key = TextMatching.fold(asked)
            var found: [String?] = []
            for (study, corpus) in corpora.enumerated() {
                let name = corpus.categories.first { TextMatching.fold($0.name) == key }?.name
                found.append(name)
                if let name { selection.categories[study]?.formUnion(CategoryFamily.of(name, in: corpus.categories)) }
            }
            if found.allSatisfy({ $0 == nil }) {
                problems.append(.init(location: Sentence(verbatim: "--category"), message: "no study has a category '\(asked)'"))
            }
            selection.matches.append(NameMatch(kind: .category, asked: asked, found: found))
        }
        for condition in conditions {
            let key = TextMatching.fold(condition.name)
            let value = TextMatching.fold(condition.value)
            var names: [String?] = []
            var values: [String?] = []
            for (study, corpus) in corpora.enumerated() {
                let name = corpus.attributeNames.first { TextMatching.fold($0) == key }
                names.append(name)
                selection.conditions[study].append((name, value))
                let spelled = name.flatMap { name in
                    corpus.attributes.values.compactMap { $0[name] }.filter { TextMatching.fold($0) == value }.sorted().first
                }
                values.append(spelled)
            }
            if names.allSatisfy({ $0 == nil }) {
                problems.append(.init(location: Sentence(verbatim: "--where"), message: "no study has a participant attribute '\(condition.name)'"))
            } else if values.allSatisfy({ $0 == nil }) {
                problems.append(.init(location: Sentence(verbatim: "--where"), message: "no participant of any study has \(condition.name) = \(condition.value)"))
            }
            selection.matches.append(NameMatch(kind: .attribute, asked: condition.name, found: names))
            selection.matches.append(NameMatch(kind: .value, asked: "\(condition.name)=\(condition.value)", found: values))
        }
        if !problems.isEmpty { throw StoreError.invalidInput(problems) }
        return selection
    }
}

