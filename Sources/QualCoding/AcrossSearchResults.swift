// The results of a full-text search across study files (`studyctl search --studies`, the workspace's Across tab):
// value types the store fills and the tables and JSON read.

/// One text of a study a full-text search across studies can find: a coded excerpt (a quote), a memo, an annotation
/// or an open answer, with whose it is, its categories and when it was said.
public struct SearchableText: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        case quote, memo, annotation, answer
    }

    public var kind: Kind
    /// The excerpt's, memo's or annotation's number; an answer's response set.
    public var id: Int64
    /// An open answer's item number.
    public var item: Int?
    public var participant: String?
    /// A quote's categories (of every code on the excerpt); a memo's on a category or a code.
    public var categories: [String]
    public var text: String
    /// Seconds from the start of the recording, where the transcript has times.
    public var startTime: Double?
    /// The transcript's label (a quote's or an annotation's), when it has one.
    public var transcript: String?
    /// What else places it: an answer's instrument (and task), a memo's target.
    public var place: String?

    public init(kind: Kind, id: Int64, item: Int? = nil, participant: String?, categories: [String] = [], text: String,
                startTime: Double? = nil, transcript: String? = nil, place: String? = nil) {
        self.kind = kind
        self.id = id
        self.item = item
        self.participant = participant
        self.categories = categories
        self.text = text
        self.startTime = startTime
        self.transcript = transcript
        self.place = place
    }
}

/// How a category, an attribute or an attribute's value asked for is spelled in each study searched (nil: not there).
public struct NameMatch: Sendable, Equatable, Encodable {
    public enum Kind: String, Sendable, Equatable, Encodable { case category, attribute, value }
    public var kind: Kind
    public var asked: String
    /// One per study, in the order the studies were given.
    public var found: [String?]

    public init(kind: Kind, asked: String, found: [String?]) {
        self.kind = kind
        self.asked = asked
        self.found = found
    }

    enum CodingKeys: String, CodingKey { case kind, asked, found }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(asked, forKey: .asked)
        var list = container.nestedUnkeyedContainer(forKey: .found)
        for name in found { if let name { try list.encode(name) } else { try list.encodeNil() } }
    }
}

/// One hit of a search across studies: the text found, whose it is and where, and the words around the match with
/// the matched words in brackets.
public struct AcrossHit: Sendable, Equatable, Encodable {
    public var study: String
    public var kind: SearchableText.Kind
    public var id: Int64
    public var item: Int?
    public var participant: String?
    public var categories: [String]
    public var startTime: Double?
    public var transcript: String?
    public var place: String?
    public var text: String
    /// The words around the match, the matched words in brackets.
    public var snippet: String
    /// The same words in pieces: unmatched and matched in turn (the first unmatched, possibly empty), for a page to
    /// mark the matched ones whatever brackets the text holds.
    public var snippetParts: [String]

    /// `marked`: the words around the match with each matched stretch between U+0001 and U+0002.
    public init(study: String, _ text: SearchableText, marked: String) {
        self.study = study
        kind = text.kind
        id = text.id
        item = text.item
        participant = text.participant
        categories = text.categories
        startTime = text.startTime
        transcript = text.transcript
        place = text.place
        self.text = text.text
        snippet = marked.replacingOccurrences(of: "\u{1}", with: "[").replacingOccurrences(of: "\u{2}", with: "]")
        snippetParts = marked.split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated().flatMap { index, piece -> [String] in
            let halves = piece.split(separator: "\u{2}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return index == 0 ? [halves.joined()] : halves.count == 2 ? halves : [halves[0], ""]
        }
    }

    enum CodingKeys: String, CodingKey { case study, kind, id, item, participant, categories, startTime, transcript, place, text, snippet, snippetParts }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(study, forKey: .study)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encode(item, forKey: .item)
        try container.encode(participant, forKey: .participant)
        try container.encode(categories, forKey: .categories)
        try container.encode(startTime, forKey: .startTime)
        try container.encode(transcript, forKey: .transcript)
        try container.encode(place, forKey: .place)
        try container.encode(text, forKey: .text)
        try container.encode(snippet, forKey: .snippet)
        try container.encode(snippetParts, forKey: .snippetParts)
    }
}

/// What `studyctl search --studies` found: the studies read, what the selection's names matched in each, the hits.
public struct AcrossSearchResult: Sendable, Equatable, Encodable {
    public struct Study: Sendable, Equatable, Encodable {
        public var name: String
        public var path: String
        public var title: String
        /// How many texts (quotes, memos, annotations, open answers) it holds.
        public var texts: Int

        public init(name: String, path: String, title: String, texts: Int) {
            self.name = name
            self.path = path
            self.title = title
            self.texts = texts
        }
    }

    public var query: String
    /// The FTS5 expression the query was read as.
    public var expression: String
    public var studies: [Study]
    public var categories: [String]
    public var conditions: [String]
    public var matches: [NameMatch]
    public var hits: [AcrossHit]

    public init(query: String, expression: String, studies: [Study], categories: [String], conditions: [String], matches: [NameMatch], hits: [AcrossHit]) {
        self.query = query
        self.expression = expression
        self.studies = studies
        self.categories = categories
        self.conditions = conditions
        self.matches = matches
        self.hits = hits
    }
}
