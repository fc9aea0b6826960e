import Foundation
import Statistics

/// Cohen's κ for two coders from their k × k contingency table (rows: coder A, columns: coder B):
/// κ = (pₒ − pₑ) / (1 − pₑ), with chance agreement pₑ from each coder's marginals (Cohen 1960).
public struct CohenKappa: Sendable, Equatable, Codable {
    public var kappa: Double?
    public var observed: Double
    public var expected: Double
    public var units: Int
    /// The large-sample standard error of κ (Fleiss, Cohen & Everitt 1969, "Large sample standard errors of kappa
    /// and weighted kappa", Psychological Bulletin 72(5), 323–327, eq. 13):
    /// Var(κ) = {Σᵢ pᵢᵢ[1 − (pᵢ. + p.ᵢ)(1 − κ)]² + (1 − κ)² Σ_{i≠j} pᵢⱼ(p.ᵢ + pⱼ.)² − [κ − pₑ(1 − κ)]²} / (n(1 − pₑ)²).
    /// `nil` with κ.
    public var standardError: Double? = nil
    /// κ ± z₀.₉₇₅ × SE: the Wald interval statsmodels and SPSS report, cut to κ's range −1…1 (which statsmodels
    /// does not do) so that every output — table, workbook, JSON — gives the same ends; with few units it is wide,
    /// which is the point of showing it.
    public var ci95: [Double]? = nil
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case kappa, observed, expected, units, standardError, ci95 = "ci" }

    /// `kappa` is `nil` when chance agreement is 1 (both coders used one category throughout).
    public init?(table: [[Int]]) {
        let k = table.count
        guard k > 0, table.allSatisfy({ $0.count == k }) else { return nil }
        let total = table.flatMap { $0 }.reduce(0, +)
        guard total > 0 else { return nil }
        let n = Double(total)
        observed = Double((0..<k).map { table[$0][$0] }.reduce(0, +)) / n
        var chance = 0.0
        for i in 0..<k {
            let rowTotal = Double(table[i].reduce(0, +))
            var columnTotal = 0.0
            for row in table { columnTotal += Double(row[i]) }
            chance += rowTotal * columnTotal
        }
        expected = chance / (n * n)
        units = total
        kappa = expected < 1 ? (observed - expected) / (1 - expected) : nil
        if let kappa {
            let rows = table.map { Double($0.reduce(0, +)) / n }
            let columns = (0..<k).map { j in Double(table.reduce(0) { $0 + $1[j] }) / n }
            var a = 0.0, b = 0.0
            for i in 0..<k {
                a += Double(table[i][i]) / n * pow(1 - (rows[i] + columns[i]) * (1 - kappa), 2)
                for j in 0..<k where j != i { b += Double(table[i][j]) / n * pow(columns[i] + rows[j], 2) }
            }
            let variance = (a + pow(1 - kappa, 2) * b - pow(kappa - expected * (1 - kappa), 2)) / (n * pow(1 - expected, 2))
            if variance.isFinite, variance >= 0 {
                standardError = variance.squareRoot()
                ci95 = [max(-1, kappa - 1.959963984540054 * variance.squareRoot()), min(1, kappa + 1.959963984540054 * variance.squareRoot())]
            }
        }
    }
}

/// Krippendorff's α for nominal data (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability"):
/// α = 1 − (n − 1) Σ_{c≠k} o_ck / Σ_{c≠k} n_c n_k, from the coincidence matrix of pairable values.
/// Any number of coders; missing values allowed.
public struct KrippendorffAlpha: Sendable, Equatable, Codable {
    public var alpha: Double?
    /// Units with at least two values (the pairable ones).
    public var units: Int
    /// Pairable values.
    public var values: Int

    /// - Parameter units: one array per unit, one entry per coder (`nil` when that coder gave no value).
    public init(units: [[String?]]) {
        var coincidences: [String: [String: Double]] = [:]
        var pairable = 0
        for unit in units {
            let values = unit.compactMap { $0 }
            guard values.count >= 2 else { continue }
            pairable += 1
            let weight = 1 / Double(values.count - 1)
            for i in values.indices {
                for j in values.indices where i != j {
                    coincidences[values[i], default: [:]][values[j], default: 0] += weight
                }
            }
        }
        let totals = coincidences.mapValues { $0.values.reduce(0, +) }
        let n = totals.values.reduce(0, +)
        self.units = pairable
        self.values = Int(n.rounded())
        var disagreement = 0.0
        var expected = 0.0
        for (c, row) in coincidences {
            for (k, count) in row where c != k { disagreement += count }
        }
        for (c, nc) in totals {
            for (k, nk) in totals where c != k { expected += nc * nk }
        }
        alpha = n > 1 && expected > 0 ? 1 - (n - 1) * disagreement / expected : nil
    }
}

