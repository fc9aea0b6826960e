import ArgumentParser
import Foundation
import Wording
import Results
import StudyStore
import Surveys
import Tabular

struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: words("Task statistics: completion, times, errors; comparisons of conditions."),
        subcommands: [TasksSummary.self, TasksCompare.self])
}

extension TaskMeasure: ExpressibleByArgument {}

struct TasksSummary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: words("Per task (and group): completion rate, times, errors, assistance and SEQ."),
        discussion: words("""
            Completion rate with the adjusted-Wald 95 % interval (Agresti & Coull 1998; Sauro & Lewis 2005); \
            partial successes count as not completed. Times: mean, median and geometric mean with its 95 % \
            interval on the log scale (Sauro & Lewis 2016). With a penalty (on the task or --penalty), also the \
            total time = time + errors × penalty. Errors: mean, SD and total. SEQ: the mean answer per task when \
            participants answered it with --task.
            """))

    @Option(help: ArgumentHelp(words("Group by participant attributes or conditions (repeatable)."), valueName: "name"))
    var by: [String] = []

    @Option(help: ArgumentHelp(words("Seconds per error for total time, for every task."), valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: ArgumentHelp(words("Compute time statistics on successful attempts only.")))
    var successfulOnly = false

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv && output.json { throw Refusal("Please choose one of --csv and --json.") }
    }

    func run() throws {
        let (dataset, language) = try study.withStudy { (try $0.taskDataset(groupedBy: by), try $0.info().language) }
        var penalties = dataset.penalties
        if let penalty { for task in dataset.taskOrder { penalties[task] = penalty.value } }
        let rows = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: penalties,
                                     successfulOnly: successfulOnly, seq: dataset.seq, groupOrders: dataset.groupOrders)
        if output.json { return try printJSON(TaskSummaryJSON(rows, groupedBy: dataset.groupNames), command: "tasks summary") }
        // One table of the results model: the CSV has its machine names (as `export csv` and the workbook), the
        // screen its labels and numbers in the study's language.
        if csv {
            let table = ResultTable.taskSummary(rows, factors: dataset.groupNames, language: language, detail: true)
            return print(CSVRenderer.render(table), terminator: "")
        }
        if rows.isEmpty { return print(Phrase.noAttempts.text(language)) }
        print(TextRenderer.render(ResultTable.taskSummary(rows, factors: dataset.groupNames, language: language), title: false), terminator: "")
        print("\n" + Phrase.taskTimesNote(successfulOnly: successfulOnly).text(language))
        let style = NumberStyle(language)
        let penalized = Set(rows.compactMap { row in row.penalty.map { "\(row.task) \(style.number($0, decimals: $0 == $0.rounded() ? 0 : 1)) s" } })
        if !penalized.isEmpty { print(Phrase.penaltyRule(penalized.sorted().joined(separator: ", ")).text(language)) }
    }
}

