import ArgumentParser
import Foundation
import StudyStore
import Surveys
import Tabular

struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "Task statistics: completion, times, errors; comparisons of conditions.",
        subcommands: [TasksSummary.self, TasksCompare.self])
}

extension TaskMeasure: ExpressibleByArgument {}

struct TasksSummary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Per task (and group): completion rate, times, errors, assistance and SEQ.",
        discussion: """
            Completion rate with the adjusted-Wald 95 % interval (Agresti & Coull 1998; Sauro & Lewis 2005); \
            partial successes count as not completed. Times: mean, median and geometric mean with its 95 % \
            interval on the log scale (Sauro & Lewis 2016). With a penalty (on the task or --penalty), also the \
            total time = time + errors × penalty. Errors: mean, SD and total. SEQ: the mean answer per task when \
            participants answered it with --task.
            """)

    @Option(help: ArgumentHelp("Group by participant attributes or conditions (repeatable).", valueName: "name"))
    var by: [String] = []

    @Option(help: ArgumentHelp("Seconds per error for total time, for every task.", valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: "Compute time statistics on successful attempts only.")
    var successfulOnly = false

    @Flag(help: "Write CSV instead of a table.")
    var csv = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv && output.json { throw ValidationError("Please choose one of --csv and --json.") }
    }

    func run() throws {
        let dataset = try study.withStudy { try $0.taskDataset(groupedBy: by) }
        var penalties = dataset.penalties
        if let penalty { for task in dataset.taskOrder { penalties[task] = penalty.value } }
        let rows = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: penalties,
                                     successfulOnly: successfulOnly, seq: dataset.seq, groupOrders: dataset.groupOrders)
        if output.json { return try printJSON(TaskSummaryJSON(rows, groupedBy: dataset.groupNames), command: "tasks summary") }
        func number(_ value: Double?, _ decimals: Int = 2) -> String { value.map { String(format: "%.\(decimals)f", $0) } ?? "" }
        if csv {
            var writer = CSVWriter()
            writer.writeRow(["task"] + dataset.groupNames + ["attempts", "participants", "successes", "partials", "failures",
                "completion", "completion_ci_low", "completion_ci_high", "time_n", "time_mean", "time_sd", "time_median",
                "time_geomean", "time_geomean_ci_low", "time_geomean_ci_high", "penalty", "total_mean", "total_median",
                "total_geomean", "errors_mean", "errors_sd", "errors_total", "assisted", "seq_mean", "seq_n"])
            for row in rows {
                writer.writeRow([row.task] + row.group + [String(row.attempts), String(row.participants), String(row.successes),
                    String(row.partials), String(row.failures), number(row.completion?.rate, 4),
                    number(row.completion?.ci95.lowerBound, 4), number(row.completion?.ci95.upperBound, 4),
                    row.time.map { String($0.n) } ?? "", number(row.time?.mean, 3), number(row.time?.sd, 3), number(row.time?.median, 3),
                    number(row.time?.geometricMean?.value, 3), number(row.time?.geometricMean?.ci95?.lowerBound, 3),
                    number(row.time?.geometricMean?.ci95?.upperBound, 3), number(row.penalty, 3), number(row.total?.mean, 3),
                    number(row.total?.median, 3), number(row.total?.geometricMean?.value, 3), number(row.errorsMean, 3),
                    number(row.errorsSD, 3), String(row.errorsTotal), String(row.assisted), number(row.seqMean, 3), String(row.seqN)])
            }
            return print(writer.text, terminator: "")
        }
        if rows.isEmpty { return print("No attempts yet. Record them with 'studyctl attempt add' or 'studyctl attempt import'.") }
        let hasTotal = rows.contains { $0.total != nil }
        let hasSEQ = rows.contains { $0.seqMean != nil }
        var header = ["task"] + dataset.groupNames + ["n", "success", "completion", "95% CI", "time mean", "median", "geo mean", "geo 95% CI"]
        if hasTotal { header += ["total mean", "total geo"] }
        header += ["errors", "SD", "Σ errors", "assisted"]
        if hasSEQ { header.append("SEQ") }
        let first = 1 + dataset.groupNames.count
        var table = TextTable(header, rightAligned: Set(first..<header.count).subtracting([first + 3, first + 7]))
        for row in rows {
            var cells = [row.task] + row.group
            cells += [String(row.attempts), String(row.successes), row.completion.map { String(format: "%.0f%%", $0.rate * 100) } ?? "",
                      row.completion.map { String(format: "%.0f–%.0f%%", $0.ci95.lowerBound * 100, $0.ci95.upperBound * 100) } ?? "",
                      number(row.time?.mean, 1), number(row.time?.median, 1), number(row.time?.geometricMean?.value, 1),
                      row.time?.geometricMean?.ci95.map { String(format: "%.1f–%.1f", $0.lowerBound, $0.upperBound) } ?? ""]
            if hasTotal { cells += [number(row.total?.mean, 1), number(row.total?.geometricMean?.value, 1)] }
            cells += [number(row.errorsMean), number(row.errorsSD), String(row.errorsTotal), String(row.assisted)]
            if hasSEQ { cells.append(number(row.seqMean)) }
            table.append(cells)
        }
        print(table.render())
        print("\nTimes in seconds\(successfulOnly ? ", successful attempts only" : ""); completion counts partial successes as not completed.")
        let penalized = Set(rows.compactMap { row in row.penalty.map { "\(row.task) \(NumberParser.format($0)) s" } })
        if !penalized.isEmpty { print("Total = time + errors × penalty (\(penalized.sorted().joined(separator: ", ")) per error).") }
    }
}

