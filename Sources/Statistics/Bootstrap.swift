import Foundation

/// The bias-corrected and accelerated (BCa) bootstrap interval of a mean, for small or skewed samples where the t
/// interval's symmetry misleads (and may pass a scale's end).
///
/// Efron, B. (1987). Better bootstrap confidence intervals. JASA 82(397), 171–185; Efron & Tibshirani (1993),
/// An Introduction to the Bootstrap, ch. 14: with B resampled means θ*_b, the bias correction
/// z₀ = Φ⁻¹(#{θ*_b < θ̂}/B) (ties counted half), the acceleration from the jackknife means θ₍ᵢ₎,
/// a = Σ(θ̄₍.₎ − θ₍ᵢ₎)³ / (6 [Σ(θ̄₍.₎ − θ₍ᵢ₎)²]^{3/2}), and the interval's ends the θ* percentiles
/// α₁,₂ = Φ(z₀ + (z₀ + z_{α/2, 1−α/2}) / (1 − a(z₀ + z_{α/2, 1−α/2}))) (linear interpolation, as NumPy's default).
/// The resampling is seeded (SplitMix64), so the same seed gives the same interval on every machine.
public enum Bootstrap {
    public struct Interval: Sendable, Equatable, Codable {
        public var low: Double
        public var high: Double
        public var resamples: Int
        public var seed: UInt64
    }

    /// SplitMix64 (Steele, Lea & Flood 2014): small, fast, the same numbers everywhere. Every seeded resampling in
    /// studyctl draws from it (the SUS mean's BCa interval, Krippendorff's α's bootstrap).
    public struct Generator: Sendable {
        public var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// Uniform in 0..<bound (Lemire's multiply-high; the bias is below 2⁻⁵⁰ for a sample's size).
        public mutating func below(_ bound: Int) -> Int {
            Int(next().multipliedFullWidth(by: UInt64(bound)).high)
        }
        /// Uniform in [0, 1), 53 bits.
        public mutating func unit() -> Double {
            Double(next() >> 11) * 0x1.0p-53
        }
    }

    /// The BCa interval of the mean of `values`, or nil when there are fewer than three values or they do not vary.
    /// The values are sorted first, so the interval does not depend on the order they were read in (the command line
    /// and the report read a study's scores in different orders).
    public static func meanBCa(_ unordered: [Double], level: Double = 0.95, resamples: Int = 10_000, seed: UInt64 = 1) -> Interval? {
        let values = unordered.sorted()
        let n = values.count
        guard n >= 3, resamples >= 100, let first = values.first, values.contains(where: { $0 != first }) else { return nil }
        let mean = values.reduce(0, +) / Double(n)
        var generator = Generator(seed: seed)
        var means = [Double](repeating: 0, count: resamples)
        for b in 0..<resamples {
            var sum = 0.0
            for _ in 0..<n { sum += values[generator.below(n)] }
            means[b] = sum / Double(n)
        }
        means.sort()
        // Bias correction: the share of resampled means below the estimate, ties counted half.
        let below = Double(means.filter { $0 < mean }.count)
        let equal = Double(means.filter { $0 == mean }.count)
        let share = (below + equal / 2) / Double(resamples)
        guard share > 0, share < 1 else { return nil }
        let z0 = StandardNormal.quantile(share)
        // Acceleration from the jackknife.
        let total = values.reduce(0, +)
        let jackknife = values.map { (total - $0) / Double(n - 1) }
        let jackMean = jackknife.reduce(0, +) / Double(n)
        let cubes = jackknife.reduce(0) { $0 + pow(jackMean - $1, 3) }
        let squares = jackknife.reduce(0) { $0 + pow(jackMean - $1, 2) }
        let acceleration = squares > 0 ? cubes / (6 * pow(squares, 1.5)) : 0
        func end(_ tail: Double) -> Double {
            let z = StandardNormal.quantile(tail)
            let adjusted = StandardNormal.cdf(z0 + (z0 + z) / (1 - acceleration * (z0 + z)))
            return percentile(means, adjusted)
        }
        let alpha = (1 - level) / 2
        return Interval(low: end(alpha), high: end(1 - alpha), resamples: resamples, seed: seed)
    }

    /// The `p` quantile of sorted values, interpolated linearly between order statistics (NumPy's "linear").
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        let position = min(max(p, 0), 1) * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
