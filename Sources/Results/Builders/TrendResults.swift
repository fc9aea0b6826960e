import Foundation
import Surveys
import Wording

/// A release's label beside its analysis: where it was read from and what was left out (`trend`).
public struct TrendReleaseInfo: Sendable, Equatable {
    public var name: String
    public var study: String
    public var unscored: Int
    /// The participants whose value is their mean over several measurements (occasions, levels of conditions), and
    /// those measurements as stored (`protótipo=novo`).
    public var averaged: Int
    public var measurements: [String]
    /// The release and its measurements as people read them (the study's labels); empty: the name.
    public var label: String
    public var measurementLabels: [String]

    public init(name: String, study: String, unscored: Int, averaged: Int = 0, measurements: [String] = [], label: String = "",
                measurementLabels: [String] = []) {
        self.name = name
        self.study = study
        self.unscored = unscored
        self.averaged = averaged
        self.measurements = measurements
        self.label = label
        self.measurementLabels = measurementLabels
    }

    /// The release as people read it.
    public var shown: String { label.isEmpty ? name : label }
}

/// `trend --json` (docs/json.md): per release the estimate, its interval and the BCa interval, n, the SUS grade and
/// percentile; each release against the one before and against the baseline; the individuals chart with its rule.
public struct TrendDocument: Encodable, Sendable {
    public struct Release: Encodable, Sendable {
        public var name: String
        public var study: String
        public var n: Int
        /// The mean, or the rate from 0 to 1.
        public var estimate: Double?
        public var sd: Double?
        public var successes: Int?
        public var ci: [Double]?
        /// `t` or `adjusted-wald`.
        public var ciMethod: String
        public var bca: [Double]?
        public var grade: String?
        public var percentile: Double?
        public var unscored: Int
        /// The participants whose value pools several measurements, and those measurements as stored.
        public var averaged: Int
        public var measurements: [String]
        public var baseline: Bool
        /// `beyond-limits`, `run-of-8`.
        public var flags: [String]
    }

    public struct Comparison: Encodable, Sendable {
        /// `previous` or `baseline`.
        public var against: String
        public var from: [String]
        public var to: String
        /// [A, B].
        public var n: [Int]
        /// B − A.
        public var difference: Double
        public var ci: [Double]?
        public var test: String
        public var statistic: Double?
        public var df: Double?
        public var p: Double?
        public var effectName: String
        public var effect: Double?
        /// `higher`, `lower` or `no-difference` (p ≥ α).
        public var direction: String
    }

    public struct Chart: Encodable, Sendable {
        public var centre: Double
        public var lower: Double
        public var upper: Double
        public var sigma: Double
        public var meanMovingRange: Double
        public var d2: Double
        public var baseline: [String]
        /// The rule, in words (English).
        public var rule: String
    }

    public var measure: String
    public var task: String?
    public var by: String?
    public var confidence: Double
    public var benchmark: Double?
    public var unit: String
    public var bootstrap: [String: UInt64]
    public var releases: [Release]
    public var comparisons: [Comparison]
    /// `null` when fewer than two baseline releases have values.
    public var chart: Chart?

    public init(_ analysis: TrendAnalysis, releases info: [TrendReleaseInfo], task: String?, by: String?) {
        measure = analysis.measure.rawValue
        self.task = task
        self.by = by
        confidence = analysis.confidence
        benchmark = analysis.measure.benchmark
        unit = "participant"
        bootstrap = ["resamples": UInt64(analysis.resamples), "seed": analysis.seed]
        let sus = analysis.measure.isGraded
        releases = analysis.points.map { point in
            let source = info.first { $0.name == point.release }
            return Release(name: point.release, study: source?.study ?? "", n: point.n, estimate: point.n > 0 ? point.estimate : nil, sd: point.sd,
                           successes: point.successes, ci: point.interval.map { [$0.lowerBound, $0.upperBound] },
                           ciMethod: analysis.measure.isRate ? "adjusted-wald" : "t", bca: point.bca.map { [$0.low, $0.high] },
                           grade: sus && point.n > 0 ? SUSInterpretation.grade(point.estimate).grade : nil,
                           percentile: sus && point.n > 0 ? Double(SUSInterpretation.percentileRank(point.estimate)) : nil,
                           unscored: source?.unscored ?? 0, averaged: source?.averaged ?? 0, measurements: source?.measurements ?? [],
                           baseline: point.isBaseline, flags: point.flags.map(\.rawValue))
        }
        comparisons = analysis.steps.map { step in
            Comparison(against: step.against.rawValue, from: step.from, to: step.to, n: [step.nFrom, step.nTo], difference: step.difference,
                       ci: step.ci.map { [$0.lowerBound, $0.upperBound] }, test: step.test, statistic: step.statistic, df: step.df, p: step.p,
                       effectName: step.effectName, effect: step.effect, direction: step.direction.rawValue)
        }
        chart = analysis.chart.map { chart in
            Chart(centre: chart.centre, lower: chart.lower, upper: chart.upper, sigma: chart.sigma, meanMovingRange: chart.meanMovingRange,
                  d2: TrendAnalysis.d2, baseline: chart.baseline, rule: TrendWords.rule(chart, language: .en))
        }
    }
}