struct TasksCompare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: words("Compare two conditions of one task, or two groups of participants."),
        discussion: words("""
            --condition: paired t-test when the same participants did both conditions (per-participant means), \
            Welch's t-test otherwise. --by ATTRIBUTE: two groups of participants (between subjects), Welch's \
            t-test. Times are compared on the log scale and reported as the ratio of geometric means with its \
            95 % interval; errors as the difference of means.

            Examples: studyctl tasks compare fase-1 --condition setting
                      studyctl tasks compare fase-1 --by level --levels Iniciante,Avançado
            """))

    @Argument(help: ArgumentHelp(words("The task's key.")))
    var task: String

    @Option(help: ArgumentHelp(words("The condition whose levels are compared (within or between subjects)."), valueName: "name"))
    var condition: String?

    @Option(help: ArgumentHelp(words("A participant attribute whose groups are compared (between subjects)."), valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp(words("The two levels or groups, A,B (default: the only two there are)."), valueName: "a,b"))
    var levels: String?

    @Option(help: ArgumentHelp(words("What to compare."), valueName: "measure"))
    var measure: TaskMeasure = .time

    @Option(help: ArgumentHelp(words("Seconds per error for --measure total (default: the task's)."), valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: ArgumentHelp(words("Use successful attempts only.")))
    var successfulOnly = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if (condition == nil) == (by == nil) {
            throw Refusal("Please give one of --condition NAME (conditions) and --by ATTRIBUTE (groups of participants).")
        }
    }

    func run() throws {
        let grouping = condition.map { "condition:" + $0 } ?? "attribute:" + by!
        let (dataset, factors) = try study.withStudy { (try $0.taskDataset(groupedBy: [grouping]), try $0.factors()) }
        let name: String
        let known: [String]
        if let condition {
            let factor = factors.first { $0.name.caseInsensitiveCompare(condition) == .orderedSame }!
            name = factor.name
            known = factor.levels
        } else {
            name = dataset.groupNames[0]
            known = NaturalOrder.distinct(dataset.observations.map { $0.group[0] }.filter { $0 != "(none)" }, preferring: dataset.groupOrders[0])
        }
        let chosen = levels.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? known
        guard chosen.count == 2 else {
            let list = known.joined(separator: ", ")
            throw Refusal(condition == nil ? "Please name the two groups to compare with --levels A,B; \(name) has \(list)."
                : "Please name the two levels to compare with --levels A,B; \(name) has \(list).")
        }
        for level in chosen where !known.contains(level) {
            if condition != nil { throw StoreError.unknownLevel(factor: name, level: level, known: known) }
            throw Refusal("No participant with attempts at task \(task) has \(name) = \(level); groups: \(known.joined(separator: ", ")).")
        }
        guard dataset.taskOrder.contains(task) else { throw StoreError.unknownTask(key: task, known: dataset.taskOrder) }
        let taskPenalty = penalty?.value ?? dataset.penalties[task]
        if measure == .total && taskPenalty == nil {
            throw Refusal("Please give --penalty for --measure total; task \(task) has no penalty.")
        }
        let values: [(participant: String, level: String, value: Double)] = dataset.observations.compactMap { observation in
            guard observation.task == task, !successfulOnly || observation.outcome == .success else { return nil }
            let value: Double?
            switch measure {
            case .time: value = observation.seconds
            case .total: value = observation.total(penalty: taskPenalty ?? 0)
            case .errors: value = observation.errors.map(Double.init)
            }
            return value.map { (observation.participant, observation.group[0], $0) }
        }
        let comparison = try TaskComparison.compare(task: task, measure: measure, levelA: chosen[0], levelB: chosen[1], values: values)
        if output.json { return try printJSON(comparison, command: "tasks compare") }
        let test = comparison.test
        let style = NumberStyle(Voice.language)
        let design: Sentence = test.design == .paired ? "paired t-test, \(test.nA) participants"
            : "Welch's t-test, \(test.nA) and \(test.nB) participants"
        let measured: Sentence = measure == .errors ? "errors" : measure == .time ? "time (log scale)" : "total (log scale)"
        say("Task \(task): \(name) \(chosen[0]) vs \(chosen[1]), \(measured); \(design)")
        let (a, b) = (chosen[0], chosen[1])
        let interval = style.interval(comparison.effectCI.lowerBound, comparison.effectCI.upperBound, decimals: measure == .errors ? 2 : 3)
        if measure == .errors {
            say("mean errors: \(a) = \(style.number(comparison.typicalA)), \(b) = \(style.number(comparison.typicalB)); difference (\(b) − \(a)) = \(style.number(comparison.effect)) \(interval)")
        } else {
            say("geometric mean: \(a) = \(style.number(comparison.typicalA)) s, \(b) = \(style.number(comparison.typicalB)) s; ratio (\(b) / \(a)) = \(style.number(comparison.effect, decimals: 3)) \(interval)")
        }
        print("t(\(style.number(test.df, decimals: 2))) = \(style.number(test.t, decimals: 3)), p = \(style.p(test.p))")
    }
}

/// `tasks summary --json` (docs/json.md): each row names its groups (grouping → value), never by position alone.
struct TaskSummaryJSON: Encodable {
    struct Row: Encodable {
        var row: TaskSummaryRow
        var groups: [String: String]

        enum Keys: String, CodingKey { case groups }

        func encode(to encoder: any Encoder) throws {
            try row.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(groups, forKey: .groups)
        }
    }

    var groupedBy: [String]
    var rows: [Row]

    init(_ rows: [TaskSummaryRow], groupedBy: [String]) {
        self.groupedBy = groupedBy
        self.rows = rows.map { row in
            Row(row: row, groups: Dictionary(zip(groupedBy, row.group).map { ($0, $1) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
