import Testing
@testable import QualCoding

/// Documents as values, and the span-based agreements' units built from codes.
@Suite struct DocumentTests {
    static func document(_ participant: String, _ label: String = "") -> DocumentID { DocumentID(participant: participant, label: label) }

    @Test func documentsOrderByParticipantNaturallyThenLabel() {
        let sorted = [Self.document("P10"), Self.document("P2", "b"), Self.document("P2", "a"), Self.document("P2")].sorted()
        #expect(sorted == [Self.document("P2"), Self.document("P2", "a"), Self.document("P2", "b"), Self.document("P10")])
        #expect(Self.document("P4").description == "P4")
        #expect(Self.document("P4", "sessão 2").description == "P4 sessão 2")
        #expect(Self.document("P4", "x").key == "P4\u{1F}x", "the seed of exchange identifiers must not change")
    }

    @Test func passagesOnTheSameWordsShareAKey() {
        let a = CodedPassage(id: 1, excerptID: 10, participant: "P1", excerpt: "x", code: "c", categories: [], coder: "A",
                             document: Self.document("P1"), span: 3..<8)
        var b = a
        b.id = 2
        b.excerptID = 11
        b.coder = "B"
        #expect(a.key == b.key)
        b.span = 3..<9
        #expect(a.key != b.key)
        let loose = CodedPassage(id: 3, excerptID: 12, participant: "P1", excerpt: "y", code: "c", categories: [])
        #expect(loose.key == .excerpt(12))
    }

    static let codes = [
        CodedSpan(coder: "ana", document: document("P1"), categories: ["x", "y"], start: 0, end: 10),
        CodedSpan(coder: "Bia", document: document("P2"), categories: ["x"], start: 5, end: 9),
        CodedSpan(coder: "Bia", document: document("P2"), categories: ["x"], start: 7, end: 12),  // overlaps the one above
        CodedSpan(coder: "Caio", document: document("P1"), categories: ["x"], start: 0, end: 10),  // not a listed coder
        CodedSpan(coder: "Ana", document: document("P1"), categories: ["z"], start: nil, end: nil),  // placed in no transcript
        CodedSpan(coder: "Ana", document: document("P1"), categories: ["z"], start: 4, end: 4),  // no character
    ]

    @Test func segmentsOfTheTwoCodersOnePerCategory() {
        let segments = DocumentAgreement.segments(Self.codes, coders: ["Ana", "Bia"])
        #expect(segments.map(\.coder) == [0, 0, 1, 1])
        #expect(segments.map(\.category) == ["x", "y", "x", "x"])
        #expect(segments[2].document == Self.document("P2") && segments[2].start == 5 && segments[2].end == 9)
    }

    @Test func continuumLaysTranscriptsEndToEnd() {
        let continuum = UnitizingAlpha.Continuum([(Self.document("P1"), 20), (Self.document("P2"), 15)])
        #expect(continuum.length == 35)
        #expect(continuum.offsets == [Self.document("P1"): 0, Self.document("P2"): 20])
        let units = continuum.units(Self.codes, coders: ["Ana", "Bia"])
        // Bia's two overlapping spans of x in P2 (25..<29 and 27..<32 on the continuum) are one stretch.
        #expect(units.contains(.init(coder: 1, category: "x", start: 25, length: 7)))
        #expect(units.filter { $0.coder == 0 }.count == 2)
        #expect(units.count == 3)
    }

    @Test func documentLevelsCountUnitsByDocumentAndCategory() {
        let segments = DocumentAgreement.segments(Self.codes, coders: ["Ana", "Bia"])
        let result = DocumentAgreement(segments: segments, documents: [Self.document("P1"), Self.document("P2")], threshold: 0.9)
        // Units: {P1, P2} × {x, y}. Presence agrees on (P2, y) only; frequency counts units someone used: (P1, x), (P1, y), (P2, x).
        #expect(result.presence == .init(units: 4, agreeing: 1))
        #expect(result.frequency == .init(units: 3, agreeing: 0))
    }
}
