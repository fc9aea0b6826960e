import ArgumentParser
import Foundation
import Results
import StudyStore
import Surveys
import Wording

/// Data-quality checks before scoring: respondents flagged by a stated rule, and per item how many answered.
struct QualityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quality",
        abstract: words("Check a questionnaire's answers before scoring: contradictory and straight-lined respondents, missing and N/A per item."),
        discussion: words("""
            Each flag names the rule that raised it; nothing is left out of a score unless you ask: \
            'studyctl score sus --exclude-flagged' leaves the flagged participants out and says which (the same \
            --exclude-flagged in tasks, report and export: a participant with a flagged response set in any \
            questionnaire, or a task time under 25 % of the task's median).
            """))

    @Argument(help: ArgumentHelp(words("The instrument's id.")))
    var instrument: String

    @Option(help: ArgumentHelp(words("Only this task's answers (per-task instruments)."), valueName: "key"))
    var task: String?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let document = try study.withStudy { database in
            var flagged: [FlaggedResponseSet] = []
            var counts: [ResponseQuality.ItemCounts] = []
            var total = 0
            var timed = false
            var read: InstrumentDefinition?
            var quality: ResponseQuality.Checker?
            let definition = try database.forEachResponseSet(instrument: instrument, task: task, { set in
                guard let definition = read, let quality else { return }
                total += 1
                ResponseQuality.count(set.answers, definition: definition, into: &counts)
                let seconds = FormDuration.seconds(from: set.started, to: set.submitted)
                timed = timed || seconds != nil
                let flags = quality.flags(set.answers, seconds: seconds)
                if !flags.isEmpty {
                    flagged.append(FlaggedResponseSet(instrument: definition.id, participant: set.participant, task: set.task,
                                                      occasion: set.occasion, flags: flags))
                }
            }, start: { read = $0; quality = ResponseQuality.Checker($0) })
            return (definition, QualityDocument(instrument: definition, responseSets: total, timed: timed, flagged: flagged, items: counts))
        }
        if output.json { return try printJSON(document.1, command: "quality") }
        let (definition, result) = document
        let language = Voice.language
        say("\(definition.title.text(language)): \(result.responseSets) response sets checked, \(result.flagged.count) flagged.")
        for table in result.tables(language: language) { print(TextRenderer.render(table, title: false), terminator: "") }
        print(words("Rules:"))
        for rule in QualityFlag.Rule.allCases where result.rules[rule.rawValue] != nil { print("  – " + words(ResponseQuality.statement(rule))) }
    }

    static func ruleName(_ rule: QualityFlag.Rule) -> Sentence { ResponseQuality.name(rule) }
}
