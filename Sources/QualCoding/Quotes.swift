import Foundation

/// A coded passage as quote retrieval reads it: one code on one excerpt, with where the excerpt lies.
public struct CodedPassage: Sendable, Equatable {
    /// The code's number.
    public var id: Int64
    public var excerptID: Int64
    public var participant: String
    /// The verbatim excerpt.
    public var excerpt: String
    /// The code's label (the in-vivo words, or a descriptive code).
    public var code: String
    public var categories: [String]
    public var coder: String?
    /// The transcript the excerpt lies in, nil for an excerpt placed in no transcript.
    public var document: DocumentID?
    /// Where the excerpt lies in that transcript: Unicode scalar offsets of its NFC text.
    public var span: Range<Int>?

    public init(id: Int64, excerptID: Int64, participant: String, excerpt: String, code: String, categories: [String],
                coder: String? = nil, document: DocumentID? = nil, span: Range<Int>? = nil) {
        self.id = id
        self.excerptID = excerptID
        self.participant = participant
        self.excerpt = excerpt
        self.code = code
        self.categories = categories
        self.coder = coder
        self.document = document
        self.span = span
    }

    /// Where it lies, when it lies in a transcript.
    var place: (document: DocumentID, span: Range<Int>)? {
        guard let document, let span else { return nil }
        return (document, span)
    }

    /// The words it is on: its span of its transcript, or its excerpt when placed in none. Codes on the same words,
    /// whoever coded them, share the key.
    public var key: PassageKey {
        if let place { return .span(place.document, place.span) }
        return .excerpt(excerptID)
    }
}

/// A transcript's text and its turns, as quote retrieval reads them.
public struct TranscriptText: Sendable, Equatable {
    public struct Turn: Sendable, Equatable {
        public var span: Range<Int>
        /// The moderator's words (not a participant's).
        public var moderator: Bool
        public init(span: Range<Int>, moderator: Bool) { self.span = span; self.moderator = moderator }
    }

    public var scalars: [Unicode.Scalar]
    public var turns: [Turn]
    /// The transcript's participant and the study's participant codes, for reading the speaker labels of a text
    /// without turns (`LabelledLines`).
    public var participant: String
    public var participants: [String]

    public init(text: String, turns: [Turn] = [], participant: String = "", participants: [String] = []) {
        scalars = Array(text.unicodeScalars)
        self.turns = turns
        self.participant = participant
        self.participants = participants
    }

    /// The participants' words: the turns that are not the moderator's; where there are no turns, the lines the
    /// text's speaker labels give no moderator (`LabelledLines`, the rule the IRaMuTeQ corpus follows), the labels
    /// themselves left out.
    public var participantWords: String {
        let text = String(String.UnicodeScalarView(scalars))
        if turns.isEmpty {
            return LabelledLines.lines(of: text, participant: participant, participants: participants)
                .filter { $0.speaker != .moderator }
                .map { String(String.UnicodeScalarView(scalars[$0.span])) }.joined(separator: "\n")
        }
        return turns.filter { !$0.moderator && $0.span.upperBound <= scalars.count }
            .map { String(String.UnicodeScalarView(scalars[$0.span])) }.joined(separator: "\n")
    }
}

/// How much of the transcript to give around a quote: a number of words, or of whole sentences, on each side.
public enum ContextSize: Sendable, Equatable, CustomStringConvertible {
    case words(Int)
    case sentences(Int)

    /// Reads `30` or `30w` (words) and `1s` (sentences); nil for anything else or a negative count.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let count = Int(trimmed), count >= 0 { self = .words(count); return }
        guard let unit = trimmed.last, let count = Int(trimmed.dropLast()), count >= 0 else { return nil }
        switch unit {
        case "w": self = .words(count)
        case "s": self = .sentences(count)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case let .words(count): return "\(count)w"
        case let .sentences(count): return "\(count)s"
        }
    }
}

