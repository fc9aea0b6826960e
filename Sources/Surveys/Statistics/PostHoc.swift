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
/// The algorithm is Copenhaver & Holland (1988), "Computation of the distribution of the maximum studentized range
/// statistic with application to multiple significance testing of simple effects", J. Statist. Comput. Simul. 30,
/// 1–15: Gauss–Legendre quadrature of Hartley's form for the range of normals (`rangeCDF`), integrated over the
/// chi distribution of the standard deviation (the algorithm of R's `ptukey`). Against scipy's `studentized_range`:
/// within 2e-5 relative at 2–3 degrees of freedom, 1e-6 from 5 on (PostHocTests).
public enum StudentizedRange {
    /// P(Q > q) for `groups` means and `df` degrees of freedom.
    public static func upperTail(_ q: Double, groups: Double, df: Double) -> Double {
        max(0, min(1, 1 - cdf(q, groups: groups, df: df)))
    }

    static let outerNodes = [0.989400934991649932596154173450, 0.944575023073232576077988415535, 0.865631202387831743880467897712,
                             0.755404408355003033895101194847, 0.617876244402643748446671764049, 0.458016777657227386342419442984,
                             0.281603550779258913230460501460, 0.950125098376374401853193354250e-1]
    static let outerWeights = [0.271524594117540948517805724560e-1, 0.622535239386478928628438369944e-1, 0.951585116824927848099251076022e-1,
                               0.124628971255533872052476282192, 0.149595988816576732081501730547, 0.169156519395002538189312079030,
                               0.182603415044923588866763667969, 0.189450610455068496285396723208]
    static let innerNodes = [0.981560634246719250690549090149, 0.904117256370474856678465866119, 0.769902674194304687036893833213,
                             0.587317954286617447296702418941, 0.367831498998180193752691536644, 0.125233408511468915472441369464]
    static let innerWeights = [0.047175336386511827194615961485, 0.106939325995318430960254718194, 0.160078328543346226334652529543,
                               0.203167426723065921749064455810, 0.233492536538354808760849898925, 0.249147045813402785000562436043]

    /// P(Q ≤ q).
    public static func cdf(_ q: Double, groups cc: Double, df: Double) -> Double {
        guard q > 0 else { return 0 }
        guard q.isFinite else { return 1 }
        if df > 25_000 { return rangeCDF(q, cc) }
        let f2 = df * 0.5
        var f2lf = f2 * log(df) - df * M_LN2 - lgamma(f2)
        let f21 = f2 - 1
        let ff4 = df * 0.25
        let ulen = df <= 100 ? 1.0 : df <= 800 ? 0.5 : df <= 5000 ? 0.25 : 0.125
        f2lf += log(ulen)
        var answer = 0.0
        for i in 1...50 {
            var sum = 0.0
            let twa1 = Double(2 * i - 1) * ulen
            for jj in 1...16 {
                let j: Int
                let t1: Double
                let u: Double
                if jj > 8 {
                    j = jj - 8 - 1
                    u = twa1 + outerNodes[j] * ulen
                    t1 = f2lf + f21 * log(u) - u * ff4
                } else {
                    j = jj - 1
                    u = twa1 - outerNodes[j] * ulen
                    t1 = f2lf + f21 * log(u) - u * ff4
                }
                if t1 >= -30 {
                    let w = q * (u * 0.5).squareRoot()
                    sum += rangeCDF(w, cc) * outerWeights[j] * exp(t1)
                }
            }
            if Double(i) * ulen >= 1, sum <= 1e-14 { break }
            answer += sum
        }
        return min(answer, 1)
    }

    /// P(range of `cc` standard normals ≤ w), by Hartley's form.
    static func rangeCDF(_ w: Double, _ cc: Double) -> Double {
        let half = w * 0.5
        if half >= 8 { return 1 }
        var pr = 2 * StandardNormal.cdf(half) - 1
        pr = pr >= exp(-50 / cc) ? pow(pr, cc) : 0
        let intervals = w > 3 ? 2.0 : 3.0
        var lower = half
        let step = (8 - half) / intervals
        var upper = lower + step
        var integral = 0.0
        let cc1 = cc - 1
        for _ in 0..<Int(intervals) {
            var sum = 0.0
            let a = 0.5 * (upper + lower)
            let b = 0.5 * (upper - lower)
            for jj in 1...12 {
                let j: Int
                let x: Double
                if jj > 6 { j = 12 - jj + 1; x = innerNodes[j - 1] } else { j = jj; x = -innerNodes[j - 1] }
                let ac = a + b * x
                let exponent = ac * ac
                if exponent > 60 { break }
                let inner = StandardNormal.cdf(ac) - StandardNormal.cdf(ac - w)
                if inner >= exp(-30 / cc1) {
                    sum += innerWeights[j - 1] * exp(-0.5 * exponent) * pow(inner, cc1)
                }
            }
            integral += sum * (2 * b * cc / (2 * Double.pi).squareRoot())
            lower = upper
            upper += step
        }
        pr += integral
        if pr <= exp(-30) { return 0 }
        return min(pr, 1)
    }
}
