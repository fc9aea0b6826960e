import Foundation
import StudyBasics
import Wording

/// When two coded passages count as occurring together.
public enum Proximity: Sendable, Equatable {
    /// They overlap (share a character), or are one excerpt coded in both categories.
    case overlap
    /// They overlap or lie at most this many words apart in one transcript.
    case within(words: Int)
    /// They lie in one turn of one transcript (or overlap).
    case sameTurn
}

/// Co-occurrence of categories counted over passages rather than participants.
public enum PassageCooccurrence {
    /// Category × category: the pairs of passages, one coded A and one coded B, that occur together by `proximity`; an
    /// excerpt coded both counts once (a pair with itself). The diagonal is the number of passages (distinct
    /// excerpts) coded A. Passages placed in no transcript only meet themselves.
    ///
    /// Overlap of coded segments is the unit of MAXQDA's Code Relations Browser and ATLAS.ti's code co-occurrence
    /// table (Friese 2019, *Qualitative Data Analysis with ATLAS.ti*, ch. 6); `within` widens it to segments close by.
    ///
    /// - Parameter transcripts: document → its text and turns (for word distance and turns).
    public static func matrix(_ passages: [CodedPassage], categories: [String], proximity: Proximity,
                              transcripts: [DocumentID: TranscriptText]) -> [[Int]] {
        // One unit per excerpt, with every category any of its codes gives it.
        var units: [Int64: CodedPassage] = [:]
        var order: [Int64] = []
        for passage in passages {
            if units[passage.excerptID] == nil { units[passage.excerptID] = passage; order.append(passage.excerptID); units[passage.excerptID]?.categories = [] }
            for category in passage.categories where units[passage.excerptID]?.categories.contains(category) == false {
                units[passage.excerptID]?.categories.append(category)
            }
        }
        let list = order.compactMap { units[$0] }
        let index = Dictionary(categories.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var matrix = Array(repeating: Array(repeating: 0, count: categories.count), count: categories.count)
        for unit in list {
            let own = Set(unit.categories.compactMap { index[$0] })
            for a in own { matrix[a][a] += 1 }
            for a in own { for b in own where a < b { matrix[a][b] += 1; matrix[b][a] += 1 } }
        }
        for i in list.indices {
            for j in list.indices where j > i {
                guard together(list[i], list[j], proximity: proximity, transcripts: transcripts) else { continue }
                let x = Set(list[i].categories.compactMap { index[$0] })
                let y = Set(list[j].categories.compactMap { index[$0] })
                for a in x { for b in y where a != b { matrix[a][b] += 1; matrix[b][a] += 1 } }
            }
        }
        return matrix
    }

    /// Whether two excerpts occur together by `proximity`.
    public static func together(_ a: CodedPassage, _ b: CodedPassage, proximity: Proximity, transcripts: [DocumentID: TranscriptText]) -> Bool {
        if QuoteSelection.overlap(a, b) { return true }
        guard let x = a.place, let y = b.place, x.document == y.document else { return false }
        switch proximity {
        case .overlap:
            return false
        case let .within(words):
            guard let text = transcripts[x.document] else { return false }
            let gap = x.span.upperBound <= y.span.lowerBound ? (x.span.upperBound, y.span.lowerBound) : (y.span.upperBound, x.span.lowerBound)
            return TranscriptWords.wordsBetween(text.scalars, gap.0, gap.1) <= words
        case .sameTurn:
            guard let text = transcripts[x.document] else { return false }
            return text.turns.contains { turn in
                turn.span.lowerBound < x.span.upperBound && x.span.lowerBound < turn.span.upperBound
                    && turn.span.lowerBound < y.span.upperBound && y.span.lowerBound < turn.span.upperBound
            }
        }
    }
}

/// How often words occur in coded passages or transcripts, stop words left out.
public struct WordFrequency: Sendable, Equatable, Codable {
    public struct Row: Sendable, Equatable, Codable {
        public var word: String
        /// Occurrences in all the texts.
        public var count: Int
        /// Participants who used it.
        public var participants: Int
        /// Occurrences per group, in `groups` order.
        public var groups: [Int]
    }

    public var groups: [String]
    public var rows: [Row]
    /// Words counted (stop words left out) and the texts they came from.
    public var words: Int
    public var texts: Int

