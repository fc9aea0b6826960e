import Foundation
import Wording

/// A stretch of speech in a transcript with time: who spoke, when (milliseconds from the start of the recording, as
/// REFI-QDA's `SyncPoint`s and `AudioSelection`s count), and where its words lie in the stored text (Unicode scalar
/// offsets of the NFC text, as excerpt spans are kept). One cue of a subtitle file, one row of a table, one stamped
/// line of text; consecutive stretches of one speaker are laid out as one paragraph of the readable text.
public struct TranscriptTurn: Sendable, Equatable, Hashable, Codable {
    /// The speaker's name as the file gives it, or nil where the file names none.
    public var speaker: String?
    /// Milliseconds from the start of the recording; nil where the file gives no time.
    public var start: Int?
    public var end: Int?
    /// The turn's words in the readable text (the speaker's label before them is not part of it).
    public var spanStart: Int
    public var spanEnd: Int

    public init(speaker: String?, start: Int?, end: Int?, span: Range<Int>) {
        self.speaker = speaker
        self.start = start
        self.end = end
        spanStart = span.lowerBound
        spanEnd = span.upperBound
    }

    public var span: Range<Int> { spanStart..<spanEnd }

    /// Whether the turn's words share a character with `range`.
    public func overlaps(_ range: Range<Int>) -> Bool {
        spanStart < range.upperBound && range.lowerBound < spanEnd
    }
}

/// Who a speaker of a transcript is in the study: the moderator (whose words are not a participant's), or a
/// participant, by code.
public enum SpeakerRole: Sendable, Equatable, Hashable {
    case moderator
    case participant(String)

    /// The words that name the moderator in `--speaker NAME=moderator` and in a transcript's speaker labels, in every
    /// known language (`speaker.moderator` in the vocabularies: moderator, entrevistadora, facilitador…).
    public static var moderatorWords: Set<String> { Vocabulary.knownSet("speaker.moderator") }

    /// `moderator` (or one of `moderatorWords`), else a participant's code.
    public init(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self = Self.moderatorWords.contains(trimmed.lowercased()) ? .moderator : .participant(trimmed)
    }

    public var participant: String? {
        if case let .participant(code) = self { return code }
        return nil
    }
}

/// Times as people read them in a transcript: `hh:mm:ss` (with milliseconds when asked).
public enum TranscriptClock {
    /// `00:01:02` (or `00:01:02.500` with `milliseconds`) for a time in milliseconds.
    public static func text(_ milliseconds: Int, milliseconds showMilliseconds: Bool = false) -> String {
        let total = max(0, milliseconds)
        let seconds = total / 1000
        let base = String(format: "%02d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60)
        return showMilliseconds ? base + String(format: ".%03d", total % 1000) : base
    }
}

/// Whose each line of a transcript without timed turns is, read from the speaker labels its text gives
/// ("Entrevistadora: Como foi?", "P1: Olha…"): a label naming the moderator (`SpeakerRole.moderatorWords`) or a
/// participant's code opens that speaker's words; an unlabelled line continues the speaker before it (the
/// transcript's participant at first). The one rule the corpus export and the word counts share.
public enum LabelledLines {
    /// One non-empty line: its speaker and its words (the label before them left out), as Unicode scalar offsets of
    /// the text.
    public struct Line: Sendable, Equatable {
        public var speaker: SpeakerRole
        public var span: Range<Int>
        /// Whether the line opened with a speaker's label.
        public var labelled: Bool
    }

