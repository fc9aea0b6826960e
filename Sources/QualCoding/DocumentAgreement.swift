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
        public var document: DocumentID
        public var category: String
        public var start: Int
        public var end: Int
        public init(coder: Int, document: DocumentID, category: String, start: Int, end: Int) {
            self.coder = coder
            self.document = document
            self.category = category
            self.start = start
            self.end = end
        }
    }

    /// A unit of the presence and frequency levels: one category in one document.
    public struct Unit: Sendable, Hashable {
        public var document: DocumentID
        public var category: String
        public init(document: DocumentID, category: String) {
            self.document = document
            self.category = category
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
    public init(segments: [Segment], documents: [DocumentID], threshold: Double) {
        self.threshold = threshold
        let categories = Set(segments.map(\.category))
        var presence = Level(units: 0, agreeing: 0)
        var frequency = Level(units: 0, agreeing: 0)
        var counts: [Unit: (a: Int, b: Int)] = [:]
        for segment in segments where segment.coder == 0 || segment.coder == 1 {
            let unit = Unit(document: segment.document, category: segment.category)
            if segment.coder == 0 { counts[unit, default: (0, 0)].a += 1 } else { counts[unit, default: (0, 0)].b += 1 }
        }
        for document in documents {
            for category in categories {
                let (a, b) = counts[Unit(document: document, category: category)] ?? (0, 0)
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

extension DocumentAgreement {
    /// The segments of two coders' codes (`coders[0]` is coder 0; names matched ignoring case): one per category of each
    /// code placed in a transcript on at least one character. Other coders' codes and unplaced ones are left out.
    public static func segments(_ codes: [CodedSpan], coders: [String]) -> [Segment] {
        var segments: [Segment] = []
        for code in codes {
            guard let coder = code.coderIndex(in: coders), let span = code.span else { continue }
            for category in code.categories {
                segments.append(.init(coder: coder, document: code.document, category: category, start: span.lowerBound, end: span.upperBound))
            }
        }
        return segments
    }
}
