import Foundation
import Testing
import Surveys
@testable import StudyStore

@Suite struct SessionTests {
    func study(_ folder: TemporaryFolder) throws -> StudyDatabase {
        let study = try makeStudy(folder)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addTask(key: "T1", title: "Encontrar o menu")
        try study.addTask(key: "T2", title: "Trocar a cor", penaltySeconds: 5)
        try study.addFactor(name: "aparelho", levels: ["celular", "tablet"])
        return study
    }

    @Test func outcomesBecomeAttemptsAndNotesMemosAndLogLines() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let (session, resumed) = try study.openSession(participant: "P1", conditions: ["aparelho": "tablet"], afterTask: "seq")
        #expect(!resumed && session.tasks.map(\.key) == ["T1", "T2"] && session.conditions == ["aparelho": "tablet"])
        try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "t1", offset: 1.5), logLabel: "sessão 1")
        try study.logSessionEvent(session: session.id, SessionEvent(.error, offset: 2), logLabel: "sessão 1")
        try study.logSessionEvent(session: session.id, SessionEvent(.note, offset: 3, value: "Hesitou\r\nno menu", observer: "Ana"), logLabel: "sessão 1")
        let update = try study.logSessionEvent(session: session.id, SessionEvent(.outcome, offset: 11.5, value: "success"), logLabel: "sessão 1")
        #expect(update.storedTrial == 1)
        try study.logSessionEvent(session: session.id, SessionEvent(.note, offset: 12, value: "Pediu água"), logLabel: "sessão 1")
        let attempts = try study.attempts()
        #expect(attempts == [AttemptRecord(participant: "P1", task: "T1", trial: 1, conditions: ["aparelho": "tablet"], seconds: 10, errors: 1,
                                           outcome: .success, assisted: false, note: nil, reportedTotal: nil)])
        let memos = try study.memos(on: .participant("P1"))
        #expect(memos.map(\.text) == ["Hesitou\nno menu", "Pediu água"])
        #expect(memos.map(\.task) == ["T1", "T1"] && memos.map(\.sessionOffset) == [3, 12] && memos[0].coder == "Ana")
        #expect(try study.transcript(participant: "P1", label: "sessão 1") == "[00:03] T1 · Hesitou\nno menu\n[00:12] T1 · Pediu água\n")
        let stored = try study.session(id: session.id)
        #expect(stored.events.map(\.event.kind) == [.start, .error, .note, .outcome, .note])
        #expect(stored.events[3].trial == 1)
        #expect(stored.events.allSatisfy { SessionClock.seconds($0.at)! - SessionClock.seconds(stored.started)! - $0.event.offset < 0.002 })
    }

    /// An open session is found as it began (its condition, --after and observer), numbered among the
    /// participant's; several open ones need a condition; close ends one, cancelling an open try; remove refuses
    /// while attempts depend on it unless cascading, and keeps the notes.
    @Test func sessionsResumeAsTheyBeganAndCanBeClosedAndRemoved() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let (first, _) = try study.openSession(participant: "P1", conditions: ["aparelho": "celular"], afterTask: "seq", after: ["sus"], observer: "Ana")
        #expect(first.number == 1 && first.after == ["sus"] && first.observer == "Ana")
        #expect(first.resumeCommand == "studyctl session P1 --condition aparelho=celular")
        // Without a condition the one open session is the one resumed, whatever its condition.
        let found = try #require(try study.resumableSession(participant: "P1"))
        #expect(found.id == first.id && found.conditions == ["aparelho": "celular"] && found.after == ["sus"] && found.observer == "Ana")
        let (again, resumed) = try study.openSession(participant: "P1", afterTask: "seq")
        #expect(resumed && again.id == first.id && again.after == ["sus"] && again.observer == "Ana")
        try study.logSessionEvent(session: first.id, SessionEvent(.start, task: "T1", offset: 1), logLabel: "sessão 1")
        try study.logSessionEvent(session: first.id, SessionEvent(.outcome, offset: 9, value: "fail"), logLabel: "sessão 1")
        try study.logSessionEvent(session: first.id, SessionEvent(.note, offset: 10, value: "Desistiu"), logLabel: "sessão 1")
        // A second open session under the other level: numbered 2, and a bare resume must choose.
        let (second, _) = try study.openSession(participant: "P1", conditions: ["aparelho": "tablet"])
        #expect(second.number == 2)
        #expect(throws: StoreError.self) { try study.resumableSession(participant: "P1") }
        #expect(try study.resumableSession(participant: "P1", conditions: ["aparelho": "TABLET"])?.id == second.id)
        try study.logSessionEvent(session: second.id, SessionEvent(.start, task: "T2", offset: 1), logLabel: "sessão 2")
        let (closed, cancelled) = try study.closeSession(participant: "P1", conditions: ["aparelho": "tablet"], logLabel: "sessão 2")
        #expect(closed.ended != nil && cancelled == "T2" && closed.state.finished.isEmpty)
        #expect(try study.resumableSession(participant: "P1")?.id == first.id)
        // Remove: refused while its attempt remains; --cascade takes the attempt, the note stays a memo.
        #expect(throws: StoreError.self) { try study.removeSession(participant: "P1", number: nil, cascade: false) }
        #expect(throws: StoreError.self) { try study.removeSession(participant: "P1", number: 1, cascade: false) }
        #expect(try study.attempts().count == 1)
        let removed = try study.removeSession(participant: "P1", number: 1, cascade: true)
        #expect(removed.attempts == 1 && removed.session.id == first.id)
        #expect(try study.attempts().isEmpty && (try study.memos(on: .participant("P1"))).map(\.text) == ["Desistiu"])
        #expect(try study.sessions(participant: "P1").map(\.number) == [1])
        #expect(try study.removeSession(participant: "P1", number: nil, cascade: false).attempts == 0)
    }

    @Test func aRefusedEventLeavesTheStudyAsItWas() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let (session, _) = try study.openSession(participant: "P1")
        let before = try study.dump()
        #expect(throws: SessionRefusal("no task is running")) {
            try study.logSessionEvent(session: session.id, SessionEvent(.stop, offset: 1), logLabel: "s")
        }
        #expect(throws: SessionRefusal("task T9 is not in this session (T1, T2)")) {
            try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "T9", offset: 1), logLabel: "s")
        }
        #expect(throws: StoreError.self) {
            try study.logSessionEvent(session: session.id, SessionEvent(.note, offset: 1, value: "a\u{0}b"), logLabel: "s")
        }
        #expect(throws: StoreError.self) {
            try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "T1", offset: .nan), logLabel: "s")
        }
        #expect(try study.dump() == before)
    }

    @Test func anUnfinishedSessionIsResumedAndAnEndedOneIsNot() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let first = try study.openSession(participant: "P1", tasks: ["T2", "T1"]).session
        try study.logSessionEvent(session: first.id, SessionEvent(.start, task: "T2", offset: 1), logLabel: "s")
        // A second process (the browser's server, or the logger started again) opens the same session.
        let again = try study.openSession(participant: "P1", tasks: ["T1"])
        #expect(again.resumed && again.session.id == first.id && again.session.tasks.map(\.key) == ["T2", "T1"])
        #expect(again.session.state.open?.task == "T2")
        let other = try study.openSession(participant: "P1", conditions: ["aparelho": "celular"])
        #expect(!other.resumed, "another condition is another session")
        try study.logSessionEvent(session: first.id, SessionEvent(.cancel, offset: 2), logLabel: "s")
        try study.logSessionEvent(session: first.id, SessionEvent(.end, offset: 3), logLabel: "s")
        #expect(try study.session(id: first.id).ended != nil)
        // Without a condition, the participant's one open session (under celular) is the one resumed.
        let bare = try study.openSession(participant: "P1")
        #expect(bare.resumed && bare.session.id == other.session.id)
        #expect(throws: StoreError.self) { _ = try study.openSession(participant: "P1", conditions: ["aparelho": "tablet"], afterTask: "sus") }
        #expect(throws: StoreError.self) { _ = try study.openSession(participant: "P9") }
    }

    @Test func twoObserversShareOneSessionAndOneStateCheck() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let session = try study.openSession(participant: "P1").session
        // The second observer opens its own connection, as the server's process does.
        let second = try StudyDatabase.open(at: study.path)
        try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "T1", offset: 1), logLabel: "s")
        try second.logSessionEvent(session: session.id, SessionEvent(.error, offset: 2, observer: "Bia"), logLabel: "s")
        try study.logSessionEvent(session: session.id, SessionEvent(.outcome, offset: 4, value: "fail"), logLabel: "s")
        // The other observer's outcome for the same try comes too late: the try is no longer open.
        #expect(throws: SessionRefusal("no task is open")) {
            try second.logSessionEvent(session: session.id, SessionEvent(.outcome, offset: 4.1, value: "success"), logLabel: "s")
        }
        #expect(try study.attempts().map { "\($0.task) \($0.errors ?? -1) \($0.outcome!.rawValue)" } == ["T1 1 fail"])
    }

    @Test func aCorrectionChangesOnlyTheValuesGiven() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        try study.addAttempt(AttemptEntry(participant: "P1", task: "T1", conditions: ["aparelho": "tablet"], seconds: 30, errors: 3, outcome: .success))
        try study.correctAttempt(participant: "P1", task: "T1", trial: 1, errors: 2, assisted: true)
        let attempt = try #require(try study.attempts().first)
        #expect(attempt.seconds == 30 && attempt.errors == 2 && attempt.outcome == .success && attempt.assisted)
        try study.addAttempt(AttemptEntry(participant: "P1", task: "T1", conditions: ["aparelho": "celular"], seconds: 20))
        #expect(throws: StoreError.self) { try study.correctAttempt(participant: "P1", task: "T1", trial: 1, errors: 1) }
        try study.correctAttempt(participant: "P1", task: "T1", trial: 1, conditions: ["aparelho": "celular"], seconds: 21)
        #expect(try study.attempts().map(\.seconds) == [30, 21])
        #expect(throws: StoreError.self) { try study.correctAttempt(participant: "P1", task: "T1", trial: 2, errors: 1) }
        #expect(throws: StoreError.self) { try study.correctAttempt(participant: "P1", task: "T1", trial: 1, errors: -1) }
    }

    @Test func aCodeInTheSessionsLogStaysThereThroughAMerge() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        try study.addTranscript(participant: "P1", text: "P1: o menu some quando giro.")
        let session = try study.openSession(participant: "P1").session
        try study.logSessionEvent(session: session.id, SessionEvent(.note, offset: 2, value: "Disse que o menu some"), logLabel: "sessão 1")
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        let placed = try study.addCode(CodeEntry(participant: "P1", excerpt: "menu some", code: "menu some", categories: ["Navegação"],
                                                 transcript: "sessão 1"))
        #expect(placed.span == 20..<29, "in the log's text, not the interview's")
        #expect(throws: StoreError.self) {
            try study.addCode(CodeEntry(participant: "P1", excerpt: "menu", code: "menu", categories: ["Navegação"], transcript: "sessão 9"))
        }
        let other = try StudyDatabase.create(at: folder.path("other.sqlite"), title: "Cópia", language: .ptBR)
        _ = try other.importBundle(try study.bundle())
        #expect(try other.codes().map { "\($0.code) \($0.transcript ?? "-") \($0.spanStart ?? -1)" } == ["menu some sessão 1 20"])
    }

    @Test func aParticipantWithASessionIsNotRemovedWithoutCascade() throws {
        let folder = try TemporaryFolder()
        let study = try study(folder)
        let session = try study.openSession(participant: "P1").session
        try study.logSessionEvent(session: session.id, SessionEvent(.start, task: "T1", offset: 1), logLabel: "s")
        try study.logSessionEvent(session: session.id, SessionEvent(.cancel, offset: 2), logLabel: "s")
        let before = try study.dump()
        #expect(throws: StoreError.self) { try study.removeParticipant(code: "P1", cascade: false) }
        #expect(try study.dump() == before)
        #expect(try study.removeParticipant(code: "P1", cascade: true).sessions == 1)
        #expect(try study.sessions().isEmpty)
    }
}