    /// - Parameters:
    ///   - texts: (participant, text) pairs: one per coded passage, or per transcript.
    ///   - stopWords: words left out, compared lowercased.
    ///   - group: participant → group, for per-group counts (groups in `groupOrder`, then natural order).
    ///   - top: how many rows to keep (the most frequent, ties by participants then alphabetically); all when nil.
    public init(texts: [(participant: String, text: String)], stopWords: Set<String>, group: [String: String] = [:],
                groupOrder: [String] = [], top: Int? = nil) {
        groups = CodeAnalysis.orderedGroups(Set(texts.compactMap { group[$0.participant] }), order: groupOrder)
        let groupIndex = Dictionary(groups.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var counts: [String: Int] = [:]
        var people: [String: Set<String>] = [:]
        var perGroup: [String: [Int]] = [:]
        var total = 0
        for (participant, text) in texts {
            for raw in TranscriptWords.words(TextMatching.nfc(text)) {
                let word = raw.lowercased()
                guard word.unicodeScalars.contains(where: { $0.properties.isAlphabetic }), word.count > 1 || word.first?.isLetter == true,
                      !stopWords.contains(word) else { continue }
                total += 1
                counts[word, default: 0] += 1
                people[word, default: []].insert(participant)
                if let g = group[participant], let i = groupIndex[g] {
                    perGroup[word, default: Array(repeating: 0, count: groups.count)][i] += 1
                }
            }
        }
        // `counts` and `people` gain the same words together; a word either lacks was counted 0 times, by no one.
        let sorted = counts.keys.sorted { a, b in
            let (countA, countB) = (counts[a, default: 0], counts[b, default: 0])
            if countA != countB { return countA > countB }
            let (peopleA, peopleB) = (people[a]?.count ?? 0, people[b]?.count ?? 0)
            if peopleA != peopleB { return peopleA > peopleB }
            return a.compare(b, locale: Locale(identifier: "pt_BR")) == .orderedAscending
        }
        let kept = top.map { Array(sorted.prefix($0)) } ?? sorted
        let groupCount = groups.count
        rows = kept.map { Row(word: $0, count: counts[$0, default: 0], participants: people[$0]?.count ?? 0,
                              groups: perGroup[$0] ?? Array(repeating: 0, count: groupCount)) }
        words = total
        self.texts = texts.count
    }
}

/// Stop-word lists: one word a line, `#` starting a comment (`StopWordList`, whose `[items]` marks do not matter here).
public enum StopWords {
    public static func parse(_ text: String) -> Set<String> {
        StopWordList(parsing: text).words
    }
}

extension WordFrequency {
    /// The words of `texts` counted with the stop words of `language` left out (its registered list, else
    /// `templates/stopwords/<tag>.txt`); nil when the language has no stop-word list.
    public init?(texts: [(participant: String, text: String)], language: StudyLanguage, group: [String: String] = [:],
                 groupOrder: [String] = [], top: Int? = nil) {
        guard let list = language.stopWords else { return nil }
        self.init(texts: texts, stopWords: list.words, group: group, groupOrder: groupOrder, top: top)
    }
}

extension WordFrequency {
    /// The words of coded passages, each spoken word once: in each transcript (and participant) the union of the
    /// passages' spans, so nested or overlapping excerpts (and one excerpt coded several times) do not count their
    /// shared words twice; an excerpt placed in no transcript counts once. One text per stretch of the union, in the
    /// order the passages come.
    public static func codedTexts(_ passages: [CodedPassage], transcripts: [DocumentID: TranscriptText]) -> [(participant: String, text: String)] {
        var loose: Set<Int64> = []
        // A participant's words in one transcript (a focus group's transcript holds several participants').
        struct Speaker: Hashable { var document: DocumentID; var participant: String }
        var spans: [Speaker: [Range<Int>]] = [:]
        var order: [Speaker] = []
        var result: [(participant: String, text: String)] = []
        for passage in passages {
            guard let place = passage.place, transcripts[place.document] != nil else {
                if loose.insert(passage.excerptID).inserted { result.append((passage.participant, passage.excerpt)) }
                continue
            }
            let key = Speaker(document: place.document, participant: passage.participant)
            if spans[key] == nil { order.append(key) }
            spans[key, default: []].append(place.span)
        }
        for key in order {
            // Passages without their transcript were counted as loose text above.
            guard let scalars = transcripts[key.document]?.scalars, let stretches = spans[key] else { continue }
            let participant = key.participant
            var merged: [Range<Int>] = []
            for span in stretches.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                let lower = max(0, min(span.lowerBound, scalars.count)), upper = max(lower, min(span.upperBound, scalars.count))
                if let last = merged.last, lower <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, upper)
                } else {
                    merged.append(lower..<upper)
                }
            }
            for range in merged { result.append((participant, String(String.UnicodeScalarView(scalars[range])))) }
        }
        return result
    }
}
