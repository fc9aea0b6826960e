import Foundation

/// A language's stop words: the words left out when words are counted (`codes words`), learnt from (`code
/// suggest`'s features) or compared in a quote book, and — those marked `[items]` — the function words left out
/// when `import form` matches a form's column headers to an instrument's item texts.
///
/// One file per language, one word a line, `#` starting a comment; a word followed by `[items]` is also an
/// item-matching word. Negations ("not", "não") stay unmarked: they tell a questionnaire's positive and negative
/// items apart. The shipped lists are `templates/stopwords/<tag>.txt`; a language registered at run time brings
/// its own (`StudyLanguage.register(_:catalog:vocabulary:stopWords:instrumentWordings:)`).
public struct StopWordList: Sendable, Equatable {
    /// Every stop word, in canonical composition (NFC), lowercased.
    public let words: Set<String>
    /// The words marked `[items]`, lowercased with accents removed (as item texts and headers are compared).
    public let itemMatching: Set<String>

    /// The mark that makes a stop word an item-matching word too.
    public static let itemMark = "[items]"

    public init(words: Set<String>, itemMatching: Set<String> = []) {
        self.words = words
        self.itemMatching = itemMatching
    }

    /// Reads a list's text.
    public init(parsing text: String) {
        var words: Set<String> = []
        var itemMatching: Set<String> = []
        for line in text.split(whereSeparator: \.isNewline) {
            var entry = (line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
                .trimmingCharacters(in: .whitespaces)
            var marked = false
            if entry.hasSuffix(Self.itemMark) {
                marked = true
                entry = String(entry.dropLast(Self.itemMark.count)).trimmingCharacters(in: .whitespaces)
            }
            let word = entry.precomposedStringWithCanonicalMapping.lowercased()
            guard !word.isEmpty else { continue }
            words.insert(word)
            if marked { itemMatching.insert(word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)) }
        }
        self.words = words
        self.itemMatching = itemMatching
    }

    /// Reads a list file.
    public init(contentsOf file: URL) throws {
        self.init(parsing: try String(contentsOf: file, encoding: .utf8))
    }
}
