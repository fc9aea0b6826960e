import ArgumentParser
import Results
import Foundation
import QualCoding
import Reports
import StudyStore
import Surveys
import Wording

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: words("Export the study as an Excel workbook with charts, tidy CSV files, SPSS or Stata files, an IRaMuTeQ corpus, or its quotes and journal as documents."),
        subcommands: [ExportXlsx.self, ExportCSV.self, ExportSav.self, ExportDta.self, ExportQDPX.self, ExportQDC.self, ExportIramuteq.self,
                      ExportQuotes.self, ExportJournal.self, ExportConsent.self])
}

/// `--by`, shared by the exports and the report.
struct GroupingOption: ParsableArguments {
    @Option(help: ArgumentHelp(words("Group participants by this attribute (default: the first derived attribute, e.g. level)."), valueName: "attribute"))
    var by: String?
}

/// `--missing`, shared by the exports and the report: how unanswered items are scored, as `score --missing`.
struct MissingOption: ParsableArguments {
    @Option(help: ArgumentHelp(words("How to treat unanswered items, as score --missing does: refuse (the set is not scored and is listed), centre or prorate."), valueName: "policy"))
    var missing: MissingPolicy = .refuse
}

/// `--confidence 90|95`, shared by the commands that draw an interval: its level, said in every header ("90% CI").
struct ConfidenceOption: ParsableArguments {
    enum Level: String, CaseIterable, ExpressibleByArgument {
        case ninety = "90", ninetyFive = "95"
        var value: Double { self == .ninety ? 0.90 : 0.95 }
    }

    @Option(help: ArgumentHelp(words("The level of every confidence interval: 95 (the default) or 90 (Sauro & Lewis use 90 % for benchmarks)."), valueName: "90|95"))
    var confidence: Level = .ninetyFive
}

extension ReportModel.AppendixPlacement: ExpressibleByArgument {}
extension ReportModel.QuoteAmount: ExpressibleByArgument {}

extension StudyData {
    /// The snapshot the report and the exports write: grouped, with the analysis set and missing-item policy asked
    /// for, said on standard error.
    static func load(_ database: StudyDatabase, grouping: GroupingOption, analysis: AnalysisSetOptions, missing: MissingOption,
                     confidence: ConfidenceOption, streaming: Bool) throws -> StudyData {
        let plan = try analysis.plan(database, groupBy: grouping.by, defaultGrouping: true, missing: missing.missing,
                                     confidence: confidence.confidence.value)
        analysis.announce(plan.set)
        return try StudyData.load(database, plan: plan, streaming: streaming)
    }
}

struct ExportXlsx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xlsx", abstract: words("Write an Excel workbook: every table as a sheet, with native charts."),
        discussion: words("""
            Sheets: Study, Participants, Responses, Scores, Summary, Charts, Tasks, Task summary, Codebook, \
            Excerpts, Category frequencies, Memos, and the Chart data the charts are drawn from. Every text is \
            written as text (an excerpt starting with = is never a formula); numbers are numbers.
            """))

    enum Only: String, CaseIterable, ExpressibleByArgument { case responses, scores }

    @Argument(help: ArgumentHelp(words("The workbook to write."), valueName: "file.xlsx"))
    var file: String

    @Option(help: ArgumentHelp(words("Write only the answers (responses), or only each participant's scores and the group summaries (scores), streamed from the study."), valueName: "table"))
    var only: Only?

    @Flag(help: ArgumentHelp(words("Replace a workbook already at that path.")))
    var force = false

    @OptionGroup var grouping: GroupingOption
    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var missing: MissingOption
    @OptionGroup var confidence: ConfidenceOption
    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    /// A workbook already at the path, refused as `report` refuses a report.
    struct Exists: Error, LocalizedError, WordedError {
        var path: String
        var sentence: Sentence { "\(path) already exists; nothing was written. Rerun with --force to replace it." }
        var errorDescription: String? { sentence.text(.en) }
    }

    func validate() throws {
        if only == .responses && (analysis.exclude != nil || analysis.excludeFlagged) {
            throw Refusal("Please leave out --exclude and --exclude-flagged with --only responses: that workbook holds every answer as recorded.")
        }
    }

    func run() throws {
        // A workbook the researcher may have edited is never replaced without being asked.
        if !force, FileManager.default.fileExists(atPath: file) { throw Exists(path: file) }
        if only == .responses {
            let progress = ProgressBar(label: "writing")
            try pseudonyms.withStudy(study, signOfLife: false) { database in
                try WorkbookWriter.writeResponses(database, to: file) { progress.update($0) }
            }
            progress.finish()
            say(.wrote(file))
            return
        }
        // Streamed: the long sheets are read from the study while the workbook is written.
        try pseudonyms.withStudy(study) { database in
            let snapshot = try StudyData.load(database, grouping: grouping, analysis: analysis, missing: missing, confidence: confidence, streaming: true)
            if only == .scores {
                try WorkbookWriter.writeScores(snapshot, to: file)
            } else {
                try WorkbookWriter.write(snapshot, to: file)
            }
        }
        say(.wrote(file))
    }
}

