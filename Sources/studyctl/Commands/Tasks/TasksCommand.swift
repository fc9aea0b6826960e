import ArgumentParser
import Foundation
import Results
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Wording

struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: words("Task statistics: completion, times, errors; comparisons of conditions."),
        subcommands: [TasksSummary.self, TasksBenchmark.self, TasksCompare.self])
}

extension TaskMeasure: ExpressibleByArgument {}

/// What `tasks compare` compares: a measure of the attempts, completion, or the SEQ answers.
enum CompareMeasure: String, CaseIterable, ExpressibleByArgument {
    case time, total, errors, completion, seq

    var taskMeasure: TaskMeasure? {
        switch self {
        case .time: return .time
        case .total: return .total
        case .errors: return .errors
        case .completion, .seq: return nil
        }
    }
}

struct TasksSummary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: words("Per task (and group): completion rate, times, errors, assistance and SEQ."),
        discussion: words("""
            One value per participant in every row (a participant's several trials never count as several \
            people): completion by their first attempt with an outcome, time by the geometric mean of their \
            times, errors by their mean per attempt; the attempts column counts every attempt. Completion rate \
            with the adjusted-Wald 95 % interval (Agresti & Coull 1998; Sauro & Lewis 2005); partial successes \
            count as not completed. Times: mean, median and geometric mean with its 95 % interval on the log \
            scale (Sauro & Lewis 2016). With a penalty (on the task or --penalty), also the \
            total time = time + errors × penalty. Errors: mean, SD and total. SEQ: per task and group, the mean over \
            participants of each one's answer to the task under the row's condition levels (a session stores it \
            under its condition; by hand, respond CODE seq --task T --condition factor=level): one value per \
            participant, the mean of their answers when they gave several there.
            """))

    @Option(help: ArgumentHelp(words("Group by participant attributes or conditions (repeatable)."), valueName: "name"))
    var by: [String] = []

    @Option(help: ArgumentHelp(words("Seconds per error for total time, for every task."), valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: ArgumentHelp(words("Compute time statistics on successful attempts only.")))
    var successfulOnly = false

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var confidence: ConfidenceOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv && output.json { throw Refusal("Please choose one of --csv and --json.") }
    }

    func run() throws {
        let (dataset, language, plan) = try analysis.taskDataset(study, groupedBy: by, confidence: confidence)
        let set = plan.set
        var penalties = dataset.penalties
        if let penalty { for task in dataset.taskOrder { penalties[task] = penalty.value } }
        let rows = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: penalties,
                                     successfulOnly: successfulOnly, seq: dataset.seq, groupFactors: dataset.groupFactors,
                                     groupOrders: dataset.groupOrders, confidence: plan.confidence,
                                     targets: dataset.targets, errorOpportunities: dataset.errorOpportunities,
                                     abandonedPolicy: dataset.abandoned)
        if output.json { return try printJSON(TaskSummaryDocument(rows, groupedBy: dataset.groupNames), command: "tasks summary", plan: plan) }
        // One table of the results model: the CSV has its machine names (as `export csv` and the workbook), the
        // screen its labels and numbers in the study's language.
        if csv {
            let table = ResultTable.taskSummary(rows, factors: dataset.groupNames, language: language, detail: true)
            return print(CSVRenderer.render(table), terminator: "")
        }
        if rows.isEmpty { return print(Phrase.noAttempts.text(language)) }
        let (labels, attribute) = try study.peopleNames(dataset.groupNames)
        print(TextRenderer.render(ResultTable.taskSummary(rows, factors: dataset.groupNames, language: language, labels: labels, attribute: attribute),
                                  title: false), terminator: "")
        let fast = set.flags.filter { flag in
            if case .taskTimes = flag.source { return set.includes(flag.participant) }
            return false
        }
        var flagged: Sentence?
        if !fast.isEmpty {
            let list = Sentence.joined(fast.map { "\($0.participant) (\(set.reasons($0.participant)))" as Sentence }, separator: "; ")
            flagged = set.speeder == .standard ? "Task times flagged as too fast (under 25 % of the task's median time): \(list); --exclude-flagged leaves these participants out."
                : "Task times flagged as too fast (\(set.speeder.description)): \(list); --exclude-flagged leaves these participants out." as Sentence
        }
        // The report's notes under the same table, with the flagged times said here.
        print("")
        for note in ResultTable.taskSummaryNotes(rows, successfulOnly: successfulOnly, flagged: flagged) { print(note.text(language)) }
        let style = NumberStyle(language)
        let penalized = Set(rows.compactMap { row in row.penalty.map { "\(row.task) \(style.number($0, decimals: $0 == $0.rounded() ? 0 : 1)) s" } })
        if !penalized.isEmpty { print(Phrase.penaltyRule(penalized.sorted().joined(separator: ", ")).text(language)) }
        let averaged = rows.reduce(0) { $0 + $1.seqAveraged }
        if averaged > 0 {
            print(words("SEQ: one value per participant and row; values that are the mean of a participant's several answers to the task under the row's levels (trials or other conditions): \(averaged)."))
        }
        let factors = dataset.groupFactors.compactMap { $0 }
        let unplaced = TaskSummary.unplacedSEQ(dataset.observations, seq: dataset.seq, groupFactors: dataset.groupFactors)
        if !unplaced.isEmpty, let factor = factors.first {
            let list = unplaced.map { "\($0.participant) \($0.task)" }.joined(separator: ", ")
            print(words("SEQ answers left out of the rows (\(list)): they name no level of \(factors.joined(separator: ", ")), and the participant did the task under several levels; record the level with respond CODE seq --task T --condition \(factor)=LEVEL."))
        }
    }
}

