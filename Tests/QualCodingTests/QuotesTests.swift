import Foundation
import Testing
@testable import QualCoding

@Suite struct QuotesTests {
    let text = "Entrevistadora: Como foi?\nP1: Achei a documentação fraca. Faltou um exemplo de gesto, sabe? O resto foi fácil.\nEntrevistadora: E o vídeo?\n"

    func span(_ needle: String, in text: String) -> Range<Int> {
        let match = TextMatching.locate(needle, in: text)!
        return match.start..<match.end
    }

    @Test func readsContextSizes() {
        #expect(ContextSize(parsing: "30") == .words(30))
        #expect(ContextSize(parsing: "12w") == .words(12))
        #expect(ContextSize(parsing: "1s") == .sentences(1))
        #expect(ContextSize(parsing: "-2") == nil)
        #expect(ContextSize(parsing: "3x") == nil)
        #expect(ContextSize(parsing: "") == nil)
    }

    @Test func wordsAroundAQuoteStopAtTheTextAndCarryTheirPunctuation() {
        let transcript = TranscriptText(text: text)
        let quote = span("Faltou um exemplo de gesto", in: text)
        let three = TranscriptWords.context(of: quote, in: transcript, size: .words(3))
        #expect(three.before == "a documentação fraca.")
        #expect(three.after == ", sabe? O resto")
        #expect(three.moreBefore && three.moreAfter)
        let all = TranscriptWords.context(of: quote, in: transcript, size: .words(500))
        #expect(all.before == "Entrevistadora: Como foi? P1: Achei a documentação fraca.")
        #expect(all.after == ", sabe? O resto foi fácil. Entrevistadora: E o vídeo?")
        #expect(!all.moreBefore && !all.moreAfter)
        // Words joined by a hyphen or an apostrophe are one word.
        #expect(TranscriptWords.words("guarda-chuva d'água, 3 vezes") == ["guarda-chuva", "d'água", "3", "vezes"])
    }

    @Test func sentencesAroundAQuoteFollowStopsAndLineBreaks() {
        let transcript = TranscriptText(text: text)
        let quote = span("exemplo de gesto", in: text)
        let none = TranscriptWords.context(of: quote, in: transcript, size: .sentences(0))
        #expect(none.before == "Faltou um")
        #expect(none.after == ", sabe?")
        let one = TranscriptWords.context(of: quote, in: transcript, size: .sentences(1))
        #expect(one.before == "P1: Achei a documentação fraca. Faltou um")
        #expect(one.after == ", sabe? O resto foi fácil.")
        let two = TranscriptWords.context(of: quote, in: transcript, size: .sentences(2))
        #expect(two.before == "Entrevistadora: Como foi? P1: Achei a documentação fraca. Faltou um")
        #expect(two.after == ", sabe? O resto foi fácil. Entrevistadora: E o vídeo?")
        #expect(!two.moreBefore && !two.moreAfter)
    }

    func passages() -> [CodedPassage] {
        [CodedPassage(id: 1, excerptID: 10, participant: "P1", excerpt: "documentação fraca", code: "fraca", categories: ["Doc"],
                      document: DocumentID(participant: "P1", label: ""), span: span("documentação fraca", in: text)),
         CodedPassage(id: 2, excerptID: 11, participant: "P1", excerpt: "fraca. Faltou um exemplo", code: "exemplo", categories: ["Exemplos"],
                      document: DocumentID(participant: "P1", label: ""), span: span("fraca. Faltou um exemplo", in: text)),
         CodedPassage(id: 3, excerptID: 12, participant: "P1", excerpt: "O resto foi fácil", code: "fácil", categories: ["Facilidade"],
                      document: DocumentID(participant: "P1", label: ""), span: span("O resto foi fácil", in: text)),
         CodedPassage(id: 4, excerptID: 13, participant: "P2", excerpt: "sem exemplo", code: "sem exemplo", categories: ["Exemplos", "Doc"]),
         CodedPassage(id: 5, excerptID: 14, participant: "P3", excerpt: "documentação boa", code: "boa", categories: ["Doc"])]
    }

