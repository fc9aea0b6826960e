import ArgumentParser
import Figures
import Foundation
import QualCoding
import Reports
import Results
import StudyBasics
import StudyStore
import Surveys
import Tabular
import Templates
import Wording

struct CodesTriangulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triangulate",
        abstract: words("For each category, the mean score of participants who raised it vs those who did not."),
        discussion: words("Example: studyctl codes triangulate --instrument pssuq --score InfoQual"))

    @Option(help: ArgumentHelp(words("The questionnaire."), valueName: "id"))
    var instrument: String

    @Option(help: ArgumentHelp(words("The score or sub-score (default: the instrument's first)."), valueName: "id"))
    var score: String?

    @Option(help: ArgumentHelp(words("How to treat unanswered items."), valueName: "policy"))
    var missing: MissingPolicy = .refuse

    @Option(help: ArgumentHelp(words("The occasion whose answers meet the codes, when participants answered on several."), valueName: "occasion"))
    var occasion: String?

    @Option(help: ArgumentHelp(words("The task whose answers meet the codes (per-task instruments)."), valueName: "key"))
    var task: String?

    @Option(help: ArgumentHelp(words("The condition whose answers meet the codes, when participants answered under several; repeat for several factors."), valueName: "factor=level"))
    var condition: [Assignment] = []

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (dataset, definition, all) = try study.withStudy { database in
            let (definition, sets) = try database.responseSets(instrument: instrument)
            return (try database.codingDataset(coder: coder.coder), definition, sets)
        }
        // One set per participant: a participant's codes meet one score, never one of several taken silently.
        let sets = all.filter { set in
            let measurement = MeasurementKey(key: set.occasion)
            return (occasion.map { measurement.occasion.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                && condition.allSatisfy { wanted in measurement.level(of: wanted.key).map { $0.caseInsensitiveCompare(wanted.value) == .orderedSame } ?? false }
                && (task.map { (set.task ?? "").caseInsensitiveCompare($0) == .orderedSame } ?? true)
        }
        if Dictionary(grouping: sets, by: \.participant).values.contains(where: { $0.count > 1 }) || (sets.isEmpty && !all.isEmpty) {
            let occasions = NaturalOrder.distinct(all.map(\.occasion)).map { MeasurementKey(key: $0).label(none: Term.no_occasion.text(Voice.language)) }
            let tasks = NaturalOrder.distinct(all.compactMap(\.task))
            throw Refusal("Participants have several \(definition.id) response sets, or none of the chosen ones (occasions: \(occasions.joined(separator: ", ")); tasks: \(tasks.isEmpty ? "–" : tasks.joined(separator: ", "))): choose one with --occasion (and --condition where they answered under conditions) and, for a per-task instrument, --task, so that each participant's codes meet one score.")
        }
        coder.warnIfSeveral(dataset)
        let scoreID = score ?? definition.scoreIDs.first ?? ""
        guard let resolved = definition.scoreIDs.first(where: { $0.caseInsensitiveCompare(scoreID) == .orderedSame }) else {
            throw Refusal("Please choose one of \(definition.id)'s scores: \(definition.scoreIDs.joined(separator: ", ")).")
        }
        let report = try ScoreReport.build(definition, inputs: sets.map { ScoringInput(participant: $0.participant, task: $0.task, answers: $0.answers) },
                                           missing: missing)
        var scores: [String: Double] = [:]
        for row in report.rows { if let value = row.value(resolved) { scores[row.participant] = value } }
        let triangulation = Triangulation(dataset.segments, categories: dataset.categories, scores: scores)
        if output.json { return try printJSON(triangulation, command: "codes triangulate") }
        let table = ResultTable.triangulation(triangulation, score: "\(definition.id) \(resolved)", lowerIsBetter: definition.lowerIsBetter,
                                              language: Voice.language)
        print(TextRenderer.render(table), terminator: "")
    }
}
