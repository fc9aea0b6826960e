/// Which of the listed coders' excerpts an agreement compared, and which it left out and why.
///
/// Excerpt-level agreement (percent, κ, α) compares the excerpts that two coders or more coded with the same
/// bounds: the same span of the same transcript is one excerpt, whoever coded it. An excerpt only one of them coded
/// is left out — either nobody else coded that passage, or another coder coded an overlapping passage bounded
/// differently. Only the second kind is agreement on where a code goes; `codes agreement --levels` (segments
/// overlapping) and `--unitizing` (character by character) compare it.
public struct AgreementCoverage: Sendable, Equatable, Codable {
    /// Where an excerpt lies: the document (participant and transcript) and its span, when placed in a transcript.
    public struct Placement: Sendable, Equatable {
        public var document: DocumentID
        public var start: Int?
        public var end: Int?
        public init(document: DocumentID, start: Int?, end: Int?) {
            self.document = document
            self.start = start
            self.end = end
        }
    }

    /// One coder's excerpts that no other listed coder coded.
    public struct LeftOut: Sendable, Equatable, Codable {
        public var coder: String
        /// Excerpts only this coder coded, overlapping no other listed coder's excerpt.
        public var onlyThisCoder: Int
        /// Excerpts only this coder coded that overlap another listed coder's excerpt with other bounds.
        public var otherBounds: Int
    }

    public var coders: [String]
    /// Excerpts at least one of the coders coded.
    public var excerpts: Int
    /// Excerpts at least two of them coded (with the same bounds, being one excerpt): what the agreement compares.
    public var compared: Int
    /// Per coder, in the order given: what was left out of theirs.
    public var leftOut: [LeftOut]
    /// Excerpts coded by one coder only that overlap another coder's excerpt with other bounds (all coders).
    public var otherBounds: Int
    /// `compared` over `excerpts`; nil when they coded nothing.
    public var comparedShare: Double?
    /// Whether the compared share is small (under half): the span-based measures say more then.
    public var fewCompared: Bool

    /// - Parameters:
    ///   - assignments: coder → excerpt → categories, as `AgreementReport` takes them.
    ///   - placements: where each excerpt lies; an excerpt without a span (not placed in a transcript) overlaps
    ///     nothing.
    public init(coders: [String], assignments: [String: [Int64: Set<String>]], placements: [Int64: Placement]) {
        self.coders = coders
        var codedBy: [Int64: [Int]] = [:]
        for (index, coder) in coders.enumerated() {
            for excerpt in (assignments[coder] ?? [:]).keys { codedBy[excerpt, default: []].append(index) }
        }
        excerpts = codedBy.count
        compared = codedBy.values.filter { $0.count >= 2 }.count
        // Each coder's placed excerpts per document, sorted by start, to find overlaps.
        var spans: [DocumentID: [(start: Int, end: Int, coder: Int, excerpt: Int64)]] = [:]
        for (excerpt, by) in codedBy {
            guard let place = placements[excerpt], let start = place.start, let end = place.end, end > start else { continue }
            for coder in by { spans[place.document, default: []].append((start, end, coder, excerpt)) }
        }
        for key in spans.keys { spans[key]?.sort { $0.start < $1.start } }
        var only = Array(repeating: 0, count: coders.count)
        var other = Array(repeating: 0, count: coders.count)
        for (excerpt, by) in codedBy where by.count == 1 {
            let coder = by[0]
            var overlaps = false
            if let place = placements[excerpt], let start = place.start, let end = place.end, end > start {
                for span in spans[place.document] ?? [] {
                    if span.start >= end { break }
                    if span.coder != coder, span.excerpt != excerpt, span.end > start { overlaps = true; break }
                }
            }
            if overlaps { other[coder] += 1 } else { only[coder] += 1 }
        }
        leftOut = coders.indices.map { LeftOut(coder: coders[$0], onlyThisCoder: only[$0], otherBounds: other[$0]) }
        otherBounds = other.reduce(0, +)
        comparedShare = excerpts > 0 ? Double(compared) / Double(excerpts) : nil
        fewCompared = comparedShare.map { $0 < 0.5 } ?? false
    }
}
