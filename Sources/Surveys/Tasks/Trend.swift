import Foundation
import Statistics

/// What `trend` follows from release to release: a questionnaire's score, the SEQ, a task's completion or its time.
public enum TrendMeasure: String, Sendable, Codable, CaseIterable {
    case sus
    case umuxLite = "umux-lite"
    case seq
    case completion
    case time

    /// The built-in instrument the measure scores, or nil for a task measure read from the attempts.
    public var instrument: String? {
        switch self {
        case .sus: return "sus"
        case .umuxLite: return "umux-lite"
        case .seq: return "seq"
        case .completion, .time: return nil
        }
    }

    /// The score of the instrument followed (its first: SUS, UMUX-Lite, the SEQ's answer).
    public var scoreID: String? {
        switch self {
        case .sus: return "SUS"
        case .umuxLite: return "UMUX-Lite"
        case .seq: return "SEQ"
        case .completion, .time: return nil
        }
    }

    /// The values the measure can take: the SUS and UMUX-Lite 0–100, the SEQ 1–7, a rate 0–1, a time from 0. A mean's
    /// t interval is cut to it (as `score` cuts a score's), the unclipped interval kept for nothing.
    public var scale: ClosedRange<Double> {
        switch self {
        case .sus, .umuxLite: return 0...100
        case .seq: return 1...7
        case .completion: return 0...1
        case .time: return 0...Double.greatestFiniteMagnitude
        }
    }

    /// Whether the score followed is graded on a curve with a percentile rank (Sauro & Lewis 2016): asked of the
    /// instrument's scoring formula, as `score` asks it.
    public var isGraded: Bool {
        guard let instrument, let scoreID, let definition = try? InstrumentCatalog.builtin(instrument) else { return false }
        return definition.scoring.formula.gradedScore(of: definition) == scoreID
    }

    /// Whether each participant's value is a success (1) or a failure (0), summarised as a rate.
    public var isRate: Bool { self == .completion }

    /// Whether the measure is read per task (the same task keys are then required of every study).
    public var isPerTask: Bool { self == .seq || self == .completion || self == .time }

    /// The published average drawn as the benchmark line: SUS 68 (Sauro & Lewis 2016, 446 studies), SEQ 5.5
    /// (Sauro 2012), completion 78 % (Sauro 2011, 1,189 tasks); none for UMUX-Lite's raw score and for time.
    public var benchmark: Double? {
        switch self {
        case .sus: return SUSInterpretation.benchmark
        case .seq: return 5.5
        case .completion: return 0.78
        case .umuxLite, .time: return nil
        }
    }
}

/// One release's sample: one value per participant (a participant's answers over tasks and occasions inside the
/// release already averaged; a success 1 and a failure 0 for completion).
public struct TrendRelease: Sendable, Equatable {
    public var name: String
    public var values: [Double]

    public init(name: String, values: [Double]) {
        self.name = name
        self.values = values
    }
}

/// A measure followed across releases: each release's estimate with its intervals, each release against the one
/// before and against the baseline, and an individuals control chart of the release estimates.
///
/// - Means: the t interval x̄ ± t₁₋α/₂,ₙ₋₁ · s/√n; rates: the adjusted-Wald interval (Agresti & Coull 1998; Sauro &
///   Lewis 2005), `CompletionRate`.
/// - Both: the BCa bootstrap interval of the mean (Efron 1987; `Bootstrap.meanBCa`), each release resampled from
///   the same seed by the documented SplitMix64 index stream, so a test can replay the resamples.
/// - Means compared by Welch's t-test (Welch 1947) with Hedges' g = J·(x̄_B − x̄_A)/s_pooled,
///   J = 1 − 3/(4(n_A + n_B) − 9) (Hedges 1981); rates by Campbell's (2007) 'N − 1' two-proportion test or
///   Fisher's exact test (`IndependentProportions`), with Cohen's h = 2 asin √p_B − 2 asin √p_A (Cohen 1988).
/// - The individuals (X) chart of Montgomery (2013), *Introduction to Statistical Quality Control*, 7th ed., §6.4:
///   centre line x̄ of the baseline releases' estimates, σ̂ = MR̄ / d₂ with MR̄ the mean moving range
///   |xᵢ − xᵢ₋₁| of consecutive baseline releases and d₂ = 1.128 (n = 2), limits x̄ ± 3σ̂; a release is flagged
///   when it falls outside the limits, or when it is the eighth or later of consecutive releases on one side of the
///   centre line (the Western Electric run rule, Montgomery §5.3.6).
public struct TrendAnalysis: Sendable, Equatable {
    /// One release's estimate.
    public struct Point: Sendable, Equatable {
        public var release: String
        public var n: Int
        /// The mean, or the rate from 0 to 1.
        public var estimate: Double
        public var sd: Double?
        /// Rates: the participants who succeeded.
        public var successes: Int?
        /// The t interval of a mean, the adjusted-Wald interval of a rate; nil for fewer than two values. Cut to the
        /// measure's scale (`intervalClipped` then says so).
        public var interval: ClosedRange<Double>?
        /// Whether the t interval reached past the measure's scale and was cut to it.
        public var intervalClipped = false
        /// The BCa bootstrap interval; nil for fewer than three values or values that do not vary.
        public var bca: Bootstrap.Interval?
        public var isBaseline: Bool
        /// Why the control chart flagged the release (empty when it did not).
        public var flags: [Flag]
    }

