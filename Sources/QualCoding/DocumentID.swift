import Foundation
import StudyBasics

/// A document of a study that codes lie in: a participant's transcript, named by the participant's code and the
/// transcript's label (empty for the participant's unlabelled transcript). Ordered by participant (natural order:
/// P2 before P10), then label.
public struct DocumentID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var participant: String
    public var label: String

    public init(participant: String, label: String) {
        self.participant = participant
        self.label = label
    }

    /// The document as people read it: the participant's code, then the label when there is one ("P4 session 2").
    public var description: String { label.isEmpty ? participant : participant + " " + label }

    /// The document as one stable text (participant, U+001F, label): the seed of the identifiers an exchange file
    /// gives it, which must not change between exports.
    public var key: String { participant + "\u{1F}" + label }

    public static func < (a: DocumentID, b: DocumentID) -> Bool {
        if a.participant != b.participant {
            if NaturalOrder.areInIncreasingOrder(a.participant, b.participant) { return true }
            if NaturalOrder.areInIncreasingOrder(b.participant, a.participant) { return false }
            return a.participant < b.participant
        }
        return a.label < b.label
    }
}

/// The words one code or several are on, as one key: a span of a document, or an excerpt placed in no transcript.
/// Codes with one key are one passage (one quote, one unit of agreement), whoever coded them.
public enum PassageKey: Sendable, Hashable {
    case span(DocumentID, Range<Int>)
    case excerpt(Int64)
}

/// A code as the span-based agreements read it (`codes agreement --levels` and `--unitizing`): its coder, the document
/// it lies in, its categories and its span there (nil for an excerpt placed in no transcript).
public struct CodedSpan: Sendable, Equatable {
    public var coder: String?
    public var document: DocumentID
    public var categories: [String]
    public var start: Int?
    public var end: Int?

    public init(coder: String?, document: DocumentID, categories: [String], start: Int?, end: Int?) {
        self.coder = coder
        self.document = document
        self.categories = categories
        self.start = start
        self.end = end
    }

    /// The span, when the code lies in a transcript on at least one character.
    var span: Range<Int>? {
        guard let start, let end, end > start else { return nil }
        return start..<end
    }

    /// The position of `coder` among `coders` (names matched ignoring case), nil when it is not one of them.
    func coderIndex(in coders: [String]) -> Int? {
        coders.firstIndex { $0.caseInsensitiveCompare(coder ?? "") == .orderedSame }
    }
}
