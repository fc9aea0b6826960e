import Foundation
import Statistics

/// Where a task's measure stands against its benchmark, read from its confidence interval: green when the interval's
/// lower bound is above the benchmark, red when its upper bound is below it, amber otherwise (the interval holds it).
public enum TrafficLight: String, Sendable, Codable, Equatable, CaseIterable {
    case green, amber, red

    /// The light of an interval against a benchmark where higher is better.
    public init(interval: ClosedRange<Double>, benchmark: Double) {
        if interval.lowerBound > benchmark {
            self = .green
        } else if interval.upperBound < benchmark {
            self = .red
        } else {
            self = .amber
        }
    }
}

/// One measure of one task tested against its benchmark, one-sided in the direction the sample points.
public struct BenchmarkTest: Sendable, Equatable, Codable {
    public enum Method: String, Sendable, Codable {
        /// The exact binomial test with the mid-probability (Sauro & Lewis 2016, ch. 4, small samples).
        case binomialMidP = "binomial-mid-p"
        /// The normal approximation to the binomial, when n·p ≥ 15 and n·(1 − p) ≥ 15 (Sauro & Lewis 2016, ch. 4).
        case normal = "normal-approximation"
        /// The one-sample t-test (Sauro & Lewis 2016, ch. 4, comparing a mean to a benchmark).
        case oneSampleT = "one-sample-t"
    }

    public enum Direction: String, Sendable, Codable {
        case above, below
    }

    public var benchmark: Double
    /// The observed value: a completion rate (0…1) or a mean SEQ.
    public var value: Double
    public var n: Int
    /// The interval of `value` at `confidence` (adjusted-Wald for completion, t for SEQ).
    public var interval: ClosedRange<Double>
    public var confidence: Double
    public var method: Method
    /// z or t (nil for the exact binomial test).
    public var statistic: Double?
    public var df: Double?
    /// Which side of the benchmark the sample lies on, and so which alternative the one-sided p tests
    /// (above: the true value exceeds the benchmark; below: it falls short of it).
    public var direction: Direction
    /// One-sided p in `direction`.
    public var p: Double
    public var light: TrafficLight

    /// Whether the one-sided test rejects the benchmark at 1 − confidence (the one-sided α matching the interval's
    /// two-sided level would be half of it; the test and the light are stated apart for that reason).
    public func significant(alpha: Double = 0.05) -> Bool { p < alpha }
}

public enum TaskBenchmarkTest {
    /// A completion rate against a benchmark rate (by default `TaskBenchmarks.completion`, 78 %; Sauro 2011).
    ///
    /// Sauro & Lewis (2016), *Quantifying the User Experience*, 2nd ed., ch. 4, "Comparing a completion rate to a
    /// benchmark": with n·p₀ ≥ 15 and n·(1 − p₀) ≥ 15 the normal approximation z = (p̂ − p₀) / √(p₀(1 − p₀)/n);
    /// otherwise the exact binomial test with the mid-probability, P(X > x) + ½ P(X = x) for "above" (and
    /// P(X < x) + ½ P(X = x) for "below"), which they recommend over the exact p for its smaller conservatism.
    /// The interval is adjusted-Wald (Agresti & Coull 1998; Sauro & Lewis 2005) at `confidence`.
    public static func completion(successes: Int, n: Int, benchmark: Double = TaskBenchmarks.completion,
                                  confidence: Double = 0.95) -> BenchmarkTest? {
        guard let rate = CompletionRate(successes: successes, attempts: n, confidence: confidence) else { return nil }
        let observed = rate.rate
        let direction: BenchmarkTest.Direction = observed >= benchmark ? .above : .below
        let large = Double(n) * benchmark >= 15 && Double(n) * (1 - benchmark) >= 15
        let p: Double
        var statistic: Double?
        if large {
            let z = (observed - benchmark) / (benchmark * (1 - benchmark) / Double(n)).squareRoot()
            statistic = z
            p = direction == .above ? 1 - StandardNormal.cdf(z) : StandardNormal.cdf(z)
        } else {
            let exact = BinomialDistribution(n: n, p: benchmark)
            let beyond = direction == .above ? exact.upperTail(after: successes) : exact.lowerTail(before: successes)
            p = min(1, beyond + exact.mass(successes) / 2)
        }
        return BenchmarkTest(benchmark: benchmark, value: observed, n: n, interval: rate.ci95, confidence: confidence,
                             method: large ? .normal : .binomialMidP, statistic: statistic, df: nil, direction: direction, p: p,
                             light: TrafficLight(interval: rate.ci95, benchmark: benchmark))
    }

