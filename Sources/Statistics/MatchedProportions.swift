import Foundation

/// Binary outcomes (a task completed or not) of the same participants under two or more conditions, compared within
/// participants: McNemar's exact test for two conditions, Cochran's Q for more.
public enum MatchedProportions {
    /// McNemar's exact test (McNemar 1947): of the discordant pairs — completed under A only (`onlyA`) or under B
    /// only (`onlyB`) — the two-sided binomial test of onlyB against p = ½, as statsmodels
    /// `mcnemar(table, exact=True)`: statistic min(onlyA, onlyB), p = min(1, 2 · P(X ≤ statistic)), X ~ B(onlyA +
    /// onlyB, ½). Without discordant pairs p = 1.
    public struct McNemar: Sendable, Equatable, Codable {
        public var onlyA: Int
        public var onlyB: Int
        public var statistic: Int
        public var p: Double

        public init(onlyA: Int, onlyB: Int) {
            self.onlyA = onlyA
            self.onlyB = onlyB
            statistic = min(onlyA, onlyB)
            p = min(1, 2 * Binomial.halfCDF(statistic, trials: onlyA + onlyB))
        }

        /// From each participant's (completed under A, completed under B).
        public init(pairs: [(Bool, Bool)]) {
            self.init(onlyA: pairs.filter { $0.0 && !$0.1 }.count, onlyB: pairs.filter { !$0.0 && $0.1 }.count)
        }
    }

    /// Cochran's Q (Cochran 1950) over n participants × k conditions of 0/1 outcomes, as statsmodels `cochrans_q`:
    /// Q = (k − 1)(k Σ C_j² − N²) / (k N − Σ R_i²), with C_j the successes under condition j, R_i participant i's
    /// successes and N the total; χ² with k − 1 degrees of freedom. Undefined (`nil`) when every participant has the
    /// same outcome under every condition.
    public struct CochranQ: Sendable, Equatable, Codable {
        public var q: Double
        public var df: Int
        public var p: Double

        public init?(_ blocks: [[Bool]]) {
            guard let k = blocks.first?.count, k >= 2, blocks.allSatisfy({ $0.count == k }) else { return nil }
            let rows = blocks.map { Double($0.filter { $0 }.count) }
            let columns = (0..<k).map { j in Double(blocks.filter { $0[j] }.count) }
            let total = rows.reduce(0, +)
            let denominator = Double(k) * total - rows.map { $0 * $0 }.reduce(0, +)
            guard denominator > 0 else { return nil }
            q = Double(k - 1) * (Double(k) * columns.map { $0 * $0 }.reduce(0, +) - total * total) / denominator
            df = k - 1
            p = ChiSquared.upperTail(q, df: Double(df))
        }
    }
}

/// The binomial distribution with p = ½.
enum Binomial {
    /// P(X ≤ k) for X ~ B(n, ½), summed in logs (exact enough for any n a study has).
    static func halfCDF(_ k: Int, trials n: Int) -> Double {
        guard k >= 0 else { return 0 }
        guard k < n else { return 1 }
        let logHalf = Double(n) * log(0.5)
        var sum = 0.0
        for i in 0...k {
            sum += exp(lgamma(Double(n + 1)) - lgamma(Double(i + 1)) - lgamma(Double(n - i + 1)) + logHalf)
        }
        return min(1, sum)
    }
}