struct TasksCompare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two conditions of one task, or two groups of participants.",
        discussion: """
            --condition: paired t-test when the same participants did both conditions (per-participant means), \
            Welch's t-test otherwise. --by ATTRIBUTE: two groups of participants (between subjects), Welch's \
            t-test. Times are compared on the log scale and reported as the ratio of geometric means with its \
            95 % interval; errors as the difference of means.

            Examples: studyctl tasks compare fase-1 --condition setting
                      studyctl tasks compare fase-1 --by level --levels Iniciante,Avançado
            """)

    @Argument(help: "The task's key.")
    var task: String

    @Option(help: ArgumentHelp("The condition whose levels are compared (within or between subjects).", valueName: "name"))
    var condition: String?

    @Option(help: ArgumentHelp("A participant attribute whose groups are compared (between subjects).", valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp("The two levels or groups, A,B (default: the only two there are).", valueName: "a,b"))
    var levels: String?

    @Option(help: ArgumentHelp("What to compare.", valueName: "measure"))
    var measure: TaskMeasure = .time

    @Option(help: ArgumentHelp("Seconds per error for --measure total (default: the task's).", valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: "Use successful attempts only.")
    var successfulOnly = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if (condition == nil) == (by == nil) {
            throw ValidationError("Please give one of --condition NAME (conditions) and --by ATTRIBUTE (groups of participants).")
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
            throw ValidationError("Please name the two \(condition == nil ? "groups" : "levels") to compare with --levels A,B; \(name) has \(known.joined(separator: ", ")).")
        }
        for level in chosen where !known.contains(level) {
            if condition != nil { throw StoreError.unknownLevel(factor: name, level: level, known: known) }
            throw ValidationError("No participant with attempts at task \(task) has \(name) = \(level); groups: \(known.joined(separator: ", ")).")
        }
        guard dataset.taskOrder.contains(task) else { throw StoreError.unknownTask(key: task, known: dataset.taskOrder) }
        let taskPenalty = penalty?.value ?? dataset.penalties[task]
        if measure == .total && taskPenalty == nil {
            throw ValidationError("Please give --penalty for --measure total; task \(task) has no penalty.")
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
        let design = test.design == .paired ? "paired t-test, \(test.nA) participants" : "Welch's t-test, \(test.nA) and \(test.nB) participants"
        print("Task \(task): \(name) \(chosen[0]) vs \(chosen[1]), \(measure.rawValue)\(measure == .errors ? "" : " (log scale)"); \(design)")
        if measure == .errors {
            print(String(format: "mean errors: %@ = %.2f, %@ = %.2f; difference (%@ − %@) = %.2f [%.2f, %.2f]",
                         chosen[0], comparison.typicalA, chosen[1], comparison.typicalB, chosen[1], chosen[0],
                         comparison.effect, comparison.effectCI.lowerBound, comparison.effectCI.upperBound))
        } else {
            print(String(format: "geometric mean: %@ = %.2f s, %@ = %.2f s; ratio (%@ / %@) = %.3f [%.3f, %.3f]",
                         chosen[0], comparison.typicalA, chosen[1], comparison.typicalB, chosen[1], chosen[0],
                         comparison.effect, comparison.effectCI.lowerBound, comparison.effectCI.upperBound))
        }
        print(String(format: "t(%@) = %.3f, p = %@", NumberParser.format((test.df * 100).rounded() / 100), test.t, pValue(test.p)))
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
