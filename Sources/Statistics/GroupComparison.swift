import Foundation
import Wording

/// A comparison of one score between groups of participants (between subjects), with the parametric test and its
/// rank-based counterpart side by side, as a thesis reports them:
/// - two groups: Welch's t-test (Welch 1947) with Hedges' g (Hedges 1981), and the Mann–Whitney U test
///   (Mann & Whitney 1947) with the rank-biserial correlation r (Kerby 2014);
/// - three or more: Welch's ANOVA (Welch 1951) and the Kruskal–Wallis H test (Kruskal & Wallis 1952) with
///   ε² = H / ((n² − 1)/(n + 1)) (Tomczak & Tomczak 2014).
/// Values agree with scipy.stats (ttest_ind(equal_var=False), mannwhitneyu, kruskal) and pingouin (welch_anova,
/// compute_effsize 'hedges'); see SurveysTests/GroupComparisonTests.
public struct GroupComparison: Sendable, Equatable {
    public struct Group: Sendable, Equatable, Codable {
        public var name: String
        public var n: Int
        public var mean: Double
        public var sd: Double?
        public var median: Double
    }

    public struct Test: Sendable, Equatable, Codable {
        /// "welch-t", "mann-whitney-u", "welch-anova", "kruskal-wallis".
        public var name: String
        public var statistic: Double
        public var df: [Double]
        public var p: Double
        /// "hedges-g", "rank-biserial-r", "omega-squared" is not used; "epsilon-squared" for Kruskal–Wallis.
        public var effectName: String?
        public var effect: Double?
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case name = "test", statistic, df, p, effectName, effect }
    }

    public var groups: [Group]

    /// The same comparison with its groups named for people (`name` maps a stored group value to its label),
    /// its post-hoc pairs too.
    public func renamed(_ name: (String) -> String) -> GroupComparison {
        var copy = self
        for index in copy.groups.indices { copy.groups[index].name = name(copy.groups[index].name) }
        return copy
    }
    /// The tests run; empty when none can be (see `undefinedReason`).
    public var tests: [Test]
    public var undefinedReason: String?
    /// With three groups or more: Games–Howell after Welch's ANOVA and Dunn's test with Holm's adjustment after
    /// Kruskal–Wallis (`PostHoc`), each when it can be computed.
    public var postHoc: [PostHoc] = []

    /// A group's values as runs: a value and how many times it comes (a score's histogram, or each value once).
    public typealias Runs = [(value: Double, count: Int)]

    /// `samples` in group order; groups with no value are left out.
    public init(_ samples: [(name: String, values: [Double])]) {
        self.init(runs: samples.map { (name: $0.name, runs: $0.values.map { (value: $0, count: 1) }) })
    }

    /// As `init(_:)`, from each group's runs of values (a study's score histograms): the same figures, to the last
    /// bit — ranks are half-integers, so rank sums are exact in any order — without holding every respondent's
    /// score.
    public init(runs samples: [(name: String, runs: Runs)]) {
        let present = samples.filter { $0.runs.contains { $0.count > 0 } }
        groups = present.compactMap { sample in
            Descriptive(runs: sample.runs).map { Group(name: sample.name, n: $0.n, mean: $0.mean, sd: $0.sd, median: $0.median) }
        }
        tests = []
        undefinedReason = nil
        let values = present.map(\.runs)
        if present.count < 2 {
            undefinedReason = "fewer than two groups with scores: no comparison"
            return
        }
        if values.allSatisfy({ Self.isConstant($0) }) && Self.isConstant(values.flatMap { $0 }) {
            undefinedReason = "no variation: every score is the same, test undefined"
            return
        }
        if present.count == 2 {
            if let welch = Self.welch(values[0], values[1]) { tests.append(welch) }
            if let u = Self.mannWhitney(values[0], values[1]) { tests.append(u) }
        } else {
            if let anova = Self.welchANOVA(values) { tests.append(anova) }
            if let h = Self.kruskalWallis(values) { tests.append(h) }
            let named = present.map { (name: $0.name, runs: $0.runs) }
            if tests.contains(where: { $0.name == "welch-anova" }), let gamesHowell = PostHoc.gamesHowell(runs: named) { postHoc.append(gamesHowell) }
            if tests.contains(where: { $0.name == "kruskal-wallis" }), let dunn = PostHoc.dunnHolm(runs: named) { postHoc.append(dunn) }
        }
        if tests.isEmpty { undefinedReason = "too few scores per group (or no variation within groups): test undefined" }
    }

    static func isConstant(_ runs: Runs) -> Bool {
        let present = runs.filter { $0.count > 0 }.map(\.value)
        guard let low = present.min(), let high = present.max() else { return true }
        return Spread.isConstant(low: low, high: high)
    }

    static func count(_ runs: Runs) -> Int { runs.reduce(0) { $0 + $1.count } }

    // MARK: - Two groups

    /// Welch's t of a − b; Hedges' g = J·d with d on the pooled SD and J = 1 − 3/(4(n₁+n₂) − 9).
    static func welch(_ a: Runs, _ b: Runs) -> Test? {
        guard count(a) >= 2, count(b) >= 2, let sa = Descriptive(runs: a), let sb = Descriptive(runs: b), let sdA = sa.sd, let sdB = sb.sd else { return nil }
        let va = sdA * sdA / Double(sa.n)
        let vb = sdB * sdB / Double(sb.n)
        guard va + vb > 0, !(isConstant(a) && isConstant(b)) else { return nil }
        let t = (sa.mean - sb.mean) / (va + vb).squareRoot()
        let df = (va + vb) * (va + vb) / (va * va / Double(sa.n - 1) + vb * vb / Double(sb.n - 1))
        let n1 = Double(sa.n), n2 = Double(sb.n)
        let pooled = (((n1 - 1) * sdA * sdA + (n2 - 1) * sdB * sdB) / (n1 + n2 - 2)).squareRoot()
        let d = (sa.mean - sb.mean) / pooled
        let g = d * (1 - 3 / (4 * (n1 + n2) - 9))
        return Test(name: "welch-t", statistic: t, df: [df], p: StudentT.twoSidedP(t, df: df), effectName: "hedges-g", effect: g)
    }

    /// Mann–Whitney U of a against b (U₁ = R₁ − n₁(n₁+1)/2, the count of pairs where a wins, ties ½). The p-value is
    /// exact (the permutation distribution of U) when a group has at most 8 values and there are no ties, as
    /// scipy.stats.mannwhitneyu's 'auto' does (and n₁n₂ ≤ 20,000, to bound the work); otherwise the normal approximation with tie correction and
    /// continuity correction. Rank-biserial r = 2U₁/(n₁n₂) − 1: positive when a tends to be higher.
    static func mannWhitney(_ a: Runs, _ b: Runs) -> Test? {
        let countA = count(a), countB = count(b)
        guard countA > 0, countB > 0 else { return nil }
        let (rankSums, tieSum) = Ranking.rankSums([a, b])
        let n1 = Double(countA), n2 = Double(countB)
        let r1 = rankSums[0]
        let u1 = r1 - n1 * (n1 + 1) / 2
        let u2 = n1 * n2 - u1
        let n = n1 + n2
        let p: Double
        if countA <= 8 || countB <= 8, tieSum == 0, countA * countB <= 20_000 {
            p = exactMannWhitneyP(u: max(u1, u2), n1: countA, n2: countB)
        } else {
            let mu = n1 * n2 / 2
            let variance = n1 * n2 / 12 * ((n + 1) - tieSum / (n * (n - 1)))
            guard variance > 0 else { return nil }
            let z = (max(u1, u2) - mu - 0.5) / variance.squareRoot()
            // erfc keeps the size of tiny tails (2·(1 − Φ(z)) cancels to a few digits below 1e-10).
            p = min(1, erfc(z / 2.squareRoot()))
        }
        return Test(name: "mann-whitney-u", statistic: u1, df: [], p: p, effectName: "rank-biserial-r", effect: 2 * u1 / (n1 * n2) - 1)
    }

    /// P(U ≥ u) × 2 under H₀ from the exact distribution of U (the number of ways to reach each U).
    static func exactMannWhitneyP(u: Double, n1: Int, n2: Int) -> Double {
        // counts[i][j][k]: arrangements of i a-values and j b-values with U = k; built by the usual recurrence.
        let maxU = n1 * n2
        // Rows of the recurrence, two at a time: previous[j] holds the counts for i − 1 a-values and j b-values.
        var previous: [[Double]] = []
        for i in 0...n1 {
            var row: [[Double]] = []
            for j in 0...n2 {
                var counts = Array(repeating: 0.0, count: i * j + 1)
                if i == 0 || j == 0 {
                    counts[0] = 1
                } else {
                    // The largest value is an a (adds j to U) or a b (adds 0).
                    for (k, c) in previous[j].enumerated() { counts[k + j] += c }
                    for (k, c) in row[j - 1].enumerated() { counts[k] += c }
                }
                row.append(counts)
            }
            previous = row
        }
        let counts = previous[n2]
        let total = counts.reduce(0, +)
        let threshold = Int(u.rounded())
        let upper = counts[min(threshold, maxU)...].reduce(0, +)
        return min(1, 2 * upper / total)
    }

    // MARK: - Three or more groups

    /// Welch's ANOVA: F = [Σwᵢ(x̄ᵢ − x̄′)²/(k − 1)] / [1 + 2(k − 2)Λ/(k² − 1)], wᵢ = nᵢ/sᵢ²,
    /// Λ = Σ(1 − wᵢ/W)²/(nᵢ − 1), df = (k − 1, (k² − 1)/(3Λ)).
    static func welchANOVA(_ samples: [Runs]) -> Test? {
        let summaries = samples.compactMap { Descriptive(runs: $0) }
        guard summaries.count == samples.count, summaries.allSatisfy({ $0.n >= 2 && ($0.sd ?? 0) > 0 }) else { return nil }
        let k = Double(samples.count)
        let weights = summaries.compactMap { summary in summary.sd.map { Double(summary.n) / ($0 * $0) } }  // the guard above: every sd exists and is > 0
        let w = weights.reduce(0, +)
        let grand = zip(weights, summaries).reduce(0) { $0 + $1.0 * $1.1.mean } / w
        let between = zip(weights, summaries).reduce(0) { $0 + $1.0 * pow($1.1.mean - grand, 2) } / (k - 1)
        let lambda = zip(weights, summaries).reduce(0) { $0 + pow(1 - $1.0 / w, 2) / Double($1.1.n - 1) }
        let f = between / (1 + 2 * (k - 2) * lambda / (k * k - 1))
        let df2 = (k * k - 1) / (3 * lambda)
        return Test(name: "welch-anova", statistic: f, df: [k - 1, df2], p: FisherF.upperTail(f, df1: k - 1, df2: df2),
                    effectName: nil, effect: nil)
    }

    /// Kruskal–Wallis H with the tie correction H / (1 − Σ(t³ − t)/(n³ − n)); p from χ² with k − 1 df.
    static func kruskalWallis(_ samples: [Runs]) -> Test? {
        let n = Double(samples.reduce(0) { $0 + count($1) })
        guard n > 1 else { return nil }
        let (rankSums, tieSum) = Ranking.rankSums(samples)
        var h = 0.0
        for (sample, sum) in zip(samples, rankSums) {
            h += sum * sum / Double(count(sample))
        }
        h = 12 / (n * (n + 1)) * h - 3 * (n + 1)
        let correction = 1 - tieSum / (n * n * n - n)
        guard correction > 0 else { return nil }
        h /= correction
        let df = Double(samples.count - 1)
        return Test(name: "kruskal-wallis", statistic: h, df: [df], p: ChiSquared.upperTail(h, df: df),
                    effectName: "epsilon-squared", effect: h / ((n * n - 1) / (n + 1)))
    }
}