/// The sentences of `trend` in a language.
public enum TrendWords {
    /// The control chart's rule, as the output states it under the chart.
    public static func rule(_ chart: TrendAnalysis.ControlChart, language: StudyLanguage) -> String {
        let style = NumberStyle(language)
        let baseline = chart.baseline.joined(separator: ", ")
        let sentence: Sentence = """
            Individuals chart of the release estimates (Montgomery 2013): centre line \(number: style.number(chart.centre, decimals: 2)) and \
            limits \(number: style.number(chart.lower, decimals: 2)) to \(number: style.number(chart.upper, decimals: 2)) from the baseline \
            releases \(baseline); σ = mean moving range / 1.128 = \(number: style.number(chart.sigma, decimals: 2)). A release is flagged when \
            it lies outside the centre line ± 3σ, or when it is the eighth in a row on one side of the centre line.
            """
        return sentence.text(language)
    }

    /// What a release's flags say.
    public static func flag(_ flags: [TrendAnalysis.Flag], language: StudyLanguage) -> String {
        flags.map { flag -> String in
            switch flag {
            case .beyondLimits: return Sentence("outside the limits", context: "trend flag").text(language)
            case .runOfEight: return Sentence("8 in a row on one side", context: "trend flag").text(language)
            }
        }.joined(separator: "; ")
    }

    /// The measure's name in a heading ("SUS", "Completion of T1").
    public static func measure(_ measure: TrendMeasure, task: String?, language: StudyLanguage) -> String {
        let name: Sentence
        switch measure {
        case .sus: name = "SUS score"
        case .umuxLite: name = "UMUX-Lite score"
        case .seq: name = "SEQ"
        case .completion: name = "Completion rate"
        case .time: name = "Task time (s)"
        }
        guard let task else { return name.text(language) }
        return Sentence("\(name), task \(task)").text(language)
    }
}

extension ResultTable {
    static func estimateKind(_ measure: TrendMeasure) -> Column.Kind {
        switch measure {
        case .completion: return .percent(decimals: 1)
        case .time: return .number(decimals: 1)
        default: return .number(decimals: 2)
        }
    }

    static func estimateValue(_ measure: TrendMeasure, _ value: Double, n: Int) -> Value {
        guard n > 0, value.isFinite else { return .empty }
        return measure.isRate ? .percent(value) : .number(value)
    }

