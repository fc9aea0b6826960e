import Foundation

/// Two completion rates of different participants compared (between subjects): x_A of n_A against x_B of n_B.
///
/// The test follows Campbell's (2007) recommendation for 2 × 2 tables, "Chi-squared and Fisher–Irwin tests of
/// two-by-two tables with small sample recommendations", *Statistics in Medicine* 26(19), 3661–3675, which Sauro &
/// Lewis (2016, *Quantifying the User Experience*, 2nd ed., ch. 5) adopt for completion rates:
/// - when every expected count is at least 1 (E = row total × column total / N, the smallest being
///   min(n_A, n_B) × min(x, N − x) / N), the 'N − 1' two-proportion test:
///   z = (p̂_B − p̂_A) / √(P̂Q̂(1/n_A + 1/n_B)) × √((N − 1)/N), P̂ = (x_A + x_B)/N, Q̂ = 1 − P̂, p two-sided from the
///   standard normal — the 'N − 1' chi-squared test χ² = (ad − bc)²(N − 1)/(mnrs) written as z (z² = χ²);
/// - otherwise the Fisher–Irwin (Fisher's exact) test, two-sided by Irwin's rule: the sum of the probabilities of
///   every table with the same margins that is no more probable than the one observed (as scipy.stats.fisher_exact).
///
/// The difference p̂_B − p̂_A has the adjusted-Wald interval of Agresti & Caffo (2000), "Simple and effective
/// confidence intervals for proportions and differences of proportions result from adding two successes and two
/// failures", *The American Statistician* 54(4), 280–288: with p̃ᵢ = (xᵢ + 1)/(nᵢ + 2),
/// (p̃_B − p̃_A) ± z₀.₉₇₅ √(p̃_A(1 − p̃_A)/(n_A + 2) + p̃_B(1 − p̃_B)/(n_B + 2)), kept within [−1, 1].
public struct IndependentProportions: Sendable, Equatable, Codable {
    public enum Test: String, Sendable, Codable {
        /// Campbell's 'N − 1' two-proportion test (every expected count at least 1).
        case nMinusOne = "n-1-two-proportion"
        /// The Fisher–Irwin exact test (some expected count under 1).
        case fisherExact = "fisher-exact"
    }

    public var successesA: Int
    public var nA: Int
    public var successesB: Int
    public var nB: Int
    /// p̂_B − p̂_A.
    public var difference: Double
    /// The adjusted-Wald 95 % interval of p̂_B − p̂_A (Agresti & Caffo 2000).
    public var ci95: ClosedRange<Double>
    public var test: Test
    /// The 'N − 1' z (positive when B's rate is higher); `nil` for Fisher's exact test.
    public var z: Double?
    public var p: Double
    /// The smallest expected count of the 2 × 2 table, which chose the test.
    public var smallestExpected: Double

    public var rateA: Double { Double(successesA) / Double(nA) }
    public var rateB: Double { Double(successesB) / Double(nB) }

    /// `nil` when a group has no participant or a count is out of range.
    public init?(successesA: Int, nA: Int, successesB: Int, nB: Int, confidence: Double = 0.95) {
        guard nA > 0, nB > 0, (0...nA).contains(successesA), (0...nB).contains(successesB) else { return nil }
        self.successesA = successesA
        self.nA = nA
        self.successesB = successesB
        self.nB = nB
        difference = Double(successesB) / Double(nB) - Double(successesA) / Double(nA)
        ci95 = Self.adjustedWaldDifference(successesA: successesA, nA: nA, successesB: successesB, nB: nB, confidence: confidence)
        let total = nA + nB
        let successes = successesA + successesB
        smallestExpected = Double(min(nA, nB)) * Double(min(successes, total - successes)) / Double(total)
        if smallestExpected >= 1, let z = Self.nMinusOneZ(successesA: successesA, nA: nA, successesB: successesB, nB: nB) {
            test = .nMinusOne
            self.z = z
            p = min(1, erfc(abs(z) / 2.squareRoot()))
        } else {
            test = .fisherExact
            z = nil
            p = Self.fisherExactP(successesA: successesA, nA: nA, successesB: successesB, nB: nB)
        }
    }

    /// Campbell's (2007) 'N − 1' two-proportion z of B against A: (p̂_B − p̂_A)/√(P̂Q̂(1/n_A + 1/n_B)) × √((N − 1)/N);
    /// `nil` when every participant has the same outcome (P̂Q̂ = 0).
    public static func nMinusOneZ(successesA: Int, nA: Int, successesB: Int, nB: Int) -> Double? {
        let n = Double(nA + nB)
        let pooled = Double(successesA + successesB) / n
        let variance = pooled * (1 - pooled) * (1 / Double(nA) + 1 / Double(nB))
        guard variance > 0 else { return nil }
        let difference = Double(successesB) / Double(nB) - Double(successesA) / Double(nA)
        return difference / variance.squareRoot() * ((n - 1) / n).squareRoot()
    }

    /// Agresti & Caffo's (2000) adjusted-Wald interval of p_B − p_A: one success and one failure added to each group.
    public static func adjustedWaldDifference(successesA: Int, nA: Int, successesB: Int, nB: Int,
                                              confidence: Double = 0.95) -> ClosedRange<Double> {
        let z = StandardNormal.quantile(1 - (1 - confidence) / 2)
        let a = (Double(successesA) + 1) / (Double(nA) + 2)
        let b = (Double(successesB) + 1) / (Double(nB) + 2)
        let half = z * (a * (1 - a) / (Double(nA) + 2) + b * (1 - b) / (Double(nB) + 2)).squareRoot()
        return max(-1, b - a - half)...min(1, b - a + half)
    }

    /// Fisher's exact test of the 2 × 2 table [[x_A, n_A − x_A], [x_B, n_B − x_B]], two-sided by Irwin's rule: the
    /// hypergeometric probabilities of the tables with the observed margins, summed over those no more probable than
    /// the observed one (with scipy's relative tolerance of 1e-7 for ties of probability).
    public static func fisherExactP(successesA: Int, nA: Int, successesB: Int, nB: Int) -> Double {
        let successes = successesA + successesB
        let total = nA + nB
        func logChoose(_ n: Int, _ k: Int) -> Double { lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1)) }
        let denominator = logChoose(total, successes)
        func probability(_ x: Int) -> Double { exp(logChoose(nA, x) + logChoose(nB, successes - x) - denominator) }
        let observed = probability(successesA)
        var p = 0.0
        for x in max(0, successes - nB)...min(successes, nA) {
            let value = probability(x)
            if value <= observed * (1 + 1e-7) { p += value }
        }
        return min(1, p)
    }
}
