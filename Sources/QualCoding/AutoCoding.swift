import Foundation

/// How far an automatically coded search hit reaches (as MAXQDA's and QualCoder's auto-code widen a hit): the hit's
/// own words, the sentence holding them, the speaker's turn, or the paragraph.
public enum CodingUnit: String, Sendable, CaseIterable, Codable {
    case words, sentence, turn, paragraph
}

/// The one rule auto-coding follows, in the command line (`transcript search --code`) and in the page ("Code every
/// hit"): a hit is trimmed to its words (white space and punctuation at its ends left out, so a pattern that begins
/// with a space codes the word after it), then widened to the unit asked for. Offsets are Unicode scalar offsets of
/// the stored text, as excerpt spans are kept.
public enum AutoCoding {
    /// Why a hit cannot be coded, before anything is asked of the study.
    public enum Refusal: Error, Sendable, Equatable {
        /// Nothing but white space and punctuation.
        case noWords
    }

    /// What coding a hit codes: its words (the in-vivo code) and the passage (the excerpt) holding them.
    public struct Passage: Sendable, Equatable {
        public var words: Range<Int>
        public var passage: Range<Int>
    }

    /// The hit's span without white space and punctuation at its ends; nil when nothing else is left.
    public static func words(_ span: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int>? {
        var lower = max(0, span.lowerBound), upper = min(scalars.count, span.upperBound)
        while lower < upper, trimmed(scalars[lower]) { lower += 1 }
        while upper > lower, trimmed(scalars[upper - 1]) { upper -= 1 }
        return upper > lower ? lower..<upper : nil
    }

    /// The passage a hit at `span` codes in `unit`; the turns are the transcript's (empty for a text without them).
    public static func passage(of span: Range<Int>, unit: CodingUnit, in scalars: [Unicode.Scalar], turns: [TranscriptTurn]) -> Result<Passage, Refusal> {
        guard let words = words(span, in: scalars) else { return .failure(.noWords) }
        let turn = turns.last { $0.spanStart <= words.lowerBound && words.lowerBound < $0.spanEnd }
        let paragraph = block(around: words, in: scalars, turns: turns, turn: turn)
        var passage: Range<Int>
        switch unit {
        case .words: passage = words
        case .sentence: passage = sentence(around: words, in: scalars, within: turn.map(\.span) ?? paragraph)
        case .turn: passage = turn.map(\.span) ?? paragraph
        case .paragraph: passage = paragraph
        }
        // Never narrower than the hit's own words (a hit that runs past its turn keeps its words).
        passage = min(passage.lowerBound, words.lowerBound)..<max(passage.upperBound, words.upperBound)
        return .success(Passage(words: words, passage: self.words(passage, in: scalars, punctuation: false) ?? words))
    }

    static func trimmed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }

    /// `span` without white space at its ends (punctuation kept: a sentence keeps its full stop).
    static func words(_ span: Range<Int>, in scalars: [Unicode.Scalar], punctuation: Bool) -> Range<Int>? {
        var lower = span.lowerBound, upper = span.upperBound
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        return upper > lower ? lower..<upper : nil
    }

    /// The paragraph around `words`: the lines between blank lines; in a transcript with turns, the run of the same
    /// speaker's turns inside it (their words, never the "Name:" label before them).
    static func block(around words: Range<Int>, in scalars: [Unicode.Scalar], turns: [TranscriptTurn], turn: TranscriptTurn?) -> Range<Int> {
        // Whether the line that begins at `index` holds nothing but white space (or the text ends there).
        func blankLine(from index: Int) -> Bool {
            var ahead = index
            while ahead < scalars.count, scalars[ahead] != "\n", scalars[ahead].properties.isWhitespace { ahead += 1 }
            return ahead >= scalars.count || scalars[ahead] == "\n"
        }
        // Whether the line that ends at the break `index` holds nothing but white space.
        func blankLine(endingAt index: Int) -> Bool {
            var back = index - 1
            while back >= 0, scalars[back] != "\n", scalars[back].properties.isWhitespace { back -= 1 }
            return back < 0 || scalars[back] == "\n"
        }
        // Whether the line that begins at `index` opens with a speaker's label ("P1: …"): a new speaker, a new paragraph.
        func labelled(from index: Int) -> Bool {
            var line = String.UnicodeScalarView()
            var ahead = index
            while ahead < scalars.count, scalars[ahead] != "\n" { line.append(scalars[ahead]); ahead += 1 }
            return LabelledLines.label(String(line).trimmingCharacters(in: .whitespaces)) != nil
        }
        var start = words.lowerBound
        while start > 0, !(scalars[start - 1] == "\n" && (blankLine(endingAt: start - 1) || labelled(from: start))) { start -= 1 }
        var end = words.upperBound
        while end < scalars.count, !(scalars[end] == "\n" && (blankLine(from: end + 1) || labelled(from: end + 1))) { end += 1 }
        if let turn {
            let inside = turns.filter { $0.spanStart < end && start < $0.spanEnd && $0.speaker == turn.speaker }
            if let first = inside.map(\.spanStart).min(), let last = inside.map(\.spanEnd).max() { return max(first, start)..<min(last, end) }
            return turn.span
        }
        // A text without turns: a speaker's label opening the paragraph ("P1: …") is not its words.
        var line = String.UnicodeScalarView()
        var index = start
        while index < end, scalars[index] != "\n" { line.append(scalars[index]); index += 1 }
        if LabelledLines.label(String(line)) != nil, let colon = scalars[start..<end].firstIndex(of: ":"), colon < words.lowerBound {
            var after = colon + 1
            while after < end, scalars[after].properties.isWhitespace { after += 1 }
            start = after
        }
        return start..<end
    }

    /// The sentence holding `words` inside `bounds`: from after the end of the sentence before it (a `.`, `!`, `?` or
    /// `…` followed by white space) to the end of its own (its closing mark and quotes included).
    static func sentence(around words: Range<Int>, in scalars: [Unicode.Scalar], within bounds: Range<Int>) -> Range<Int> {
        let ends: Set<Unicode.Scalar> = [".", "!", "?", "…"]
        let closers: Set<Unicode.Scalar> = ["\"", "'", "”", "’", ")", "»"]
        var start = max(bounds.lowerBound, min(words.lowerBound, bounds.upperBound))
        while start > bounds.lowerBound {
            let previous = scalars[start - 1]
            if previous == "\n" && start - 2 >= bounds.lowerBound && scalars[start - 2] == "\n" { break }
            if previous.properties.isWhitespace, start - 2 >= bounds.lowerBound {
                var mark = start - 2
                while mark > bounds.lowerBound, closers.contains(scalars[mark]) { mark -= 1 }
                if ends.contains(scalars[mark]) { break }
            }
            start -= 1
        }
        var end = min(bounds.upperBound, max(words.upperBound, bounds.lowerBound))
        while end < bounds.upperBound {
            let scalar = scalars[end]
            end += 1
            if ends.contains(scalar) {
                while end < bounds.upperBound, ends.contains(scalars[end]) || closers.contains(scalars[end]) { end += 1 }
                if end >= bounds.upperBound || scalars[end].properties.isWhitespace { break }
            }
        }
        return start..<end
    }
}
