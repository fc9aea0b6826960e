import Foundation
import Testing
@testable import Wording

/// A language's one list of function words: every word a stop word, the `[items]`-marked ones also left out when
/// form headers are matched to item texts.
@Suite struct StopWordListTests {
    @Test func marksCommentsAndCaseAreRead() {
        let list = StopWordList(parsing: "# a comment\nThe [items]\n  À   [items]  # marked, with a comment\nnot\n\n não\nword#comment\n")
        #expect(list.words == ["the", "à", "not", "não", "word"])
        // Item-matching words are compared as headers are: lowercase, accents removed.
        #expect(list.itemMatching == ["the", "a"])
    }

    /// The shipped lists keep negations out of item matching: "not" and "não" tell SUS's positive and negative items apart.
    @Test func shippedNegationsAreStopWordsButNotItemWords() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("templates/stopwords")
        let english = try StopWordList(contentsOf: folder.appendingPathComponent("en.txt"))
        let portuguese = try StopWordList(contentsOf: folder.appendingPathComponent("pt-BR.txt"))
        #expect(english.words.isSuperset(of: ["not", "no", "the"]) && portuguese.words.isSuperset(of: ["não", "nem", "o"]))
        #expect(english.itemMatching == ["a", "the", "i", "to", "of", "this", "that", "was", "in", "an", "it", "be", "would", "is", "and"])
        #expect(portuguese.itemMatching == ["a", "o", "as", "os", "e", "de", "do", "da", "dos", "das", "que", "eu", "um", "uma", "com", "para",
                                            "em", "no", "na", "me", "se", "ao"])
    }
}
