import ArgumentParser
import Foundation
import Importing
import Results
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

struct AttemptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attempt",
        abstract: words("Record, import and list task attempts."),
        subcommands: [AttemptAdd.self, AttemptImport.self, AttemptList.self, AttemptSet.self, AttemptRemove.self])
}

/// `--outcome` as a person types it, in any known language: success/sucesso, partial/parcial, fail/falha (the
/// words and letters `attempt import` reads). Help lists each language's first word for each outcome, English first.
extension Outcome: ExpressibleByArgument {
    public init?(argument: String) { self.init(loose: argument) }
    public static var allValueStrings: [String] {
        ([StudyLanguage.en] + StudyLanguage.allCases.filter { $0 != .en }).flatMap { language in
            allCases.compactMap { language.vocabulary["outcome.\($0.rawValue)"].first }
        }
    }
}

struct AttemptAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Record one attempt of a task."),
        discussion: words("""
            Times take ss, m:ss, h:mm:ss or decimal seconds (92, 1:32, 0:01:32, 92,5). A participant may \
            attempt a task more than once: each attempt is the next trial unless --trial says otherwise.

            Example: studyctl attempt add P1 fase-1 --condition setting=0-50 --time 1:32 --errors 3 --outcome success
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The task's key.")))
    var task: String

    @Option(help: ArgumentHelp(words("A condition level; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @Option(help: ArgumentHelp(words("The time taken."), valueName: "time"))
    var time: String?

    @Option(help: ArgumentHelp(words("The number of errors."), valueName: "n"))
    var errors: Int?

    @Option(help: ArgumentHelp(words("How the attempt ended."), valueName: "outcome"))
    var outcome: Outcome?

    @Flag(help: ArgumentHelp(words("The participant needed help.")))
    var assisted = false

    @Option(help: ArgumentHelp(words("A note on the attempt.")))
    var note: String?

    @Option(help: ArgumentHelp(words("The trial number (default: the next one)."), valueName: "n"))
    var trial: Int?

    @Flag(name: .customLong("without-condition"), help: ArgumentHelp(words("Record the attempt under no condition although the study has conditions.")))
    var withoutCondition = false

    @OptionGroup var study: StudyOptions

    func validate() throws {
        try Self.check(time: time, errors: errors, trial: trial)
        if time == nil && errors == nil && outcome == nil {
            throw Refusal("Please give at least one of --time, --errors and --outcome.")
        }
        if withoutCondition && !condition.isEmpty { throw Refusal("Please choose one of --condition and --without-condition.") }
    }

    /// The values an attempt takes from the command line, refused where they lie outside what studyctl accepts.
    static func check(time: String?, errors: Int?, trial: Int?) throws {
        if let time, let problem = Duration.problem(time) {
            throw Refusal("Please give --time as seconds or m:ss: \(problem).")
        }
        if let errors, !(0...Limits.maximumErrors).contains(errors) { throw Refusal("Please give --errors from 0 to \(Limits.maximumErrors).") }
        if let trial, !(1...Limits.maximumOrdinal).contains(trial) { throw Refusal("Please give --trial from 1 to \(Limits.maximumOrdinal).") }
    }

    func run() throws {
        let entry = AttemptEntry(participant: participant, task: task,
                                 conditions: Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }),
                                 trial: trial, seconds: time.flatMap(Duration.parse), errors: errors, outcome: outcome,
                                 assisted: assisted, note: note, source: "cli")
        let number = try study.withStudy { database -> Int in
            // In a study with conditions an attempt names its levels: one left without would be compared with none.
            let factors = try database.factors()
            // An unknown participant or task is said first (as the store says it).
            _ = try database.participant(participant)
            let known = try database.tasks().contains { $0.key.caseInsensitiveCompare(StudyText.composed(task)) == .orderedSame }
            if known && condition.isEmpty && !withoutCondition && !factors.isEmpty {
                let levels = factors.map { "\($0.name): \($0.levels.joined(separator: ", "))" }.joined(separator: "; ")
                let example = factors.map { "--condition \($0.name)=\($0.levels.first ?? "…")" }.joined(separator: " ")
                throw Refusal("The study has conditions (\(levels)): say the attempt's with \(example), or --without-condition.")
            }
            return try database.addAttempt(entry)
        }
        say(.recordedTrial(trial: number, task: task, participant: participant))
    }
}

struct AttemptImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: words("Import a task log from CSV, one attempt per row."),
        discussion: words("""
            Columns are found by name (participant/participante/usuário, task/tarefa/fase, time/tempo, \
            errors/erros, outcome/resultado, assisted/ajuda, note, trial/tentativa, total, and each condition's \
            name) or given with --map. A total column is checked against time + errors × penalty (--penalty, \
            else the task's own) and each mismatch reported. All or nothing: every bad cell is listed with \
            file:line and its column's name, and nothing is stored.

            Importing a log again adds nothing: a row identical to an attempt the study has (same participant, \
            task, conditions, time, errors, outcome, assisted and note) is skipped and counted. A participant's \
            rows for a task and conditions they have no attempt at become trials 1, 2, … in file order. A row \
            that differs from every stored attempt of its participant, task and conditions is refused: to add \
            such rows as the next trials (a second session appended to the log), pass --new-trials; or say \
            which trial each row is, with a trial column or --trial N for the whole file. A row whose trial is \
            stored with other values is refused; --replace puts the file's values in its place.

            Exports of remote-testing tools (UserZoom, Maze, UserTesting) are read as they come: "Participant ID", \
            "Tester", "Task ID", "Task name", "Mission", "Time on task (s)", "Task outcome". Their outcomes are \
            read as: direct success → success; indirect success → success, noted "indirect success" (the goal \
            was reached, by another path); gave up, give up / bounce → failure, noted "gave up"; abandoned, \
            mission unfinished → no outcome, noted "abandoned" (a failure in completion unless --abandoned \
            exclude); skipped → not an attempt, the row is left out. The import \
            says how it read each outcome. --create-tasks adds the tasks the log names that the study lacks. \
            Counts may be written as decimals that are whole (2.0, 2,0).

            Example: studyctl attempt import log.csv --map participant=Usuário,task=Fase,errors=Colisões,time=Tempo,setting=Config
            """))

    @Argument(help: ArgumentHelp(words("The CSV file, or an Excel (.xlsx) or LibreOffice (.ods) workbook."), valueName: "file.csv"),
              completion: .file(extensions: ["csv", "txt", "tsv", "xlsx", "ods"]))
    var file: String

    @Option(help: ArgumentHelp(words("The workbook's sheet, by name or number (default: the first)."), valueName: "name|n"))
    var sheet: String?


    @Option(help: ArgumentHelp(words("Fields to columns, e.g. participant=Usuário,task=Fase (repeatable)."), valueName: "field=column,…"))
    var map: [String] = []

    @Option(help: ArgumentHelp(words("Seconds per error for checking the total column, e.g. 2s."), valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: ArgumentHelp(words("Import rows whose total disagrees with the formula, listing each disagreement.")))
    var acceptTotals = false

    @Option(help: ArgumentHelp(words("The field separator (default: detected)."), valueName: "delimiter"))
    var delimiter: Delimiter?

    @Option(help: ArgumentHelp(words("The trial every row of the file is (for a log without a trial column)."), valueName: "n"))
    var trial: Int?

    @Flag(help: ArgumentHelp(words("Add rows that differ from the stored attempts as the next trials.")))
    var newTrials = false

    @Flag(help: ArgumentHelp(words("Replace the values of stored trials the file gives other values for.")))
    var replace = false

    @Flag(help: ArgumentHelp(words("Add the tasks the file names that the study lacks (key from the task column, title from a task-name column).")))
    var createTasks = false

    @OptionGroup var study: StudyOptions

    func mapping() throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try parseColumnMap(map, example: "FIELD=COLUMN, e.g. --map participant=Usuário").map { ($0.key, $0.column) })
    }

    func validate() throws {
        _ = try mapping()
        try AttemptAdd.check(time: nil, errors: nil, trial: trial)
        if trial != nil && newTrials { throw Refusal("Please give either --trial or --new-trials: --trial N makes every row trial N.") }
    }

    func run() throws {
        let summary = try study.withStudy {
            try $0.importAttempts(from: file, sheet: sheet, options: .init(map: try mapping(), penalty: penalty?.value,
                                                              acceptTotals: acceptTotals, delimiter: delimiter,
                                                              trial: trial, newTrials: newTrials, replace: replace,
                                                              createTasks: createTasks))
        }
        for line in summary.notes { note(line) }
        for task in summary.createdTasks { say("Added task \(task.key) '\(task.title)'.") }
        // How each outcome text was read, so a tool's words are never mapped silently.
        if summary.outcomes.contains(where: { Outcome(loose: $0.text) == nil }) {
            say("Outcomes read: \(Sentence.joined(summary.outcomes.map { "'\($0.text)' → \($0.meaning) (\($0.rows))" }, separator: "; ")).")
        }
        if summary.skippedTasks > 0 { say("Rows of skipped tasks left out: \(summary.skippedTasks).") }
        say(.importedAttempts(summary.attempts, file: file))
        if summary.skipped > 0 { say(.skippedAttempts(summary.skipped)) }
        if summary.replaced > 0 { say(.replacedAttempts(summary.replaced)) }
        say(.columnsFound(summary.columns.sorted { $0.key < $1.key }.map { "\($0.key) ← '\($0.value)'" }.joined(separator: ", ")))
        if !summary.ignored.isEmpty { note("columns not read: \(summary.ignored.map { "'\($0)'" }.joined(separator: ", "))") }
        for line in summary.reading { say(line) }
    }
}

struct AttemptSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: words("Correct a recorded attempt (a session's or a typed one): only the values given change."),
        discussion: words("""
            Example: studyctl attempt set P3 T2 --trial 1 --errors 2 --outcome partial

            Without --condition, the participant must have only one attempt with that trial number at the task.
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The task's key.")))
    var task: String

    @Option(help: ArgumentHelp(words("The trial to correct (default: 1)."), valueName: "n"))
    var trial: Int = 1

    @Option(help: ArgumentHelp(words("A condition level; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @Option(help: ArgumentHelp(words("The time taken."), valueName: "time"))
    var time: String?

    @Option(help: ArgumentHelp(words("The number of errors."), valueName: "n"))
    var errors: Int?

    @Option(help: ArgumentHelp(words("How the attempt ended."), valueName: "outcome"))
    var outcome: Outcome?

    @Option(help: ArgumentHelp(words("Whether the participant needed help (yes or no)."), valueName: "yes|no"))
    var assisted: String?

    @Option(help: ArgumentHelp(words("A note on the attempt.")))
    var note: String?

    @OptionGroup var study: StudyOptions

    func validate() throws {
        try AttemptAdd.check(time: time, errors: errors, trial: trial)
        if let assisted, YesNo.parse(assisted) == nil { throw Refusal("Please give --assisted as yes or no.") }
        if time == nil && errors == nil && outcome == nil && assisted == nil && note == nil {
            throw Refusal("Please give at least one of --time, --errors, --outcome, --assisted and --note.")
        }
    }

    func run() throws {
        try study.withStudy {
            try $0.correctAttempt(participant: participant, task: task, trial: trial,
                                  conditions: Dictionary(condition.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }),
                                  seconds: time.flatMap(Duration.parse), errors: errors, outcome: outcome,
                                  assisted: assisted.flatMap(YesNo.parse), note: note)
        }
        say("Corrected trial \(trial) of \(participant) at \(task).")
    }
}

struct AttemptList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the recorded attempts."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (attempts, factors, labels) = try study.withStudy { (try $0.attempts(), try $0.factors(), try $0.labels()) }
        if output.json { return try printJSON(attempts, command: "attempt list", key: "attempts") }
        if attempts.isEmpty { return say(.noAttemptsYet) }
        printListing(ResultTable.attempts(attempts, factors: factors.map(\.name), language: Voice.language, labels: labels))
    }
}
