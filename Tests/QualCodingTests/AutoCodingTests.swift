import Foundation
import Testing
@testable import QualCoding

/// The one rule auto-coding follows (command line and page alike): a hit trimmed to its words, widened to a unit.
@Suite struct AutoCodingTests {
    /// A transcript laid out as studyctl lays out a focus group: each turn a paragraph after its speaker's label.
    static let text = "Mod: Tell me about loans.\n\nBob: I get loans offers every day. Stop sending me loans!\nIt is \"too much.\" Really.\n\nSam: Loans, loans."
    static var scalars: [Unicode.Scalar] { Array(text.unicodeScalars) }

    func offset(of words: String, occurrence: Int = 0) -> Range<Int> {
        var from = text.startIndex
        var found = text.range(of: words)!
        for _ in 0..<occurrence {
            from = found.upperBound
            found = text.range(of: words, range: from..<text.endIndex)!
        }
        let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.lowerBound)
        return start..<(start + words.unicodeScalars.count)
    }

    var text: String { Self.text }
    func words(_ span: Range<Int>) -> String { String(String.UnicodeScalarView(Self.scalars[span])) }

    /// Turns of the text above (the labels are not their words).
    var turns: [TranscriptTurn] {
        [TranscriptTurn(speaker: "Mod", start: 0, end: 1000, span: offset(of: "Tell me about loans.")),
         TranscriptTurn(speaker: "Bob", start: 1000, end: 5000, span: offset(of: "I get loans offers every day. Stop sending me loans!\nIt is \"too much.\" Really.")),
         TranscriptTurn(speaker: "Sam", start: 5000, end: 6000, span: offset(of: "Loans, loans."))]
    }

    /// A hit that begins with a space or ends with punctuation codes its words; one of punctuation only codes nothing.
    @Test func hitsAreTrimmedToTheirWords() throws {
        let hit = offset(of: " Stop sending")
        let passage = try AutoCoding.passage(of: hit, unit: .words, in: Self.scalars, turns: turns).get()
        #expect(words(passage.words) == "Stop sending" && passage.passage == passage.words)
        let comma = offset(of: "Loans, ")
        #expect(words(try AutoCoding.passage(of: comma, unit: .words, in: Self.scalars, turns: turns).get().words) == "Loans")
        let marks = offset(of: "!\n")
        #expect(AutoCoding.passage(of: marks, unit: .words, in: Self.scalars, turns: turns) == .failure(.noWords))
        #expect(AutoCoding.words(0..<0, in: Self.scalars) == nil)
    }

    /// The sentence holding a hit: from after the sentence before it to its own end mark (closing quotes kept), never
    /// past the speaker's turn; two hits of one sentence widen to the same passage.
    @Test func aSentenceEndsAtItsMark() throws {
        let first = try AutoCoding.passage(of: offset(of: "loans", occurrence: 1), unit: .sentence, in: Self.scalars, turns: turns).get()
        #expect(words(first.passage) == "I get loans offers every day.")
        #expect(words(first.words) == "loans")
        let second = try AutoCoding.passage(of: offset(of: "loans", occurrence: 2), unit: .sentence, in: Self.scalars, turns: turns).get()
        #expect(words(second.passage) == "Stop sending me loans!")
        let quoted = try AutoCoding.passage(of: offset(of: "too"), unit: .sentence, in: Self.scalars, turns: turns).get()
        #expect(words(quoted.passage) == "It is \"too much.\"")
        let both = [offset(of: "Loans"), offset(of: "loans", occurrence: 3)].map {
            try? AutoCoding.passage(of: $0, unit: .sentence, in: Self.scalars, turns: turns).get().passage
        }
        #expect(both[0] != nil && both[0] == both[1] && words(both[0]!) == "Loans, loans.")
        // The moderator's sentence stays in the moderator's turn (the label before it is not part of it).
        let question = try AutoCoding.passage(of: offset(of: "loans"), unit: .sentence, in: Self.scalars, turns: turns).get()
        #expect(words(question.passage) == "Tell me about loans.")
    }

    /// A turn is the speaker's words; a paragraph the run of one speaker's turns between blank lines; without turns,
    /// the lines between blank lines (or up to the next speaker's label), the label left out.
    @Test func turnsAndParagraphs() throws {
        let hit = offset(of: "Really")
        let turn = try AutoCoding.passage(of: hit, unit: .turn, in: Self.scalars, turns: turns).get()
        #expect(words(turn.passage) == "I get loans offers every day. Stop sending me loans!\nIt is \"too much.\" Really.")
        let paragraph = try AutoCoding.passage(of: hit, unit: .paragraph, in: Self.scalars, turns: turns).get()
        #expect(paragraph.passage == turn.passage)
        let plain = "Entrevistadora: Como foi?\nP1: Achei o menu confuso. Depois melhorou.\nEntrevistadora: E a busca?"
        let plainScalars = Array(plain.unicodeScalars)
        let start = plain.unicodeScalars.distance(from: plain.unicodeScalars.startIndex, to: plain.range(of: "menu")!.lowerBound)
        let line = try AutoCoding.passage(of: start..<(start + 4), unit: .paragraph, in: plainScalars, turns: []).get()
        #expect(String(String.UnicodeScalarView(plainScalars[line.passage])) == "Achei o menu confuso. Depois melhorou.")
        let sentence = try AutoCoding.passage(of: start..<(start + 4), unit: .sentence, in: plainScalars, turns: []).get()
        #expect(String(String.UnicodeScalarView(plainScalars[sentence.passage])) == "Achei o menu confuso.")
        // Without turns a turn is the paragraph.
        #expect(try AutoCoding.passage(of: start..<(start + 4), unit: .turn, in: plainScalars, turns: []).get() == line)
    }
}
