import ArgumentParser
import Foundation
import Wording
import Results
import Gaze
import StudyStore
import Surveys
import Tabular

struct GazeMetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: words("Tobii's AOI metrics per participant × media × AOI, or summarised per AOI and group."),
        discussion: words("""
            Time to first fixation (from the media's first sample), fixations before it, first fixation duration, \
            total fixation duration, fixation count, visits (runs of fixations inside the AOI), total visit duration \
            (first fixation start to last fixation end of each visit, saccades inside included) and average fixation \
            duration, in milliseconds; a fixation is in an AOI when its centre is (for the export's own AOIs: when \
            the export marked it as a hit). With --summary or --by, per AOI (and group): the percentage of \
            participants who fixated it and means with 95 % confidence intervals — time to first fixation and \
            first fixation duration over those who fixated it, the others over everyone who saw the media.

            Examples: studyctl gaze metrics --csv > metrics.csv
                      studyctl gaze metrics --by level
            """))

    @Option(help: ArgumentHelp(words("Summarise per group of a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Flag(help: ArgumentHelp(words("Summarise per AOI over all participants.")))
    var summary = false

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        if by != nil || summary { return try runSummary() }
        let rows = try study.withStudy { try $0.gazeMetrics() }
        if output.json { return try printJSON(rows, command: "gaze metrics", key: "rows") }
        let table = ResultTable.aoiMetricRows(rows, group: nil, language: Voice.language)
        if csv { return print(CSVRenderer.render(table), terminator: "") }
        if rows.isEmpty { return say("No AOI metrics: import recordings with 'studyctl gaze import' and define AOIs with 'studyctl aoi add'.") }
        print(TextRenderer.render(table, title: false), terminator: "")
        print("")
        say("Tobii's definitions; times in ms from the media's first sample; a fixation counts for an AOI when its centre lies in it (for AOIs from the export's hit columns, when the export marked it).")
    }

    func runSummary() throws {
        let rows = try study.withStudy { try $0.gazeSummary(by: by) }
        if output.json { return try printJSON(rows, command: "gaze metrics", key: "summary") }
        if csv { return print(CSVRenderer.render(ResultTable.aoiSummaryRows(rows, group: by ?? Term.group.rawValue, language: Voice.language)), terminator: "") }
        if rows.isEmpty { return say("No AOI metrics: import recordings with 'studyctl gaze import' and define AOIs with 'studyctl aoi add'.") }
        print(TextRenderer.render(ResultTable.aoiSummary(rows, group: by, language: Voice.language), title: false), terminator: "")
    }
}

struct GazeSimilarity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "similarity",
        abstract: words("How alike participants' scan paths on a media are: AOI visit sequences compared by normalised Levenshtein distance."),
        discussion: words("""
            Each participant's fixations become the sequence of AOIs visited (fixations outside every AOI left out, \
            consecutive fixations in one AOI collapsed into one visit; the first AOI in 'aoi list' order wins where \
            AOIs overlap). Two sequences a, b are compared by 1 − d(a, b) / max(|a|, |b|), d the Levenshtein \
            distance (string-edit method, Brandt & Stark 1997): 1 is the same path, 0 nothing in common. With --by, \
            the mean similarity within each group and between groups.

            Example: studyctl gaze similarity home.png --by level
            """))

    @Argument(help: ArgumentHelp(words("The media (stimulus) name.")))
    var media: String

    @Option(help: ArgumentHelp(words("Compare within and between the groups of a participant attribute."), valueName: "attribute"))
    var by: String?

    @Flag(help: ArgumentHelp(words("Write the matrix as CSV.")))
    var csv = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let result = try study.withStudy { try $0.scanPathSimilarity(media: media, by: by) }
        if output.json { return try printJSON(result, command: "gaze similarity") }
        func cell(_ value: Double?) -> String { value == nil ? "" : NumberStyle(Voice.language).number(value, decimals: 2) }
        let matrix = ResultTable.scanPathMatrix(result, media: media, language: Voice.language)
        if csv { return print(CSVRenderer.render(matrix), terminator: "") }
        if result.participants.isEmpty { return say("No recordings of \(media).") }
        say("AOI visit sequences")
        for (participant, sequence) in zip(result.participants, result.sequences) {
            let path = sequence.prefix(12).joined(separator: " → ")
            let shown = sequence.count > 12 ? words("\(path) → … (\(sequence.count) visits; --json for all)") : path
            print("  \(participant): " + (sequence.isEmpty ? words("(no fixation in an AOI)") : shown))
        }
        print("")
        print(TextRenderer.render(matrix, title: false), terminator: "")
        print("")
        for group in result.groups {
            let name: Sentence = group.name.isEmpty ? "All pairs" : group.within ? "Within \(group.name)" : "Between \(group.name)"
            let mean = cell(group.mean).isEmpty ? "—" : cell(group.mean)
            say(group.pairs == 1 ? "\(name): mean similarity \(mean) (1 pair)" : "\(name): mean similarity \(mean) (\(group.pairs) pairs)")
        }
        print("")
        say("Similarity 1 − d/max(|a|,|b|), d the Levenshtein distance between AOI visit sequences (Brandt & Stark 1997).")
    }
}
