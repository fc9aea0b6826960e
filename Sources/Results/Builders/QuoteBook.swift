import Foundation
import QualCoding
import Surveys
import Wording

/// One quote as a results chapter uses it: the excerpt, who said it (with their attributes), its code and
/// categories, and the words around it.
public struct QuoteEntry: Sendable, Equatable, Codable {
    public struct Attribute: Sendable, Equatable, Codable {
        public var name: String
        public var value: String

        /// The value as people of `language` read it: a number with a decimal comma in Portuguese ("0,5").
        public func shown(_ language: StudyLanguage) -> String {
            guard Double(value) != nil else { return value }
            return language.record.decimal(value)
        }
    }

    /// The code's number.
    public var id: Int64
    public var participant: String
    public var attributes: [Attribute]
    public var excerpt: String
    public var code: String
    public var inVivo: Bool
    public var categories: [String]
    /// The coder, or the coders (joined with ", ") whose codes on these same words the quote merges.
    public var coder: String?
    /// Every coder whose code on these words the quote stands for, in the order of the codes.
    public var coders: [String]
    /// The numbers of the codes the quote stands for (`id` first).
    public var ids: [Int64]
    /// The transcript's label, when it is a labelled one.
    public var transcript: String?
    /// When it was said (seconds from the start of the recording), where the transcript has times.
    public var startTime: Double?
    /// The words around it in its transcript; nil when no context was asked for or the excerpt lies in no transcript.
    public var context: QuoteContext?
    /// Its words (for the quotation style: APA sets 40 or more words as a block).
    public var wordCount: Int
}

/// The quotes asked for, grouped by theme and category in codebook order.
public struct QuoteBook: Sendable, Equatable, Codable {
    public struct Category: Sendable, Equatable, Codable {
        public var name: String
        public var quotes: [QuoteEntry]
    }

    public struct Theme: Sendable, Equatable, Codable {
        /// Nil for the categories under no theme.
        public var name: String?
        public var categories: [Category]
    }

    public var themes: [Theme]
    /// Distinct coded passages selected (a passage in two categories is shown under both and counted once).
    public var passages: Int
    public var participants: Int

    public var isEmpty: Bool { passages == 0 }

    /// The quotes of `material` that `query` selects, each with `context` words or sentences around it.
    ///
    /// - Parameter query: its categories restrict which category groups a passage is shown under; without categories
    ///   every category of the passage is a group.
    public init(_ material: QuoteMaterial, query: QuoteQuery, context: ContextSize?) {
        let selected = QuoteSelection.select(material.passages, query: query, attributes: material.attributes,
                                             overlapping: material.allPassages)
        var byCategory: [String: [QuoteEntry]] = [:]
        func same(_ a: String, _ b: String) -> Bool { a.caseInsensitiveCompare(b) == .orderedSame }
        // One quote per passage: codes on the same words (one excerpt, or one span of a transcript) — several
        // coders', or one coder's several codes — are one quote of each category, naming every code and coder.
        var positions: [String: [PassageKey: Int]] = [:]
        for passage in selected {
            let record = material.records[passage.id]
            for category in passage.categories where query.categories.isEmpty || query.categories.contains(where: { same($0, category) }) {
                // `positions` holds the index of every entry appended to `byCategory`, under its category.
                if let index = positions[category]?[passage.key], var entry = byCategory[category]?[index] {
                    entry.ids.append(passage.id)
                    if !entry.code.components(separatedBy: " / ").contains(passage.code) { entry.code += " / " + passage.code }
                    if let coder = passage.coder, !entry.coders.contains(coder) { entry.coders.append(coder) }
                    entry.coder = entry.coders.isEmpty ? nil : entry.coders.joined(separator: ", ")
                    entry.inVivo = entry.inVivo && (record?.inVivo ?? true)
                    for other in passage.categories where !entry.categories.contains(other) { entry.categories.append(other) }
                    byCategory[category]?[index] = entry
                    continue
                }
                let values = material.attributes[passage.participant] ?? [:]
                let attributes = (material.citation.map { cited in
                    cited.compactMap { name in values.first { $0.key.caseInsensitiveCompare(name) == .orderedSame } }
                } ?? values.sorted { $0.key < $1.key }).map { QuoteEntry.Attribute(name: $0.key, value: $0.value) }
                var around: QuoteContext?
                if let context, let document = passage.document, let span = passage.span, let text = material.transcripts[document] {
                    around = TranscriptWords.context(of: span, in: text, size: context)
                }
                let entry = QuoteEntry(id: passage.id, participant: passage.participant, attributes: attributes, excerpt: passage.excerpt,
                                       code: passage.code, inVivo: record?.inVivo ?? true, categories: passage.categories, coder: passage.coder,
                                       coders: passage.coder.map { [$0] } ?? [], ids: [passage.id],
                                       transcript: record?.transcript, startTime: record?.startTime, context: around,
                                       wordCount: TranscriptWords.words(passage.excerpt).count)
                positions[category, default: [:]][passage.key] = byCategory[category, default: []].count
                byCategory[category, default: []].append(entry)
            }
        }
        var themes: [Theme] = []
        var loose: [Category] = []
        for category in material.categories {
            guard let quotes = byCategory[category.name], !quotes.isEmpty else { continue }
            let group = Category(name: category.name, quotes: quotes)
            guard let theme = category.theme else { loose.append(group); continue }
            if let index = themes.firstIndex(where: { $0.name == theme }) { themes[index].categories.append(group) }
            else { themes.append(Theme(name: theme, categories: [group])) }
        }
        if !loose.isEmpty { themes.append(Theme(name: nil, categories: loose)) }
        self.themes = themes
        passages = Set(selected.map(\.key)).count
        participants = Set(selected.map(\.participant)).count
    }
}

extension ResultTable {
    /// The most frequent words: occurrences, participants who used each, and occurrences per group.
    public static func wordFrequency(_ frequency: WordFrequency, attribute: String?, transcripts: Bool, language: StudyLanguage) -> ResultTable {
        let groupColumns = frequency.groups.map { Column("group_" + $0, (attribute.map { "\($0): " } ?? "") + $0, .count) }
        var table = ResultTable(id: "words", title: ("Most frequent words" as Sentence).text(language), language: language,
                                columns: [Column("word", ("Word" as Sentence).text(language), .text),
                                          Column(.count, .count, language), Column(.participants, .count, language)] + groupColumns)
        for row in frequency.rows {
            table.append([.text(row.word), .count(row.count), .count(row.participants)] + row.groups.map { .count($0) })
        }
        let words = String(frequency.words), texts = String(frequency.texts)
        let source: Sentence = switch (transcripts, frequency.texts == 1) {
        case (true, true): "\(words) words counted in the participants' turns of 1 interview transcript."
        case (true, false): "\(words) words counted in the participants' turns of \(texts) interview transcripts."
        case (false, true): "\(words) words counted in 1 coded passage."
        case (false, false): "\(words) words counted in \(texts) coded passages."
        }
        table.notes = [source.text(language) + " "
                       + ("Stop words left out (templates/stopwords); count: occurrences; participants: who used the word." as Sentence).text(language)]
        return table
    }
}
