import Foundation
import Media
import QualCoding
import Surveys
import Testing
@testable import StudyStore

/// Recordings in the store: placed on a session's clock by a sync point, linked to their transcript (a replaced
/// transcript keeps the link), refused where they do not fit, and the excerpts a clip can be cut for.
@Suite struct MediaStoreTests {
    static let facts = MediaFacts(kind: .video, durationMs: 60_000, container: "mov,mp4,m4a,3gp,3g2,mj2", videoCodec: "h264", audioCodec: "aac",
                                  width: 640, height: 360)
    static let print = FileFingerprint(size: 1234, sha256: String(repeating: "ab", count: 32), modified: 1_800_000_000)

    func study(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addParticipant(code: "P2", attributes: [])
        try study.addTask(key: "T1", title: "Encontrar o menu")
        try study.addTask(key: "T2", title: "Trocar a cor")
        return study
    }

    /// Where `words` lie in `text`, in Unicode scalars.
    static func span(_ words: String, in text: String) -> Range<Int> {
        let start = text.range(of: words)!.lowerBound
        let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: start)
        return offset..<(offset + words.unicodeScalars.count)
    }

    func registration(_ participant: String = "P1", label: String = "", transcript: String? = nil, placement: MediaPlacement? = nil,
                      session: Int? = nil) -> MediaRegistration {
        MediaRegistration(participant: participant, label: label, path: "/recordings/\(participant)\(label).mp4", facts: Self.facts,
                          fingerprint: Self.print, transcript: transcript, placement: placement, session: session)
    }

    /// `00:00:05=event:start T1`: T1 first started 42 s into the session, 5 s into the recording, so the recording's
    /// zero is 37 s into the session; `2=session` puts it 2 s before the session began.
    @Test func syncPointsPlaceTheRecordingOnTheSessionsClock() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let session = try study.openSession(participant: "P1").session
        try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "T1", offset: 42), logLabel: "sessão")
        try study.logSessionEvent(session: session.id, SessionEvent(.outcome, offset: 50, value: "success"), logLabel: "sessão")
        try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "T1", offset: 60), logLabel: "sessão")
        let placed = try study.addMedia(registration(placement: .sync(try SyncPoint(parsing: "00:00:05=event:start t1"))))
        #expect(placed.session == 1 && placed.sessionOffsetMs == 37_000 && placed.syncAnchor == "event:start T1" && placed.syncMediaMs == 5000)
        #expect(placed.sessionStarted == session.started && placed.path == "/recordings/P1.mp4" && placed.facts == Self.facts)
        let early = try study.addMedia(registration(label: "tela", placement: .sync(try SyncPoint(parsing: "2=session"))))
        #expect(early.sessionOffsetMs == -2000 && early.syncAnchor == "session")
        let later = try study.addMedia(registration(label: "câmera", placement: .startsAt(ms: 12_500)))
        #expect(later.sessionOffsetMs == 12_500 && later.syncAnchor == "starts-at")
        #expect(try study.media(participant: "P1").map(\.label) == ["", "câmera", "tela"])

        // Refused, nothing stored: an event the session does not have, a kind that is none, a participant without sessions.
        let before = try study.dump()
        #expect(throws: StoreError.self) { try study.addMedia(registration(label: "x", placement: .sync(SyncPoint(mediaMs: 0, anchor: .event(kind: "start", task: "T2"))))) }
        #expect(throws: StoreError.self) { try study.addMedia(registration(label: "x", placement: .sync(SyncPoint(mediaMs: 0, anchor: .event(kind: "jump", task: nil))))) }
        #expect(throws: StoreError.self) { try study.addMedia(registration("P2", placement: .startsAt(ms: 0))) }
        #expect(throws: StoreError.self) { try study.addMedia(registration(label: "x", placement: .startsAt(ms: 0), session: 2)) }
        // The label is taken.
        #expect(throws: StoreError.self) { try study.addMedia(registration()) }
        #expect(try study.dump() == before)
        do {
            _ = try study.addMedia(registration(label: "x", placement: .sync(SyncPoint(mediaMs: 0, anchor: .event(kind: "start", task: "T2")))))
        } catch let error as StoreError {
            #expect(error.errorDescription?.contains("P1's session has no 'event:start T2' event") == true, "\(error)")
        }

        // A removed session takes the placement with it; the recording stays.
        _ = try study.removeSession(participant: "P1", number: 1, cascade: true)
        let unplaced = try study.media(participant: "P1")
        #expect(unplaced.count == 3 && unplaced.allSatisfy { $0.session == nil && $0.sessionOffsetMs == nil && $0.syncAnchor == nil })
        #expect(try study.check().ok == false)  // the files under /recordings do not exist
        #expect(try study.check().mediaProblems.map(\.path) == ["/recordings/P1.mp4", "/recordings/P1câmera.mp4", "/recordings/P1tela.mp4"])
        #expect(try study.check().foreignKeyViolations.isEmpty)
    }

    /// A transcript made from the recording is linked to it; replacing the transcript keeps the link; a participant with a
    /// recording is removed only with --cascade.
    @Test func theTranscriptIsLinkedAndStaysLinkedWhenReplaced() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let text = "Ana: Como foi?\n\nBruno: Achei o menu confuso."
        let turns = [TranscriptTurn(speaker: "Ana", start: 0, end: 2000, span: Self.span("Como foi?", in: text)),
                     TranscriptTurn(speaker: "Bruno", start: 2500, end: 5000, span: Self.span("Achei o menu confuso.", in: text))]
        try study.addTranscript(participant: "P1", text: text, timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        #expect(throws: StoreError.self) { try study.addMedia(registration(transcript: "entrevista")) }
        let linked = try study.addMedia(registration(transcript: ""))
        #expect(linked.transcript == "" && linked.transcriptTimed == true)
        #expect(throws: StoreError.self) { try study.addMedia(registration(label: "outra", transcript: "")) }
        try study.addTranscript(participant: "P1", text: text, replace: true, timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        #expect(try study.media(transcriptOf: "P1", label: "")?.id == linked.id)
        // A pseudonymised copy (for sharing) carries no recording: their paths often hold names.
        _ = try study.pseudonymisedCopy(at: folder.path("partilha.sqlite"), redact: [])
        #expect(try StudyDatabase.open(at: folder.path("partilha.sqlite")).media().isEmpty)
        #expect(throws: StoreError.self) { try study.removeParticipant(code: "P1", cascade: false) }
        let attached = try study.removeParticipant(code: "P1", cascade: true)
        #expect(attached.recordings == 1 && attached.transcripts == 1)
        #expect(try study.media().isEmpty)
    }

    /// Excerpts of a category with their times on the recording, each once whatever the number of coders; the others
    /// with the reason no clip can be cut.
    @Test func clipSourcesAreTimedExcerptsOfRecordedTranscripts() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        try study.addParticipant(code: "P3", attributes: [])
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        let text = "Ana: Como foi?\n\nBruno: Achei o menu confuso.\n\nAna: E a busca?\n\nBruno: Não encontrei a busca."
        func span(_ words: String) -> Range<Int> { Self.span(words, in: text) }
        let turns = [TranscriptTurn(speaker: "Ana", start: 0, end: 2000, span: span("Como foi?")),
                     TranscriptTurn(speaker: "Bruno", start: 2500, end: 5000, span: span("Achei o menu confuso.")),
                     TranscriptTurn(speaker: "Ana", start: 5500, end: 6500, span: span("E a busca?")),
                     TranscriptTurn(speaker: "Bruno", start: 7000, end: 9250, span: span("Não encontrei a busca."))]
        try study.addTranscript(participant: "P1", text: text, timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        try study.addTranscript(participant: "P2", text: text, timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        try study.addTranscript(participant: "P3", text: "Achei o menu confuso.")
        for (participant, coder) in [("P1", "ana"), ("P1", "bia"), ("P2", "ana"), ("P3", "ana")] {
            try study.addCode(CodeEntry(participant: participant, excerpt: "Achei o menu confuso", code: "menu confuso", categories: ["Navegação"], coder: coder))
        }
        try study.addCode(CodeEntry(participant: "P1", excerpt: "Não encontrei a busca", code: "não encontrei a busca", categories: ["navegação"], coder: "ana"))
        try study.addMedia(registration(transcript: ""))
        let (sources, skipped) = try study.clipSources(category: "NAVEGAÇÃO")
        #expect(sources.map(\.participant) == ["P1", "P1"] && sources.map(\.startMs) == [2500, 7000] && sources.map(\.endMs) == [4881, 9148])
        // Each excerpt's share of its turn: 20 of "Achei o menu confuso."'s 21 characters (2.5–5 s), 21 of 22 (7–9.25 s).
        #expect(sources.allSatisfy { $0.timeBasis == .share })
        #expect(sources[0].codes == ["menu confuso"] && sources[0].excerpt == "Achei o menu confuso" && sources[0].media.path == "/recordings/P1.mp4")
        #expect(Set(skipped.map(\.participant)) == ["P2", "P3"])
        #expect(skipped.first { $0.participant == "P2" }?.reason.description.contains("linked to no recording") == true)
        #expect(skipped.first { $0.participant == "P3" }?.reason.description.contains("no times") == true)
        #expect(try study.clipSources(category: "Navegação", participants: ["p2"]).sources.isEmpty)
        #expect(throws: StoreError.self) { try study.clipSources(category: "Busca") }
        #expect(throws: StoreError.self) { try study.clipSources(category: "Navegação", participants: ["P9"]) }
    }
}
