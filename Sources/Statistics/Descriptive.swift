import Foundation

/// The summary statistics usability reports give for a set of scores.
public struct Descriptive: Sendable, Equatable, Codable {
    public var n: Int
    public var mean: Double
    /// Sample standard deviation (n − 1); `nil` for fewer than two values.
    public var sd: Double?
    public var median: Double
    public var min: Double
    public var max: Double
    /// The most frequent values (several when tied; empty when every value occurs once and n > 1).
    public var modes: [Double]
    /// The 95 % confidence interval of the mean from the t distribution; `nil` for fewer than two values.
    public var ci95: ClosedRange<Double>?
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case n, mean, sd, median, min, max, modes, ci95 = "ci" }

    /// Summarises `values`; `nil` when there are none.
    public init?(_ values: [Double], confidence: Double = 0.95) {
        self.init(runs: values.map { (value: $0, count: 1) }, confidence: confidence)
    }
}

extension Descriptive {
    /// The precision of the mean: half the width of its 95 % t interval, t(.975, n − 1) × SD / √n, before any
    /// clipping to the score's range ("with n = 12 the 95 % CI of the SUS mean is ±5.96 points"); nil for n < 2.
    public var marginOfError95: Double? {
        guard n > 1, let sd else { return nil }
        return StudentT.quantile(0.975, df: Double(n - 1)) * sd / Double(n).squareRoot()
    }

    /// Summarises values given as runs (a value and how many times it comes, in the order `init(_:)` would be given
    /// them): the same sums in the same order, so the same figures, without holding every value — a study's
    /// summaries keep counts of distinct scores, not the scores of a million respondents.
    public init?<Runs: Collection>(runs: Runs, confidence: Double = 0.95) where Runs.Element == (value: Double, count: Int) {
        let n = runs.reduce(0) { $0 + $1.count }
        guard n > 0 else { return nil }
        var counts: [Double: Int] = [:]
        var total = 0.0
        for (value, count) in runs {
            counts[value, default: 0] += count
            for _ in 0..<count { total += value }
        }
        // n > 0 (checked above), so at least one run counted a value: `distinct` and `counts` are never empty.
        let distinct = counts.sorted { $0.key < $1.key }
        guard let lowest = distinct.first?.key, let highest = distinct.last?.key, let top = counts.values.max() else { return nil }
        /// The value at `index` of the values in increasing order.
        func value(at index: Int) -> Double {
            var seen = 0
            for (value, count) in distinct {
                seen += count
                if index < seen { return value }
            }
            return highest
        }
        self.n = n
        mean = total / Double(n)
        median = n % 2 == 1 ? value(at: n / 2) : (value(at: n / 2 - 1) + value(at: n / 2)) / 2
        min = lowest
        max = highest
        modes = (top > 1 || n == 1) ? distinct.filter { $0.value == top }.map(\.key) : []
        if n > 1 && Spread.isConstant(low: min, high: max) {
            mean = min
            sd = 0
            ci95 = mean...mean
        } else if n > 1 {
            let mean = self.mean
            var squares = 0.0
            for (value, count) in runs {
                for _ in 0..<count { squares += (value - mean) * (value - mean) }
            }
            let variance = squares / Double(n - 1)
            sd = variance.squareRoot()
            let half = StudentT.quantile(1 - (1 - confidence) / 2, df: Double(n - 1)) * variance.squareRoot() / Double(n).squareRoot()
            ci95 = (mean - half)...(mean + half)
        } else {
            sd = nil
            ci95 = nil
        }
    }

    /// Summarises the values a histogram counts (value → how many), as `init(_:)` would them in increasing order.
    public init?(histogram: [Double: Int], confidence: Double = 0.95) {
        self.init(runs: histogram.sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) }, confidence: confidence)
    }
}

/// Telling a spread of zero from floating-point residue.
public enum Spread {
    /// Whether every value is the same, up to the rounding that arithmetic on them leaves (a relative 1e-12):
    /// `[1, 1, 1]`, or log-time ratios that are all log 2 computed from different times. A t statistic on such
    /// values would be residue divided by residue (t ≈ 10¹⁶), so no test is run on them.
    public static func isConstant(_ values: [Double]) -> Bool {
        guard let low = values.min(), let high = values.max() else { return true }
        return isConstant(low: low, high: high)
    }

    /// `isConstant` from the smallest and largest value.
    public static func isConstant(low: Double, high: Double) -> Bool {
        isResidue(high - low, scale: max(abs(low), abs(high)))
    }

    /// The one rule for a spread that is rounding residue: a spread (a range, an SD, the root mean square of an
    /// ANOVA's residuals, the square root of a variance left after elimination) within 1e-12 of the data's scale
    /// (the largest magnitude among the values it was computed from, at least 1) is zero. Differences of values with
    /// decimals (4.1 − 3.7 beside 8.3 − 7.9) differ in their last bits only, and a test dividing by such a spread
    /// would report residue over residue (t ≈ 10¹⁵, F ≈ 10¹⁴, or an interaction "p = .031" where F is 0/0). Used by
    /// every test on spreads: the paired t, the pairs, the repeated-measures and mixed ANOVA, Mauchly's test, and the
    /// between-group tests through `isConstant`.
    public static func isResidue(_ spread: Double, scale: Double) -> Bool {
        !(spread > 1e-12 * max(1, scale))
    }