    @Test func selectsByCategoryAttributeAndOverlappingCodes() {
        let attributes = ["P1": ["level": "Iniciante"], "P2": ["level": "Avançado"], "P3": ["level": "Iniciante"]]
        let all = passages()
        #expect(QuoteSelection.select(all, query: QuoteQuery(categories: ["doc"]), attributes: attributes).map(\.id) == [1, 4, 5])
        #expect(QuoteSelection.select(all, query: QuoteQuery(categories: ["Doc"], attributes: [("LEVEL", "iniciante")]), attributes: attributes)
            .map(\.id) == [1, 5])
        // All of Doc and Exemplos: passage 1 overlaps passage 2 ("fraca"); 4 is one excerpt coded both; 5 has no Exemplos.
        #expect(QuoteSelection.select(all, query: QuoteQuery(categories: ["Doc"], allOf: ["Doc", "Exemplos"]), attributes: attributes)
            .map(\.id) == [1, 4])
        #expect(QuoteSelection.select(all, query: QuoteQuery(categories: ["Doc"], noneOf: ["Exemplos"]), attributes: attributes).map(\.id) == [5])
        // Participants who raised both in separate answers do not count: P1's "fácil" meets nothing.
        #expect(QuoteSelection.select(all, query: QuoteQuery(allOf: ["Facilidade", "Doc"]), attributes: attributes).isEmpty)
    }

    @Test func cooccurrenceByOverlapDistanceAndTurn() {
        let transcript = TranscriptText(text: text, turns: [
            .init(span: 16..<25, moderator: true), .init(span: span("Achei a documentação fraca. Faltou um exemplo de gesto, sabe? O resto foi fácil.", in: text), moderator: false)])
        let categories = ["Doc", "Exemplos", "Facilidade"]
        let overlap = PassageCooccurrence.matrix(passages(), categories: categories, proximity: .overlap, transcripts: [DocumentID(participant: "P1", label: ""): transcript])
        // Diagonal: passages coded Doc (1, 4, 5), Exemplos (2, 4), Facilidade (3). Doc–Exemplos: 1 with 2, and 4 alone.
        #expect(overlap == [[3, 2, 0], [2, 2, 0], [0, 0, 1]])
        // "O resto foi fácil" lies 3 words ("de gesto sabe") after passage 2 and 6 after passage 1.
        let within3 = PassageCooccurrence.matrix(passages(), categories: categories, proximity: .within(words: 3), transcripts: [DocumentID(participant: "P1", label: ""): transcript])
        #expect(within3[1][2] == 1 && within3[0][2] == 0)
        let within6 = PassageCooccurrence.matrix(passages(), categories: categories, proximity: .within(words: 6), transcripts: [DocumentID(participant: "P1", label: ""): transcript])
        #expect(within6[1][2] == 1 && within6[0][2] == 1)
        let turn = PassageCooccurrence.matrix(passages(), categories: categories, proximity: .sameTurn, transcripts: [DocumentID(participant: "P1", label: ""): transcript])
        #expect(turn == [[3, 2, 1], [2, 2, 1], [1, 1, 1]])
    }

    @Test func wordFrequencyLeavesOutStopWordsAndCountsPerGroup() {
        let stop = StopWords.parse("# comentário\na\nde\num # artigo\n")
        #expect(stop == ["a", "de", "um"])
        let frequency = WordFrequency(texts: [("P1", "Faltou um exemplo de código"), ("P2", "Exemplo, exemplo e vídeo"), ("P3", "Código")],
                                      stopWords: stop.union(["e"]), group: ["P1": "Iniciante", "P2": "Avançado", "P3": "Iniciante"],
                                      groupOrder: ["Iniciante", "Avançado"], top: 3)
        #expect(frequency.groups == ["Iniciante", "Avançado"])
        #expect(frequency.rows.map(\.word) == ["exemplo", "código", "faltou"])
        #expect(frequency.rows[0].count == 3 && frequency.rows[0].participants == 2 && frequency.rows[0].groups == [1, 2])
        #expect(frequency.rows[1].groups == [2, 0])
        #expect(frequency.words == 7)
    }

    @Test func participantWordsLeaveOutTheModerator() {
        let transcript = TranscriptText(text: "M: Oi?\nP1: Tudo certo.\n", turns: [.init(span: 3..<6, moderator: true), .init(span: 11..<22, moderator: false)])
        #expect(transcript.participantWords == "Tudo certo.")
    }
}