/// The share of units on which every coder who gave a value gave the same one (units with two values or more).
public enum PercentAgreement {
    public static func of(units: [[String?]]) -> Double? {
        let pairable = units.filter { $0.compactMap { $0 }.count >= 2 }
        guard !pairable.isEmpty else { return nil }
        let agreeing = pairable.filter { Set($0.compactMap { $0 }).count == 1 }.count
        return Double(agreeing) / Double(pairable.count)
    }
}

/// Chance-corrected agreement that holds up where one value dominates (the "kappa paradox": κ falls near 0 although
/// coders agree on nearly every unit; Feinstein & Cicchetti 1990): Gwet's AC1 and Brennan & Prediger's coefficient,
/// for any number of coders and nominal values, as Gwet (2014, *Handbook of Inter-Rater Reliability*, 4th ed., ch. 2
/// and 4) defines them. Observed agreement is the share of agreeing pairs of ratings within each unit rated by two
/// coders or more; AC1's chance agreement is 1/(q − 1) Σₖ πₖ(1 − πₖ), πₖ the mean share of ratings in value k per
/// unit, and Brennan–Prediger's is 1/q, q the number of values. q is what the coding scheme offers (every category of
/// the codebook, used or not, as Gwet defines it), where irrCAC, which sees only the ratings, counts the values
/// present: on UITracking's overall line (9 categories, 8 used) AC1 is 0.835 here and 0.832 in irrCAC 0.4.4, BP
/// 0.833 and 0.831; with every category used, or on a category's presence (q = 2), they agree.
public enum ChanceCorrectedAgreement {
    /// Gwet's AC1 (Gwet 2008, *British Journal of Mathematical and Statistical Psychology* 61), or nil when no unit
    /// has two ratings or fewer than two values are possible.
    public static func gwetAC1(units: [[String?]], values: [String]) -> Double? {
        guard let (observed, shares) = observedAndShares(units, values), values.count >= 2 else { return nil }
        let expected = shares.reduce(0) { $0 + $1 * (1 - $1) } / Double(values.count - 1)
        return expected == 1 ? nil : (observed - expected) / (1 - expected)
    }

    /// Brennan & Prediger (1981, *Educational and Psychological Measurement* 41): chance agreement 1/q.
    public static func brennanPrediger(units: [[String?]], values: [String]) -> Double? {
        guard let (observed, _) = observedAndShares(units, values), values.count >= 2 else { return nil }
        let expected = 1 / Double(values.count)
        return (observed - expected) / (1 - expected)
    }

    /// Observed agreement over the units with two ratings or more, and each value's mean share of the ratings.
    static func observedAndShares(_ units: [[String?]], _ values: [String]) -> (Double, [Double])? {
        var agreement = 0.0
        var shares = Array(repeating: 0.0, count: values.count)
        var rated = 0
        for unit in units {
            let ratings = unit.compactMap { $0 }
            guard ratings.count >= 2 else { continue }
            rated += 1
            let r = Double(ratings.count)
            for (k, value) in values.enumerated() {
                let count = Double(ratings.filter { $0 == value }.count)
                agreement += count * (count - 1) / (r * (r - 1))
                shares[k] += count / r
            }
        }
        guard rated > 0 else { return nil }
        return (agreement / Double(rated), shares.map { $0 / Double(rated) })
    }
}

extension KrippendorffAlpha {
    /// A bootstrapped 95 % interval of nominal α and the chance of falling short of Krippendorff's minimums.
    public struct Interval: Sendable, Equatable, Codable {
        public struct Shortfall: Sendable, Equatable, Codable {
            /// The smallest acceptable α (Krippendorff 2004: 0.800 to rely on the data, 0.667 for tentative conclusions).
            public var minimum: Double
            /// The share of resampled α below it: q, the probability of failing to reach it.
            public var probability: Double
        }
        public var low: Double
        public var high: Double
        public var resamples: Int
        public var seed: UInt64
        /// Pairs of values drawn per resample (M).
        public var pairs: Int
        public var shortfalls: [Shortfall]
    }

    /// The minimums whose shortfall probability is reported, as Hayes's KALPHA macro lists them.
    public static let minimums = [0.9, 0.8, 0.7, 0.667, 0.6, 0.5]

