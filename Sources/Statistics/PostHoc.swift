import Foundation

/// Pairwise tests after a comparison of three or more groups, as a thesis reports them beside the omnibus test:
/// - after Welch's ANOVA, the Games–Howell test (Games & Howell 1976): for groups i and j, t = (x̄ᵢ − x̄ⱼ)/SE with
///   SE = √(sᵢ²/nᵢ + sⱼ²/nⱼ), Welch–Satterthwaite df, and p from the studentized range distribution with k groups,
///   q = |t|·√2 (as pingouin's `pairwise_gameshowell`);
/// - after Kruskal–Wallis, Dunn's test (Dunn 1964): z = (R̄ᵢ − R̄ⱼ)/√((N(N+1)/12 − Σ(t³ − t)/(12(N − 1)))(1/nᵢ + 1/nⱼ))
///   on mid-ranks with the tie correction, two-sided normal p, adjusted by Holm's step-down method (Holm 1979) over
///   the k(k − 1)/2 pairs (as scikit-posthocs' `posthoc_dunn(p_adjust="holm")`).
public struct PostHoc: Sendable, Equatable, Codable {
    public struct Pair: Sendable, Equatable, Codable {
        public var a: String
        public var b: String
        /// Games–Howell: the mean difference x̄ₐ − x̄ᵦ; Dunn: the difference of mean ranks.
        public var difference: Double
        /// Games–Howell: t; Dunn: z.
        public var statistic: Double
        /// Games–Howell only.
        public var df: Double?
        public var p: Double
        /// Dunn: Holm-adjusted p; Games–Howell: the studentized range already accounts for the k groups.
        public var pAdjusted: Double?
    }

    /// "games-howell" or "dunn-holm".
    public var name: String
    public var pairs: [Pair]
    /// The JSON keys (docs/json.md): the test by machine name under `test`, as every comparison names it.
    enum CodingKeys: String, CodingKey { case name = "test", pairs }

    /// Games–Howell over `samples` (each group's values); nil when a group has fewer than two values or no variance.
    public static func gamesHowell(_ samples: [(name: String, values: [Double])]) -> PostHoc? {
        gamesHowell(runs: samples.map { (name: $0.name, runs: $0.values.map { (value: $0, count: 1) }) })
    }

    /// As `gamesHowell(_:)`, from each group's runs of values.
    public static func gamesHowell(runs samples: [(name: String, runs: GroupComparison.Runs)]) -> PostHoc? {
        let k = samples.count
        guard k >= 2 else { return nil }
        var summaries: [(name: String, n: Double, mean: Double, variance: Double)] = []
        for sample in samples {
            guard let d = Descriptive(runs: sample.runs), d.n >= 2, let sd = d.sd, sd > 0 else { return nil }
            summaries.append((sample.name, Double(d.n), d.mean, sd * sd))
        }
        var pairs: [Pair] = []
        for i in 0..<k {
            for j in (i + 1)..<k {
                let a = summaries[i]
                let b = summaries[j]
                let va = a.variance / a.n
                let vb = b.variance / b.n
                let se = (va + vb).squareRoot()
                let t = (a.mean - b.mean) / se
                let df = (va + vb) * (va + vb) / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
                let p = StudentizedRange.upperTail(abs(t) * 2.squareRoot(), groups: Double(k), df: df)
                pairs.append(Pair(a: a.name, b: b.name, difference: a.mean - b.mean, statistic: t, df: df, p: p, pAdjusted: nil))
            }
        }
        return PostHoc(name: "games-howell", pairs: pairs)
    }

    /// Dunn's test with Holm's adjustment over `samples`; nil with fewer than two values in all or every value tied.
    public static func dunnHolm(_ samples: [(name: String, values: [Double])]) -> PostHoc? {
        dunnHolm(runs: samples.map { (name: $0.name, runs: $0.values.map { (value: $0, count: 1) }) })
    }

    /// As `dunnHolm(_:)`, from each group's runs of values.
    public static func dunnHolm(runs samples: [(name: String, runs: GroupComparison.Runs)]) -> PostHoc? {
        let runs = samples.map(\.runs)
        let counts = runs.map { $0.reduce(0) { $0 + $1.count } }
        let n = Double(counts.reduce(0, +))
        guard n > 1, counts.allSatisfy({ $0 > 0 }) else { return nil }
        let (sums, tieSum) = Ranking.rankSums(runs)
        let variance = n * (n + 1) / 12 - tieSum / (12 * (n - 1))
        guard variance > 0 else { return nil }
        var pairs: [Pair] = []
        for i in 0..<samples.count {
            for j in (i + 1)..<samples.count {
                let ni = Double(counts[i])
                let nj = Double(counts[j])
                let difference = sums[i] / ni - sums[j] / nj
                let z = difference / (variance * (1 / ni + 1 / nj)).squareRoot()
                let p = min(1, 2 * StandardNormal.cdf(-abs(z)))
                pairs.append(Pair(a: samples[i].name, b: samples[j].name, difference: difference, statistic: z, df: nil, p: p, pAdjusted: nil))
            }
        }
        for (index, adjusted) in holm(pairs.map(\.p)).enumerated() { pairs[index].pAdjusted = adjusted }
        return PostHoc(name: "dunn-holm", pairs: pairs)
    }