struct TasksCompare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: words("Compare the levels of a condition for one task, or two groups of participants."),
        discussion: words("""
            --condition, within participants (some participant did the task under two levels or more): only \
            participants with attempts under every level compared enter, one value each per level (the mean of \
            their attempts there; of the logs for times), and the number left out is said. Two levels: paired \
            t-test; three or more: Friedman's χ² with Kendall's W, then each pair by the paired t-test with Holm's \
            adjustment. Completion is compared too (success = completed; partial success and failure = not, the \
            usual binary completion; with several attempts under a level, the first recorded): McNemar's exact test \
            for two levels, Cochran's Q for more. --condition between participants (no one did two levels): \
            Welch's t-test of two levels. --by ATTRIBUTE: two groups of participants (between subjects), Welch's \
            t-test. Times are compared on the log scale and reported as the ratio of geometric means with its \
            interval (95 %, or 90 % with --confidence 90); errors as the difference of means. Between groups, --measure completion compares one \
            outcome per participant by the N−1 two-proportion test (Campbell 2007), or Fisher's exact test when an \
            expected count is under 1, with the adjusted-Wald interval of the difference (Agresti & Caffo 2000); \
            --measure seq compares each participant's SEQ answer by Welch's t-test. Every effect is B against A, \
            with Hedges' g and the group that is higher named.

            Examples: studyctl tasks compare fase-1 --condition setting
                      studyctl tasks compare T1 --condition aparelho --levels celular,tablet,desktop
                      studyctl tasks compare fase-1 --by level --levels Iniciante,Avançado
                      studyctl tasks compare T2 --by Release --measure completion
            """))

    @Argument(help: ArgumentHelp(words("The task's key.")))
    var task: String

    @Option(help: ArgumentHelp(words("The condition whose levels are compared (within or between subjects)."), valueName: "name"))
    var condition: String?

    @Option(help: ArgumentHelp(words("A participant attribute whose groups are compared (between subjects)."), valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp(words("The levels or groups compared, A,B (a condition within participants: two or more; default: those with attempts at the task)."), valueName: "a,b"))
    var levels: String?

    @Option(help: ArgumentHelp(words("With --by, where the participants did the task under several levels of a condition: compare the groups within this level (repeatable, one per such condition)."), valueName: "factor=level"))
    var at: [String] = []

    @Option(help: ArgumentHelp(words("What to compare."), valueName: "measure"))
    var measure: CompareMeasure = .time

    @Option(help: ArgumentHelp(words("Seconds per error for --measure total (default: the task's)."), valueName: "seconds"))
    var penalty: Seconds?

    @Flag(help: ArgumentHelp(words("Use successful attempts only.")))
    var successfulOnly = false

    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var confidence: ConfidenceOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if (condition == nil) == (by == nil) {
            throw Refusal("Please give one of --condition NAME (conditions) and --by ATTRIBUTE (groups of participants).")
        }
    }

    func run() throws {
        let grouping = condition.map { "condition:" + $0 } ?? "attribute:" + (by ?? "")  // validate(): one of the two is given
        // Between groups, the study's conditions too: where the participants did the task under several levels of one,
        // the groups are compared within one level (--at), never on values averaged over them.
        let (stored, factors, plan, labels) = try study.withStudy { database in
            let factors = try database.factors()
            let groupings = [grouping] + (by == nil ? [] : factors.map { "condition:" + $0.name })
            return (try database.taskDataset(groupedBy: groupings), factors,
                    try analysis.plan(database, groupBy: by, defaultGrouping: false, confidence: confidence.confidence.value), try database.labels())
        }
        let set = plan.set
        analysis.announce(set)
        let dataset = try groupCell(stored.prepared(for: set), factors: factors)
        let cell = by == nil ? [:] : Dictionary(try cellLevels(factors).map { ($0.factor, $0.level) }, uniquingKeysWith: { _, last in last })
        if by != nil, !at.isEmpty, !output.json {
            // The cell by its labels ("protótipo: versão atual" for protótipo=atual).
            let shownCell = cell.sorted { $0.key < $1.key }.map { "\(labels.factor($0.key)): \(labels.level($0.value, of: $0.key))" }
            say("Compared within \(shownCell.isEmpty ? at.joined(separator: ", ") : shownCell.joined(separator: ", ")).")
        }
        let name: String
        let known: [String]
        if let condition {
            guard let factor = factors.first(where: { $0.name.caseInsensitiveCompare(condition) == .orderedSame }) else {
                throw StoreError.unknownFactor(name: condition, known: factors.map(\.name))
            }
            name = factor.name
            known = factor.levels
        } else {
            name = dataset.groupNames[0]
            known = NaturalOrder.distinct(dataset.observations.map { $0.group[0] }.filter { $0 != "(none)" }, preferring: dataset.groupOrders[0])
        }
        // The grouping and its levels (or groups) as people read them, in what is printed; JSON keeps the names.
        let shownName = condition != nil ? labels.factor(name) : labels.attribute(name)
        let show = { (level: String) -> String in condition != nil ? labels.level(level, of: name) : labels.value(level, of: name) }
        // By default a condition's levels with attempts at the task (a level no one did it under is not compared).
        let chosen = levels.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            ?? (condition != nil ? TaskLevelAttempts.defaultLevels(known, task: task, observations: dataset.observations, level: { $0.group[0] }) : known)
        for level in chosen where !known.contains(level) {
            if condition != nil { throw StoreError.unknownLevel(factor: name, level: level, known: known) }
            throw Refusal("No participant with attempts at task \(task) has \(name) = \(level); groups: \(known.joined(separator: ", ")).")
        }
        guard dataset.taskOrder.contains(task) else { throw StoreError.unknownTask(key: task, known: dataset.taskOrder) }
        let attempts = TaskLevelAttempts(task: task, levels: chosen, observations: dataset.observations, level: { $0.group[0] })
        // Within participants: someone did the task under two of the levels compared.
        let within = condition != nil && attempts.isWithin
        let list = known.joined(separator: ", ")
        if Set(chosen).count != chosen.count || chosen.count < 2 || (chosen.count > 2 && !within) {
            throw Refusal(condition == nil ? "Please name the two groups to compare with --levels A,B; \(name) has \(list)."
                : within ? "Please name two levels or more to compare with --levels A,B; \(name) has \(list)."
                : "Please name the two levels to compare with --levels A,B; \(name) has \(list).")
        }
        if measure == .completion || measure == .seq {
            if within && measure == .seq {
                throw Refusal("Please compare the SEQ within participants with score seq --within \(name) --compare; tasks compare --measure seq compares groups of different participants.")
            }
            if !within {
                guard chosen.count == 2 else { throw Refusal("Please name the two groups to compare with --levels A,B; \(name) has \(list).") }
                return try compareGroups(dataset, name: name, groups: chosen, cell: cell, plan: plan, shownName: shownName, show: show)
            }
        }
        let taskPenalty = penalty?.value ?? dataset.penalties[task]
        if measure == .total && taskPenalty == nil {
            throw Refusal("Please give --penalty for --measure total; task \(task) has no penalty.")
        }
        // Completion within participants, from every attempt with an outcome (whatever --successful-only says).
        let completion = within ? attempts.completion : nil
        let completionEntry = completion.map { TaskComparisonEntry($0, factor: name, confidence: confidence.confidence.value) }
        let style = NumberStyle(Voice.language)
        let level = confidence.confidence.value
        /// "95% CI [0,90; 1,50]": an interval with its level.
        func labelled(_ interval: ClosedRange<Double>, decimals: Int) -> String {
            "\(ResultTable.intervalLabel(level, Voice.language)) \(style.interval(interval.lowerBound, interval.upperBound, decimals: decimals))"
        }
        /// "p = 0,008" or "p < 0,001".
        func pText(_ p: Double) -> String {
            let shown = style.p(p)
            return shown.hasPrefix("<") ? "p \(shown)" : "p = \(shown)"
        }
        let measured: Sentence = measure == .errors ? "errors" : measure == .time ? "time (log scale)" : "total (log scale)"
        let unit = measure == .errors ? "" : " s"
        if let measure = measure.taskMeasure, chosen.count > 2 {
            guard case let .severalLevels(comparison) = try attempts.compare(measure, penalty: taskPenalty, successfulOnly: successfulOnly, confidence: level) else { return }
            if output.json {
                return try printJSON(TaskComparisonDocument(TaskComparisonEntry(comparison, factor: name), completion: completionEntry), command: "tasks compare", plan: plan)
            }
            say("Task \(task): \(shownName) \(chosen.map(show).joined(separator: ", ")), \(measured); within participants, \(comparison.complete) participants with attempts under every level")
            if comparison.leftOut > 0 { say("Left out (attempts under some of the levels only): \(comparison.leftOut)") }
            if comparison.averaged > 0 { say("Several attempts under one level: each participant's mean there enters (\(comparison.averaged) participants)") }
            let typical = zip(chosen, comparison.typical).map { "\(show($0)) = \(style.number($1))\(unit)" }.joined(separator: ", ")
            say(measure == .errors ? "mean errors: \(typical)" : "geometric mean: \(typical)")
            if let f = comparison.friedman {
                say("Friedman: χ²(\(f.df)) = \(style.number(f.chiSquared)); \(pText(f.p)); Kendall's W = \(style.number(f.kendallW))")
            } else {
                say("Friedman: not defined (every participant ranks the levels alike with ties)")
            }
            if !comparison.pairs.isEmpty { say("Pairs, paired t-tests with Holm's adjustment:") }
            for pair in comparison.pairs {
                let interval = pair.effectCI.map { ", " + labelled($0, decimals: measure == .errors ? 2 : 3) } ?? ""
                let effect = measure == .errors ? "\(pair.levelB) − \(pair.levelA) = \(style.number(pair.effect))\(interval)"
                    : "\(pair.levelB) / \(pair.levelA) = \(style.number(pair.effect, decimals: 3))\(interval)"
                say("  \(effect); t(\(pair.df)) = \(style.number(pair.t, decimals: 3)), \(pText(pair.p)), Holm \(pText(pair.pHolm))")
            }
        } else if let measure = measure.taskMeasure {
            guard case let .twoLevels(comparison) = try attempts.compare(measure, penalty: taskPenalty, successfulOnly: successfulOnly, confidence: level) else { return }
            if output.json {
                var entry = TaskComparisonEntry(comparison, factor: name, hedgesG: comparison.test.design == .welch ? groupRow(attempts, measure, grouping: name, levels: chosen)?.hedgesG : nil)
                entry.cell = cell
                return try printJSON(TaskComparisonDocument(entry, completion: completionEntry), command: "tasks compare", plan: plan)
            }
            let test = comparison.test
            let design: Sentence = test.design == .paired ? "paired t-test, \(test.nA) participants"
                : "Welch's t-test, \(test.nA) and \(test.nB) participants"
            say("Task \(task): \(shownName) \(show(chosen[0])) vs \(show(chosen[1])), \(measured); \(design)")
            if comparison.leftOut > 0 { say("Left out (attempts under one of the two levels only): \(comparison.leftOut)") }
            if comparison.averaged > 0 { say("Several attempts under one level: each participant's mean there enters (\(comparison.averaged) participants)") }
            let (a, b) = (show(chosen[0]), show(chosen[1]))
            let interval = labelled(comparison.effectCI, decimals: measure == .errors ? 2 : 3)
            if measure == .errors {
                say("mean errors: \(a) = \(style.number(comparison.typicalA)), \(b) = \(style.number(comparison.typicalB)); difference (\(b) − \(a)) = \(style.number(comparison.effect)) \(interval)")
            } else {
                say("geometric mean: \(a) = \(style.number(comparison.typicalA)) s, \(b) = \(style.number(comparison.typicalB)) s; ratio (\(b) / \(a)) = \(style.number(comparison.effect, decimals: 3)) \(interval)")
            }
            // A paired test's df is a count (n − 1); Welch's is fractional.
            let df = test.df == test.df.rounded() && abs(test.df) < 1e9 ? String(Int(test.df)) : style.number(test.df, decimals: 2)
            print("t(\(df)) = \(style.number(test.t, decimals: 3)), \(pText(test.p))")
            if test.design == .welch, var row = groupRow(attempts, measure, grouping: name, levels: chosen), let g = row.hedgesG {
                (row.groupA, row.groupB) = (show(row.groupA), show(row.groupB))
                say("Hedges' g (\(b) − \(a)) = \(style.number(g)): \(ResultTable.direction(row))")
            }
        }
        guard let completion else { return }
        if measure.taskMeasure == nil {
            if output.json, let completionEntry { return try printJSON(TaskComparisonDocument(completionEntry), command: "tasks compare", plan: plan) }
        } else {
            print("")
        }
        let rates = zip(chosen, completion.completed).map { level, count in
            "\(show(level)) \(count)/\(completion.complete) (\(style.percent(completion.complete == 0 ? nil : Double(count) / Double(completion.complete))))"
        }.joined(separator: ", ")
        say("Completion within participants (success = completed; partial success and failure = not), \(completion.complete) participants with an outcome under every level: \(rates)")
        if completion.leftOut > 0 { say("Left out (an outcome under some of the levels only): \(completion.leftOut)") }
        if completion.firstOfSeveral > 0 { say("Several attempts under one level: the first recorded counts (\(completion.firstOfSeveral) participants)") }
        if let m = completion.mcnemar {
            say("McNemar's exact test: \(m.onlyA + m.onlyB) discordant pairs (\(m.onlyA) completed under \(show(chosen[0])) only, \(m.onlyB) under \(show(chosen[1])) only); \(pText(m.p))")
        } else if let q = completion.cochranQ {
            say("Cochran's Q(\(q.df)) = \(style.number(q.q)); \(pText(q.p))")
        } else {
            say(chosen.count == 2 ? "McNemar's exact test: not defined (no participant with an outcome under both levels)"
                : "Cochran's Q: not defined (every participant has the same outcome under every level)")
        }
    }
}