    /// A speaker's label at the start of a line: a short name without sentence punctuation before the first colon
    /// and the words after it, or nil.
    public static func label(_ line: String) -> (label: String, rest: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let label = line[..<colon].trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, label.count <= 40, !label.contains(where: { ".,;!?\"()[]".contains($0) }) else { return nil }
        return (label, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// The lines of `text` with their speakers.
    ///
    /// - Parameters:
    ///   - participant: the transcript's participant, who speaks until a label says otherwise.
    ///   - participants: the study's participant codes a label may name (compared ignoring case).
    public static func lines(of text: String, participant: String, participants: [String]) -> [Line] {
        let scalars = Array(text.unicodeScalars)
        var result: [Line] = []
        var speaker: SpeakerRole = .participant(participant)
        let moderatorWords = SpeakerRole.moderatorWords
        var start = 0
        while start <= scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != "\n" { end += 1 }
            var from = start, to = end
            func blank(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }
            while from < to, blank(scalars[from]) { from += 1 }
            while to > from, blank(scalars[to - 1]) { to -= 1 }
            var labelled = false
            if from < to {
                let line = String(String.UnicodeScalarView(scalars[from..<to]))
                if let (name, _) = label(line) {
                    var role: SpeakerRole?
                    if moderatorWords.contains(name.lowercased()) { role = .moderator }
                    else if let code = participants.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { role = .participant(code) }
                    if let role {
                        speaker = role
                        labelled = true
                        while scalars[from] != ":" { from += 1 }
                        from += 1
                        while from < to, blank(scalars[from]) { from += 1 }
                    }
                }
                if from < to { result.append(Line(speaker: speaker, span: from..<to, labelled: labelled)) }
            }
            start = end + 1
        }
        return result
    }
}

/// A word of a transcript with the time it was said, as a speech recogniser aligns it (WhisperX, whisper's
/// `word_timestamps`): where its letters lie in the stored text (Unicode scalar offsets of the NFC text, as turns and
/// excerpt spans are kept) and when it was said (milliseconds from the start of the recording).
public struct TimedWord: Sendable, Equatable, Hashable, Codable {
    public var spanStart: Int
    public var spanEnd: Int
    public var start: Int
    public var end: Int
    /// The recogniser's confidence in the word (0–1), where it gives one.
    public var score: Double?

    public init(span: Range<Int>, start: Int, end: Int, score: Double? = nil) {
        spanStart = span.lowerBound
        spanEnd = span.upperBound
        self.start = start
        self.end = max(start, end)
        self.score = score
    }

    public var span: Range<Int> { spanStart..<spanEnd }
}

/// When an excerpt was said, from a transcript's times: the words' own times where the transcript has them (a
/// WhisperX or whisper export), else the excerpt's share of the turns (cues) it lies in — each cue's time spread
/// evenly over its characters, so two excerpts inside one long cue get their own times — else the whole turn's.
/// The one rule every output of an excerpt's time uses (clips, `code list`, the time line, the page).
public enum ExcerptTiming {
    /// What an excerpt's time was read from.
    public enum Basis: String, Sendable, Equatable, Codable, CaseIterable {
        /// The times of its first and last word.
        case words
        /// Its share of the cue it lies in, by characters (linear interpolation between the cue's start and end).
        case share = "cue share"
        /// The whole turn: a turn without an end time.
        case turn
    }

    public struct Time: Sendable, Equatable {
        public var start: Int
        public var end: Int
        public var basis: Basis

        public init(start: Int, end: Int, basis: Basis) {
            self.start = start
            self.end = end
            self.basis = basis
        }
    }

    /// The time of the excerpt at `span` (scalar offsets of the text), or nil where no turn it touches has a time.
    /// `turns` and `words` are in text order. A span between turns (a speaker's label) is the next turn's.
    public static func time(of span: Range<Int>, turns: [TranscriptTurn], words: [TimedWord] = []) -> Time? {
        let said = words.filter { $0.spanStart < span.upperBound && span.lowerBound < $0.spanEnd }
        if let first = said.first, let last = said.last {
            return Time(start: first.start, end: max(first.start, said.map(\.end).max() ?? last.end), basis: .words)
        }
        let overlapping = turns.filter { $0.overlaps(span) && $0.start != nil }
        if overlapping.isEmpty, let next = turns.first(where: { $0.spanStart >= span.lowerBound && $0.start != nil }) {
            guard let start = next.start else { return nil }
            return Time(start: start, end: next.end ?? start, basis: .turn)
        }
        guard let first = overlapping.first, let last = overlapping.last, let firstStart = first.start, let lastStart = last.start else { return nil }
        guard let firstEnd = first.end, let lastEnd = last.end else {
            return Time(start: firstStart, end: max(firstStart, last.end ?? lastStart), basis: .turn)
        }
        let start = at(max(span.lowerBound, first.spanStart), in: first.span, from: firstStart, to: firstEnd)
        let end = at(min(span.upperBound, last.spanEnd), in: last.span, from: lastStart, to: lastEnd)
        return Time(start: start, end: max(start, end), basis: .share)
    }

    /// The time of character `position` of a stretch said from `start` to `end`, spread evenly over its characters.
    static func at(_ position: Int, in span: Range<Int>, from start: Int, to end: Int) -> Int {
        let length = span.upperBound - span.lowerBound
        guard length > 0, end > start else { return start }
        return start + Int((Double(end - start) * Double(position - span.lowerBound) / Double(length)).rounded())
    }
}
