import Foundation

/// What a suggestion is made for: a speaker's turn, or one sentence of it.
public enum SuggestionUnitKind: String, Sendable, CaseIterable, Codable {
    case sentence
    case turn
}

/// The units of one transcript: the participants' turns (the moderator's left out), or their sentences, as spans of
/// the transcript's text in Unicode scalar offsets, trimmed of white space.
public enum SuggestionUnits {
    /// - Parameters:
    ///   - scalars: the transcript's text.
    ///   - turns: the spans of the participants' turns; the transcript's lines when it has no turns.
    public static func spans(_ scalars: [Unicode.Scalar], turns: [Range<Int>]?, kind: SuggestionUnitKind) -> [Range<Int>] {
        let pieces = turns ?? lines(scalars)
        var result: [Range<Int>] = []
        for turn in pieces {
            guard turn.lowerBound >= 0, turn.upperBound <= scalars.count else { continue }
            let parts = kind == .turn ? [turn] : sentences(scalars, in: turn)
            for part in parts { if let span = trimmed(scalars, part) { result.append(span) } }
        }
        return result
    }

    /// The text's lines (a transcript without turns: one paragraph a turn).
    static func lines(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (i, scalar) in scalars.enumerated() where scalar == "\n" {
            result.append(start..<i)
            start = i + 1
        }
        result.append(start..<scalars.count)
        return result
    }

    /// A turn cut after each '.', '!', '?' or '…' that white space follows (an abbreviation then ends a sentence,
    /// as in most sentence splitters without a model; Kiss & Strunk 2006 for the better way).
    static func sentences(_ scalars: [Unicode.Scalar], in turn: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = turn.lowerBound
        var i = turn.lowerBound
        while i < turn.upperBound {
            let scalar = scalars[i]
            if ".!?…".unicodeScalars.contains(scalar) {
                var end = i + 1
                while end < turn.upperBound, ".!?…\"”')".unicodeScalars.contains(scalars[end]) { end += 1 }
                if end == turn.upperBound || scalars[end].properties.isWhitespace {
                    result.append(start..<end)
                    start = end
                    i = end
                    continue
                }
            }
            i += 1
        }
        if start < turn.upperBound { result.append(start..<turn.upperBound) }
        return result
    }

    /// The span without white space at either end; nil when it holds no letter or digit.
    static func trimmed(_ scalars: [Unicode.Scalar], _ span: Range<Int>) -> Range<Int>? {
        var lower = span.lowerBound
        var upper = span.upperBound
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        guard lower < upper, scalars[lower..<upper].contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return nil }
        return lower..<upper
    }

    /// Whether two spans share a character.
    public static func overlaps(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        a.lowerBound < b.upperBound && b.lowerBound < a.upperBound
    }
}