    /// Holm's step-down adjustment: the i-th smallest of m p-values times (m − i + 1), kept monotone, at most 1.
    public static func holm(_ p: [Double]) -> [Double] {
        let m = p.count
        let order = p.indices.sorted { p[$0] < p[$1] }
        var adjusted = Array(repeating: 0.0, count: m)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(m - rank) * p[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}

/// The studentized range distribution: the range of `groups` standard normal means divided by an independent
/// estimate of their standard deviation on `df` degrees of freedom (Tukey's q).
///
/// P(Q > q) is the double integral of Lund & Lund (1983, "Algorithm AS 190: probabilities and upper quantiles for
/// the studentized range", *Applied Statistics* 32(2), 204–210) and Copenhaver & Holland (1988, *J. Statist.
/// Comput. Simul.* 30, 1–15), the one scipy's `studentized_range` integrates:
///
///     P(Q > q) = ∫₀^∞ f_S(s) · P(R > q·s) ds,   f_S(s) = ν^(ν/2) s^(ν−1) e^(−νs²/2) / (Γ(ν/2) 2^(ν/2−1)),
///     P(R > w) = k ∫ φ(z) [Φc(z)^(k−1) − (Φc(z) − Φc(z + w))^(k−1)] dz,
///
/// S being the estimate's ratio to σ (√(χ²_ν/ν)) and R the range of k standard normals. Both integrals are taken
/// for the upper tail itself, not as 1 − cdf (scipy's `sf` is 1 − cdf, good to about 1e-15 absolute, so its
/// p-values below 1e-8 keep few digits), by composite 16-point Gauss–Legendre quadrature (Abramowitz & Stegun
/// 1964, Table 25.4):
/// - the inner integral over z ∈ −w/2 ± 9 (the integrand sits around −w/2, the two extreme normals at ∓w/2) in
///   6 panels, the bracket taken as −expm1((k − 1)·log1p(−Φc(z + w)/Φc(z))) so that tiny tails keep their digits;
/// - the outer integral in u = log s, over the interval where the integrand can exceed e^−45 of its largest value,
///   located from the bounds 2Φc(w/√2) ≤ P(R > w) ≤ k(k − 1)Φc(w/√2) (a pair's difference; Bonferroni) with
///   the concave log-integrand, in 32 panels; the chi density as exp(−(ν/2)(e^(2u) − 1 − 2u)) times its
///   constant through Stirling's series, so that ν = 10⁵ loses no digits.
///
/// Against scipy's `studentized_range.sf` for k = 2–10 and ν = 2–10⁴ where scipy's own figure is good (p ≥ 1e-6),
/// and against the same integrals taken adaptively by QUADPACK (scripts/studentized_range_tail.py, checked with
/// mpmath at 20 digits and, for k = 2, with 2·P(T > q/√2)) from ν = 1 to 10⁵ and p down to 1e-12: within 2e-11
/// relative (PostHocTests). R's `ptukey` algorithm, used before, was off by up to 1.6 % at small ν.
public enum StudentizedRange {
    /// P(Q > q) for `groups` means and `df` degrees of freedom (`df` may be `.infinity`: the range of normals).
    public static func upperTail(_ q: Double, groups k: Double, df: Double) -> Double {
        guard q > 0 else { return 1 }
        guard q.isFinite else { return 0 }
        if df.isInfinite { return rangeUpperTail(q, groups: k) }
        let nu = df
        // log of the density of u = log S: log C + νu − νe^(2u)/2 with log C = ν/2 + ½ log(ν/2) + log 2 − ½ log 2π
        // − stirlerr(ν/2).
        let constant = 0.5 * log(nu / 2) + log(2.0) - 0.5 * log(2 * Double.pi) - Stirling.error(nu / 2)
        func logChi(_ u: Double) -> Double { -(nu / 2) * (expm1(2 * u) - 2 * u) + constant }
        let logPairs = log(k * (k - 1))
        func upperBound(_ u: Double) -> Double { logChi(u) + min(0, logPairs + logNormalUpper(q * exp(u) / 2.squareRoot())) }
        func lowerBound(_ u: Double) -> Double { logChi(u) + log(2.0) + logNormalUpper(q * exp(u) / 2.squareRoot()) }
        let floor = lowerBound(argmax(lowerBound)) - 45
        let peak = argmax(upperBound)
        /// Where `upperBound` falls below `floor`, between `inside` (above it) and `outside` (below).
        func edge(_ inside: Double, _ outside: Double) -> Double {
            var inside = inside
            var outside = outside
            while abs(outside - inside) > 1e-6 {
                let middle = (inside + outside) / 2
                if upperBound(middle) >= floor { inside = middle } else { outside = middle }
            }
            return outside
        }
        let value = gaussLegendre(from: edge(peak, searchLow), to: edge(peak, searchHigh), panels: 32) { u in
            exp(logChi(u)) * rangeUpperTail(q * exp(u), groups: k)
        }
        return max(0, min(1, value))
    }

    /// P(Q ≤ q), as 1 − `upperTail` (the upper tail is what tests use, and the one kept to full relative precision).
    public static func cdf(_ q: Double, groups: Double, df: Double) -> Double {
        1 - upperTail(q, groups: groups, df: df)
    }

    /// P(range of `k` standard normals > w).
    static func rangeUpperTail(_ w: Double, groups k: Double) -> Double {
        guard w > 0 else { return 1 }
        let m = k - 1
        let centre = -w / 2
        let factor = k / (2 * Double.pi).squareRoot()
        let value = gaussLegendre(from: centre - 9, to: centre + 9, panels: 6) { z in
            let a = normalUpper(z)
            let c = normalUpper(z + w)
            let bracket: Double
            if c < 0.5 * a {
                bracket = -expm1(m * log1p(-c / a))
            } else {
                // Φ(z + w) − Φ(z), from whichever tails hold its digits.
                let inside: Double
                if z >= 0 {
                    inside = a - c
                } else if z + w <= 0 {
                    inside = normalUpper(-(z + w)) - normalUpper(-z)
                } else {
                    inside = 1 - c - normalUpper(-z)
                }
                bracket = 1 - pow(inside / a, m)
            }
            return factor * exp(-0.5 * z * z) * pow(a, m) * bracket
        }
        return min(1, value)
    }

    static let searchLow = -150.0
    static let searchHigh = 10.0

    /// The maximum of a concave function on [searchLow, searchHigh], by golden-section search.
    static func argmax(_ f: (Double) -> Double) -> Double {
        let ratio = (5.squareRoot() - 1) / 2
        var a = searchLow
        var b = searchHigh
        var c = b - ratio * (b - a)
        var d = a + ratio * (b - a)
        var fc = f(c)
        var fd = f(d)
        while b - a > 1e-9 {
            if fc > fd {
                b = d
                d = c
                fd = fc
                c = b - ratio * (b - a)
                fc = f(c)
            } else {
                a = c
                c = d
                fc = fd
                d = a + ratio * (b - a)
                fd = f(d)
            }
        }
        return (a + b) / 2
    }

    /// Φc(x) = P(Z > x).
    static func normalUpper(_ x: Double) -> Double { 0.5 * erfc(x / 2.squareRoot()) }

    /// log Φc(x), by the asymptotic series (Abramowitz & Stegun 26.2.12) past x = 30, where Φc underflows; for the
    /// bounds only.
    static func logNormalUpper(_ x: Double) -> Double {
        if x < 30 { return log(normalUpper(x)) }
        let x2 = x * x
        return -x2 / 2 - log(x * (2 * Double.pi).squareRoot()) + log1p(-1 / x2 + 3 / (x2 * x2))
    }

    /// The 16-point Gauss–Legendre rule's positive nodes and their weights (Abramowitz & Stegun 1964, Table 25.4).
    static let nodes = [0.989400934991649932596154173450, 0.944575023073232576077988415535, 0.865631202387831743880467897712,
                        0.755404408355003033895101194847, 0.617876244402643748446671764049, 0.458016777657227386342419442984,
                        0.281603550779258913230460501460, 0.950125098376374401853193354250e-1]
    static let weights = [0.271524594117540948517805724560e-1, 0.622535239386478928628438369944e-1, 0.951585116824927848099251076022e-1,
                          0.124628971255533872052476282192, 0.149595988816576732081501730547, 0.169156519395002538189312079030,
                          0.182603415044923588866763667969, 0.189450610455068496285396723208]

    /// ∫ f over [a, b] by `panels` equal panels of the 16-point Gauss–Legendre rule.
    static func gaussLegendre(from a: Double, to b: Double, panels: Int, _ f: (Double) -> Double) -> Double {
        let half = (b - a) / Double(2 * panels)
        var total = 0.0
        for panel in 0..<panels {
            let centre = a + Double(2 * panel + 1) * half
            var sum = 0.0
            for i in 0..<nodes.count {
                let offset = half * nodes[i]
                sum += weights[i] * (f(centre - offset) + f(centre + offset))
            }
            total += sum * half
        }
        return total
    }
}
