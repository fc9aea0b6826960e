import Foundation
import Mustache
import Wording
import QualCoding
import Results
import StudyStore
import Surveys

/// What a report template sees: headings and sentences already written in the report's language (from the message
/// catalog), and each table as a marker line (`::result N`) that the writer replaces with the table drawn for the
/// output format from the results model (`tables[N]`). One template serves every language; the templates' README
/// documents each field. (Fields are read by name through reflection, so they are stored properties.)
public struct ReportModel: Sendable {
    public struct Value: Sendable { public let value: String }
    /// A table of `tables`, placed by its marker line. The marker is a template of its own, which Mustache places as
    /// it is: every other value is study text, escaped, so no text of the study can pass for a marker.
    public struct TableRef: Sendable {
        public let marker: MustacheTemplate
        /// The table's place in `tables`.
        public let index: Int

        init(index: Int) {
            self.index = index
            marker = try! MustacheTemplate(string: "::result \(index)")  // invariant: a template without tags always parses
        }
    }
    public struct Chart: Sendable { public let file: String; public let caption: String }

    /// Above this many participants the report lists no one individually: its per-participant tables go beside it
    /// as CSV files (a document of a million rows is read by no one, and would not fit in memory to write).
    public static let inlineLimit = 1_000
    public static let participantsFile = "tables/participants.csv"
    public static let scoresFile = "tables/scores.csv"

    public struct Profile: Sendable {
        public var count: String = ""
        public var groups: [TableRef] = []
        public var chart: [Chart] = []
        public var attributes: [TableRef] = []
        /// In a study too large to list in a document: where the per-participant table is instead.
        public var apart: [Value] = []
    }

    public struct Questionnaire: Sendable {
        public var id: String
        public var title: String
        /// How many response sets (as text).
        public var n: String = ""
        public var intro: String
        public var apart: [Value] = []
        /// The quality checks: what they flagged (a sentence with the rules), and the flagged sets when there are any.
        public var qualityIntro: [Value] = []
        public var quality: [TableRef] = []
        public var scores: [TableRef] = []
        public var normsIntro: [Value] = []
        public var norms: [TableRef] = []
        public var sus: [TableRef] = []
        /// Group comparisons of each score (a sentence each, and a table of pairwise post-hoc tests for three groups or more).
        public var comparisons: [Value] = []
        public var comparisonTables: [TableRef] = []
        /// Per factor that varies within participants (the occasion, a condition's levels): its comparisons.
        public var within: [Within] = []
        public var itemsIntro: [Value] = []
        public var items: [TableRef] = []
        public var alpha: [Value] = []
        public var itemKey: [Value] = []
        public var taskChoices: [TableRef] = []
        public var taskChoiceChart: [Chart] = []
        public var choices: [TableRef] = []
        public var openAnswersIntro: [Value] = []
        public var openAnswers: [Value] = []
        public var unscoredIntro: [Value] = []
        public var unscored: [Value] = []
        public var charts: [Chart] = []
    }

    /// A questionnaire's levels of one factor compared within participants (`StudyData.WithinDesign`).
    public struct Within: Sendable {
        /// "Within participants: occasion (pré → pós)".
        public var heading: String
        /// Which levels are compared and that only complete blocks enter.
        public var intro: String
        /// The table of every comparison (n, left out, means, the tests), a sentence per comparison, and with three
        /// levels or more the pairs of levels with Holm's adjustment.
        public var table: [TableRef] = []
        public var sentences: [Value] = []
        public var pairs: [TableRef] = []
        /// With a grouping attribute of two groups or more (a mixed design): what enters, the cells' means, the
        /// mixed ANOVA and a sentence per comparison.
        public var mixedIntro: [Value] = []
        public var mixedCells: [TableRef] = []
        public var mixed: [TableRef] = []
        public var mixedSentences: [Value] = []
    }

    public struct Tasks: Sendable {
        public var table: [TableRef] = []
        /// Each task (and group) against the completion and SEQ benchmarks: value, interval, side, one-sided p, light.
        public var benchmarks: [TableRef] = []
        public var penaltyNote: [Value] = []
        public var comparisons: [Value] = []
        /// Per condition, its levels compared per task (time, errors and completion; `ConditionTaskComparisons`).
        public var comparisonTables: [TableRef] = []
        public var charts: [Chart] = []
    }

    public struct Coding: Sendable {
        public var codebook: [TableRef] = []
        public var sharesIntro: String = ""
        public var shares: [TableRef] = []
        public var sharesChart: [Chart] = []
        public var codes: [TableRef] = []
        /// Up to three excerpts per category, as a thesis quotes them.
        public var quotes: [TableRef] = []
        /// Problem discovery (Lewis 2001) and code saturation (Guest, Namey & Chen 2020) over the interviews in order.
        public var hasSampleSize = false
        public var discovery: [TableRef] = []
        public var discoverySummary: String = ""
        public var discoveryChart: [Chart] = []
        public var saturation: [TableRef] = []
        public var saturationChart: [Chart] = []
    }

