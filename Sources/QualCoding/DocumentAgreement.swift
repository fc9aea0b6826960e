import Foundation

/// Agreement between two coders at the three levels MAXQDA reports (MAXQDA manual, "Intercoder Agreement":
/// code existence in the document, code frequency in the document, segment overlap), so a study can be reported
/// as a MAXQDA user's committee expects.
///
/// - Presence: per document × category, both coders used the category in the document, or neither did.
/// - Frequency: per document × category, both coders coded it the same number of times (0 and 0 excluded: a unit
///   is a category at least one coder used in the document).
/// - Overlap: a coded segment agrees when the other coder coded the same category in the same document on a
///   segment overlapping it by at least the threshold — the shared characters as a share of the characters either
///   segment covers (intersection over union); the share of all segments, both coders', that agree.
public struct DocumentAgreement: Sendable, Equatable {
    /// One coded segment: which coder (0 or 1), the document, the category and its span (characters).
    public struct Segment: Sendable, Equatable {
        public var coder: Int
        public var document: String
        public var category: String
        public var start: Int
        public var end: Int
        public init(coder: Int, document: String, category: String, start: Int, end: Int) {
            self.coder = coder
            self.document = document
            self.category = category
            self.start = start
            self.end = end
        }
    }

    public struct Level: Sendable, Equatable, Codable {
        public var units: Int
        public var agreeing: Int
        public var percent: Double? { units > 0 ? Double(agreeing) / Double(units) : nil }
    }

    public var presence: Level
    public var frequency: Level
    public var overlap: Level
    /// The overlap threshold (0–1) used.
    public var threshold: Double

    /// - Parameter documents: every document both coders could code (a category neither used there is an agreeing
    ///   absence at the presence level).
    public init(segments: [Segment], documents: [String], threshold: Double) {
        self.threshold = threshold
        let categories = Set(segments.map(\.category))
        var presence = Level(units: 0, agreeing: 0)
        var frequency = Level(units: 0, agreeing: 0)
        for document in documents {
            for category in categories {
                let a = segments.filter { $0.coder == 0 && $0.document == document && $0.category == category }.count
                let b = segments.filter { $0.coder == 1 && $0.document == document && $0.category == category }.count
                presence.units += 1
                if (a > 0) == (b > 0) { presence.agreeing += 1 }
                if a > 0 || b > 0 {
                    frequency.units += 1
                    if a == b { frequency.agreeing += 1 }
                }
            }
        }
        var overlap = Level(units: 0, agreeing: 0)
        for segment in segments {
            overlap.units += 1
            let matched = segments.contains { other in
                guard other.coder != segment.coder, other.document == segment.document, other.category == segment.category else { return false }
                let shared = min(segment.end, other.end) - max(segment.start, other.start)
                let covered = max(segment.end, other.end) - min(segment.start, other.start)
                return shared > 0 && covered > 0 && Double(shared) / Double(covered) >= threshold
            }
            if matched { overlap.agreeing += 1 }
        }
        self.presence = presence
        self.frequency = frequency
        self.overlap = overlap
    }
}