/// Mid-ranks (ties share the mean of their ranks) and Σ(t³ − t) over tie groups.
enum Ranking {
    /// Each sample's sum of mid-ranks over all samples pooled, and Σ(t³ − t) over the tie groups in increasing
    /// order of value. Mid-ranks are half-integers, so the sums are exact whatever order they are added in.
    static func rankSums(_ samples: [GroupComparison.Runs]) -> (sums: [Double], tieSum: Double) {
        var counts: [Double: [Int]] = [:]
        for (index, sample) in samples.enumerated() {
            for (value, count) in sample where count > 0 {
                counts[value, default: Array(repeating: 0, count: samples.count)][index] += count
            }
        }
        var sums = Array(repeating: 0.0, count: samples.count)
        var tieSum = 0.0
        var start = 0
        for (_, perSample) in counts.sorted(by: { $0.key < $1.key }) {
            let size = perSample.reduce(0, +)
            let end = start + size - 1
            let rank = Double(start + end) / 2 + 1
            for (index, count) in perSample.enumerated() where count > 0 { sums[index] += Double(count) * rank }
            let t = Double(size)
            tieSum += t * t * t - t
            start = end + 1
        }
        return (sums, tieSum)
    }
}

extension GroupComparison {
    /// A sentence for the report, APA style: the groups with n, M and SD, then each test with its p and effect size.
    /// Significance is judged on the parametric test at α = .05; both tests are reported. The words are the
    /// catalog's (`Sentence`); the numbers are written for `language` (decimal comma and "p < 0,001" in pt-BR).
    public func wording(score: String, language: StudyLanguage) -> Sentence {
        let record = language.record
        func number(_ value: Double, _ decimals: Int = 2) -> String {
            record.decimal(String(format: "%.\(decimals)f", value).replacingOccurrences(of: "-", with: "−"))
        }
        // APA 7 (6.36) drops a p-value's leading zero; ABNT keeps it.
        func p(_ value: Double) -> Sentence {
            if value < 0.001 { return Sentence(verbatim: "p < " + (record.pValueLeadingZero ? "0" : "") + record.decimal(".001")) }
            let text = String(format: "%.3f", value)
            return Sentence(verbatim: "p = " + record.decimal(!record.pValueLeadingZero && text.hasPrefix("0.") ? String(text.dropFirst()) : text))
        }
        let described: [Sentence] = groups.map { group in
            group.sd.map { "\(group.name) (n = \(group.n), M = \(number(group.mean)), SD = \(number($0)))" }
                ?? "\(group.name) (n = \(group.n), M = \(number(group.mean)))"
        }
        let list: Sentence
        switch described.count {
        case 0: list = "no group with scores"
        case 1: list = described[0]
        case 2: list = Sentence.joined(described, separator: " and ")
        default: list = Sentence.joined(Array(described.dropLast()), separator: ", ") + ", and " + described[described.count - 1]
        }
        guard let first = tests.first else {
            let reason = Sentence(stringLiteral: undefinedReason ?? "test undefined")
            if described.isEmpty { return "\(score): \(reason)." }
            return "\(score): \(list); no test (\(reason))."
        }
        let significant = first.p < 0.05
        let parts = tests.map { test -> Sentence in
            let df = test.df.map { number($0, $0 == $0.rounded() ? 0 : 1) }.joined(separator: ", ")
            let statistic: Sentence
            switch test.name {
            case "welch-t": statistic = "Welch's t(\(df)) = \(number(test.statistic))"
            case "mann-whitney-u": statistic = "Mann–Whitney U = \(number(test.statistic, 1))"
            case "welch-anova": statistic = "Welch's F(\(df)) = \(number(test.statistic))"
            default: statistic = "H(\(df)) = \(number(test.statistic))"
            }
            let effect: Sentence? = test.effect.flatMap { effect in
                switch test.effectName {
                case "hedges-g" where groups.count == 2 && groups[0].mean != groups[1].mean:
                    // g is A − B: its sign says which group scored higher, named so a reader need not know the order.
                    return groups[0].mean > groups[1].mean ? "Hedges' g = \(number(effect)) (\(groups[0].name) higher than \(groups[1].name))"
                        : "Hedges' g = \(number(effect)) (\(groups[0].name) lower than \(groups[1].name))"
                case "hedges-g": return "Hedges' g = \(number(effect))"
                case "rank-biserial-r": return "r = \(number(effect))"
                case "epsilon-squared": return "ε² = \(number(effect))"
                default: return nil
                }
            }
            return effect.map { "\(statistic), \(p(test.p)), \($0)" } ?? "\(statistic), \(p(test.p))"
        }
        let all = Sentence.joined(parts, separator: "; ")
        if groups.count == 2 {
            return significant ? "\(score) differed significantly between \(list): \(all)."
                : "\(score) did not differ significantly between \(list): \(all)."
        }
        return significant ? "\(score) differed significantly among the groups \(list) (\(all))."
            : "\(score) did not differ significantly among the groups \(list) (\(all))."
    }
}
