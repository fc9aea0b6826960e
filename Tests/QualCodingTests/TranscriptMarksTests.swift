import Testing
@testable import QualCoding

@Suite struct TranscriptMarksTests {
    @Test func marksPassagesByScalarOffsetsNestedAndTouching() {
        // "👍" is one scalar: "menu" is 4–8, "menu some" 4–13, "fim" 14–17.
        let text = "👍 o menu some fim"
        let marked = TranscriptMarks.mark(text, passages: [.init(start: 4, end: 8, note: 1), .init(start: 4, end: 13, note: 2),
                                                           .init(start: 14, end: 17, note: 3)])
        #expect(marked == "👍 o ⟦⟦menu⟧[1] some⟧[2] ⟦fim⟧[3]")
        // Out-of-range or empty passages are left unmarked rather than trusted.
        #expect(TranscriptMarks.mark("abc", passages: [.init(start: 2, end: 9, note: 1), .init(start: 1, end: 1, note: 2)]) == "abc")
    }
}
