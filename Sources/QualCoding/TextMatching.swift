import Foundation

/// How verbatim text is compared: transcripts and excerpts are stored in Unicode NFC, and a looser match
/// ignores case, accents and runs of white space (line breaks in a transcript).
public enum TextMatching {
    /// The text in canonical composition (NFC), so "é" typed either way compares equal.
    ///
    /// Foundation's NFC takes time quadratic in the length of decomposed input (5.5 MB of NFD text: minutes), so
    /// long text is normalised in pieces cut just before an ASCII space or line break. Those are starters that
    /// take part in no canonical composition and stop canonical reordering, so NFC(a + " " + b) = NFC(a) + " " +
    /// NFC(b) (UAX #15, "Stable Code Points") and the result is exactly that of normalising the whole text.
    public static func nfc(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if text.utf8.count < 4_096 || text.utf8.allSatisfy({ $0 < 0x80 }) { return text.precomposedStringWithCanonicalMapping }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var start = scalars.startIndex
        var length = 0
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if length >= 1_024, scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result += String(scalars[start..<index]).precomposedStringWithCanonicalMapping
                start = index
                length = 0
            }
            length += 1
            index = scalars.index(after: index)
        }
        result += String(scalars[start..<scalars.endIndex]).precomposedStringWithCanonicalMapping
        return result
    }

    /// Lowercased, without accents, white space collapsed.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .lowercased()
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
    }

    /// Where `needle` occurs in `haystack`.
    public struct Match: Sendable, Equatable {
        /// Offsets in Unicode scalars of the NFC haystack: start and end (exclusive).
        public var start: Int
        public var end: Int
        /// Whether the text matched exactly (otherwise ignoring case, accents and spacing).
        public var exact: Bool
        /// The matched passage as it stands in the haystack.
        public var passage: String
    }

    /// Finds `needle` in `haystack`: exactly first, then ignoring case, accents and spacing.
    public static func locate(_ needle: String, in haystack: String) -> Match? {
        let text = nfc(haystack)
        let wanted = nfc(needle).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !wanted.isEmpty else { return nil }
        let scalars = Array(text.unicodeScalars)
        if let range = text.range(of: wanted) {
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.lowerBound)
            let end = start + wanted.unicodeScalars.count
            return Match(start: start, end: end, exact: true, passage: String(text[range]))
        }
        // Fold scalar by scalar, remembering where each folded scalar came from.
        var folded: [Unicode.Scalar] = []
        var origin: [Int] = []
        var lastWasSpace = true
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { folded.append(" "); origin.append(index) }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            for piece in fold(String(scalar)).unicodeScalars {
                folded.append(piece)
                origin.append(index)
            }
        }
        let target = Array(fold(wanted).unicodeScalars)
        guard !target.isEmpty, target.count <= folded.count else { return nil }
        outer: for start in 0...(folded.count - target.count) {
            for offset in 0..<target.count where folded[start + offset] != target[offset] { continue outer }
            let first = origin[start]
            let last = origin[start + target.count - 1] + 1
            let passage = String(String.UnicodeScalarView(scalars[first..<last]))
            return Match(start: first, end: last, exact: false, passage: passage)
        }
        return nil
    }

    /// The passage of `haystack` most like `needle`: the window of as many words that shares the most words
    /// with it (for telling a researcher where an excerpt that was not found probably is).
    public static func closestPassage(to needle: String, in haystack: String) -> String? {
        closestPassage(to: needle, in: [haystack])
    }

    /// The passage most like `needle` in any of `passages` (a transcript's turns, each its words without its speaker's
    /// label): a window never runs from one passage into the next; the first best one wins.
    public static func closestPassage(to needle: String, in passages: [String]) -> String? {
        var best: (passage: String, score: Int)?
        for passage in passages {
            if let found = scoredPassage(to: needle, in: passage), found.score > (best?.score ?? 0) { best = found }
        }
        return best?.passage
    }

    static func scoredPassage(to needle: String, in haystack: String) -> (passage: String, score: Int)? {
        let words = nfc(haystack).split(whereSeparator: { $0.isWhitespace }).map(String.init)
        func word(_ text: String) -> String { fold(text).trimmingCharacters(in: .punctuationCharacters) }
        let wanted = fold(needle).split(separator: " ").map { word(String($0)) }
        guard !words.isEmpty, !wanted.isEmpty else { return nil }
        let foldedWords = words.map(word)
        let size = min(words.count, max(1, wanted.count + 2))
        let wantedSet = Set(wanted)
        var best = 0
        var bestScore = -1
        for start in 0...(words.count - size) {
            let window = foldedWords[start..<start + size]
            let score = window.filter { wantedSet.contains($0) }.count
            if score > bestScore {
                best = start
                bestScore = score
            }
        }
        guard bestScore > 0 else { return nil }
        return (words[best..<best + size].joined(separator: " "), bestScore)
    }
}
