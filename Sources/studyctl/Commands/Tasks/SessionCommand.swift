import ArgumentParser
import Foundation
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: words("Run a test session: time tasks, count errors and take notes live, into the study."),
        subcommands: [SessionRun.self, SessionShow.self, SessionList.self, SessionClose.self, SessionRemove.self],
        defaultSubcommand: SessionRun.self)
}

struct SessionRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: words("The moderator's full-screen logger (the default: studyctl session P3)."),
        discussion: words("""
            The tasks are listed in order with the current one marked. Keys: Space starts and stops the task's \
            timer, 'e' counts an error ('x' takes one back), 'a' marks assistance, 's', 'p' and 'f' give the outcome \
            (success, partial, fail) and store the attempt, 'z' pauses and resumes, 'n' writes a note, 'c' cancels the \
            try, 'r' starts it again, the arrows choose a task, 'q' ends the session, Ctrl-C leaves it open.

            After each task the per-task questionnaire (--after-task, SEQ by default) is asked in the study's \
            language; the questionnaires of --after follow the last task. Every key is stored as it is pressed: \
            'studyctl session P3' again resumes an unfinished session where it stopped, with its condition, its \
            questionnaires and its observer ('studyctl session close P3' ends it without the logger).
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("A condition level; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @Option(help: ArgumentHelp(words("The tasks in the order they are given, separated by commas (default: every task)."), valueName: "keys"))
    var tasks: String?

    @Option(name: .customLong("after-task"), help: ArgumentHelp(words("The per-task questionnaire asked after each task, or none."), valueName: "instrument"))
    var afterTask: String = "seq"

    @Option(help: ArgumentHelp(words("Questionnaires asked after the last task, separated by commas (e.g. sus,pssuq)."), valueName: "instruments"))
    var after: String?

    @Option(help: ArgumentHelp(words("The moderator's name, kept with each event and note."), valueName: "name"))
    var observer: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        let database = try study.open()
        let language = try database.info().language
        let given = Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        // An unfinished session is resumed as it began: its condition, its questionnaires and its observer
        // (what is given again replaces them).
        let resumable = try database.resumableSession(participant: participant, conditions: given)
        let conditions = given.isEmpty ? resumable?.conditions ?? [:] : given
        // The questionnaires after the last task are stored under the session's condition (a participant who
        // uses two devices answers the SUS once for each), as the per-task ones are.
        let measurement = try database.measurementKey(occasion: "", conditions: conditions)
        let taskList = tasks.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let after = (self.after ?? resumable?.after.joined(separator: ",") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var definitions: [InstrumentDefinition] = []
        for id in after {
            guard let definition = try database.instrument(id) else {
                throw StoreError.unknownInstrument(id: id, known: try database.instruments().map(\.id))
            }
            if definition.perTask {
                throw Refusal("\(definition.id) is asked after each task: give it with --after-task \(definition.id), not --after.")
            }
            // Answers typed at the end of a session are never thrown away: refused now, before the session, if
            // they could not be stored then.
            if try database.responseSets(instrument: definition.id).1.contains(where: { $0.participant == StudyText.composed(participant) && $0.task == nil && $0.occasion == measurement }) {
                let under = condition.isEmpty ? "" : " " + condition.map { "--condition \($0.key)=\($0.value)" }.joined(separator: " ")
                throw Refusal("\(participant) already has answers to \(definition.id)\(MeasurementKey.suffix(measurement)); remove them first ('studyctl responses remove \(participant) \(definition.id)\(under)') or leave \(definition.id) out of --after.")
            }
            definitions.append(definition)
        }
        // The observer names each note's memo, as a coder: checked now, not at the first note (whose words would be lost).
        let observer = try (self.observer ?? resumable?.observer).map { try StudyText.name($0.trimmingCharacters(in: .whitespaces), as: .coderName) }
        let perTask = afterTask.lowercased() == "none" ? nil : afterTask
        // What would be refused is said before the logger takes over the terminal (and without one).
        try database.checkSession(participant: participant, conditions: conditions, tasks: taskList, afterTask: perTask)
        guard Terminal.isInteractive else {
            throw Refusal("'studyctl session' is a full-screen logger and needs a terminal; to enter attempts afterwards use 'studyctl attempt add' or 'attempt import'.")
        }
        let (session, resumed) = try database.openSession(participant: participant, conditions: conditions, tasks: taskList, afterTask: perTask,
                                                          after: definitions.map(\.id), observer: observer)
        if resumed, let taskList, taskList.map({ $0.lowercased() }) != session.tasks.map({ $0.key.lowercased() }) {
            note("resuming the unfinished session with its own tasks (\(session.tasks.map(\.key).joined(separator: ", ")))")
        }
        var screen = SessionScreen(database: database, session: session, language: language, observer: observer, resumed: resumed)
        let ended = try screen.run()
        if ended {
            for definition in definitions {
                try SessionScreen.ask(definition, participant: session.participant, task: nil, occasion: session.occasion, database: database, language: language)
            }
            say("Session ended.")
        } else {
            print(words("The session is kept open: '\(session.resumeCommand)' resumes it."))
        }
        print(try SessionSummary(session: try database.session(id: session.id), database: database, language: language).text())
    }
}

struct SessionShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: words("A participant's sessions: per task time, errors, outcome, the questionnaire, and the log."),
        discussion: words("""
            --json lists every event with its wall-clock time and its time since the session began (to align a \
            session with a gaze recording or an audio file).
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @OptionGroup var output: OutputOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        let database = try study.open()
        let language = try database.info().language
        let sessions = try database.sessions(participant: participant)
        if output.json {
            try printJSON(try sessions.map { try SessionSummary(session: $0, database: database, language: language).json() }, command: "session show", key: "sessions")
            return
        }
        guard !sessions.isEmpty else { return say("Participant \(participant) has no session yet.") }
        for (index, session) in sessions.enumerated() {
            if index > 0 { print("") }
            print(try SessionSummary(session: session, database: database, language: language).text(withLog: true))
        }
    }
}