struct ExportCSV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv", abstract: words("Write each table as a tidy CSV file (for R or SPSS)."),
        discussion: words("""
            Cells are written exactly as stored, which is what R, SPSS and pandas need. A text starting with =, +, -, \
            @, tab or carriage return (an excerpt, an open answer) would be run as a formula if the file were opened \
            in Excel or LibreOffice: use --excel-safe for files meant for a spreadsheet, or open the workbook from \
            'export xlsx', where text is never a formula.
            """))

    @Argument(help: ArgumentHelp(words("The folder to write into (created if needed)."), valueName: "folder"))
    var folder: String

    @Flag(help: ArgumentHelp(words("Prefix texts that a spreadsheet would read as a formula with an apostrophe (for Excel, not for R).")))
    var excelSafe = false

    @OptionGroup var grouping: GroupingOption
    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var missing: MissingOption
    @OptionGroup var confidence: ConfidenceOption
    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        let files = try pseudonyms.withStudy(study) { database in
            try CSVExporter.write(try StudyData.load(database, grouping: grouping, analysis: analysis, missing: missing, confidence: confidence, streaming: true),
                                  to: folder, excelSafe: excelSafe)
        }
        say(.wroteCSV(count: files.count, folder: folder, files: files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")))
    }
}

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: words("Write a markdown report with SVG charts, ready for a thesis."),
        discussion: words("""
            The report comes from a Mustache template: the default one (one template for every language and format), \
            or your own (copy templates/reports/default.mustache, edit it, and pass its path with --template). \
            templates/README.md lists every value a template can use.
            """))

    @Option(name: .shortAndLong, help: ArgumentHelp(words("The folder to write report.md and charts/ into."), valueName: "folder"))
    var output: String = "report"

    @Option(help: ArgumentHelp(words("The report's language (default: the study's)."), valueName: "language"))
    var language: StudyLanguage?

    @Option(help: ArgumentHelp(words("A template name under templates/reports, or a template file's path."), valueName: "name|path"))
    var template: String = "default"

    @Option(help: ArgumentHelp(words("md (markdown, the default), html (one self-contained page, charts embedded) or latex (booktabs tables, PDF figures; drops into abnTeX2)."), valueName: "format"))
    var format: ReportWriter.Format = .md

    @Flag(help: ArgumentHelp(words("Replace a report already in the folder.")))
    var force = false

    @Option(help: ArgumentHelp(words("Where the per-participant tables go: inline (an appendix at the end of the report, the default) or separate (CSV files in tables/ beside it)."), valueName: "inline|separate"))
    var appendix: ReportModel.AppendixPlacement = .inline

    @Option(help: ArgumentHelp(words("How many quotes per category: three (in the coding section, the default) or all (also every quote in an appendix table)."), valueName: "three|all"))
    var quotes: ReportModel.QuoteAmount = .three

    @Option(help: ArgumentHelp(words("How much the report holds: brief (the executive summary with the main comparisons and their figures, the participants and the methods), standard (the default: also each questionnaire's, task's and group's tables) or full (also the appendix of per-participant tables)."), valueName: "brief|standard|full"))
    var detail: ReportModel.Detail = .standard

    @Option(help: ArgumentHelp(words("With --format latex: what every key of studyctl.bib starts with (default studyctl:), so that a thesis's own .bib can define brooke1996 beside it."), valueName: "prefix"))
    var bibPrefix: String = BibTeX.defaultPrefix

    @OptionGroup var grouping: GroupingOption
    @OptionGroup var analysis: AnalysisSetOptions
    @OptionGroup var missing: MissingOption
    @OptionGroup var confidence: ConfidenceOption
    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    func validate() throws {
        guard BibTeX.isValidPrefix(bibPrefix) else {
            throw ValidationError(words("Please give --bib-prefix as letters, digits and : - _ . / only (a BibTeX key cannot hold '\(bibPrefix)')."))
        }
    }

    func run() throws {
        let (path, used) = try pseudonyms.withStudy(study) { database -> (String, StudyLanguage) in
            // A study too large to list participant by participant is read streamed; its per-participant tables
            // go beside the report as CSV files.
            let large = try database.participantCount() > ReportModel.inlineLimit
            let snapshot = try StudyData.load(database, grouping: grouping, analysis: analysis, missing: missing, confidence: confidence, streaming: large)
            let used = language ?? snapshot.info.language
            return (try ReportWriter.write(snapshot, language: used, template: template, to: output,
                                           format: format, force: force, appendix: appendix, quotes: quotes, detail: detail, bibPrefix: bibPrefix), used)
        }
        say(.wroteReport(path: path, charts: "\(output)/charts/\(used.rawValue)"))
    }
}