    /// Per release: n, the estimate, its t (or adjusted-Wald) interval and BCa interval, for SUS the grade and
    /// percentile, the control chart's flag; the release's comparison with the one before and with the baseline.
    /// One row per release, the table `trend --csv` writes; `comparisons: false` leaves out the comparisons' columns
    /// (the terminal shows them in `trendComparisons`).
    public static func trendReleases(_ analysis: TrendAnalysis, releases info: [TrendReleaseInfo], task: String?, language: StudyLanguage,
                                     comparisons: Bool = true) -> ResultTable {
        let measure = analysis.measure
        let decimals = measure == .time ? 1 : 2
        let level = NumberStyle(language).percent(analysis.confidence, decimals: 0)
        var columns = [
            // The release by its label (a value's, an occasion's); the CSV keeps the name.
            Column("release", Sentence("Release").text(language), .text).worded(Dictionary(info.map { ($0.name, $0.shown) }, uniquingKeysWith: { a, _ in a })),
            Column(.n, .count, language),
            Column("estimate", measure.isRate ? Sentence("Rate").text(language) : Term.mean.text(language), estimateKind(measure)),
            Column(.sd, .number(decimals: decimals), language),
            Column("ci", measure.isRate ? Sentence("\(level) CI (adjusted Wald)").text(language) : Sentence("\(level) CI (t)").text(language), .interval(decimals: decimals)),
            Column("bca", Sentence("\(level) CI (BCa)").text(language), .interval(decimals: decimals)),
        ]
        let sus = measure.isGraded
        if sus { columns += [Column(.grade, .text, language), Column(.percentile_rank, .count, language)] }
        let comparisonColumns = [
            Column("previous_difference", Sentence("Change from previous").text(language), .number(decimals: decimals)),
            Column("previous_p", Sentence("p (previous)").text(language), .pValue),
            Column("previous_effect", measure.isRate ? Sentence("Cohen's h (previous)").text(language) : Sentence("Hedges' g (previous)").text(language), .number(decimals: 2)),
            Column("previous_direction", Sentence("Direction (previous)").text(language), .text).worded(directionWords(language)),
            Column("baseline_difference", Sentence("Change from baseline").text(language), .number(decimals: decimals)),
            Column("baseline_p", Sentence("p (baseline)").text(language), .pValue),
            Column("baseline_direction", Sentence("Direction (baseline)").text(language), .text).worded(directionWords(language)),
        ]
        if comparisons { columns += comparisonColumns }
        columns += [
            Column("chart_flag", Sentence("Control chart").text(language), .text)
                .worded(["beyond-limits": TrendWords.flag([.beyondLimits], language: language),
                         "run-of-8": TrendWords.flag([.runOfEight], language: language),
                         "beyond-limits;run-of-8": TrendWords.flag([.beyondLimits, .runOfEight], language: language),
                         "baseline": Sentence("baseline", context: "trend flag").text(language)]),
        ]
        var table = ResultTable(id: "trend", title: Sentence("\(TrendWords.measure(measure, task: task, language: language)) by release").text(language),
                                language: language, columns: columns)
        for point in analysis.points {
            let previous = analysis.steps.first { $0.against == .previous && $0.to == point.release }
            let baseline = analysis.steps.first { $0.against == .baseline && $0.to == point.release }
            var row: [Value] = [.text(point.release), .count(point.n), estimateValue(measure, point.estimate, n: point.n), Value(point.sd),
                                Value(point.interval), point.bca.map { .interval($0.low, $0.high) } ?? .empty]
            if sus {
                // The mean's whole percentile rank, truncated, as `score` gives it.
                row += point.n > 0 ? [.text(SUSInterpretation.grade(point.estimate).grade), .count(SUSInterpretation.percentileRank(point.estimate))] : [.empty, .empty]
            }
            let flag = point.flags.map(\.rawValue).joined(separator: ";")
            if comparisons {
                row += [Value(previous?.difference), Value(p: previous?.p), Value(previous?.effect), Value(previous?.direction.rawValue),
                        Value(baseline?.difference), Value(p: baseline?.p), Value(baseline?.direction.rawValue)]
            }
            row += [flag.isEmpty ? (point.isBaseline ? .text("baseline") : .empty) : .text(flag)]
            table.append(row, emphasised: !point.flags.isEmpty)
            // The interval cut to the scale is starred, as in `score`'s tables.
            if point.intervalClipped { table.marked[table.rows.count - 1] = [4] }
        }
        table.notes = trendNotes(analysis, releases: info, language: language)
        if analysis.points.contains(where: \.intervalClipped) {
            table.notes.insert(("* The interval is cut to the measure's possible range (the t interval reaches past it)." as Sentence).text(language), at: 0)
        }
        return table
    }

    static func directionWords(_ language: StudyLanguage) -> [String: String] {
        ["higher": Sentence("higher", context: "trend direction").text(language),
         "lower": Sentence("lower", context: "trend direction").text(language),
         "no-difference": Sentence("no difference", context: "trend direction").text(language)]
    }

