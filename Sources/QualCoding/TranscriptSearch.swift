import Foundation

/// The hits of a search in one transcript.
public struct TranscriptHits: Sendable, Equatable, Codable {
    public var participant: String
    /// The transcript's label ("" for the participant's unlabelled interview).
    public var label: String
    public var hits: [TranscriptHit]

    public init(participant: String, label: String, hits: [TranscriptHit]) {
        self.participant = participant
        self.label = label
        self.hits = hits
    }
}

/// One place where a search pattern matched a transcript: where (Unicode scalar offsets of the stored NFC text, as
/// excerpt spans are kept; and the line and column people read), what it matched, the words around it and who said it.
public struct TranscriptHit: Sendable, Equatable, Codable {
    public var start: Int
    public var end: Int
    /// The matched text.
    public var text: String
    /// 1-based line of the transcript and 1-based column (in characters) where the match begins.
    public var line: Int
    public var column: Int
    /// Up to `context` characters of the same line before and after the match.
    public var before: String
    public var after: String
    /// The speaker of the turn the match begins in, where the transcript has turns.
    public var speaker: String?
    /// The participant whose words the match is (a focus group's speaker mapped to a participant; the transcript's
    /// participant for a speaker not mapped, or in a transcript without turns); nil for the moderator's words.
    public var participant: String?
    /// Whether the match is the moderator's words (not counted as a participant's).
    public var moderator: Bool = false

    public var span: Range<Int> { start..<end }
}

/// A search pattern that cannot be read as a regular expression.
public struct SearchPatternError: Error, Sendable, Equatable {
    public var pattern: String
    public var reason: String
}

/// Searching transcripts with a regular expression, line by line as `grep -P -o` does: a match never runs over a
/// line break, `^` and `$` anchor at each line's ends, and empty matches are not hits. The pattern is read by ICU
/// (Foundation's `NSRegularExpression`), whose syntax is Perl's for everything a researcher types (classes, `\b`,
/// `\w` over Unicode letters, lazy and possessive quantifiers, look-around, `(?i)`).
public enum TranscriptSearch {
    /// The compiled pattern; `ignoreCase` as `grep -i`.
    public static func compile(_ pattern: String, ignoreCase: Bool) throws -> NSRegularExpression {
        guard !pattern.isEmpty else { throw SearchPatternError(pattern: pattern, reason: "the pattern is empty") }
        do {
            return try NSRegularExpression(pattern: pattern, options: ignoreCase ? [.caseInsensitive] : [])
        } catch {
            throw SearchPatternError(pattern: pattern, reason: "it is not a valid regular expression")
        }
    }

    /// Every non-empty match of `regex` in `text`, line by line, in order. With `speaker`, only matches that lie
    /// inside the words of that speaker's turns (the name compared ignoring case and accents; the 'Name:' label before
    /// a turn is not its words).
    public static func hits(in text: String, regex: NSRegularExpression, turns: [TranscriptTurn] = [], speaker: String? = nil,
                            context: Int = 40) -> [TranscriptHit] {
        let wanted = speaker.map(TextMatching.fold)
        var hits: [TranscriptHit] = []
        var lineStart = 0
        var lineNumber = 0
        let sortedTurns = turns.sorted { $0.spanStart < $1.spanStart }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let lineText = String(line)
            let lineScalars = Array(lineText.unicodeScalars)
            defer { lineStart += lineScalars.count + 1 }
            let utf16 = lineText.utf16
            // UTF-16 offset → scalar offset within the line.
            var scalarAt: [Int: Int] = [:]
            var u = 0
            for (index, scalar) in lineScalars.enumerated() {
                scalarAt[u] = index
                u += scalar.utf16.count
            }
            scalarAt[u] = lineScalars.count
            for match in regex.matches(in: lineText, range: NSRange(location: 0, length: utf16.count)) where match.range.length > 0 {
                guard let from = scalarAt[match.range.location], let to = scalarAt[match.range.location + match.range.length] else { continue }
                let span = (lineStart + from)..<(lineStart + to)
                let turn = sortedTurns.last { $0.spanStart <= span.lowerBound && span.lowerBound < $0.spanEnd }
                if let wanted {
                    guard let turn, let name = turn.speaker, TextMatching.fold(name) == wanted, span.upperBound <= turn.spanEnd else { continue }
                }
                func piece(_ range: Range<Int>) -> String {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: lineScalars[range])
                    return String(view)
                }
                hits.append(TranscriptHit(start: span.lowerBound, end: span.upperBound, text: piece(from..<to), line: lineNumber, column: from + 1,
                                          before: piece(max(0, from - context)..<from), after: piece(to..<min(lineScalars.count, to + context)),
                                          speaker: turn?.speaker))
            }
        }
        return hits
    }

    /// The spans of the words of `speaker`'s turns (name compared ignoring case and accents), in text order.
    public static func turns(of speaker: String, in turns: [TranscriptTurn]) -> [TranscriptTurn] {
        let wanted = TextMatching.fold(speaker)
        return turns.filter { $0.speaker.map(TextMatching.fold) == wanted && $0.spanEnd > $0.spanStart }.sorted { $0.spanStart < $1.spanStart }
    }
}