/// The words around a quote, with whether the transcript goes on beyond them.
public struct QuoteContext: Sendable, Equatable, Codable {
    public var before: String
    public var after: String
    /// True when the transcript has more text before `before` (or after `after`): an ellipsis belongs there.
    public var moreBefore: Bool
    public var moreAfter: Bool

    public init(before: String, after: String, moreBefore: Bool, moreAfter: Bool) {
        self.before = before
        self.after = after
        self.moreBefore = moreBefore
        self.moreAfter = moreAfter
    }
}

extension QuoteContext {
    /// The context ready to set around the quote: an ellipsis where the transcript goes on, a space between the
    /// context and the quote except before punctuation that closes it.
    public var spaced: (before: String, after: String) {
        let before = (moreBefore ? "… " : "") + before
        var after = after
        if let first = after.unicodeScalars.first, !".,;:!?…)”»\"".unicodeScalars.contains(first) { after = " " + after }
        if moreAfter { after += " …" }
        return (before.isEmpty ? "" : before + " ", after)
    }
}

/// Words and sentences of a transcript, counted over Unicode scalars (the offsets excerpt spans are kept in).
public enum TranscriptWords {
    /// A scalar that belongs to a word: a letter, a digit or a combining mark, and an apostrophe or hyphen between
    /// two of them ("d'água", "guarda-chuva").
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
    }

    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "’" || scalar == "-"
    }

    /// The words of `text`, in order, as they stand (case kept).
    public static func words(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return words(in: scalars, 0..<scalars.count).map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    /// The ranges of the words lying wholly in `range` of `scalars`.
    static func words(in scalars: [Unicode.Scalar], _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = max(0, range.lowerBound)
        let end = min(range.upperBound, scalars.count)
        while index < end {
            guard isWordScalar(scalars[index]) else { index += 1; continue }
            let start = index
            while index < end {
                if isWordScalar(scalars[index]) { index += 1; continue }
                if isJoiner(scalars[index]), index + 1 < end, isWordScalar(scalars[index + 1]), index > start { index += 1; continue }
                break
            }
            result.append(start..<index)
        }
        return result
    }

    /// How many words lie between two offsets (0 for passages side by side).
    public static func wordsBetween(_ scalars: [Unicode.Scalar], _ a: Int, _ b: Int) -> Int {
        words(in: scalars, min(a, b)..<max(a, b)).count
    }

    /// Where each sentence starts: at the start of the text, after a line break, and after . ! ? or … followed by
    /// white space (leading white space skipped).
    static func sentenceStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var boundary = false
            if scalar == "\n" { boundary = true; index += 1 }
            else if ".!?…".unicodeScalars.contains(scalar) {
                var next = index + 1
                while next < scalars.count, ".!?…\"”»)".unicodeScalars.contains(scalars[next]) { next += 1 }
                if next < scalars.count, scalars[next].properties.isWhitespace { boundary = true }
                index = next
            } else {
                index += 1
            }
            if boundary {
                while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
                if index < scalars.count, index > starts[starts.count - 1] { starts.append(index) }
            }
        }
        return starts
    }

    /// The text of `range` with its runs of white space (line breaks too) made one space, trimmed.
    static func flattened(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range])).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The words (or sentences) around `span` of a transcript.
    public static func context(of span: Range<Int>, in text: TranscriptText, size: ContextSize) -> QuoteContext {
        let scalars = text.scalars
        let lower = max(0, min(span.lowerBound, scalars.count))
        let upper = max(lower, min(span.upperBound, scalars.count))
        var from = lower
        var to = upper
        switch size {
        case let .words(count):
            let before = words(in: scalars, 0..<lower)
            if count > 0, !before.isEmpty { from = before[max(0, before.count - count)].lowerBound }
            let after = words(in: scalars, upper..<scalars.count)
            if count > 0, !after.isEmpty { to = after[min(after.count, count) - 1].upperBound }
            // Punctuation closing the last word goes with it.
            while to < scalars.count, ".,;:!?…\"”»)".unicodeScalars.contains(scalars[to]) { to += 1 }
        case let .sentences(count):
            let starts = sentenceStarts(scalars)
            let first = (starts.lastIndex { $0 <= lower }) ?? 0
            from = starts[max(0, first - count)]
            let last = (starts.lastIndex { $0 < max(upper, lower + 1) }) ?? 0
            let endIndex = last + 1 + count
            to = endIndex < starts.count ? starts[endIndex] : scalars.count
            to = max(to, upper)
        }
        let before = flattened(scalars, from..<lower)
        let after = flattened(scalars, upper..<to)
        let restBefore = words(in: scalars, 0..<from)
        let restAfter = words(in: scalars, to..<scalars.count)
        return QuoteContext(before: before, after: after, moreBefore: !restBefore.isEmpty, moreAfter: !restAfter.isEmpty)
    }
}

