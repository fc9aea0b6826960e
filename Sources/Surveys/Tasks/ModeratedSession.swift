import Foundation
import Wording

/// What a moderator does during a test session, one key (or one button) at a time.
///
/// The events are the session's record: the store keeps each as it happens, and the session's state — which task
/// runs, for how long, with how many errors — is always the fold of its events (`ModeratedSession.apply`), so a
/// session resumed after a crash, or watched from a second screen, is the same session.
public enum SessionEventKind: String, Sendable, Codable, CaseIterable {
    /// A new try of a task begins; its timer runs.
    case start
    /// The timer stops; the try waits for its outcome.
    case stop
    case pause
    case resume
    /// One more error; `uncount` takes one back (a key pressed by mistake).
    case error
    case uncount
    /// Assistance given (value "1") or taken back ("0").
    case assist
    /// The try ends with an outcome (value: success, partial, fail); the store keeps it as an attempt.
    case outcome
    /// The try is discarded (kept in the log, never an attempt).
    case cancel
    /// A free-text note (value), about the open task, else the task just finished.
    case note
    /// The session is over.
    case end
}

/// One event as the store keeps it: when (seconds since the session began, on the session's clock) and about which task.
public struct SessionEvent: Sendable, Equatable, Codable {
    public var kind: SessionEventKind
    public var task: String?
    /// Seconds since the session began.
    public var offset: Double
    public var value: String?
    /// Who pressed the key (the observer's name), when more than one person logs.
    public var observer: String?

    public init(_ kind: SessionEventKind, task: String? = nil, offset: Double, value: String? = nil, observer: String? = nil) {
        self.kind = kind
        self.task = task
        self.offset = offset
        self.value = value
        self.observer = observer
    }
}

/// A session's state: the tasks in order, the try under way and the tries finished.
public struct ModeratedSession: Sendable, Equatable {
    /// A try under way.
    public struct OpenTry: Sendable, Equatable {
        public var task: String
        public var started: Double
        /// Seconds the timer ran before `runningSince` (earlier spans between pauses).
        public var ranBefore: Double
        /// When the timer last started running; nil while paused or stopped.
        public var runningSince: Double?
        public var stopped: Bool
        public var errors: Int
        public var assisted: Bool

        /// Seconds on the timer at `offset`.
        public func seconds(at offset: Double) -> Double {
            ranBefore + (runningSince.map { max(0, offset - $0) } ?? 0)
        }
        public var paused: Bool { !stopped && runningSince == nil }
    }

    /// A try that ended with an outcome.
    public struct FinishedTry: Sendable, Equatable {
        public var task: String
        public var seconds: Double
        public var errors: Int
        public var assisted: Bool
        public var outcome: Outcome
        public var ended: Double
    }

    public var tasks: [String]
    public var open: OpenTry?
    public var finished: [FinishedTry] = []
    public var notes: [SessionEvent] = []
    public var ended = false
    /// The offset of the last event (the session's clock never goes back).
    public var lastOffset: Double = 0

    public init(tasks: [String]) { self.tasks = tasks }

    /// The state after `events`, in order; an event the state refuses is a stored log the store itself would not
    /// have written, so it is skipped rather than stopping the session.
    public init(tasks: [String], replaying events: [SessionEvent]) {
        self.init(tasks: tasks)
        for event in events { _ = try? apply(event) }
    }

    /// Why the task key does not fit the session (nil when it does).
    func check(_ task: String?) throws(SessionRefusal) -> String {
        guard let task else { throw SessionRefusal("the event names no task") }
        guard let known = tasks.first(where: { $0.lowercased() == task.lowercased() }) else {
            throw SessionRefusal("task \(task) is not in this session (\(tasks.joined(separator: ", ")))")
        }
        return known
    }

    /// Applies one event, or says why it cannot happen now (and changes nothing).
    public mutating func apply(_ event: SessionEvent) throws(SessionRefusal) {
        if ended { throw SessionRefusal("the session has ended") }
        let at = max(event.offset, lastOffset)
        switch event.kind {
        case .start:
            let task = try check(event.task)
            if let open { throw SessionRefusal("task \(open.task) is still open: give its outcome or cancel it first") }
            open = OpenTry(task: task, started: at, ranBefore: 0, runningSince: at, stopped: false, errors: 0, assisted: false)
        case .stop:
            guard var open, !open.stopped else { throw SessionRefusal("no task is running") }
            open.ranBefore = open.seconds(at: at)
            open.runningSince = nil
            open.stopped = true
            self.open = open
        case .pause:
            guard var open, !open.stopped, open.runningSince != nil else { throw SessionRefusal("no task is running") }
            open.ranBefore = open.seconds(at: at)
            open.runningSince = nil
            self.open = open
        case .resume:
            guard var open, open.paused else { throw SessionRefusal("no task is paused") }
            open.runningSince = at
            self.open = open
        case .error:
            guard var open else { throw SessionRefusal("no task is open: start one to count its errors") }
            open.errors += 1
            self.open = open
        case .uncount:
            guard var open else { throw SessionRefusal("no task is open") }
            guard open.errors > 0 else { throw SessionRefusal("no error is counted") }
            open.errors -= 1
            self.open = open
        case .assist:
            guard var open else { throw SessionRefusal("no task is open: start one to mark assistance") }
            open.assisted = event.value != "0"
            self.open = open
        case .outcome:
            guard let open else { throw SessionRefusal("no task is open") }
            guard let outcome = event.value.flatMap(Outcome.init(rawValue:)) else {
                throw SessionRefusal("'\(event.value ?? "")' is not an outcome (success, partial, fail)")
            }
            finished.append(FinishedTry(task: open.task, seconds: Self.rounded(open.seconds(at: at)), errors: open.errors,
                                        assisted: open.assisted, outcome: outcome, ended: at))
            self.open = nil
        case .cancel:
            guard open != nil else { throw SessionRefusal("no task is open") }
            open = nil
        case .note:
            guard let text = event.value, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw SessionRefusal("the note is empty")
            }
            var note = event
            // About the open try, else the try just finished (a note taken while the participant answers its SEQ).
            note.task = event.task ?? open?.task ?? finished.last?.task
            note.offset = at
            notes.append(note)
        case .end:
            if let open { throw SessionRefusal("task \(open.task) is still open: give its outcome or cancel it first") }
            ended = true
        }
        lastOffset = at
    }

    /// Times are kept to the millisecond: the session's clock reads finer, but no moderator's key is that exact.
    public static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// The task the moderator most likely works on next: the open one, else the first after the last finished
    /// that has no finished try, else the first without one.
    public var suggestedTask: String? {
        if let open { return open.task }
        let done = Set(finished.map { $0.task.lowercased() })
        if let last = finished.last, let index = tasks.firstIndex(where: { $0.lowercased() == last.task.lowercased() }) {
            if let next = tasks[(index + 1)...].first(where: { !done.contains($0.lowercased()) }) { return next }
        }
        return tasks.first { !done.contains($0.lowercased()) }
    }

    /// The finished tries of a task, oldest first.
    public func tries(of task: String) -> [FinishedTry] { finished.filter { $0.task.lowercased() == task.lowercased() } }

    /// Whether every task has a finished try.
    public var allDone: Bool { tasks.allSatisfy { !tries(of: $0).isEmpty } }
}

/// Why a session event cannot happen now.
public struct SessionRefusal: Error, Sendable, Equatable, WordedError, LocalizedError {
    public var sentence: Sentence
    public init(_ sentence: Sentence) { self.sentence = sentence }
    public var errorDescription: String? { sentence.description }
}
