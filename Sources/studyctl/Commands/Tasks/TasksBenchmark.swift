import ArgumentParser
import Foundation
import Wording
import Results
import StudyStore
import Surveys

struct TasksBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: words("Each task (and group) against the benchmarks: completion 78 %, SEQ 5.5, with a traffic light."),
        discussion: words("""
            Completion against 78 %, the average over 1,189 tasks (Sauro 2011): the one-sided exact binomial test with the mid-probability, or its normal approximation when \
            n × 78 % and n × 22 % are both at least 15 (Sauro & Lewis 2016, ch. 4), with the adjusted-Wald interval. \
            SEQ against 5.5, the average task ease (Sauro 2012): the one-sided one-sample t-test with its t interval. \
            Each p tests the side of the benchmark the task lies on. Traffic light: green when the interval's lower \
            bound is above the benchmark, red when its upper bound is below it, amber otherwise. One value per \
            participant, as 'tasks summary' counts them. SUM, the Single Usability Metric (Sauro & Kindlund 2005): \
            completion, time against the task's target time, SEQ against 5.5 and errors against the task's error \
            opportunities, each standardised to a percentage of the normal curve and averaged, with the mean of their \
            interval bounds; a component that cannot be computed is left out and named.
            """))

    @Option(help: ArgumentHelp(words("Group by participant attributes or conditions (repeatable)."), valueName: "name"))
    var by: [String] = []

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
        let rows = TaskSummary.build(dataset.observations, taskOrder: dataset.taskOrder, penalty: dataset.penalties,
                                     successfulOnly: false, seq: dataset.seq, groupFactors: dataset.groupFactors,
                                     groupOrders: dataset.groupOrders, confidence: plan.confidence,
                                     targets: dataset.targets, errorOpportunities: dataset.errorOpportunities,
                                     abandonedPolicy: dataset.abandoned)
        if output.json { return try printJSON(TaskSummaryDocument(rows, groupedBy: dataset.groupNames), command: "tasks benchmark", plan: plan) }
        if csv { return print(CSVRenderer.render(ResultTable.taskBenchmarks(rows, factors: dataset.groupNames, language: language)), terminator: "") }
        let (labels, attribute) = try study.peopleNames(dataset.groupNames)
        let table = ResultTable.taskBenchmarks(rows, factors: dataset.groupNames, language: language, labels: labels, attribute: attribute)
        if rows.isEmpty { return print(Phrase.noAttempts.text(language)) }
        // The renderer writes the table's notes under it.
        print(TextRenderer.render(table, title: true), terminator: "")
    }
}