extension TasksCompare {
    /// With --by, the attempts of the cell --at names (the dataset grouped by the attribute only): refused, naming
    /// the choice, when the participants did the task under several levels of a condition --at leaves open.
    func groupCell(_ dataset: TaskDataset, factors: [FactorInfo]) throws -> TaskDataset {
        guard by != nil else { return dataset }
        let levels = try cellLevels(factors)
        let chosen = dataset.cell(levels, keeping: dataset.groupNames.count)
        let atTask = chosen.observations.filter { $0.task == task }
        let open = GroupTaskComparisons.withinFactors(atTask, indexes: Array(dataset.groupNames.indices.dropFirst()))
            .filter { index in !levels.contains { $0.factor == dataset.groupNames[index] } }
        if let index = open.first {
            let factor = dataset.groupNames[index]
            let seen = NaturalOrder.distinct(atTask.map { $0.group[index] }, preferring: dataset.groupOrders[index])
            throw Refusal("The participants did task \(task) under several levels of \(factor) (\(seen.joined(separator: ", "))): compare the groups within one level, --at \(factor)=\(seen[0]), or compare the levels within participants with --condition \(factor).")
        }
        return chosen.cell([], keeping: 1)
    }

    /// The levels --at names (factor=level, each factor as the study names it), checked against the study's conditions.
    func cellLevels(_ factors: [FactorInfo]) throws -> [(factor: String, level: String)] {
        var levels: [(factor: String, level: String)] = []
        for text in at {
            let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else { throw Refusal("Please write --at as factor=level: '\(text)'.") }
            guard let factor = factors.first(where: { $0.name.caseInsensitiveCompare(parts[0]) == .orderedSame }) else {
                throw StoreError.unknownFactor(name: parts[0], known: factors.map(\.name))
            }
            guard factor.levels.contains(parts[1]) else { throw StoreError.unknownLevel(factor: factor.name, level: parts[1], known: factor.levels) }
            levels.append((factor.name, parts[1]))
        }
        return levels
    }

