import Foundation
import QualCoding
import Testing
@testable import StudyStore

/// Word times in the study: kept with the transcript, read back, checked against its text, gone with it.
@Suite struct WordTimeStoreTests {
    static let text = "Ana: How was it?\n\nRui: The menu hides.\n"
    static let turns = [TranscriptTurn(speaker: "Ana", start: 0, end: 1000, span: 5..<16), TranscriptTurn(speaker: "Rui", start: 2000, end: 4000, span: 23..<38)]
    static let words = [TimedWord(span: 23..<26, start: 2000, end: 2200, score: 0.9), TimedWord(span: 27..<31, start: 2300, end: 2900),
                        TimedWord(span: 32..<38, start: 3100, end: 3900, score: 0.75)]

    @Test func wordsAreKeptCheckedAndTimeTheirExcerpts() throws {
        let folder = try TemporaryFolder()
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addCategory(name: "Menu", definition: nil, origin: .emergent)
        let before = try study.dump()
        // A word outside the text, or before the one ahead of it, is refused with nothing stored.
        for bad in [[TimedWord(span: 30..<60, start: 0, end: 1)], [Self.words[1], Self.words[0]]] {
            #expect(throws: StoreError.self) {
                try study.addTranscript(participant: "P1", text: Self.text, timing: TranscriptTiming(turns: Self.turns, words: bad))
            }
        }
        #expect(try study.dump() == before)
        try study.addTranscript(participant: "P1", text: Self.text, timing: TranscriptTiming(turns: Self.turns, roles: ["Ana": .moderator], words: Self.words))
        #expect(try study.transcriptDetails(participant: "P1").words == Self.words)
        try study.addCode(CodeEntry(participant: "P1", excerpt: "menu hides", code: "menu hides", categories: ["Menu"]))
        let code = try #require(try study.codes().first)
        #expect(code.startTime == 2.3 && code.endTime == 3.9 && code.timeBasis == .words)
        // Replaced by a transcript without word times: the words go, and the excerpt takes its share of the turn.
        try study.addTranscript(participant: "P1", text: Self.text, replace: true, timing: TranscriptTiming(turns: Self.turns, roles: ["Ana": .moderator]))
        #expect(try study.transcriptDetails(participant: "P1").words.isEmpty)
        let shared = try #require(try study.codes().first)
        #expect(shared.timeBasis == .share && shared.startTime == 2.533 && shared.endTime == 3.867, "\(shared)")
    }

    /// The one rule of an excerpt's time: a turn without an end gives the whole turn; a span between turns (a
    /// speaker's label) is the next turn's; no timed turn, no time.
    @Test func excerptTimingEdges() {
        let open = [TranscriptTurn(speaker: "Rui", start: 2000, end: nil, span: 23..<38)]
        #expect(ExcerptTiming.time(of: 27..<31, turns: open) == .init(start: 2000, end: 2000, basis: .turn))
        #expect(ExcerptTiming.time(of: 18..<21, turns: Self.turns) == .init(start: 2000, end: 4000, basis: .turn))
        #expect(ExcerptTiming.time(of: 27..<31, turns: [TranscriptTurn(speaker: nil, start: nil, end: nil, span: 0..<40)]) == nil)
        // Across two turns: from its share of the first to its share of the second.
        #expect(ExcerptTiming.time(of: 10..<27, turns: Self.turns) == .init(start: 455, end: 2533, basis: .share))
    }
}