struct SessionList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: words("List the sessions, open and ended."))

    @OptionGroup var output: OutputOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        let database = try study.open()
        let sessions = try database.sessions()
        if output.json {
            return try printJSON(sessions.map(SessionListEntry.init), command: "session list", key: "sessions")
        }
        guard !sessions.isEmpty else { return say("The study has no session yet.") }
        print(words("Times are local (\(LocalTime.zoneName))."))
        printListing(ResultTable.sessions(sessions, language: Voice.language))
    }
}

/// A session's per-task summary: time, errors, outcome, the per-task questionnaire and the total with the task's
/// penalty (time + errors × penalty), as the screen shows it at the end and `session show` prints it.
struct SessionSummary {
    typealias Line = SessionTaskLine

    let session: SessionRecord
    let lines: [Line]
    let language: StudyLanguage

    init(session: SessionRecord, database: StudyDatabase, language: StudyLanguage) throws {
        self.session = session
        self.language = language
        var answers: [String: Double] = [:]
        if let instrument = session.afterTask {
            let (_, sets) = try database.responseSets(instrument: instrument)
            for set in sets where set.participant == session.participant {
                let values = set.answers.values.compactMap { answer -> Double? in if case let .value(value) = answer { return value } else { return nil } }
                if let task = set.task, !values.isEmpty {
                    answers[task.lowercased() + "\u{1F}" + set.occasion] = values.reduce(0, +) / Double(values.count)
                }
            }
        }
        let trials = session.events.filter { $0.event.kind == .outcome }.map(\.trial)
        lines = zip(session.state.finished, trials + Array(repeating: nil, count: max(0, session.state.finished.count - trials.count))).map { finished, trial in
            let penalty = session.tasks.first { $0.key == finished.task }?.penaltySeconds
            let occasion = session.occasion(trial: trial ?? 1)
            return Line(task: finished.task, trial: trial, seconds: finished.seconds, errors: finished.errors, assisted: finished.assisted,
                        outcome: finished.outcome, questionnaire: answers[finished.task.lowercased() + "\u{1F}" + occasion],
                        total: penalty.map { finished.seconds + Double(finished.errors) * $0 })
        }
    }