    /// Between groups, time or errors by Welch's t-test as the report compares the groups (`GroupTaskComparisons`):
    /// the row with Hedges' g and the group that is higher; `nil` for --measure total or when it cannot be computed.
    func groupRow(_ attempts: TaskLevelAttempts, _ measure: TaskMeasure, grouping: String, levels: [String]) -> GroupTaskComparison? {
        guard measure != .total else { return nil }
        let compared = attempts.attempts.map(\.observation).filter { !successfulOnly || $0.outcome == .success }
        let groups = GroupTaskComparisons(grouping: grouping, groups: levels, taskOrder: [task], observations: compared,
                                          measures: [measure == .errors ? .errors : .time], confidence: confidence.confidence.value)
        return groups.rows.first
    }

    /// Two groups of different participants compared on completion or the SEQ (`GroupTaskComparison`), one value per
    /// participant, as the report's table of what changed gives it.
    func compareGroups(_ dataset: TaskDataset, name: String, groups: [String], cell: [String: String], plan: AnalysisPlan,
                       shownName: String, show: (String) -> String) throws {
        let style = NumberStyle(Voice.language)
        func pText(_ p: Double) -> String {
            let shown = style.p(p)
            return shown.hasPrefix("<") ? "p \(shown)" : "p = \(shown)"
        }
        let kind: GroupTaskMeasure = measure == .completion ? .completion : .seq
        let compared = GroupTaskComparisons(grouping: name, groups: groups, taskOrder: [task], observations: dataset.observations,
                                            seq: dataset.seq, measures: [kind], confidence: confidence.confidence.value)
        var (a, b) = (groups[0], groups[1])
        guard let row = compared.rows.first else {
            throw Refusal(kind == .completion
                ? "Task \(task) has no outcome recorded in one of the groups \(a) and \(b); nothing to compare."
                : "Task \(task) has fewer than 2 SEQ answers in one of the groups \(a) and \(b), or they do not vary; nothing to compare.")
        }
        if output.json {
            return try printJSON(TaskComparisonDocument(TaskComparisonEntry(row, factor: name, cell: cell, severalAttempts: compared.averaged)),
                                 command: "tasks compare", plan: plan)
        }
        // What is printed names the groups by their labels.
        let name = shownName
        (a, b) = (show(a), show(b))
        var shownRow = row
        (shownRow.groupA, shownRow.groupB) = (show(row.groupA), show(row.groupB))
        if kind == .completion, let x = row.successesA, let y = row.successesB {
            say("Task \(task): \(name) \(a) vs \(b), completion (success = completed; partial success and failure = not), one outcome per participant (their first attempt with one): \(row.nA) and \(row.nB) participants")
            let interval = "\(ResultTable.intervalLabel(row.confidence, Voice.language)) \(style.interval(row.effectCI.lowerBound, row.effectCI.upperBound))"
            say("completion: \(a) = \(x)/\(row.nA) (\(style.percent(row.typicalA))), \(b) = \(y)/\(row.nB) (\(style.percent(row.typicalB))); difference (\(b) − \(a)) = \(style.number(row.effect)) \(interval), adjusted-Wald (Agresti & Caffo 2000)")
            let smallest = style.number(row.smallestExpected ?? 0)
            if row.test == "fisher-exact" {
                say("Fisher's exact test (an expected count under 1, the smallest \(smallest); Campbell 2007): \(pText(row.p))")
            } else {
                say("N−1 two-proportion test (every expected count at least 1, the smallest \(smallest); Campbell 2007): z = \(style.number(row.statistic ?? 0)), \(pText(row.p))")
            }
            say(ResultTable.direction(shownRow))
        } else {
            say("Task \(task): \(name) \(a) vs \(b), SEQ (each participant's mean answer to the task); Welch's t-test, \(row.nA) and \(row.nB) participants")
            let interval = "\(ResultTable.intervalLabel(row.confidence, Voice.language)) \(style.interval(row.effectCI.lowerBound, row.effectCI.upperBound))"
            say("mean SEQ: \(a) = \(style.number(row.typicalA)), \(b) = \(style.number(row.typicalB)); difference (\(b) − \(a)) = \(style.number(row.effect)) \(interval)")
            print("t(\(style.number(row.df ?? 0, decimals: 2))) = \(style.number(row.statistic ?? 0, decimals: 3)), \(pText(row.p))")
            if let g = row.hedgesG { say("Hedges' g (\(b) − \(a)) = \(style.number(g)): \(ResultTable.direction(shownRow))") }
        }
    }
}