    static func trendNotes(_ analysis: TrendAnalysis, releases info: [TrendReleaseInfo], language: StudyLanguage) -> [String] {
        let style = NumberStyle(language)
        var notes: [Sentence] = [
            "One value per participant: a participant's answers over the tasks, occasions and conditions of a release are averaged, so nobody counts twice in a release.",
            "BCa: the bias-corrected and accelerated bootstrap interval (Efron 1987), \(String(analysis.resamples)) resamples drawn from seed \(String(analysis.seed)) (SplitMix64), the same for every release.",
        ]
        if analysis.measure.isRate {
            notes.append("Each release against the one before and against the baseline: the 'N − 1' two-proportion test (Fisher's exact test where an expected count is under 1; Campbell 2007) with Cohen's h; a direction is named when p < \(number: style.number(1 - analysis.confidence, decimals: 2)).")
        } else {
            notes.append("Each release against the one before and against the baseline: Welch's t-test with Hedges' g; a direction is named when p < \(number: style.number(1 - analysis.confidence, decimals: 2)).")
        }
        let shown = Dictionary(info.map { ($0.name, $0.shown) }, uniquingKeysWith: { a, _ in a })
        notes.append("Baseline: \(analysis.baseline.map { shown[$0] ?? $0 }.joined(separator: ", ")) (their participants pooled for the comparison with the baseline).")
        if let chart = analysis.chart {
            notes.append(Sentence(verbatim: TrendWords.rule(chart, language: language)))
        } else {
            notes.append("No control chart: it needs two baseline releases or more with values (--baseline A,B).")
        }
        if let benchmark = analysis.measure.benchmark {
            let text = analysis.measure.isRate ? style.percent(benchmark, decimals: 0) : style.number(benchmark, decimals: 1)
            // The measure's own benchmark and its source only.
            switch analysis.measure {
            case .sus: notes.append("Benchmark line: \(number: text), the average SUS score (Sauro & Lewis 2016).")
            case .seq: notes.append("Benchmark line: \(number: text), the average SEQ rating (Sauro 2012).")
            case .completion: notes.append("Benchmark line: \(number: text), the average task completion rate (Sauro 2011).")
            case .umuxLite, .time: break
            }
        }
        // A release whose participants answered under several measurements: what each one's value pools, and how to
        // follow one instead.
        for release in info where release.averaged > 0 {
            let list = (release.measurementLabels.count == release.measurements.count ? release.measurementLabels
                        : release.measurements.map { StudyLabels.plain.measurement($0, none: "") })
                .map { $0.isEmpty ? Term.no_occasion.text(language) : $0 }.joined(separator: "; ")
            let count = release.averaged == 1 ? Sentence("1 participant was measured") : Sentence("\(String(release.averaged)) participants were measured")
            notes.append(analysis.measure == .completion
                ? "\(release.shown): \(count) under several conditions (\(list)); their first attempt counts. --condition FACTOR=LEVEL follows one."
                : "\(release.shown): \(count) under several occasions or conditions (\(list)); their value is the mean over them. --occasion or --condition FACTOR=LEVEL follows one.")
        }
        for release in info where release.unscored > 0 {
            notes.append(release.unscored == 1 ? "\(release.shown): 1 response set with an unanswered item left out."
                         : "\(release.shown): \(String(release.unscored)) response sets with an unanswered item left out.")
        }
        return notes.map { $0.text(language) }
    }

    /// Each release against the one before and against the baseline: n, the difference B − A with its interval, the
    /// test, p, the effect size and the direction.
    public static func trendComparisons(_ analysis: TrendAnalysis, releases info: [TrendReleaseInfo] = [], language: StudyLanguage) -> ResultTable {
        // The releases by their labels, alone and joined as the baseline is.
        var shown = Dictionary(info.map { ($0.name, $0.shown) }, uniquingKeysWith: { a, _ in a })
        for step in analysis.steps where step.from.count > 1 {
            shown[step.from.joined(separator: " + ")] = step.from.map { shown[$0] ?? $0 }.joined(separator: " + ")
        }
        let decimals = analysis.measure == .time ? 1 : 2
        let columns = [
            Column("against", Sentence("Against").text(language), .text)
                .worded(["previous": Sentence("previous release").text(language), "baseline": Sentence("baseline", context: "trend flag").text(language)]),
            Column("from", Sentence("From").text(language), .text).worded(shown),
            Column("to", Sentence("To").text(language), .text).worded(shown),
            Column(.n_a, .count, language),
            Column(.n_b, .count, language),
            Column(.difference, .number(decimals: decimals), language),
            Column(.ci95_difference, .interval(decimals: decimals), language),
            // The test by its name in the language (`welch-t` reads "Welch's t"); JSON keeps the machine word.
            Column(.test, .text, language).worded(Dictionary(uniqueKeysWithValues: Set(analysis.steps.map(\.test)).map { ($0, taskTestLabel($0, language)) })),
            Column(.statistic, .number(decimals: 2), language),
            Column(.df, .number(decimals: 1), language),
            Column(.p, .pValue, language),
            Column("effect", analysis.measure.isRate ? Sentence("Cohen's h").text(language) : Sentence("Hedges' g", context: "test name").text(language), .number(decimals: 2)),
            Column(.direction, .text, language).worded(directionWords(language)),
        ]
        var table = ResultTable(id: "trend_comparisons", title: Sentence("Each release against the one before and against the baseline").text(language),
                                language: language, columns: columns)
        for step in analysis.steps {
            table.append([.text(step.against.rawValue), .text(step.from.joined(separator: " + ")), .text(step.to), .count(step.nFrom), .count(step.nTo),
                          .number(step.difference), Value(step.ci), .text(step.test), Value(step.statistic), Value(step.df), Value(p: step.p),
                          Value(step.effect), .text(step.direction.rawValue)])
        }
        return table
    }
}