    /// `isResidue` for a sum of squares over `count` values: its root mean square against the scale.
    public static func isResidue(sumOfSquares: Double, count: Int, scale: Double) -> Bool {
        count <= 0 || isResidue((max(0, sumOfSquares) / Double(count)).squareRoot(), scale: scale)
    }

    /// The scale `isResidue` compares a spread with: the largest magnitude among `values`.
    public static func scale<S: Sequence>(_ values: S) -> Double where S.Element == Double {
        values.reduce(0) { max($0, abs($1)) }
    }
}

/// A one-sample t-test of a mean against a benchmark (e.g. SUS 68, a PSSUQ norm).
public struct OneSampleTTest: Sendable, Equatable, Codable {
    public var benchmark: Double
    public var difference: Double
    public var t: Double
    public var df: Int
    /// Two-sided p-value.
    public var p: Double
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case benchmark, difference, t = "statistic", df, p }

    /// `nil` when there are fewer than two values or no spread (see `undefinedReason`).
    public init?(_ values: [Double], benchmark: Double) {
        guard let summary = Descriptive(values) else { return nil }
        self.init(summary, benchmark: benchmark)
    }

    /// The test from a sample's summary (its n, mean and SD).
    public init?(_ summary: Descriptive, benchmark: Double) {
        guard Self.undefinedReason(summary) == nil, let sd = summary.sd, sd > 0 else { return nil }
        self.benchmark = benchmark
        difference = summary.mean - benchmark
        t = difference / (sd / Double(summary.n).squareRoot())
        df = summary.n - 1
        p = StudentT.twoSidedP(t, df: Double(df))
    }

    /// Why no t-test can be run on `values`, or `nil` when one can.
    public static func undefinedReason(_ values: [Double]) -> String? {
        if values.count < 2 { return "fewer than two scores: test undefined" }
        if Spread.isConstant(values) { return "no variation: test undefined" }
        return nil
    }

    /// `undefinedReason` from a sample's summary.
    public static func undefinedReason(_ summary: Descriptive?) -> String? {
        guard let summary, summary.n >= 2 else { return "fewer than two scores: test undefined" }
        if Spread.isConstant(low: summary.min, high: summary.max) { return "no variation: test undefined" }
        return nil
    }
}

/// Cronbach's coefficient α, the internal consistency of a scale (Cronbach 1951):
/// α = k / (k − 1) × (1 − Σ σ²ᵢ / σ²ₜ), on complete cases, with reverse-coded items recoded first.
public struct CronbachAlpha: Sendable, Equatable, Codable {
    public var alpha: Double
    public var items: Int
    /// Respondents who answered every item (the cases α is computed on).
    public var cases: Int

    /// `rows` holds one array of item values per respondent; rows with a missing item (`nil`) are left out.
    /// `nil` when fewer than two items, fewer than two complete cases, or no variance in the totals.
    public init?(_ rows: [[Double?]]) {
        let complete = rows.compactMap { row -> [Double]? in
            let values = row.compactMap { $0 }
            return values.count == row.count ? values : nil
        }
        guard let k = complete.first?.count, k >= 2, complete.count >= 2 else { return nil }
        func variance(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        }
        let itemVariances = (0..<k).map { item in variance(complete.map { $0[item] }) }
        let totalVariance = variance(complete.map { $0.reduce(0, +) })
        guard totalVariance > 0 else { return nil }
        alpha = Double(k) / Double(k - 1) * (1 - itemVariances.reduce(0, +) / totalVariance)
        items = k
        cases = complete.count
    }
}

extension CronbachAlpha {
    init(alpha: Double, items: Int, cases: Int) {
        self.alpha = alpha
        self.items = items
        self.cases = cases
    }

    /// α accumulated one respondent at a time (Welford's running variances of each item and of the totals), so a
    /// million respondents need no matrix: the same figure as `init?(_:)` on the same rows, to rounding.
    public struct Accumulator: Sendable {
        let items: Int
        var cases = 0
        var means: [Double]
        var squares: [Double]
        var totalMean = 0.0
        var totalSquares = 0.0

        public init(items: Int) {
            self.items = items
            means = Array(repeating: 0, count: items)
            squares = Array(repeating: 0, count: items)
        }

        /// One respondent's item values; left out when one is missing (`nil`), as `init?(_:)` does.
        public mutating func add(_ row: [Double?]) {
            guard row.count == items, !row.contains(where: { $0 == nil }) else { return }
            cases += 1
            let n = Double(cases)
            var total = 0.0
            for index in 0..<items {
                guard let value = row[index] else { continue }  // a row with a missing answer was left out just above
                total += value
                let delta = value - means[index]
                means[index] += delta / n
                squares[index] += delta * (value - means[index])
            }
            let delta = total - totalMean
            totalMean += delta / n
            totalSquares += delta * (total - totalMean)
        }

        /// `nil` when fewer than two items, fewer than two complete cases, or no variance in the totals.
        public var result: CronbachAlpha? {
            guard items >= 2, cases >= 2 else { return nil }
            let totalVariance = totalSquares / Double(cases - 1)
            guard totalVariance > 0 else { return nil }
            let itemVariances = squares.reduce(0, +) / Double(cases - 1)
            return CronbachAlpha(alpha: Double(items) / Double(items - 1) * (1 - itemVariances / totalVariance), items: items, cases: cases)
        }
    }
}

