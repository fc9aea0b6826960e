import Foundation
import Testing
@testable import Wording

/// The shipped vocabularies (`Sources/Wording/Vocabulary`): each read, each word written as readers compare it, and
/// the words of every language asked for in the languages' order.
@Suite struct VocabularyTests {
    static let shipped = ["pt-BR", "en"]

    @Test(arguments: shipped) func everyShippedVocabularyIsReadAndItsWordsAreFolded(tag: String) throws {
        let file = try #require(Vocabulary.shipped(tag), "no Vocabulary/\(tag).json in the bundle")
        let vocabulary = try Vocabulary(contentsOf: file)
        #expect(vocabulary.words.count > 40)
        for (meaning, words) in vocabulary.words {
            #expect(!words.isEmpty, "\(tag): \(meaning) has no words")
            #expect(Set(words).count == words.count, "\(tag): \(meaning) repeats a word")
            for word in words {
                // Readers fold the input (lowercase, no accents, single spaces) and compare it with the words as written.
                let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
                    .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                #expect(word == folded, "\(tag): '\(word)' (\(meaning)) is not written folded: '\(folded)'")
            }
        }
    }

    @Test func theShippedLanguagesMeanTheSameThings() throws {
        let meanings = try Self.shipped.map { Set(try Vocabulary(contentsOf: try #require(Vocabulary.shipped($0))).words.keys) }
        #expect(meanings[0] == meanings[1], "meanings in one language only: \(meanings[0].symmetricDifference(meanings[1]).sorted())")
    }

    @Test func knownWordsAreEveryLanguagesInTheLanguagesOrder() {
        #expect(StudyLanguage.ptBR.vocabulary["outcome.gaveUp"] == ["desistiu", "desistencia", "desistencia / abandono"])
        #expect(StudyLanguage.en.vocabulary["outcome.gaveUp"].first == "gave up")
        // Portuguese first, then English: the order `responses import` lists accepted scale labels in.
        #expect(Array(Vocabulary.known("agreement.5.1").prefix(4)) == ["discordo totalmente", "discordo fortemente", "discordo completamente", "strongly disagree"])
        #expect(Vocabulary.knownSet("speaker.moderator").isSuperset(of: ["entrevistadora", "interviewer"]))
        #expect(Vocabulary.known("no such meaning").isEmpty)
    }
}