    func json() -> SessionDocument { SessionDocument(session, lines: lines) }

    func say(_ sentence: Sentence) -> String { sentence.text(language) }

    func text(withLog: Bool = false) -> String {
        let style = NumberStyle(language)
        var out: [String] = []
        let condition = session.occasion.isEmpty ? "" : " (\(MeasurementKey(key: session.occasion).conditionText))"
        out.append(say("Session \(session.number) of \(session.participant)\(condition), began \(LocalTime.text(session.started))") +
                   (session.ended == nil ? " — " + say("open") : ""))
        let penalties = lines.contains { $0.total != nil }
        if lines.isEmpty {
            out.append(say("No task was finished in this session."))
        } else {
            // The table's lines without the renderer's last line break: the lines of the summary are joined below.
            out.append(String(TextRenderer.render(ResultTable.sessionTasks(lines, afterTask: session.afterTask, language: language),
                                                  title: false, width: nil).dropLast()))
            let successes = lines.filter { $0.outcome == .success }.count
            let time = lines.reduce(0) { $0 + $1.seconds }
            let errors = lines.reduce(0) { $0 + $1.errors }
            let errorCount: Sentence = errors == 1 ? "1 error" : "\(errors) errors"
            var total = say("In all: \(style.number(time, decimals: 1)) s, \(errorCount), \(successes) of \(lines.count) tasks succeeded")
            if penalties {
                let sum = lines.reduce(0) { $0 + ($1.total ?? $1.seconds) }
                total += "; " + say("total with the penalty \(style.number(sum, decimals: 1)) s (time + errors × the task's penalty)")
            }
            out.append(total + ".")
        }
        let notes = session.events.filter { $0.event.kind == .note }
        if withLog, !notes.isEmpty {
            out.append(say("Notes:"))
            for note in notes {
                out.append("  [\(SessionClock.clock(note.event.offset))] " + (note.event.task.map { "\($0) · " } ?? "") + (note.event.value ?? ""))
            }
        }
        return out.joined(separator: "\n")
    }
}

struct SessionClose: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close", abstract: words("End a participant's open session without the logger."),
        discussion: words("""
            For a session left open (the terminal closed, the laptop out of battery): ends it now. A task still \
            open is cancelled (its try is not stored) and said. With several open sessions, --condition says which. \
            Example: studyctl session close P2 --condition aparelho=celular
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("The open session's condition level; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @OptionGroup var study: StudyOptions

    func run() throws {
        let database = try study.open()
        let language = try database.info().language
        let conditions = Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        let open = try database.resumableSession(participant: participant, conditions: conditions)
        let (session, cancelled) = try database.closeSession(participant: participant, conditions: conditions,
                                                             logLabel: Sentence("session \(open?.number ?? 1)").text(language))
        if let cancelled { say("The open try of \(cancelled) was cancelled (not stored).") }
        say("Session \(session.number) of \(session.participant) ended.")
        print(try SessionSummary(session: session, database: database, language: Voice.language).text())
    }
}

struct SessionRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Remove a participant's session."),
        discussion: words("""
            Refused while attempts the session stored remain, unless --cascade removes them with it; its notes stay \
            as the participant's memos and its log as a transcript. Example: studyctl session remove P2 --session 1 --cascade
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("The session's number among the participant's (see 'studyctl session show'); needed when they have several."), valueName: "n"))
    var session: Int?

    @Flag(help: ArgumentHelp(words("Also remove the attempts the session stored.")))
    var cascade = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let (removed, attempts) = try study.withStudy { try $0.removeSession(participant: participant, number: session, cascade: cascade) }
        if attempts == 1 {
            say("Removed session \(removed.number) of \(removed.participant) and the attempt it stored.")
        } else if attempts > 1 {
            say("Removed session \(removed.number) of \(removed.participant) and the \(attempts) attempts it stored.")
        } else {
            say("Removed session \(removed.number) of \(removed.participant).")
        }
    }
}