    public struct Agreement: Sendable {
        public var heading: String
        public var units: String
        /// What the figures compared and left out (one coder only, other bounds), and where few are compared the
        /// measures that compare spans (`AgreementCoverage`).
        public var coverage: [Value] = []
        public var table: [TableRef]
        public var chart: [Chart] = []
    }

    public struct Gaze: Sendable {
        public var quality: [TableRef] = []
        public var filters: String = ""
        public var aois: [TableRef] = []
        public var note = ""
        public var figures: [Chart] = []
        /// Per media, the mean scan-path similarity over all pairs, or within and between groups.
        public var similarity: [TableRef] = []
    }

    /// What a reader sees first: the key findings with their numbers, the questionnaire scores with their interval
    /// and grade, each task against its benchmarks with a traffic light, the largest changes between groups.
    public struct Summary: Sendable {
        public var findings: [Value] = []
        /// The main comparison drawn: each questionnaire score compared within participants.
        public var charts: [Chart] = []
        public var scores: [TableRef] = []
        public var benchmarks: [TableRef] = []
        public var changesIntro: [Value] = []
        public var changes: [TableRef] = []
    }

    /// Where the per-participant tables go (`report --appendix`): an appendix at the end of the report, or CSV files
    /// beside it.
    public enum AppendixPlacement: String, Sendable, CaseIterable {
        case inline, separate
    }

    /// How much the report holds (`report --detail`): `brief`, the executive summary (the headline, the main
    /// comparisons with their figures, the tasks against their benchmarks), the participants and the methods — a
    /// chapter to read; `standard` adds each questionnaire's, task's and group's sections; `full` adds the appendix
    /// of per-participant tables.
    public enum Detail: String, Sendable, CaseIterable {
        case brief, standard, full
    }

    /// How many quotes per category the report carries (`report --quotes`): three in the coding section, or also every
    /// quote in an appendix table.
    public enum QuoteAmount: String, Sendable, CaseIterable {
        case three, all
    }

    /// The per-participant tables, at the end of the report (or, placed apart, the files they are in).
    public struct Appendix: Sendable {
        public var tables: [TableRef] = []
        public var files: [Value] = []
    }

    public let title: String
    public let language: String
    public let generated: String
    /// "Report generated by studyctl on DATE from FILE."
    public var intro: String
    /// Headings in the report's language, by name: `{{t.participants}}`.
    public let t: [String: String]
    public var hasSummary = false
    public var summary = Summary()
    public var hasAppendix = false
    public var appendix = Appendix()
    /// The tables the appendix holds, written beside the report as CSV when it is placed apart.
    public var appendixTables: [ResultTable] = []
    public var profile = Profile()
    public var questionnaires: [Questionnaire] = []
    public var hasQuestionnaires = false
    public var hasTasks = false
    public var tasks = Tasks()
    public var hasCoding = false
    public var coding = Coding()
    public var hasAgreement = false
    public var agreement: [Agreement] = []
    public var hasMemos = false
    public var memos: [Value] = []
    public var methods: [Value] = []
    /// The works cited, formatted for the reference list (ABNT in Portuguese, APA in English), as markdown.
    public var references: [Value] = []
    public var hasReferences = false
    /// Each citation as the text shows it, with its works' keys (LaTeX writes them as `\cite` and `\nocite`).
    public var citationForms: [CitationForm] = []
    /// The references the researcher typed, in the order `studyctl:ref-N` numbers them in `studyctl.bib`.
    public var verbatimReferences: [String] = []
    public var hasGaze = false
    public var gaze = Gaze()
    /// The year the data were collected (the last response, attempt or code), for the tables' source lines.
    public var year: String = ""
    /// The tables the markers refer to, in the order they were made.
    public var tables: [ResultTable] = []

    /// Adds `table` and returns the marker the template places.
    mutating func place(_ table: ResultTable) -> [TableRef] {
        guard !table.isEmpty else { return [] }
        tables.append(table)
        return [TableRef(index: tables.count - 1)]
    }

    static func headings(_ language: StudyLanguage) -> [String: String] {
        let phrases: [(String, Phrase)] = [
            ("participants", .participantsHeading), ("questionnaires", .questionnairesHeading), ("tasks", .tasksHeading),
            ("eyeTracking", .eyeTrackingHeading), ("dataQuality", .dataQualityHeading), ("aoiMetrics", .aoiMetricsHeading),
            ("interviews", .interviewsHeading), ("codebook", .codebookHeading), ("categoryFrequencies", .categoryFrequenciesHeading),
            ("codesPerParticipant", .codesPerParticipantHeading), ("memos", .memosHeading), ("methods", .methodsHeading),
            ("references", .referencesHeading), ("comparisons", .comparisonsHeading), ("itemsKey", .itemsKey), ("quotes", .quotesHeading),
            ("sampleSize", .sampleSizeHeading),
        ]
        var headings = Dictionary(uniqueKeysWithValues: phrases.map { ($0.0, $0.1.text(language)) })
        headings["summary"] = ("Executive summary" as Sentence).text(language)
        headings["appendix"] = ("Appendix: tables per participant" as Sentence).text(language)
        headings["benchmarks"] = ("Tasks against the benchmarks" as Sentence).text(language)
        headings["changes"] = ("Largest changes between groups" as Sentence).text(language)
        return headings
    }
}
