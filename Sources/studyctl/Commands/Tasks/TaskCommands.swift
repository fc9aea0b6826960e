import ArgumentParser
import Results
import Foundation
import StudyStore
import Surveys
import Wording

/// Seconds from `2s`, `2`, `1,5s`, `0:02`.
struct Seconds: ExpressibleByArgument {
    var value: Double
    init?(argument: String) {
        guard let value = Duration.parse(argument) else { return nil }
        self.value = value
    }
}

struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task",
        abstract: words("Add and list the tasks participants attempt."),
        subcommands: [TaskAdd.self, TaskEdit.self, TaskList.self])
}

struct TaskAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Add a task."),
        discussion: words("Example: studyctl task add fase-1 --title \"Fase 1\" --penalty 2s --target 60s"))

    @Argument(help: ArgumentHelp(words("A short key for the task (e.g. T1, fase-1).")))
    var key: String

    @Option(help: ArgumentHelp(words("The task's title.")))
    var title: String

    @Option(help: ArgumentHelp(words("Its place in the task order (default: last)."), valueName: "n"))
    var order: Int?

    @Option(help: ArgumentHelp(words("What the participant is asked to do.")))
    var description: String?

    @Option(help: ArgumentHelp(words("Seconds added per error for a total time, e.g. 2s."), valueName: "seconds"))
    var penalty: Seconds?

    @Option(help: ArgumentHelp(words("The time a participant should complete the task within, e.g. 60s: 'tasks benchmark' and the report give the share of successful participants under it."), valueName: "seconds"))
    var target: Seconds?

    @Option(help: ArgumentHelp(words("The places per attempt where a participant can err, e.g. 5: the Single Usability Metric standardises errors against them."), valueName: "n"))
    var errorOpportunities: Int?

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy {
            try $0.addTask(key: key, title: title, description: description, position: order, penaltySeconds: penalty?.value,
                           targetSeconds: target?.value, errorOpportunities: errorOpportunities)
        }
        say(.addedTask(key: key, penalty: penalty.map { NumberStyle(Voice.language).number($0.value, decimals: $0.value == $0.value.rounded() ? 0 : 1) }))
    }
}

struct TaskEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: words("Change a task's title or place in the order; set or clear its target time and error opportunities."),
        discussion: words("Example: studyctl task edit T1 --target 90s --error-opportunities 5; studyctl task edit T1 --no-target; studyctl task edit T4 --order 4 --title \"Agendar consulta\""))

    @Argument(help: ArgumentHelp(words("The task's key.")))
    var key: String

    @Option(help: ArgumentHelp(words("The task's title: what tables, figures and sentences of the report call it (its key stays).")))
    var title: String?

    @Option(help: ArgumentHelp(words("Move the task to this place in the task order (1 = first); the others keep their order."), valueName: "n"))
    var order: Int?

    @Option(help: ArgumentHelp(words("The time a participant should complete the task within, e.g. 60s: 'tasks benchmark' and the report give the share of successful participants under it."), valueName: "seconds"))
    var target: Seconds?

    @Flag(help: ArgumentHelp(words("Remove the task's target time.")))
    var noTarget = false

    @Option(help: ArgumentHelp(words("The places per attempt where a participant can err, e.g. 5: the Single Usability Metric standardises errors against them."), valueName: "n"))
    var errorOpportunities: Int?

    @Flag(help: ArgumentHelp(words("Remove the task's error opportunities.")))
    var noErrorOpportunities = false

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if target != nil && noTarget { throw Refusal("Please give one of --target and --no-target.") }
        if errorOpportunities != nil && noErrorOpportunities {
            throw Refusal("Please give one of --error-opportunities and --no-error-opportunities.")
        }
        if target == nil && !noTarget && errorOpportunities == nil && !noErrorOpportunities && title == nil && order == nil {
            throw Refusal("Please give --title, --order, --target, --no-target, --error-opportunities or --no-error-opportunities.")
        }
    }

    func run() throws {
        let newTarget: Double?? = target != nil || noTarget ? .some(target?.value) : nil
        let newOpportunities: Int?? = errorOpportunities != nil || noErrorOpportunities ? .some(errorOpportunities) : nil
        try study.withStudy { try $0.editTask(key: key, targetSeconds: newTarget, errorOpportunities: newOpportunities, title: title, order: order) }
        if let title { say(("Task \(key): title '\(title)'." as Sentence)) }
        if let order {
            let place = try study.withStudy(signOfLife: false) { try $0.tasks() }.firstIndex { $0.key.caseInsensitiveCompare(key) == .orderedSame }.map { $0 + 1 } ?? order
            say(("Task \(key): place \(String(place)) in the task order." as Sentence))
        }
        if let target {
            say(("Task \(key): target time \(NumberStyle(Voice.language).number(target.value, decimals: target.value == target.value.rounded() ? 0 : 1)) s." as Sentence))
        } else if noTarget {
            say(("Task \(key): no target time." as Sentence))
        }
        if let errorOpportunities {
            say(("Task \(key): \(String(errorOpportunities)) error opportunities." as Sentence))
        } else if noErrorOpportunities {
            say(("Task \(key): no error opportunities." as Sentence))
        }
    }
}

struct TaskList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the tasks."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let tasks = try study.withStudy { try $0.tasks() }
        if output.json { return try printJSON(tasks, command: "task list", key: "tasks") }
        if tasks.isEmpty { return say("No tasks yet. Add one with 'studyctl task add T1 --title \"…\"'.") }
        printListing(ResultTable.tasks(tasks, language: Voice.language))
    }
}

struct ConditionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "condition",
        abstract: words("Add and list the conditions (factors with levels) attempts are made under."),
        subcommands: [ConditionAdd.self, ConditionLabel.self, ConditionList.self])
}

struct ConditionAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Add a condition factor and its levels."),
        discussion: words("Example: studyctl condition add setting --levels \"0-50,0-100\""))

    @Argument(help: ArgumentHelp(words("The factor's name (e.g. setting, prototype).")))
    var name: String

    @Option(help: ArgumentHelp(words("The levels, in order, separated by commas."), valueName: "a,b,…"))
    var levels: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let list = levels.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        try study.withStudy { try $0.addFactor(name: name, levels: list) }
        say(.addedCondition(name: name, levels: list.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")))
    }
}

struct ConditionList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: words("List the conditions and their levels."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let factors = try study.withStudy { try $0.factors() }
        if output.json { return try printJSON(factors, command: "condition list", key: "conditions") }
        if factors.isEmpty { return say("No conditions yet. Add one with 'studyctl condition add NAME --levels A,B'.") }
        // A label beside its name where one is given: "protótipo: atual ('versão atual'), novo".
        let labels = try study.withStudy(signOfLife: false) { try $0.labels() }
        func named(_ name: String, _ label: String) -> String { label == name ? name : "\(name) ('\(label)')" }
        for factor in factors {
            print("\(named(factor.name, labels.factor(factor.name))): \(factor.levels.map { named($0, labels.level($0, of: factor.name)) }.joined(separator: ", "))")
        }
    }
}