    /// A mean (SEQ answers, one per participant) against a benchmark (by default `TaskBenchmarks.seq`, 5.5;
    /// Sauro 2012): the one-sample t-test t = (x̄ − μ₀) / (s / √n), df = n − 1, one-sided in the direction of x̄
    /// (Sauro & Lewis 2016, ch. 4), and the t interval x̄ ± t₍₁₊c₎/₂ s / √n. Needs two values or more and some spread.
    public static func mean(_ values: [Double], benchmark: Double = TaskBenchmarks.seq, confidence: Double = 0.95) -> BenchmarkTest? {
        guard let summary = Descriptive(values, confidence: confidence), let sd = summary.sd, sd > 0,
              let interval = summary.ci95 else { return nil }
        return mean(mean: summary.mean, sd: sd, n: summary.n, interval: interval, benchmark: benchmark, confidence: confidence)
    }

    /// The SEQ's answers: 1 (very difficult) to 7 (very easy).
    static let seqScale: ClosedRange<Double> = 1...7

    /// The same from a mean, its SD and n.
    public static func mean(mean: Double, sd: Double, n: Int, benchmark: Double = TaskBenchmarks.seq, confidence: Double = 0.95) -> BenchmarkTest? {
        guard n > 1, sd > 0 else { return nil }
        let half = StudentT.quantile(1 - (1 - confidence) / 2, df: Double(n - 1)) * sd / Double(n).squareRoot()
        return self.mean(mean: mean, sd: sd, n: n, interval: (mean - half)...(mean + half), benchmark: benchmark, confidence: confidence)
    }

    static func mean(mean: Double, sd: Double, n: Int, interval unclipped: ClosedRange<Double>, benchmark: Double, confidence: Double) -> BenchmarkTest {
        // The interval is cut to the SEQ's scale, 1–7, as `score seq` cuts it (a t interval of few answers reaches past).
        let interval = max(unclipped.lowerBound, Self.seqScale.lowerBound)...min(unclipped.upperBound, Self.seqScale.upperBound)
        let df = Double(n - 1)
        let t = (mean - benchmark) / (sd / Double(n).squareRoot())
        let direction: BenchmarkTest.Direction = mean >= benchmark ? .above : .below
        let p = direction == .above ? 1 - StudentT.cdf(t, df: df) : StudentT.cdf(t, df: df)
        return BenchmarkTest(benchmark: benchmark, value: mean, n: n, interval: interval, confidence: confidence, method: .oneSampleT,
                             statistic: t, df: df, direction: direction, p: p, light: TrafficLight(interval: interval, benchmark: benchmark))
    }

    /// The share of participants under a target time: of the participants who completed the task (successful
    /// attempts only, as Sauro & Lewis 2016 recommend reporting task times: a failure ends at an arbitrary moment),
    /// those whose time is at most the target, with its adjusted-Wald interval at `confidence`.
    public static func underTarget(times: [Double], target: Double, confidence: Double = 0.95) -> CompletionRate? {
        CompletionRate(successes: times.filter { $0 <= target }.count, attempts: times.count, confidence: confidence)
    }
}

/// The binomial distribution B(n, p), its masses summed directly from their logarithms (exact to rounding for the
/// sample sizes of usability tests).
struct BinomialDistribution {
    let n: Int
    let p: Double

    /// P(X = k).
    func mass(_ k: Int) -> Double {
        guard k >= 0, k <= n else { return 0 }
        if p == 0 { return k == 0 ? 1 : 0 }
        if p == 1 { return k == n ? 1 : 0 }
        let logChoose = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
        return exp(logChoose + Double(k) * log(p) + Double(n - k) * log1p(-p))
    }

    /// P(X > k).
    func upperTail(after k: Int) -> Double {
        guard k < n else { return 0 }
        return (k + 1...n).reduce(0) { $0 + mass($1) }
    }

    /// P(X < k).
    func lowerTail(before k: Int) -> Double {
        guard k > 0 else { return 0 }
        return (0..<k).reduce(0) { $0 + mass($1) }
    }
}

extension TaskSummaryRow {
    /// The row's completion against `TaskBenchmarks.completion` at the row's confidence (nil without an outcome).
    public var completionBenchmark: BenchmarkTest? {
        completion.flatMap { TaskBenchmarkTest.completion(successes: $0.successes, n: $0.attempts, confidence: confidence) }
    }

    /// The row's mean SEQ against `TaskBenchmarks.seq` at the row's confidence (nil with fewer than two values or none
    /// apart).
    public var seqBenchmark: BenchmarkTest? {
        guard let seqMean, let seqSD else { return nil }
        return TaskBenchmarkTest.mean(mean: seqMean, sd: seqSD, n: seqN, confidence: confidence)
    }
}
