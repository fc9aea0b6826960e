import Foundation

/// What `--at` says of a passage, the same in `code add` and `annotate`: `START-END`, Unicode character offsets of the
/// stored transcript (end exclusive, as 'transcript search --json', 'transcript show --json' and 'code list --json'
/// give spans), or else the passage's words.
enum PassageAt: Equatable {
    case offsets(Range<Int>)
    case words(String)
    /// Two numbers with a dash between that do not make a span (the end not past the start).
    case badOffsets

    init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).count == 2
            ? trimmed.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            : trimmed.split(separator: "–", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            self = .words(text)
            return
        }
        guard let start = Int(numbers[0]), let end = Int(numbers[1]), end > start else {
            self = .badOffsets
            return
        }
        self = .offsets(start..<end)
    }

    var span: Range<Int>? {
        if case let .offsets(span) = self { return span }
        return nil
    }

    var passageWords: String? {
        if case let .words(words) = self { return words }
        return nil
    }
}
