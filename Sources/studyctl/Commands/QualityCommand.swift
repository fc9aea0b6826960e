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

    struct Flagged: Encodable { var participant: String; var task: String?; var occasion: String; var flags: [QualityFlag] }
    struct Document: Encodable {
        var instrument: String; var responseSets: Int; var rules: [String: String]; var flagged: [Flagged]; var items: [ResponseQuality.ItemCounts]
    }

    func run() throws {
        var timed = false
        let (definition, flagged, counts, total) = try study.withStudy { database in
            var flagged: [Flagged] = []
            var counts: [ResponseQuality.ItemCounts] = []
            var total = 0
            var read: InstrumentDefinition?
            var quality: ResponseQuality.Checker?
            let definition = try database.forEachResponseSet(instrument: instrument, task: task, { set in
                guard let definition = read, let quality else { return }
                total += 1
                ResponseQuality.count(set.answers, definition: definition, into: &counts)
                let seconds = FormDuration.seconds(from: set.started, to: set.submitted)
                timed = timed || seconds != nil
                let flags = quality.flags(set.answers, seconds: seconds)
                if !flags.isEmpty { flagged.append(Flagged(participant: set.participant, task: set.task, occasion: set.occasion, flags: flags)) }
            }, start: { read = $0; quality = ResponseQuality.Checker($0) })
            return (definition, flagged, counts, total)
        }
        let language = Voice.language
        if output.json {
            let rules = Dictionary(uniqueKeysWithValues: QualityFlag.Rule.allCases.map { ($0.rawValue, ResponseQuality.statement($0).description) })
            return try printJSON(Document(instrument: definition.id, responseSets: total, rules: rules, flagged: flagged, items: counts),
                                 command: "quality", key: nil)
        }
        say("\(definition.title.text(language)): \(total) response sets checked, \(flagged.count) flagged.")
        if !flagged.isEmpty {
            let sets = flagged.map { FlaggedResponseSet(instrument: definition.id, participant: $0.participant, task: $0.task, occasion: $0.occasion, flags: $0.flags) }
            print(TextRenderer.render(ResultTable.responseQuality(sets, instrumentColumn: false, language: language), title: false), terminator: "")
        }
        if !counts.isEmpty { print(TextRenderer.render(ResultTable.itemAnswers(counts, language: language), title: false), terminator: "") }
        print(words("Rules:"))
        for rule in ResponseQuality.rules(for: definition, timed: timed) { print("  – " + words(ResponseQuality.statement(rule))) }
    }

    static func ruleName(_ rule: QualityFlag.Rule) -> Sentence { ResponseQuality.name(rule) }
}