    /// Which way B lies from A: `higher` or `lower` when the test's p is under α, else `no-difference`.
    public enum Direction: String, Sendable, Codable {
        case higher, lower
        case noDifference = "no-difference"
    }

    /// What the control chart saw in a release.
    public enum Flag: String, Sendable, Codable {
        case beyondLimits = "beyond-limits"
        case runOfEight = "run-of-8"
    }

    /// A release (B) against the one before it or against the baseline (A).
    public struct Step: Sendable, Equatable {
        public enum Against: String, Sendable, Codable { case previous, baseline }
        public var against: Against
        /// A: the release before, or the baseline releases (their participants pooled).
        public var from: [String]
        public var to: String
        public var nFrom: Int
        public var nTo: Int
        /// B − A (means, or rates from 0 to 1).
        public var difference: Double
        /// Welch's interval of the difference of means, Agresti & Caffo's adjusted-Wald interval of a difference of rates.
        public var ci: ClosedRange<Double>?
        /// `welch-t`, `n-1-two-proportion` or `fisher-exact`.
        public var test: String
        /// t, z, or nil (Fisher's exact test).
        public var statistic: Double?
        public var df: Double?
        public var p: Double?
        /// `hedges-g` or `cohens-h`.
        public var effectName: String
        public var effect: Double?
        public var direction: Direction
    }

    /// The individuals control chart of the release estimates.
    public struct ControlChart: Sendable, Equatable {
        public var centre: Double
        /// MR̄ / d₂.
        public var sigma: Double
        public var meanMovingRange: Double
        public var lower: Double
        public var upper: Double
        /// The releases the centre line and limits come from.
        public var baseline: [String]
    }

    /// d₂ for moving ranges of two (Montgomery 2013, Appendix Table VI).
    public static let d2 = 1.128
    /// Consecutive points on one side of the centre line that make a run.
    public static let runLength = 8

    public var measure: TrendMeasure
    public var points: [Point]
    public var steps: [Step]
    /// Nil when fewer than two baseline releases have an estimate (no moving range).
    public var chart: ControlChart?
    public var baseline: [String]
    public var confidence: Double
    public var resamples: Int
    public var seed: UInt64

    /// Analyses `releases` in the order given; `baseline` names the releases the control limits and the baseline
    /// comparison come from (the first release when empty). A release without values keeps its place with n = 0.
    public init(measure: TrendMeasure, releases: [TrendRelease], baseline: [String], confidence: Double = 0.95,
                resamples: Int = 10_000, seed: UInt64 = 1) {
        self.measure = measure
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
        let chosen = baseline.isEmpty ? Array(releases.prefix(1).map(\.name)) : baseline
        self.baseline = chosen
        let isBaseline = Set(chosen)
        points = releases.map { release in
            Self.point(release, rate: measure.isRate, scale: measure.scale, isBaseline: isBaseline.contains(release.name), confidence: confidence,
                       resamples: resamples, seed: seed)
        }
        var steps: [Step] = []
        for (a, b) in zip(releases, releases.dropFirst()) {
            if let step = Self.step(.previous, from: [a.name], a.values, to: b, rate: measure.isRate, confidence: confidence) {
                steps.append(step)
            }
        }
        let pooled = releases.filter { isBaseline.contains($0.name) }.flatMap(\.values)
        for release in releases where !isBaseline.contains(release.name) {
            if let step = Self.step(.baseline, from: chosen, pooled, to: release, rate: measure.isRate, confidence: confidence) {
                steps.append(step)
            }
        }
        self.steps = steps
        let baselinePoints = points.filter { $0.isBaseline && $0.n > 0 }.map(\.estimate)
        if baselinePoints.count >= 2 {
            let centre = baselinePoints.reduce(0, +) / Double(baselinePoints.count)
            let ranges = zip(baselinePoints, baselinePoints.dropFirst()).map { abs($1 - $0) }
            let mr = ranges.reduce(0, +) / Double(ranges.count)
            let sigma = mr / Self.d2
            chart = ControlChart(centre: centre, sigma: sigma, meanMovingRange: mr, lower: centre - 3 * sigma, upper: centre + 3 * sigma,
                                 baseline: points.filter { $0.isBaseline && $0.n > 0 }.map(\.release))
            var run = 0
            var side = 0
            for index in points.indices where points[index].n > 0 {
                let x = points[index].estimate
                if x > centre + 3 * sigma || x < centre - 3 * sigma { points[index].flags.append(.beyondLimits) }
                let now = x > centre ? 1 : (x < centre ? -1 : 0)
                run = now != 0 && now == side ? run + 1 : (now == 0 ? 0 : 1)
                side = now
                if run >= Self.runLength { points[index].flags.append(.runOfEight) }
            }
        } else {
            chart = nil
        }
    }

