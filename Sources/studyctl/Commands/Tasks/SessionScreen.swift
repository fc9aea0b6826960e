import Foundation
import Results
import StudyStore
import Surveys
import Wording

/// The moderator's full-screen logger: draws the session's state every tenth of a second and turns each key into
/// one session event, stored by the store in its own transaction before the screen shows it.
struct SessionScreen {
    enum Mode: Equatable {
        case keys
        case note(String)
        case confirmEnd
    }

    let database: StudyDatabase
    var session: SessionRecord
    let language: StudyLanguage
    let observer: String?
    let clock: SessionClock
    var cursor = 0
    var mode = Mode.keys
    var message = ""

    init(database: StudyDatabase, session: SessionRecord, language: StudyLanguage, observer: String?, resumed: Bool) {
        self.database = database
        self.session = session
        self.language = language
        self.observer = observer
        clock = SessionClock(started: session.started)
        if let suggested = session.state.suggestedTask, let index = session.tasks.firstIndex(where: { $0.key == suggested }) { cursor = index }
        message = resumed ? say("Session resumed: everything logged before is here.") : say("Session started: space starts the marked task.")
    }

    func say(_ sentence: Sentence) -> String { sentence.text(language) }

    /// ✓ success, ◐ partial, ✗ fail: the mark beside the outcome's word.
    static func outcomeMark(_ outcome: Outcome) -> String {
        switch outcome {
        case .success: "✓"
        case .partial: "◐"
        case .fail: "✗"
        }
    }

    static func outcomeWord(_ outcome: Outcome) -> Sentence {
        switch outcome {
        case .success: return "success"
        case .partial: return "partial"
        case .fail: return "fail"
        }
    }

    var logLabel: String { say("session \(session.number)") }

    /// Runs until the session ends (true) or the moderator leaves it open (false).
    mutating func run() throws -> Bool {
        Terminal.enter()
        defer { Terminal.leave() }
        while true {
            draw()
            guard let key = Terminal.key(waiting: 100) else {
                if Terminal.ended { return false }
                continue
            }
            switch mode {
            case let .note(text):
                switch key {
                case .enter:
                    mode = .keys
                    // A note the store refused stays on the line, for the moderator to keep: typed words are never lost.
                    if !text.trimmingCharacters(in: .whitespaces).isEmpty, !log(.note, value: text, done: say("Note stored.")) { mode = .note(text) }
                case .escape: mode = .keys; message = say("Note discarded.")
                case .backspace: mode = .note(String(text.dropLast()))
                case let .character(character): mode = .note(text + String(character))
                case .control(3): mode = .keys; message = say("Note discarded.")
                default: break
                }
            case .confirmEnd:
                if key == .character("y") || key == .character("s") || key == .enter {
                    if log(.end, done: "") { return true }
                }
                mode = .keys
                if message.isEmpty { message = say("The session goes on.") }
            case .keys:
                if try handle(key) == false { return false }
                if session.ended != nil { return true }
            }
        }
    }

    /// One key in the logger's main mode; false to leave the logger with the session open.
    mutating func handle(_ key: Terminal.Key) throws -> Bool {
        let state = session.state
        let marked = session.tasks[cursor].key
        message = ""
        switch key {
        case .character(" "):
            if let open = state.open {
                if open.stopped { message = say("Give the outcome of \(open.task): s success, p partial, f fail (c cancels).") }
                else { log(.stop, done: say("\(open.task) stopped: s, p or f gives its outcome.")) }
            } else {
                log(.start, task: marked, done: say("\(marked) started."))
            }
        case .character("e"): log(.error, done: say("Error counted."))
        case .character("x"): log(.uncount, done: say("One error taken back."))
        case .character("a"): log(.assist, value: state.open?.assisted == true ? "0" : "1",
                                  done: say(state.open?.assisted == true ? "Assistance taken back." : "Assistance marked."))
        case .character("z"):
            if state.open?.paused == true { log(.resume, done: say("Timer running again.")) }
            else { log(.pause, done: say("Timer paused: z resumes it.")) }
        case .character("s"), .character("p"), .character("f"):
            guard case let .character(letter) = key else { break }
            let outcome: Outcome = letter == "s" ? .success : letter == "p" ? .partial : .fail
            guard let open = state.open else { message = say("No task is open: space starts the marked one."); break }
            if log(.outcome, value: outcome.rawValue, done: say("\(open.task): \(Self.outcomeWord(outcome)), stored.")) {
                let trial = session.events.last?.trial ?? 1
                if let instrument = session.afterTask, let definition = try database.instrument(instrument) {
                    Terminal.leave()
                    do {
                        try Self.ask(definition, participant: session.participant, task: open.task, occasion: session.occasion(trial: trial),
                                     database: database, language: language)
                    } catch {
                        message = (error as? WordedError).map { say($0.sentence) } ?? (error as? StoreError).map { $0.text(language) } ?? "\(error)"
                    }
                    Terminal.enter()
                }
                if let next = session.state.suggestedTask, let index = session.tasks.firstIndex(where: { $0.key == next }) { cursor = index }
                if session.state.allDone { message = (message.isEmpty ? "" : message + " ") + say("Every task is done: q ends the session.") }
            }
        case .character("c"): log(.cancel, done: say("The try was cancelled (kept in the log, not an attempt)."))
        case .character("r"):
            guard let open = state.open else { message = say("No task is open: space starts the marked one."); break }
            if log(.cancel, done: "") { log(.start, task: open.task, done: say("\(open.task) started again.")) }
        case .character("n"): mode = .note("")
        case .up, .character("k"), .down, .character("j"):
            if let open = state.open { message = say("Finish or cancel \(open.task) before choosing another task."); break }
            let step = (key == .up || key == .character("k")) ? -1 : 1
            cursor = min(max(0, cursor + step), session.tasks.count - 1)
        case .character("q"):
            if let open = state.open { message = say("\(open.task) is still open: give its outcome or cancel it (c) first.") }
            else { mode = .confirmEnd }
        case .control(3): return false
        default: break
        }
        return true
    }

