import Foundation
import Testing
@testable import QualCoding

@Suite struct TranscriptSearchTests {
    /// Hits line by line as `grep -P -o` finds them: offsets in scalars of the whole text (an emoji is one), line and
    /// column, the words around; a match never runs over a line break and `^` anchors at each line.
    @Test func hitsLineByLineWithScalarOffsets() throws {
        let text = "Ana: 👍 o menu some\nJoão: o menu sumiu, menu!\nmenu"
        let hits = TranscriptSearch.hits(in: text, regex: try TranscriptSearch.compile("menu", ignoreCase: false), context: 5)
        #expect(hits.map(\.start) == [9, 27, 39, 45])
        #expect(hits.map { "\($0.line):\($0.column)" } == ["1:10", "2:9", "2:21", "3:1"])
        #expect(hits.allSatisfy { $0.text == "menu" })
        let scalars = Array(text.unicodeScalars)
        for hit in hits { #expect(String(String.UnicodeScalarView(scalars[hit.span])) == "menu") }
        #expect(hits[0].before == " 👍 o " && hits[0].after == " some")
        // \s cannot join two lines; ^ anchors at each line's start.
        #expect(TranscriptSearch.hits(in: text, regex: try TranscriptSearch.compile("some\\s+João", ignoreCase: false)).isEmpty)
        #expect(TranscriptSearch.hits(in: text, regex: try TranscriptSearch.compile("^\\w+", ignoreCase: false)).map(\.text) == ["Ana", "João", "menu"])
        // Empty matches are no hits (grep -o prints none).
        #expect(TranscriptSearch.hits(in: text, regex: try TranscriptSearch.compile("x*", ignoreCase: false)).isEmpty)
        #expect(TranscriptSearch.hits(in: "Menu MENU menu", regex: try TranscriptSearch.compile("menu", ignoreCase: true)).count == 3)
    }

    /// --speaker keeps the hits inside that speaker's turns (their words, not the 'Name:' label), name compared
    /// ignoring case and accents; each hit names the speaker of its turn.
    @Test func speakerFilter() throws {
        let text = "Ana: o menu?\nJoão: o menu sumiu."
        let turns = [TranscriptTurn(speaker: "Ana", start: nil, end: nil, span: 5..<12), TranscriptTurn(speaker: "João", start: nil, end: nil, span: 19..<32)]
        let regex = try TranscriptSearch.compile("menu|Ana|João", ignoreCase: false)
        #expect(TranscriptSearch.hits(in: text, regex: regex, turns: turns).map(\.text) == ["Ana", "menu", "João", "menu"])
        let joao = TranscriptSearch.hits(in: text, regex: regex, turns: turns, speaker: "joao")
        #expect(joao.map(\.start) == [21] && joao.map(\.speaker) == ["João"])
    }

    @Test func invalidPatternIsRefused() {
        #expect(throws: SearchPatternError.self) { try TranscriptSearch.compile("(menu", ignoreCase: false) }
        #expect(throws: SearchPatternError.self) { try TranscriptSearch.compile("", ignoreCase: false) }
    }
}
