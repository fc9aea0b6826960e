import ArgumentParser
import Foundation
import QualCoding
import Reports
import Results
import StudyStore
import Wording

/// `export sav` and `export dta`: the same dataset, written by ReadStat in SPSS's or Stata's format.
struct StatisticsFileOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(words("Replace a file already at that path.")))
    var force = false

    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var missing: MissingOption
    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    func write(_ file: String, format: ReadStatWriter.Format) throws {
        if !force, FileManager.default.fileExists(atPath: file) { throw ExportXlsx.Exists(path: file) }
        let dataset = try pseudonyms.withStudy(study) { database -> StatisticsDataset in
            let plan = try analysis.plan(database, defaultGrouping: true, missing: missing.missing)
            analysis.announce(plan.set)
            let snapshot = try StudyData.load(database, plan: plan)
            return StatisticsDataset.build(snapshot)
        }
        guard !dataset.rows.isEmpty else { throw Refusal("The study has no participants: nothing to export; nothing was written.") }
        let outcome = try ReadStatWriter.write(dataset, format: format, to: file)
        say("Wrote \(file): \(outcome.rows) rows (one per participant and measurement), \(outcome.variables) variables.")
        printListing(ResultTable.statisticsVariables(dataset.variables.map { ($0.name, $0.label, $0.source) }, language: Voice.language))
        if outcome.shortenedLabels > 0 {
            note("labels shortened to the format's limit (the table above has them whole): \(outcome.shortenedLabels)")
        }
    }
}

struct ExportSav: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sav", abstract: words("Write an SPSS data file (.sav) for SPSS, JASP, jamovi or R (haven)."),
        discussion: words("""
            One row per participant and measurement (occasion and conditions), the participant's attributes, every \
            item and every score as variables. Variable labels are the item texts in the study's language; every \
            scale point, choice and group has a value label; items are ordinal, scores scale, groups nominal. N/A \
            is -8 and an unanswered item -9, both declared missing values. Variable names fit SPSS and Stata; the \
            table printed maps each to what it holds.

            Example: studyctl export sav study.sav
            """))

    @Argument(help: ArgumentHelp(words("The file to write."), valueName: "file.sav"))
    var file: String

    @OptionGroup var options: StatisticsFileOptions

    func run() throws { try options.write(file, format: .sav) }
}

struct ExportDta: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dta", abstract: words("Write a Stata data file (.dta, Stata 14 or later)."),
        discussion: words("""
            The variables of 'export sav'. Labelled variables are integers with a value label set; N/A is the \
            extended missing value .a and an unanswered item .b, both labelled.

            Example: studyctl export dta study.dta
            """))

    @Argument(help: ArgumentHelp(words("The file to write."), valueName: "file.dta"))
    var file: String

    @OptionGroup var options: StatisticsFileOptions

    func run() throws { try options.write(file, format: .dta) }
}

extension IramuteqExport.Unit: ExpressibleByArgument {}

struct ExportIramuteq: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iramuteq", abstract: words("Write the interviews as an IRaMuTeQ text corpus (.txt)."),
        discussion: words("""
            The participants' words only (the moderator's turns are left out; a session log is not an interview), \
            one text per participant, or per turn with --by turn, each opened by a line of star variables: the \
            participant, the attributes named with --attributes, and the turn's number. The corpus rules of the \
            IRaMuTeQ guides are applied: no double quotes, dollar or asterisk signs; hyphenated and apostrophised \
            words joined with _ (segunda_feira); other dashes and apostrophes removed; % after a number written \
            out; variable values without spaces or accents. What was changed is counted on standard error.

            Example: studyctl export iramuteq corpus.txt --attributes level,group
            """))

    @Argument(help: ArgumentHelp(words("The corpus file to write."), valueName: "file.txt"))
    var file: String

    @Option(help: ArgumentHelp(words("One text per participant (the default) or per turn."), valueName: "participant|turn"))
    var by: IramuteqExport.Unit = .participant

    @Option(help: ArgumentHelp(words("The attributes to put on each text's star line, separated by commas."), valueName: "name,name"))
    var attributes: String?

    @Flag(help: ArgumentHelp(words("Replace a file already at that path.")))
    var force = false

    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        if !force, FileManager.default.fileExists(atPath: file) { throw ExportXlsx.Exists(path: file) }
        let names = (attributes ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let corpus = try pseudonyms.withStudy(study) { try IramuteqExport.build($0, by: by, attributes: names) }
        try IramuteqExport.write(corpus, to: file)
        say(corpus.texts.count == 1 ? "Wrote \(file): 1 text." : "Wrote \(file): \(corpus.texts.count) texts.")
        if corpus.moderatorTurnsLeftOut > 0 { note("the moderator's turns left out: \(corpus.moderatorTurnsLeftOut)") }
        let counted: [(IramuteqCorpus.Rule, Sentence)] = [
            (.doubleQuote, "double quotes removed"), (.apostrophe, "apostrophes joined with _ or removed"),
            (.hyphenJoined, "hyphenated words joined with _"), (.dashRemoved, "other dashes removed"),
            (.dollar, "dollar signs removed"), (.percent, "percent signs written out or removed"),
            (.asterisk, "asterisks removed"), (.underscore, "underscores removed"),
        ]
        let changed = counted.compactMap { rule, what -> Sentence? in
            guard let n = corpus.changes[rule], n > 0 else { return nil }
            return "\(what): \(n)"
        }
        if changed.isEmpty {
            note("corpus rules: nothing in the text needed changing")
        } else {
            note("corpus rules applied (\(changed.map { words($0) }.joined(separator: "; ")))")
        }
    }
}