/// Which coded passages to retrieve: their category, their participants' attributes, and the codes that must (or must
/// not) overlap them.
public struct QuoteQuery: Sendable, Equatable {
    /// Passages in any of these categories (every passage when empty).
    public var categories: [String]
    public var participant: String?
    /// Attribute = value pairs the participant must have (every one of them; values compared ignoring case).
    public var attributes: [(name: String, value: String)]
    /// Categories that must each be coded on a passage overlapping the selected one (or on the same excerpt).
    public var allOf: [String]
    /// Categories that must not be coded on any passage overlapping the selected one (nor on the same excerpt).
    public var noneOf: [String]

    public init(categories: [String] = [], participant: String? = nil, attributes: [(name: String, value: String)] = [],
                allOf: [String] = [], noneOf: [String] = []) {
        self.categories = categories
        self.participant = participant
        self.attributes = attributes
        self.allOf = allOf
        self.noneOf = noneOf
    }

    public static func == (a: QuoteQuery, b: QuoteQuery) -> Bool {
        a.categories == b.categories && a.participant == b.participant && a.allOf == b.allOf && a.noneOf == b.noneOf
            && a.attributes.map(\.name) == b.attributes.map(\.name) && a.attributes.map(\.value) == b.attributes.map(\.value)
    }
}

public enum QuoteSelection {
    static func same(_ a: String, _ b: String) -> Bool { a.caseInsensitiveCompare(b) == .orderedSame }

    /// Whether two passages overlap: the same excerpt, or excerpts of one transcript whose spans share a character.
    public static func overlap(_ a: CodedPassage, _ b: CodedPassage) -> Bool {
        if a.excerptID == b.excerptID { return true }
        guard let x = a.place, let y = b.place, x.document == y.document else { return false }
        return x.span.lowerBound < y.span.upperBound && y.span.lowerBound < x.span.upperBound
    }

    /// The passages `query` asks for, in the order given.
    ///
    /// - Parameter attributes: participant → attribute name (any case) → value.
    /// - Parameter all: every coded passage, which `allOf` and `noneOf` look at (the selection may come from a subset,
    ///   one coder's say, while another coder's codes still count as overlapping).
    public static func select(_ passages: [CodedPassage], query: QuoteQuery, attributes: [String: [String: String]],
                              overlapping all: [CodedPassage]? = nil) -> [CodedPassage] {
        let every = all ?? passages
        return passages.filter { passage in
            if !query.categories.isEmpty, !passage.categories.contains(where: { c in query.categories.contains { same($0, c) } }) { return false }
            if let wanted = query.participant, !same(wanted, passage.participant) { return false }
            for (name, value) in query.attributes {
                let values = attributes[passage.participant] ?? [:]
                guard let actual = values.first(where: { same($0.key, name) })?.value, same(actual, value) else { return false }
            }
            if query.allOf.isEmpty && query.noneOf.isEmpty { return true }
            let neighbours = every.filter { overlap($0, passage) }
            let coded = neighbours.flatMap(\.categories) + passage.categories
            for category in query.allOf where !coded.contains(where: { same($0, category) }) { return false }
            for category in query.noneOf where coded.contains(where: { same($0, category) }) { return false }
            return true
        }
    }
}
