import Foundation

/// A comparison of two conditions: paired when the same participants did both, otherwise Welch's t-test.
public struct TwoConditionComparison: Sendable, Equatable, Codable {
    public enum Design: String, Sendable, Codable {
        /// Paired t-test on the per-participant differences.
        case paired
        /// Welch's unequal-variances t-test (Welch 1947).
        case welch
    }

    public var design: Design
    /// Observations (pairs when paired) in A and B.
    public var nA: Int
    public var nB: Int
    /// Mean of B − A on the analysed scale (log seconds for times).
    public var difference: Double
    public var ci95: ClosedRange<Double>
    public var t: Double
    public var df: Double
    public var p: Double

    /// Paired t-test on `pairs` (a, b): d = b − a; t = d̄ / (s_d / √n), df = n − 1; `ci95` at `confidence`.
    public init?(pairs: [(Double, Double)], confidence: Double = 0.95) {
        let differences = pairs.map { $0.1 - $0.0 }
        guard !Spread.isConstant(differences), let summary = Descriptive(differences), let sd = summary.sd, sd > 0 else { return nil }
        let se = sd / Double(summary.n).squareRoot()
        design = .paired
        nA = pairs.count
        nB = pairs.count
        difference = summary.mean
        df = Double(summary.n - 1)
        t = summary.mean / se
        p = StudentT.twoSidedP(t, df: df)
        let half = StudentT.quantile(1 - (1 - confidence) / 2, df: df) * se
        ci95 = (summary.mean - half)...(summary.mean + half)
    }

    /// Welch's t-test of B − A with the Welch–Satterthwaite degrees of freedom; `ci95` at `confidence`.
    public init?(a: [Double], b: [Double], confidence: Double = 0.95) {
        guard !(Spread.isConstant(a) && Spread.isConstant(b)),
              let sa = Descriptive(a), let sb = Descriptive(b), let sdA = sa.sd, let sdB = sb.sd else { return nil }
        let va = sdA * sdA / Double(sa.n)
        let vb = sdB * sdB / Double(sb.n)
        guard va + vb > 0 else { return nil }
        let se = (va + vb).squareRoot()
        design = .welch
        nA = sa.n
        nB = sb.n
        difference = sb.mean - sa.mean
        df = (va + vb) * (va + vb) / (va * va / Double(sa.n - 1) + vb * vb / Double(sb.n - 1))
        t = difference / se
        p = StudentT.twoSidedP(t, df: df)
        let half = StudentT.quantile(1 - (1 - confidence) / 2, df: df) * se
        ci95 = (difference - half)...(difference + half)
    }
}
