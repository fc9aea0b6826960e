import ArgumentParser
import Figures
import Foundation
import Reports
import Results
import StudyStore
import Surveys
import Wording

extension TrendMeasure: ExpressibleByArgument {}

struct TrendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract: words("Follow a measure across releases: per release the mean with its t and BCa intervals, each release against the one before and the baseline, and a control chart."),
        discussion: words("""
            Each study given with --studies is one release, named by its file name (r4.2.sqlite is 4.2 when named \
            4.2.sqlite) and ordered by the date the study was made, or by --order. Within one study, --by ATTRIBUTE \
            makes each value of a participant attribute (a release, a quarter) a release, in natural order \
            (4.2 before 4.10); --by occasion takes the occasions of the answers when each participant answered on one \
            occasion only. The studies are opened read only: nothing in them changes.

            A participant is one unit: their answers over the tasks, occasions and conditions of a release are averaged \
            into one value (sus and umux-lite: the score; seq: the answer, over every task unless --task; time: the \
            seconds of every attempt with a time; completion: the first trial of --task, an attempt without outcome a \
            failure), and the table's notes say who was measured under several occasions or conditions; --occasion \
            and --condition FACTOR=LEVEL follow one of them instead. \
            Per release: n, the mean (completion: the rate) with its t interval (completion: adjusted Wald), the BCa \
            bootstrap interval (Efron 1987) from a fixed seed, and for SUS the Sauro & Lewis grade and percentile. Each \
            release against the one before and against the baseline releases pooled: Welch's t with Hedges' g, or for \
            completion the 'N − 1' two-proportion test with Cohen's h; the direction named when p is under 1 minus \
            the confidence level (0.05 by default). The \
            individuals control chart (Montgomery): centre line and limits at ± 3σ from the baseline releases' \
            estimates, σ from their mean moving range / 1.128; a release outside the limits, or the eighth in a row on \
            one side of the centre line, is flagged. The baseline is every release but the last unless --baseline \
            names it.

            The studies must measure the same thing: the same instrument (items and scoring), and for seq, time and \
            completion the same task keys, or --match T1=Checkout where another study calls the first study's T1 \
            Checkout. Otherwise nothing is computed and every difference is named.
            """))

    @Argument(help: ArgumentHelp(words("What to follow."), valueName: "measure"))
    var measure: TrendMeasure

    @Option(parsing: .upToNextOption, help: ArgumentHelp(words("The studies to compare, one release each."), valueName: "study.sqlite"))
    var studies: [String] = []

    @Option(help: ArgumentHelp(words("Split one study into releases by a participant attribute, or by occasion."), valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp(words("Only this task (its key in the first study)."), valueName: "key"))
    var task: String?

    @Option(help: ArgumentHelp(words("Only the answers given on this occasion."), valueName: "name"))
    var occasion: String?

    @Option(help: ArgumentHelp(words("Only the answers and attempts under this level of a condition: FACTOR=LEVEL (repeatable)."), valueName: "factor=level"))
    var condition: [String] = []

    @Option(help: ArgumentHelp(words("Another study's name for a task of the first: T1=Checkout (repeatable)."), valueName: "key=other"))
    var match: [String] = []

    @Option(help: ArgumentHelp(words("The releases in order, separated by commas (every release once)."), valueName: "a,b,…"))
    var order: String?

    @Option(help: ArgumentHelp(words("The baseline releases, separated by commas (default: every release but the last)."), valueName: "a,b,…"))
    var baseline: String?

    @Option(help: ArgumentHelp(words("The seed of the bootstrap resampling (the same seed, the same intervals)."), valueName: "n"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp(words("How many bootstrap resamples."), valueName: "n"))
    var resamples: Int = 10_000

    @Option(help: ArgumentHelp(words("Draw the trend to this file: .png, .svg or .pdf (repeatable)."), valueName: "file"))
    var figure: [String] = []

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table: one row per release.")))
    var csv = false

    @OptionGroup var confidence: ConfidenceOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if csv && output.json { throw Refusal("Please choose one of --csv and --json.") }
        if by == nil && studies.count < 2 { throw Refusal("Please give two studies or more with --studies, or split one study with --by ATTRIBUTE.") }
        if by != nil && studies.count > 1 { throw Refusal("Please use --by with one study (--db or one --studies file).") }
        if resamples < 1_000 { throw Refusal("Please use at least 1000 resamples.") }
        for file in figure where Figure.Format(rawValue: URL(fileURLWithPath: file).pathExtension.lowercased()) == nil {
            throw Refusal("The figure must be a .png, .svg or .pdf file: \(file).")
        }
    }

    func run() throws {
        let paths = studies.isEmpty ? [study.path] : studies
        if !Voice.chosen, let language = StudyDatabase.language(at: paths[0]) { Voice.follow(language) }
        let language = Voice.language
        func list(_ text: String?) -> [String] {
            (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        var conditions: [String: String] = [:]
        for pair in condition {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw Refusal("--condition takes FACTOR=LEVEL (protótipo=novo), not '\(pair)'.")
            }
            conditions[parts[0]] = parts[1]
        }
        let request = TrendReader.Request(measure: measure, task: task, match: try TrendReader.matches(match), by: by, occasion: occasion,
                                          conditions: conditions)
        let (releases, analysis) = try TrendReader.trend(paths, request, order: list(order), baseline: list(baseline),
                                                         confidence: confidence.confidence.value, resamples: resamples, seed: seed)
        let info = releases.map { TrendReleaseInfo(name: $0.name, study: $0.study, unscored: $0.unscored, averaged: $0.averaged, measurements: $0.measurements, label: $0.label, measurementLabels: $0.measurementLabels) }
        for file in figure {
            let drawing = TrendFigure.figure(analysis, title: TrendWords.measure(measure, task: task, language: language), language: language,
                                             names: Dictionary(info.map { ($0.name, $0.shown) }, uniquingKeysWith: { a, _ in a }))
            guard let format = Figure.Format(rawValue: URL(fileURLWithPath: file).pathExtension.lowercased()) else {
                throw Refusal("The figure must be a .png, .svg or .pdf file: \(file).")  // refused before reading too
            }
            try AtomicOutput.file(file) { try drawing.write(to: $0, format: format) }
            printError(words("Wrote \(file)."))
        }
        if output.json { return try printJSON(TrendDocument(analysis, releases: info, task: task, by: by), command: "trend") }
        if csv { return print(CSVRenderer.render(ResultTable.trendReleases(analysis, releases: info, task: task, language: language)), terminator: "") }
        print(TextRenderer.render(ResultTable.trendReleases(analysis, releases: info, task: task, language: language, comparisons: false), title: true),
              terminator: "")
        print("")
        print(TextRenderer.render(ResultTable.trendComparisons(analysis, releases: info, language: language), title: true), terminator: "")
    }
}
