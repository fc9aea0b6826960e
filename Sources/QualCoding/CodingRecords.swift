import Foundation

/// A stored code.
public struct CodeRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var participant: String
    public var excerpt: String
    public var excerptID: Int64
    public var code: String
    public var inVivo: Bool
    public var categories: [String]
    public var coder: String?
    public var spanStart: Int?
    public var spanEnd: Int?
    /// When the code was stored (UTC, ISO 8601).
    public var created: String? = nil
    /// The label of the transcript the excerpt is placed in, when it is a labelled one (a session's log, a second
    /// interview); nil for the participant's unlabelled transcript or an unplaced excerpt.
    public var transcript: String? = nil
    /// The participant whose transcript the excerpt is placed in: `participant` itself, or, in a focus group, the
    /// participant the transcript was stored for. Nil for an unplaced excerpt.
    public var transcriptParticipant: String? = nil
    /// Whether that transcript is an interview or a session's log.
    public var transcriptKind: TranscriptKind? = nil
    /// When the excerpt was said, in seconds from the start of the recording (to the millisecond), by `ExcerptTiming`:
    /// its words' own times where the transcript has them, else its share of the cues it lies in. Nil where the
    /// transcript has no times.
    public var startTime: Double? = nil
    public var endTime: Double? = nil
    /// What `startTime` and `endTime` were read from.
    public var timeBasis: ExcerptTiming.Basis? = nil
    /// The speakers of the turns the excerpt lies in, as the transcript names them.
    public var speakers: [String]? = nil
    /// True when the excerpt is the moderator's words alone: not counted as a participant's in the coding analyses.
    public var moderatorWords: Bool? = nil

    /// The transcript the excerpt is placed in (its participant and label).
    public var document: DocumentID { DocumentID(participant: transcriptParticipant ?? participant, label: transcript ?? "") }

    /// The code as the span-based agreements read it.
    public var codedSpan: CodedSpan { CodedSpan(coder: coder, document: document, categories: categories, start: spanStart, end: spanEnd) }

    public init(id: Int64, participant: String, excerpt: String, excerptID: Int64, code: String, inVivo: Bool, categories: [String], coder: String? = nil, spanStart: Int? = nil, spanEnd: Int? = nil, created: String? = nil, transcript: String? = nil, transcriptParticipant: String? = nil, transcriptKind: TranscriptKind? = nil, startTime: Double? = nil, endTime: Double? = nil, speakers: [String]? = nil, moderatorWords: Bool? = nil) {
        self.id = id
        self.participant = participant
        self.excerpt = excerpt
        self.excerptID = excerptID
        self.code = code
        self.inVivo = inVivo
        self.categories = categories
        self.coder = coder
        self.spanStart = spanStart
        self.spanEnd = spanEnd
        self.created = created
        self.transcript = transcript
        self.transcriptParticipant = transcriptParticipant
        self.transcriptKind = transcriptKind
        self.startTime = startTime
        self.endTime = endTime
        self.speakers = speakers
        self.moderatorWords = moderatorWords
    }
}

/// What a transcript is: an interview (read from a file) or a moderated session's log (its notes). The coding
/// analyses count interviews only.
public enum TranscriptKind: String, Sendable, Equatable, Codable {
    case interview
    case sessionLog = "session log"
}

/// A codebook category with how much it is used.
public struct CategoryInfo: Sendable, Equatable, Codable {
    public var name: String
    public var definition: String?
    /// "emergent", or the literature reference it was taken from.
    public var origin: String
    public var reference: String?
    public var theme: String?
    /// Codes and participants in the category: every coder's codes, or the one coder's asked for.
    public var codes: Int
    public var participants: Int
    /// Each coder's own codes and participants in the category, in the order coders were first named (when every
    /// coder's codes were asked for and someone has coded).
    public var byCoder: [CoderCount]? = nil

    public init(name: String, definition: String? = nil, origin: String, reference: String? = nil, theme: String? = nil, codes: Int, participants: Int, byCoder: [CoderCount]? = nil) {
        self.name = name
        self.definition = definition
        self.origin = origin
        self.reference = reference
        self.theme = theme
        self.codes = codes
        self.participants = participants
        self.byCoder = byCoder
    }
}

/// One coder's codes and participants in a category.
public struct CoderCount: Sendable, Equatable, Codable {
    public var coder: String
    public var codes: Int
    public var participants: Int

    public init(coder: String, codes: Int, participants: Int) {
        self.coder = coder
        self.codes = codes
        self.participants = participants
    }
}

/// A stored memo.
public struct MemoRecord: Sendable, Equatable, Codable {
    public var id: Int64
    /// `study`, `participant:P4`, `code:12`, `category:NAME`.
    public var on: String
    public var text: String
    public var coder: String?
    public var created: String
    /// For a note taken during a session: its task, its session and its time in the session (seconds).
    public var task: String?
    public var session: Int64?
    public var sessionOffset: Double?

    public init(id: Int64, on: String, text: String, coder: String? = nil, created: String, task: String? = nil, session: Int64? = nil, sessionOffset: Double? = nil) {
        self.id = id
        self.on = on
        self.text = text
        self.coder = coder
        self.created = created
        self.task = task
        self.session = session
        self.sessionOffset = sessionOffset
    }
}