    /// Krippendorff's bootstrap of α (Hayes, A. F. & Krippendorff, K. (2007). Answering the call for a standard
    /// reliability measure for coding data. Communication Methods and Measures 1(1), 77–89; Krippendorff (2006),
    /// "Bootstrapping distributions for Krippendorff's α"): the coincidence matrix is kept and pairs of values are
    /// drawn from it — each cell c–k with probability o_cc/n on the diagonal and 2·o_ck/n off it — M at a time,
    /// M = min(25 × the non-empty cells, (coders − 1) n / 2); each resample's α = 1 − Σδ / (M · D_e), floored at −1
    /// (and 0 where α = 1 is only one value throughout). As the macro does, as many resamples of α = 1 as chance
    /// alone would give (B Σ_c (o_cc/n)^pairs) are set to 0 when more than one value occurs. The interval's ends are
    /// the sorted resamples at ⌊0.025 B⌋ and ⌊0.975 B⌋ + 1. Nominal δ: 0 for a matching pair, 1 otherwise.
    /// Seeded (SplitMix64): the same seed gives the same interval everywhere. `nil` when α is undefined.
    ///
    /// - Parameters:
    ///   - units: one array per unit, one entry per coder (`nil` when that coder gave no value).
    public static func bootstrap(units: [[String?]], resamples: Int = 10_000, seed: UInt64 = 1) -> Interval? {
        guard resamples >= 100 else { return nil }
        let coders = units.map(\.count).max() ?? 0
        var index: [String: Int] = [:]
        for value in units.flatMap({ $0.compactMap { $0 } }) where index[value] == nil { index[value] = index.count }
        let k = index.count
        guard k >= 2, coders >= 2 else { return nil }
        var o = Array(repeating: Array(repeating: 0.0, count: k), count: k)
        var pairCount = 0
        for unit in units {
            let values = unit.compactMap { $0 }.compactMap { index[$0] }  // `index` numbers every value of every unit (above)
            let m = values.count
            guard m >= 2 else { continue }
            pairCount += m * (m - 1) / 2
            for i in 0..<m { for j in 0..<m where i != j { o[values[i]][values[j]] += 1 / Double(m - 1) } }
        }
        let totals = o.map { $0.reduce(0, +) }
        let n = totals.reduce(0, +).rounded()
        guard n > 1 else { return nil }
        var diagonal = 0.0
        for c in 0..<k { diagonal += o[c][c] }
        let observed = (n - diagonal) / n
        let expected = (n * n - totals.reduce(0) { $0 + $1 * $1 }) / (n * (n - 1))
        guard expected > 0 else { return nil }
        let cells = o.flatMap { $0 }.filter { $0 > 1e-9 }.count
        let m = min(25 * cells, Int((Double(coders - 1) * n / 2).rounded(.down)))
        guard m >= 1 else { return nil }
        let agreeingValues = (0..<k).filter { o[$0][$0] > 1e-9 }.count
        var generator = Bootstrap.Generator(seed: seed)
        var alphas = [Double](repeating: 0, count: resamples)
        var perfect = 0
        for b in 0..<resamples {
            var disagreements = 0
            for _ in 0..<m where generator.unit() < observed { disagreements += 1 }
            var alpha = 1 - Double(disagreements) / (Double(m) * expected)
            if alpha < -1 { alpha = -1 }
            if alpha == 1 {
                if agreeingValues == 1 { alpha = 0 } else { perfect += 1 }
            }
            alphas[b] = alpha
        }
        // As many perfect resamples as chance alone explains become 0 (the macro's correction).
        if agreeingValues > 1, perfect > 0 {
            let byChance = (0..<k).reduce(0.0) { $0 + pow(o[$1][$1] / n, Double(pairCount)) }
            var replace = min(perfect, Int((Double(resamples) * byChance).rounded()))
            for b in alphas.indices where replace > 0 && alphas[b] == 1 {
                alphas[b] = 0
                replace -= 1
            }
        }
        alphas.sort()
        let low = alphas[max(0, Int(0.025 * Double(resamples)) - 1)]
        let high = alphas[min(resamples - 1, Int(0.975 * Double(resamples)))]
        let shortfalls = minimums.map { minimum in
            Interval.Shortfall(minimum: minimum, probability: Double(alphas.filter { $0 < minimum }.count) / Double(resamples))
        }
        return Interval(low: low, high: high, resamples: resamples, seed: seed, pairs: m, shortfalls: shortfalls)
    }
}