    static func point(_ release: TrendRelease, rate: Bool, scale: ClosedRange<Double>, isBaseline: Bool, confidence: Double, resamples: Int,
                      seed: UInt64) -> Point {
        let values = release.values
        let summary = Descriptive(values, confidence: confidence)
        var point = Point(release: release.name, n: values.count, estimate: summary?.mean ?? .nan, sd: summary?.sd, successes: nil,
                          interval: summary?.ci95, bca: Bootstrap.meanBCa(values, level: confidence, resamples: resamples, seed: seed),
                          isBaseline: isBaseline, flags: [])
        if rate {
            let successes = values.filter { $0 == 1 }.count
            point.successes = successes
            point.interval = CompletionRate(successes: successes, attempts: values.count, confidence: confidence)?.ci95
        } else if let interval = point.interval, interval.lowerBound < scale.lowerBound || interval.upperBound > scale.upperBound {
            point.interval = max(interval.lowerBound, scale.lowerBound)...min(interval.upperBound, scale.upperBound)
            point.intervalClipped = true
        }
        return point
    }

    static func step(_ against: Step.Against, from: [String], _ a: [Double], to release: TrendRelease, rate: Bool, confidence: Double) -> Step? {
        let b = release.values
        guard !a.isEmpty, !b.isEmpty else { return nil }
        let alpha = 1 - confidence
        func direction(_ difference: Double, _ p: Double?) -> Direction {
            guard let p, p < alpha, difference != 0 else { return .noDifference }
            return difference > 0 ? .higher : .lower
        }
        if rate {
            let xa = a.filter { $0 == 1 }.count, xb = b.filter { $0 == 1 }.count
            guard let test = IndependentProportions(successesA: xa, nA: a.count, successesB: xb, nB: b.count, confidence: confidence) else { return nil }
            let h = 2 * asin(test.rateB.squareRoot()) - 2 * asin(test.rateA.squareRoot())
            return Step(against: against, from: from, to: release.name, nFrom: a.count, nTo: b.count, difference: test.difference,
                        ci: test.ci95, test: test.test.rawValue, statistic: test.z, df: nil, p: test.p, effectName: "cohens-h",
                        effect: h, direction: direction(test.difference, test.p))
        }
        guard let sa = Descriptive(a), let sb = Descriptive(b) else { return nil }
        let difference = sb.mean - sa.mean
        let welch = TwoConditionComparison(a: a, b: b, confidence: confidence)
        var g: Double?
        if let va = sa.sd, let vb = sb.sd, a.count + b.count > 2 {
            let pooled = (((Double(a.count) - 1) * va * va + (Double(b.count) - 1) * vb * vb) / Double(a.count + b.count - 2)).squareRoot()
            if pooled > 0 { g = difference / pooled * (1 - 3 / (4 * Double(a.count + b.count) - 9)) }
        }
        return Step(against: against, from: from, to: release.name, nFrom: a.count, nTo: b.count, difference: difference,
                    ci: welch?.ci95, test: "welch-t", statistic: welch?.t, df: welch?.df, p: welch?.p, effectName: "hedges-g",
                    effect: g, direction: direction(difference, welch?.p))
    }
}