extension AnalysisSetOptions {
    /// The study's tasks grouped by `by` (attributes or conditions), restricted to the analysis set (which is
    /// said), and the study's language: what `tasks summary` and `tasks benchmark` start from, with the set.
    ///
    /// A condition the participants did the tasks under several levels of splits the rows too, named or not: a row
    /// never pools one participant's attempts under two prototypes (said on standard error when it was not named).
    func taskDataset(_ study: StudyOptions, groupedBy by: [String], confidence: ConfidenceOption) throws -> (TaskDataset, StudyLanguage, AnalysisPlan) {
        let (stored, language, plan, added) = try study.withStudy { database in
            let plan = try self.plan(database, defaultGrouping: false, confidence: confidence.confidence.value)
            // A condition done within participants splits the rows even when not named: a row never pools its levels.
            let named = Set(by.map { StudyText.key(String($0.split(separator: ":", maxSplits: 1).last ?? Substring($0))) })
            let added = plan.withinTasks.filter { !named.contains(StudyText.key($0)) }
            return (try database.taskDataset(groupedBy: by + added.map { "condition:" + $0 }), try database.info().language, plan, added)
        }
        if !added.isEmpty {
            note("Rows split by \(added.joined(separator: ", ")) too: the participants did the tasks under several of its levels, and a row never pools them.")
        }
        announce(plan.set)
        return (stored.prepared(for: plan.set), language, plan)
    }
}
