/// What quote retrieval, passage co-occurrence and word counts read: every code as a passage, the transcripts the
/// passages lie in, the participants' attributes and the codebook's themes. The store reads it; the quote book, the
/// quote checks and the word counts work on it alone.
public struct QuoteMaterial: Sendable {
    /// Every code (of the coder asked for), in participant order, as passages.
    public var passages: [CodedPassage]
    /// Every code of every coder, for `--all-of`/`--none-of` (another coder's code on an overlapping passage counts).
    public var allPassages: [CodedPassage]
    /// What a quote shows of the codes behind `passages` beyond the passage itself, by code number.
    public var records: [Int64: QuotedCode]
    /// Document → the transcript's text and turns.
    public var transcripts: [DocumentID: TranscriptText]
    /// The documents of interviews (not session logs), in participant order, with their participant.
    public var interviews: [(document: DocumentID, participant: String)]
    /// Participant → attribute name → value as people read it.
    public var attributes: [String: [String: String]]
    /// Attribute name → its values in the order its derivation rule gives them (Iniciante, Intermediário, Avançado),
    /// for derived attributes.
    public var valueOrders: [String: [String]]
    /// The codebook in order: category → its theme (nil when it has none).
    public var categories: [(name: String, theme: String?)]
    /// Codes left out: in session logs or on the moderator's words alone.
    public var leftOut: LeftOutCodings
    /// The participant attributes a quote's citation names, in this order (the study's choice, or the command's);
    /// nil: every attribute, by name.
    public var citation: [String]? = nil

    public init(passages: [CodedPassage], allPassages: [CodedPassage], records: [Int64: QuotedCode], transcripts: [DocumentID: TranscriptText],
                interviews: [(document: DocumentID, participant: String)], attributes: [String: [String: String]],
                valueOrders: [String: [String]], categories: [(name: String, theme: String?)], leftOut: LeftOutCodings) {
        self.passages = passages
        self.allPassages = allPassages
        self.records = records
        self.transcripts = transcripts
        self.interviews = interviews
        self.attributes = attributes
        self.valueOrders = valueOrders
        self.categories = categories
        self.leftOut = leftOut
    }
}

/// What a quote shows of its code beyond the passage: whether the code is in vivo, the labelled transcript it lies in,
/// and when it was said.
public struct QuotedCode: Sendable, Equatable {
    public var inVivo: Bool
    /// The transcript's label, when it is a labelled one.
    public var transcript: String?
    /// Seconds from the start of the recording, where the transcript has times.
    public var startTime: Double?

    public init(inVivo: Bool, transcript: String?, startTime: Double?) {
        self.inVivo = inVivo
        self.transcript = transcript
        self.startTime = startTime
    }
}

/// Codes the coding analyses do not count, by why.
public struct LeftOutCodings: Sendable, Equatable {
    /// Codes of excerpts in a moderated session's log (a log is not an interview).
    public var inSessionLogs = 0
    /// Codes of excerpts that are the moderator's words alone.
    public var moderatorWords = 0
    public init() {}
    public var isEmpty: Bool { inSessionLogs == 0 && moderatorWords == 0 }
}
