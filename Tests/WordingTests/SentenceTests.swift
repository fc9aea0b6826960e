import Foundation
import Testing
@testable import Wording

/// A sentence keeps its English pattern and its arguments; a catalog (here a dictionary) words it in another language.
@Suite struct SentenceTests {
    /// A small catalog, as the real one maps English patterns to Brazilian Portuguese.
    static let portuguese: [String: String] = [
        "%@ participants in %@": "%@ participantes em %@",
        "Task %@ took %@ s for %@": "%3$@ levou %2$@ s na tarefa %1$@",
        "%@%% completed": "%@%% concluíram",
        "Could not import %@: %@": "Não foi possível importar %@: %@",
        "the file is empty": "o arquivo está vazio",
        "Mean %@": "Média %@",
        "Overall": "Geral",
        "Done.": "Pronto.",
        " ": " ",
    ]

    static let catalog = MessageCatalog(entries: portuguese.mapValues { MessageCatalog.Entry(forms: [$0]) }, pluralRule: .germanic)

    /// The sentence worded from the small catalog, in Brazilian Portuguese's record (decimal comma).
    static func pt(_ sentence: Sentence) -> String {
        sentence.worded(catalog: catalog, language: .ptBR)
    }

    @Test func interpolationKeepsThePatternAndTheArguments() {
        let file = "p1.csv"
        let sentence: Sentence = "\(12) participants in \(file)"
        #expect(sentence.pattern == "%@ participants in %@")
        #expect(sentence.arguments == [.text("12"), .text("p1.csv")])
        #expect(sentence.description == "12 participants in p1.csv")
        #expect(Self.pt(sentence) == "12 participantes em p1.csv")
    }

    @Test func anUnknownPatternStaysEnglish() {
        let sentence: Sentence = "Nothing to say about \("P3")"
        #expect(Self.pt(sentence) == "Nothing to say about P3")
    }

    @Test func numberedPlaceholdersReorderTheArguments() {
        let sentence: Sentence = "Task \("T2") took \(number: "12.5") s for \("P4")"
        #expect(sentence.description == "Task T2 took 12.5 s for P4")
        #expect(Self.pt(sentence) == "P4 levou 12,5 s na tarefa T2")
        // Numbered places may repeat an argument or leave one out.
        #expect(Sentence.fill("%2$@/%2$@ (%1$@)", with: ["a", "b"]) == "b/b (a)")
        #expect(Sentence.fill("%3$@ only", with: ["a", "b", "c"]) == "c only")
        #expect(Sentence.fill("%4$@?", with: ["a"]) == "?", "a place past the arguments is left empty")
    }

    @Test func aPercentSignIsWrittenTwiceInThePattern() {
        let sentence: Sentence = "\(number: "87.5")% completed"
        #expect(sentence.pattern == "%@%% completed")
        #expect(sentence.description == "87.5% completed")
        #expect(Self.pt(sentence) == "87,5% concluíram")
        let literal: Sentence = "100% sure, 50%% of the time"
        #expect(literal.pattern == "100%% sure, 50%%%% of the time")
        #expect(literal.description == "100% sure, 50%% of the time")
        #expect(Sentence.fill("50 %% e %d", with: []) == "50 % e %d", "an unknown marker is kept as written")
    }

    @Test func aNestedSentenceIsWordedOnItsOwn() {
        let reason: Sentence = "the file is empty"
        let sentence: Sentence = "Could not import \("answers.csv"): \(reason)"
        #expect(sentence.arguments == [.text("answers.csv"), .sentence(reason)])
        #expect(sentence.description == "Could not import answers.csv: the file is empty")
        #expect(Self.pt(sentence) == "Não foi possível importar answers.csv: o arquivo está vazio")
        // Two levels deep, with a number at the bottom.
        let mean: Sentence = "Mean \(number: "3.75")"
        let outer: Sentence = "Could not import \("x.csv"): \(mean)"
        #expect(Self.pt(outer) == "Não foi possível importar x.csv: Média 3,75")
    }

    @Test func numbersTakeTheDecimalMarkOfTheLanguagesRecord() {
        let sentence: Sentence = "Mean \(number: "80.625")"
        #expect(sentence.worded(catalog: Self.catalog, language: .en) == "Média 80.625")
        #expect(sentence.worded(catalog: Self.catalog, language: .ptBR) == "Média 80,625")
        let share: Sentence = "\(percent: "12.5")"
        #expect(share.text(.en) == "12.5%" && share.text(.ptBR) == "12,5 %")
        // A text argument is the study's own and keeps its point (a file name, a version).
        let text: Sentence = "Mean \("v1.2")"
        #expect(Self.pt(text) == "Média v1.2")
    }

    struct EmptyFile: WordedError { var sentence: Sentence { "the file is empty" } }
    struct Plain: Error, LocalizedError { var errorDescription: String? { "disk full" } }
    struct SelfWorded: Error, LanguageWorded {
        func text(_ language: StudyLanguage) -> String { language == .en ? "disk full" : "disco cheio" }
    }

    @Test func anErrorInsideASentenceIsWordedByItsOwnSentence() {
        let worded: Sentence = "Could not import \("a.csv"): \(failure: EmptyFile())"
        #expect(worded.description == "Could not import a.csv: the file is empty")
        #expect(Self.pt(worded) == "Não foi possível importar a.csv: o arquivo está vazio")
        let plain: Sentence = "Could not import \("a.csv"): \(failure: Plain())"
        #expect(Self.pt(plain) == "Não foi possível importar a.csv: disk full", "an error with no sentence keeps its English")
        let selfWorded: Sentence = "Could not import \("a.csv"): \(failure: SelfWorded())"
        #expect(Self.pt(selfWorded) == "Não foi possível importar a.csv: disco cheio", "an error that words itself is asked in the language")
    }

    @Test func verbatimTextIsNeverTranslated() {
        let sentence = Sentence(verbatim: "Overall 50%")
        #expect(sentence.pattern == "%@")
        #expect(Self.pt(sentence) == "Overall 50%")
        #expect(Self.pt("Overall") == "Geral")
    }

    @Test func joinedSentencesAreWordedPartByPart() {
        let joined = Sentence.joined(["Overall", "Done."], separator: " ")
        #expect(joined.description == "Overall Done.")
        #expect(Self.pt(joined) == "Geral Pronto.")
        #expect(Self.pt(("Overall" as Sentence) + " " + "Done.") == "Geral Pronto.")
        #expect(Sentence.joined([]).description == "")
    }

    @Test func sentencesAreEqualWhenTheySayTheSameInEnglish() {
        let built: Sentence = "\(12) participants in \("a.csv")"
        let literal: Sentence = "12 participants in a.csv"
        #expect(built == literal)
        #expect(Set([built, literal]).count == 1)
        #expect(built != ("12 participants in b.csv" as Sentence))
    }
}