    /// Logs one event; on refusal the screen says why and nothing is stored.
    @discardableResult
    mutating func log(_ kind: SessionEventKind, task: String? = nil, value: String? = nil, done: String) -> Bool {
        do {
            let update = try database.logSessionEvent(session: session.id, SessionEvent(kind, task: task, offset: clock.offset(), value: value,
                                                                                        observer: observer), logLabel: logLabel)
            session = update.session
            if !done.isEmpty { message = done }
            return true
        } catch let error as WordedError {
            message = say(error.sentence)
        } catch let error as StoreError {
            message = error.text(language)
        } catch {
            message = "\(error)"
        }
        return false
    }

    /// A questionnaire asked on the ordinary screen (its answers typed line by line, as `respond` asks them),
    /// stored at once.
    static func ask(_ definition: InstrumentDefinition, participant: String, task: String?, occasion: String, database: StudyDatabase,
                    language: StudyLanguage) throws {
        print("")
        if let task { print(Sentence("Task \(task)").text(language)) }
        let orientation = try database.rememberedOrientation(instrument: definition.id) ?? .canonical
        var entry = InteractiveEntry(definition: definition, reader: AnswerReader(definition: definition, orientation: orientation),
                                     language: language, participant: participant)
        guard let result = entry.run() else {
            print(Sentence("Input ended: \(definition.id) was not stored.").text(language))
            return
        }
        try database.recordResponses(instrument: definition.id, ResponseSubmission(
            participant: participant, answers: result.answers, raw: result.raw, task: task, occasion: occasion,
            orientation: orientation, source: "session"), replace: false)
    }

    // MARK: - Drawing

    func draw() {
        let (width, height) = Terminal.size()
        let state = session.state
        let now = clock.offset()
        let style = NumberStyle(language)
        var lines: [String] = []
        let condition = session.occasion.isEmpty ? "" : " · " + session.occasion
        let title = "studyctl · " + say("session of \(session.participant)") + condition
        let elapsed = SessionClock.clock(now)
        lines.append(Terminal.fit(title, max(0, width - elapsed.count - 1)) + " " + elapsed)
        lines.append(String(repeating: "─", count: width))
        let header = say("Task") 
        lines.append("   " + Terminal.fit(header, 12) + Terminal.fit(say("Title"), 28) + Terminal.fit(say("Time"), 11)
                     + Terminal.fit(say("Errors"), 8) + Terminal.fit(say("State"), 30))
        for (index, task) in session.tasks.enumerated() {
            let marker = index == cursor ? "▶ " : "  "
            var time = "", errors = "", status = ""
            let tries = state.tries(of: task.key)
            if let open = state.open, open.task == task.key {
                let seconds = open.seconds(at: now)
                time = SessionClock.clock(seconds) + (style.number(seconds - seconds.rounded(.down), decimals: 1).dropFirst())
                errors = "\(open.errors)"
                status = say(open.stopped ? "stopped — outcome? s/p/f" : open.paused ? "paused" : "running")
                if open.assisted { status += " · " + say("assisted") }
            } else if let last = tries.last {
                time = style.number(last.seconds, decimals: 1) + " s"
                errors = "\(last.errors)"
                status = Self.outcomeMark(last.outcome) + " " + say(Self.outcomeWord(last.outcome)) + (last.assisted ? " · " + say("assisted") : "")
                if tries.count > 1 { status += " · " + say("\(tries.count) tries") }
            } else {
                status = say("not started")
            }
            lines.append(marker + " " + Terminal.fit(task.key, 12) + Terminal.fit(task.title, 28) + Terminal.fit(time, 11)
                         + Terminal.fit(errors, 8) + Terminal.fit(status, max(0, width - 62)))
        }
        lines.append(String(repeating: "─", count: width))
        let notes = state.notes.suffix(max(1, height - lines.count - 7))
        lines.append(say("Notes") + (notes.isEmpty ? ": –" : ""))
        for note in notes {
            lines.append("  [\(SessionClock.clock(note.offset))] " + (note.task.map { "\($0) · " } ?? "") + (note.value ?? ""))
        }
        while lines.count < height - 4 { lines.append("") }
        lines.append(String(repeating: "─", count: width))
        lines.append(say("space start/stop · e error · x one less · a assistance · z pause · s/p/f outcome"))
        lines.append(say("n note · c cancel · r restart · ↑↓ task · q end · Ctrl-C leave open"))
        switch mode {
        case let .note(text): lines.append(say("Note") + ": " + text + "█" + (message.isEmpty ? "" : "   " + message))
        case .confirmEnd: lines.append(say("End the session? (y/n)"))
        case .keys: lines.append(message)
        }
        // The marked task in bold (unless NO_COLOR asks for plain text): the moderator's eye finds it at a glance.
        let bold = ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let screen = lines.prefix(height).enumerated().map { index, line in
            let fitted = Terminal.fit(line, width)
            return bold && index == 3 + cursor ? "\u{1B}[1m" + fitted + "\u{1B}[0m" : fitted
        }.joined(separator: "\r\n")
        Terminal.draw("\u{1B}[H" + screen + "\u{1B}[J")
    }
}
