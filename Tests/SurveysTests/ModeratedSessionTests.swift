import Testing
@testable import Surveys

@Suite struct ModeratedSessionTests {
    func fold(_ events: [SessionEvent], tasks: [String] = ["T1", "T2", "T3"]) -> ModeratedSession {
        ModeratedSession(tasks: tasks, replaying: events)
    }

    @Test func aTryIsTimedWithoutItsPauses() throws {
        var session = ModeratedSession(tasks: ["T1", "T2"])
        try session.apply(SessionEvent(.start, task: "t1", offset: 10))
        try session.apply(SessionEvent(.pause, offset: 13.25))
        #expect(session.open?.seconds(at: 40) == 3.25, "a paused timer stands still")
        try session.apply(SessionEvent(.resume, offset: 40))
        try session.apply(SessionEvent(.error, offset: 41))
        try session.apply(SessionEvent(.error, offset: 42))
        try session.apply(SessionEvent(.uncount, offset: 42.5))
        try session.apply(SessionEvent(.assist, offset: 43, value: "1"))
        #expect(session.open?.seconds(at: 44) == 7.25)
        try session.apply(SessionEvent(.stop, offset: 45))
        #expect(session.open?.seconds(at: 100) == 8.25, "a stopped timer stands still until the outcome")
        try session.apply(SessionEvent(.outcome, offset: 60, value: "partial"))
        #expect(session.open == nil)
        #expect(session.finished == [.init(task: "T1", seconds: 8.25, errors: 1, assisted: true, outcome: .partial, ended: 60)])
        #expect(session.suggestedTask == "T2")
    }

    @Test func refusalsChangeNothing() throws {
        var session = ModeratedSession(tasks: ["T1", "T2"])
        let before = session
        #expect(throws: SessionRefusal("no task is running")) { try session.apply(SessionEvent(.stop, offset: 1)) }
        #expect(throws: SessionRefusal("no task is open: start one to count its errors")) { try session.apply(SessionEvent(.error, offset: 1)) }
        #expect(throws: SessionRefusal("task T9 is not in this session (T1, T2)")) { try session.apply(SessionEvent(.start, task: "T9", offset: 1)) }
        #expect(session == before)
        try session.apply(SessionEvent(.start, task: "T1", offset: 2))
        #expect(throws: SessionRefusal("task T1 is still open: give its outcome or cancel it first")) {
            try session.apply(SessionEvent(.start, task: "T2", offset: 3))
        }
        #expect(throws: SessionRefusal("no error is counted")) { try session.apply(SessionEvent(.uncount, offset: 3)) }
        #expect(throws: SessionRefusal("'great' is not an outcome (success, partial, fail)")) {
            try session.apply(SessionEvent(.outcome, offset: 3, value: "great"))
        }
        #expect(throws: SessionRefusal("task T1 is still open: give its outcome or cancel it first")) { try session.apply(SessionEvent(.end, offset: 4)) }
        try session.apply(SessionEvent(.cancel, offset: 5))
        #expect(session.finished.isEmpty && session.open == nil, "a cancelled try is no attempt")
        try session.apply(SessionEvent(.end, offset: 6))
        #expect(throws: SessionRefusal("the session has ended")) { try session.apply(SessionEvent(.note, offset: 7, value: "x")) }
    }

    @Test func replayingTheLogGivesTheSameState() throws {
        let events = [SessionEvent(.start, task: "T1", offset: 1), SessionEvent(.note, offset: 2, value: "hesitou"),
                      SessionEvent(.outcome, offset: 5, value: "success"), SessionEvent(.note, offset: 6, value: "sobre T1"),
                      SessionEvent(.start, task: "T3", offset: 9), SessionEvent(.error, offset: 10)]
        var live = ModeratedSession(tasks: ["T1", "T2", "T3"])
        for event in events { try live.apply(event) }
        #expect(fold(events) == live)
        #expect(live.notes.map(\.task) == ["T1", "T1"], "a note after an outcome is about the task just finished")
        #expect(live.open?.errors == 1 && live.open?.seconds(at: 12) == 3)
        #expect(live.suggestedTask == "T3")
    }

    @Test func theClockNeverGoesBack() throws {
        var session = ModeratedSession(tasks: ["T1"])
        try session.apply(SessionEvent(.start, task: "T1", offset: 10))
        try session.apply(SessionEvent(.outcome, offset: 4, value: "success"))
        #expect(session.finished.first?.seconds == 0 && session.lastOffset == 10)
    }

    @Test func timesAreKeptToTheMillisecond() {
        #expect(ModeratedSession.rounded(12.300000000004) == 12.3)
        #expect(ModeratedSession.rounded(0.0004) == 0)
    }

    @Test func theNextTaskFollowsTheLastFinished() throws {
        var session = ModeratedSession(tasks: ["T1", "T2", "T3"])
        try session.apply(SessionEvent(.start, task: "T2", offset: 1))
        try session.apply(SessionEvent(.outcome, offset: 2, value: "fail"))
        #expect(session.suggestedTask == "T3")
        try session.apply(SessionEvent(.start, task: "T3", offset: 3))
        try session.apply(SessionEvent(.outcome, offset: 4, value: "success"))
        #expect(session.suggestedTask == "T1", "then the first one left")
        try session.apply(SessionEvent(.start, task: "T1", offset: 5))
        try session.apply(SessionEvent(.outcome, offset: 6, value: "success"))
        #expect(session.allDone && session.suggestedTask == nil)
    }
}
