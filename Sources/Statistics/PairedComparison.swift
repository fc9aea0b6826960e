import Foundation

/// One score compared between the occasions (or conditions) of the same participants: only participants with a
/// value on every level enter (complete blocks), the others are counted in `leftOut`.
///
/// Two levels: the paired t-test with the mean difference, its interval at `confidence` (95 % unless asked) and Cohen's dz (Lakens 2013, eq. 6:
/// dz = mean difference / SD of the differences), and the Wilcoxon signed-rank test with the matched-pairs
/// rank-biserial correlation r = (T⁺ − T⁻) / (T⁺ + T⁻) (Kerby 2014). The Wilcoxon p follows scipy.stats.wilcoxon's
/// defaults (scipy 1.17: zero differences dropped, zero_method "wilcox", no continuity correction, method "auto"):
/// exact null distribution for up to 50 pairs without ties or zeros; with ties or zeros, the exact permutation
/// distribution of T⁺ over every sign pattern for up to 13 pairs; else the normal approximation with the tie
/// correction of the variance. Three levels or more: the repeated-measures ANOVA (one within factor) with Mauchly's
/// test of sphericity and the Greenhouse–Geisser correction (Greenhouse & Geisser 1959; ε and Mauchly's W from the
/// covariance of orthonormal contrasts, as pingouin.rm_anova(correction=True) computes them) and the generalised η²
/// (Olejnik & Algina 2003; pingouin's default "ng2"); Mauchly's χ² p with its second-order term, as R's mauchly.test; Friedman's χ² with the tie correction (Friedman 1937; as
/// scipy.stats.friedmanchisquare) and Kendall's W = χ² / (n (k − 1)); every pair of levels by the paired t-test,
/// its p adjusted by Holm (1979).
///
/// At the edges: a spread that is rounding residue (`Spread.isResidue`: constant differences of values with
/// decimals) is zero, so the t-tests and the ANOVA are not defined there rather than residue over residue; a
/// singular covariance of the contrasts (two levels alike for everyone, or one a linear combination of others) gives
/// Mauchly's W = 0, χ² = ∞, p = 0, sphericity maximally violated (Mauchly 1940: W is the ratio of the determinant to
/// the mean eigenvalue's power, 0 exactly when an eigenvalue is); with n − 1 < k − 1 complete participants the
/// covariance is singular whatever the data, and the test is not defined (`mauchlyUndefined`).
public struct PairedComparison: Sendable, Equatable, Codable {
    public enum WilcoxonMethod: String, Sendable, Codable { case exact, permutation, normal }

    public struct PairedT: Sendable, Equatable, Codable {
        public var n: Int
        public var meanDifference: Double
        public var sdDifference: Double
        /// The mean difference's interval at the comparison's `confidence` (the name kept from when it was 95 % only).
        public var ci95: ClosedRange<Double>?
        public var t: Double
        public var df: Int
        public var p: Double
        public var dz: Double
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case n, meanDifference, sdDifference, ci95 = "ci", t = "statistic", df, p, dz }
    }

    public struct Wilcoxon: Sendable, Equatable, Codable {
        /// min(T⁺, T⁻), as scipy reports for a two-sided test.
        public var statistic: Double
        public var plus: Double
        public var minus: Double
        /// Pairs with a non-zero difference (the ones ranked).
        public var nonZero: Int
        public var zeros: Int
        public var p: Double
        public var method: WilcoxonMethod
        public var rankBiserial: Double
    }

    public struct Friedman: Sendable, Equatable, Codable {
        public var chiSquared: Double
        public var df: Int
        public var p: Double
        public var kendallW: Double
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case chiSquared = "statistic", df, p, kendallW }
    }

    public struct RepeatedMeasuresANOVA: Sendable, Equatable, Codable {
        public var f: Double
        public var df1: Int
        public var df2: Int
        public var p: Double
        /// Greenhouse–Geisser ε and the corrected p (F on ε·df1, ε·df2).
        public var epsilon: Double
        public var pGreenhouseGeisser: Double
        /// Mauchly's W, its χ² approximation, the χ²'s df and p (W = 1, p = 1 with two levels; W = 0, χ² = ∞ — null
        /// in JSON, which has no infinity — and p = 0 on a singular covariance, `mauchlySingular`); nil when the test
        /// is not defined (`mauchlyUndefined` says why).
        public var mauchlyW: Double?
        public var mauchlyChiSquared: Double?
        public var mauchlyDF: Int
        public var mauchlyP: Double?
        /// The contrasts' covariance is singular: sphericity maximally violated.
        public var mauchlySingular: Bool
        /// Why Mauchly's test is not defined: "n − 1 < k − 1" when fewer complete participants than levels.
        public var mauchlyUndefined: String?
        /// Generalised η² (Olejnik & Algina 2003): SS of the factor over it plus the subjects' and the error's SS.
        public var generalisedEtaSquared: Double
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case f = "statistic", df1, df2, p, epsilon, pGreenhouseGeisser, mauchlyW, mauchlyChiSquared, mauchlyDF, mauchlyP, mauchlySingular, mauchlyUndefined, generalisedEtaSquared }
    }

    /// One pair of levels compared by the paired t-test; `pHolm` adjusted over every pair.
    public struct Pair: Sendable, Equatable, Codable {
        public var a: String
        public var b: String
        public var t: PairedT
        public var pHolm: Double
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case a, b, t = "pairedT", pHolm }
    }

    /// The levels compared, in order; the second minus the first for two levels.
    public var levels: [String]
    /// The level of the paired t-tests' intervals (0.95 unless asked, e.g. 0.90).
    public var confidence = 0.95
    /// Participants with a value on every level.
    public var complete: Int
    /// Participants with a value on some levels only (left out).
    public var leftOut: Int
    /// Per level: mean of the complete blocks (empty without one).
    public var means: [Double]
    public var pairedT: PairedT?
    public var wilcoxon: Wilcoxon?
    public var friedman: Friedman?
    public var anova: RepeatedMeasuresANOVA?
    public var pairs: [Pair] = []
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case levels, confidence, complete = "n", leftOut, means, pairedT, wilcoxon, friedman, anova, pairs }

    /// `values`: participant → level → value. Levels in `levels` order; the intervals at `confidence`.
    public init(levels: [String], values: [String: [String: Double]], confidence: Double = 0.95) {
        self.levels = levels
        self.confidence = confidence
        let blocks = values.sorted(by: { $0.key < $1.key }).map(\.value).compactMap { byLevel -> [Double]? in
            let row = levels.compactMap { byLevel[$0] }
            return row.count == levels.count ? row : nil
        }.sorted { $0.lexicographicallyPrecedes($1) }
        complete = blocks.count
        leftOut = values.count - blocks.count
        means = blocks.isEmpty ? [] : levels.indices.map { index in blocks.map { $0[index] }.reduce(0, +) / Double(blocks.count) }
        let scale = Spread.scale(blocks.joined())
        if levels.count == 2 {
            let differences = blocks.map { $0[1] - $0[0] }
            pairedT = Self.pairedT(differences, scale: scale, confidence: confidence)
            wilcoxon = Self.wilcoxon(differences)
        } else if levels.count > 2 {
            friedman = Self.friedman(blocks)
            anova = Self.anova(blocks)
            var found: [(Int, Int, PairedT)] = []
            for first in 0..<levels.count {
                for second in (first + 1)..<levels.count {
                    if let t = Self.pairedT(blocks.map { $0[second] - $0[first] }, scale: scale, confidence: confidence) {
                        found.append((first, second, t))
                    }
                }
            }
            let adjusted = PostHoc.holm(found.map(\.2.p))
            pairs = zip(found, adjusted).map { Pair(a: levels[$0.0], b: levels[$0.1], t: $0.2, pHolm: $1) }
        }
    }

    static func anova(_ blocks: [[Double]]) -> RepeatedMeasuresANOVA? {
        let n = blocks.count
        guard n >= 2, let k = blocks.first?.count, k >= 2 else { return nil }
        let grand = blocks.joined().reduce(0, +) / Double(n * k)
        let levelMeans = (0..<k).map { j in blocks.map { $0[j] }.reduce(0, +) / Double(n) }
        let subjectMeans = blocks.map { $0.reduce(0, +) / Double(k) }
        let scale = Spread.scale(blocks.joined())
        var ssFactor = Double(n) * levelMeans.map { ($0 - grand) * ($0 - grand) }.reduce(0, +)
        if Spread.isResidue(sumOfSquares: ssFactor, count: n * k, scale: scale) { ssFactor = 0 }
        let ssSubjects = Double(k) * subjectMeans.map { ($0 - grand) * ($0 - grand) }.reduce(0, +)
        // The error from its residuals, not as total − factor − subjects: that subtraction leaves ~1e-16 of the
        // total, which no rule could tell from a real spread once the square root magnifies it.
        var ssError = 0.0
        for (i, block) in blocks.enumerated() {
            for j in 0..<k {
                let residual = block[j] - subjectMeans[i] - levelMeans[j] + grand
                ssError += residual * residual
            }
        }
        let df1 = k - 1, df2 = (k - 1) * (n - 1)
        guard !Spread.isResidue(sumOfSquares: ssError, count: n * k, scale: scale) else { return nil }
        let f = (ssFactor / Double(df1)) / (ssError / Double(df2))
        // The covariance of orthonormal (Helmert) contrasts of the levels: d × d with d = k − 1.
        let d = k - 1
        let contrasts = PairedComparison.orthonormalContrasts(k)
        let scores = blocks.map { block in contrasts.map { c in zip(c, block).map { $0 * $1 }.reduce(0, +) } }
        let means = (0..<d).map { j in scores.map { $0[j] }.reduce(0, +) / Double(n) }
        var covariance = [[Double]](repeating: [Double](repeating: 0, count: d), count: d)
        for a in 0..<d {
            for b in 0..<d {
                covariance[a][b] = scores.map { ($0[a] - means[a]) * ($0[b] - means[b]) }.reduce(0, +) / Double(n - 1)
            }
        }
        let trace = (0..<d).map { covariance[$0][$0] }.reduce(0, +)
        let traceOfSquare = covariance.joined().map { $0 * $0 }.reduce(0, +)
        let epsilon = min(1, trace * trace / (Double(d) * traceOfSquare))
        var w: Double? = 1, chi: Double? = 0, mauchlyP: Double? = 1
        var singular = false, undefined: String?
        if d > 1 && n - 1 < d {
            // The covariance has rank n − 1 at most: singular whatever the data, so W says nothing.
            (w, chi, mauchlyP, undefined) = (nil, nil, nil, "n − 1 < k − 1")
        } else if d > 1, let determinant = positiveDefiniteDeterminant(covariance, scale: scale) {
            let ratio = determinant / pow(trace / Double(d), Double(d))
            // χ² with Anderson's (2003, §10.7) second-order term w2, written with k where Anderson has d, as R's
            // mauchly.test and pingouin do (the same p as theirs).
            let dd = Double(d), residual = Double(n - 1)
            let factor = 1 - (2 * dd * dd + dd + 2) / (6 * dd * residual)
            let statistic = -residual * factor * log(ratio)
            let df = dd * (dd + 1) / 2 - 1
            let w2 = (dd + 2) * (dd - 1) * (dd - 2) * (2 * dd * dd * dd + 6 * dd * dd + 3 * Double(k) + 2)
                / (288 * pow(residual * dd * factor, 2))
            let p1 = ChiSquared.upperTail(statistic, df: df)
            (w, chi, mauchlyP) = (ratio, statistic, p1 + w2 * (ChiSquared.upperTail(statistic, df: df + 4) - p1))
        } else if d > 1 {
            (w, chi, mauchlyP, singular) = (0, .infinity, 0, true)
        }
        return RepeatedMeasuresANOVA(f: f, df1: df1, df2: df2, p: FisherF.upperTail(f, df1: Double(df1), df2: Double(df2)),
                                     epsilon: epsilon,
                                     pGreenhouseGeisser: FisherF.upperTail(f, df1: epsilon * Double(df1), df2: epsilon * Double(df2)),
                                     mauchlyW: w, mauchlyChiSquared: chi, mauchlyDF: d * (d + 1) / 2 - 1, mauchlyP: mauchlyP,
                                     mauchlySingular: singular, mauchlyUndefined: undefined,
                                     generalisedEtaSquared: ssFactor / (ssFactor + ssSubjects + ssError))
    }

    /// The k − 1 orthonormal (Helmert) contrasts of k levels, one per row: the sphericity tests and ε are computed
    /// on the participants' scores on them.
    static func orthonormalContrasts(_ k: Int) -> [[Double]] {
        (0..<(k - 1)).map { row in
            let size = Double(row + 1)
            let norm = (size * (size + 1)).squareRoot()
            return (0..<k).map { column in column <= row ? 1 / norm : column == row + 1 ? -size / norm : 0 }
        }
    }

    /// The determinant of a covariance matrix by symmetric elimination with diagonal pivoting (the pivoted Cholesky
    /// factorisation; Golub & Van Loan 2013, §4.2.8): each pivot is the variance of one contrast left after the
    /// others are taken out. nil when the matrix is singular: a pivot whose square root is rounding residue on the
    /// data's `scale` (`Spread.isResidue`), as when two levels are alike for everyone or one is a linear combination
    /// of others (their contrast's variance is then ~1e-32 of the data's square, not 0).
    static func positiveDefiniteDeterminant(_ matrix: [[Double]], scale: Double) -> Double? {
        var a = matrix
        let size = a.count
        var result = 1.0
        for column in 0..<size {
            guard let pivot = (column..<size).max(by: { a[$0][$0] < a[$1][$1] }) else { return nil }
            if pivot != column {
                a.swapAt(pivot, column)
                for row in 0..<size { a[row].swapAt(pivot, column) }
            }
            let value = a[column][column]
            if Spread.isResidue(max(0, value).squareRoot(), scale: scale) { return nil }
            result *= value
            for row in (column + 1)..<size {
                let factor = a[row][column] / value
                for k in column..<size { a[row][k] -= factor * a[column][k] }
            }
        }
        return result
    }

    /// The paired t-test on differences `d` of values whose largest magnitude is `scale` (the differences' own when
    /// not given): not defined with fewer than two, or when their SD is rounding residue on that scale
    /// (`Spread.isResidue`; 4.1 − 3.7 and 8.3 − 7.9 differ in their last bits only).
    public static func pairedT(_ d: [Double], scale: Double? = nil, confidence: Double = 0.95) -> PairedT? {
        let n = d.count
        guard n >= 2 else { return nil }
        let mean = d.reduce(0, +) / Double(n)
        let sd = (d.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)).squareRoot()
        guard !Spread.isResidue(sd, scale: scale ?? Spread.scale(d)) else { return nil }
        let se = sd / Double(n).squareRoot()
        let t = mean / se
        let q = StudentT.quantile(1 - (1 - confidence) / 2, df: Double(n - 1))
        return PairedT(n: n, meanDifference: mean, sdDifference: sd, ci95: (mean - q * se)...(mean + q * se), t: t, df: n - 1,
                       p: StudentT.twoSidedP(t, df: Double(n - 1)), dz: mean / sd)
    }

    /// Average ranks (1-based) of `values`, and the sizes of the groups of ties.
    static func ranks(_ values: [Double]) -> (ranks: [Double], ties: [Int]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var ties: [Int] = []
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let average = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = average }
            if end > start { ties.append(end - start + 1) }
            start = end + 1
        }
        return (ranks, ties)
    }

    static func wilcoxon(_ all: [Double]) -> Wilcoxon? {
        let zeros = all.filter { $0 == 0 }.count
        let d = all.filter { $0 != 0 }
        let n = d.count
        guard n >= 1 else { return nil }
        let (r, ties) = ranks(d.map(abs))
        let plus = zip(d, r).filter { $0.0 > 0 }.map(\.1).reduce(0, +)
        let minus = zip(d, r).filter { $0.0 < 0 }.map(\.1).reduce(0, +)
        let total = plus + minus
        let rankBiserial = total > 0 ? (plus - minus) / total : 0
        var method: WilcoxonMethod
        var p: Double
        if all.count <= 50 && ties.isEmpty && zeros == 0 {
            method = .exact
            // The number of sign patterns of ranks 1…n with each sum (a subset-sum count).
            let maximum = n * (n + 1) / 2
            var counts = [Double](repeating: 0, count: maximum + 1)
            counts[0] = 1
            for rank in 1...n {
                for sum in stride(from: maximum, through: rank, by: -1) { counts[sum] += counts[sum - rank] }
            }
            let all = pow(2.0, Double(n))
            let k = Int(plus.rounded())
            let atMost = counts[0...k].reduce(0, +) / all
            let atLeast = counts[k...maximum].reduce(0, +) / all
            p = min(1, 2 * min(atMost, atLeast))
        } else if all.count <= 13 {
            method = .permutation
            // Every sign pattern of the differences (zeros included, as scipy flips them too): T⁺ of each.
            var atMost = 0.0, atLeast = 0.0
            let patterns = 1 << all.count
            let ranked = zip(d, r).map { (positive: $0.0 > 0, rank: $0.1) }
            let tolerance = 1e-12 * max(1, plus)
            for pattern in 0..<patterns {
                // Zeros contribute nothing whatever their sign: only the non-zero differences' bits matter, and each
                // pattern of those occurs 2^zeros times among all patterns (the proportions are the same).
                guard pattern < (1 << n) else { break }
                var sum = 0.0
                for (index, item) in ranked.enumerated() where (pattern >> index) & 1 == 1 { sum += item.rank }
                if sum <= plus + tolerance { atMost += 1 }
                if sum >= plus - tolerance { atLeast += 1 }
            }
            let count = Double(1 << n)
            p = min(1, 2 * min(atMost / count, atLeast / count))
        } else {
            method = .normal
            let mean = Double(n * (n + 1)) / 4
            let tieCorrection = ties.map { Double($0 * $0 * $0 - $0) }.reduce(0, +)
            let se = ((Double(n * (n + 1) * (2 * n + 1)) - tieCorrection / 2) / 24).squareRoot()
            let z = se > 0 ? (plus - mean) / se : 0
            p = min(1, 2 * (1 - StandardNormal.cdf(abs(z))))
        }
        return Wilcoxon(statistic: min(plus, minus), plus: plus, minus: minus, nonZero: n, zeros: zeros, p: p, method: method,
                        rankBiserial: rankBiserial)
    }

    static func friedman(_ blocks: [[Double]]) -> Friedman? {
        let n = blocks.count
        guard n >= 2, let k = blocks.first?.count, k >= 3 else { return nil }
        var rankSums = [Double](repeating: 0, count: k)
        var tieSum = 0.0
        for block in blocks {
            let (r, ties) = ranks(block)
            for index in 0..<k { rankSums[index] += r[index] }
            tieSum += ties.map { Double($0 * $0 * $0 - $0) }.reduce(0, +)
        }
        let nk = Double(n * k)
        var chi = 12 / (nk * Double(k + 1)) * rankSums.map { $0 * $0 }.reduce(0, +) - 3 * Double(n * (k + 1))
        let correction = 1 - tieSum / (nk * Double(k * k - 1))
        guard correction > 0 else { return nil }
        chi /= correction
        return Friedman(chiSquared: chi, df: k - 1, p: ChiSquared.upperTail(chi, df: Double(k - 1)), kendallW: chi / (Double(n) * Double(k - 1)))
    }
}

/// A mixed design: groups of participants (a between factor, such as an attribute) each measured on every level of a
/// within factor (occasions). Cell means, and the mixed ANOVA (split-plot; Maxwell & Delaney 2004, ch. 12) over the
/// complete blocks: the between factor against the participants within groups, the within factor and the interaction
/// against the within-participant residual, each with its partial η²; the Greenhouse–Geisser ε of the within factor
/// from the pooled within-group covariance of orthonormal contrasts, and the corrected p of the within sources
/// (F on ε·df1, ε·df2). As pingouin.mixed_anova. A group with no complete participant is left out of the ANOVA and
/// named in `groupsLeftOut` (the others are still compared); an error sum of squares that is rounding residue
/// (`Spread.isResidue`) is zero, and the sources it would test are not tested (F would be residue over residue).
public struct MixedComparison: Sendable, Equatable, Codable {
    public struct Source: Sendable, Equatable, Codable {
        public var name: String
        public var ss: Double
        public var df1: Int
        public var df2: Int
        public var f: Double
        public var p: Double
        public var partialEtaSquared: Double
        /// The within source and the interaction with three levels or more: p with Greenhouse–Geisser's correction.
        public var pGreenhouseGeisser: Double?
        /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
        enum CodingKeys: String, CodingKey { case name, ss, df1, df2, f = "statistic", p, partialEtaSquared, pGreenhouseGeisser }
    }
    public struct Cell: Sendable, Equatable, Codable {
        public var group: String
        public var level: String
        public var n: Int
        public var mean: Double
        public var sd: Double?
    }

    /// The groups compared: those with a complete participant.
    public var groups: [String]
    /// Groups with no participant with every level: left out of the ANOVA.
    public var groupsLeftOut: [String] = []
    public var levels: [String]
    public var complete: Int
    public var leftOut: Int
    public var cells: [Cell]
    /// Between, within, interaction; empty when a source cannot be tested (fewer than two participants in a group…).
    public var sources: [Source]
    public var epsilon: Double?
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case groups, groupsLeftOut, levels, complete = "n", leftOut, cells, sources, epsilon }

    /// `values`: participant → (group, level → value).
    public init(groups allGroups: [String], levels: [String], values: [String: (group: String, byLevel: [String: Double])]) {
        self.levels = levels
        var complete: [(group: String, values: [Double])] = []
        for (_, entry) in values.sorted(by: { $0.key < $1.key }) {
            guard allGroups.contains(entry.group) else { continue }
            let row = levels.compactMap { entry.byLevel[$0] }
            if row.count == levels.count { complete.append((entry.group, row)) }
        }
        let present = Set(complete.map(\.group))
        groups = allGroups.filter(present.contains)
        groupsLeftOut = allGroups.filter { !present.contains($0) }
        let groups = self.groups
        let blocks = complete.compactMap { entry in groups.firstIndex(of: entry.group).map { (group: $0, values: entry.values) } }
        self.complete = blocks.count
        leftOut = values.count - blocks.count
        let k = levels.count, g = groups.count
        cells = []
        for (gi, group) in groups.enumerated() {
            let members = blocks.filter { $0.group == gi }
            for (j, level) in levels.enumerated() {
                let column = members.map { $0.values[j] }
                guard !column.isEmpty else { continue }
                let mean = column.reduce(0, +) / Double(column.count)
                let sd = column.count > 1 ? (column.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(column.count - 1)).squareRoot() : nil
                cells.append(Cell(group: group, level: level, n: column.count, mean: mean, sd: sd))
            }
        }
        sources = []
        let sizes = (0..<g).map { gi in blocks.filter { $0.group == gi }.count }
        let n = blocks.count
        guard k >= 2, g >= 2, n > g else { return }
        let scale = Spread.scale(blocks.flatMap(\.values))
        let grand = blocks.flatMap(\.values).reduce(0, +) / Double(n * k)
        let subjectMeans = blocks.map { $0.values.reduce(0, +) / Double(k) }
        let groupMeans = (0..<g).map { gi in blocks.indices.filter { blocks[$0].group == gi }.map { subjectMeans[$0] }.reduce(0, +) / Double(sizes[gi]) }
        let levelMeans = (0..<k).map { j in blocks.map { $0.values[j] }.reduce(0, +) / Double(n) }
        let cellMeans = (0..<g).map { gi in (0..<k).map { j in blocks.filter { $0.group == gi }.map { $0.values[j] }.reduce(0, +) / Double(sizes[gi]) } }
        var ssBetween = 0.0, ssSubjects = 0.0, ssWithin = 0.0, ssInteraction = 0.0, ssResidual = 0.0
        for gi in 0..<g { ssBetween += Double(k * sizes[gi]) * pow(groupMeans[gi] - grand, 2) }
        for (index, block) in blocks.enumerated() {
            ssSubjects += Double(k) * pow(subjectMeans[index] - groupMeans[block.group], 2)
            for j in 0..<k {
                ssResidual += pow(block.values[j] - subjectMeans[index] - cellMeans[block.group][j] + groupMeans[block.group], 2)
            }
        }
        for j in 0..<k { ssWithin += Double(n) * pow(levelMeans[j] - grand, 2) }
        for gi in 0..<g {
            for j in 0..<k { ssInteraction += Double(sizes[gi]) * pow(cellMeans[gi][j] - groupMeans[gi] - levelMeans[j] + grand, 2) }
        }
        let dfBetween = g - 1, dfSubjects = n - g, dfWithin = k - 1, dfInteraction = (g - 1) * (k - 1), dfResidual = (n - g) * (k - 1)
        // Every sum of squares here is over the n·k values; one that is rounding residue on their scale is zero.
        func zeroed(_ ss: Double) -> Double { Spread.isResidue(sumOfSquares: ss, count: n * k, scale: scale) ? 0 : ss }
        (ssBetween, ssSubjects, ssWithin, ssInteraction, ssResidual) = (zeroed(ssBetween), zeroed(ssSubjects), zeroed(ssWithin),
                                                                       zeroed(ssInteraction), zeroed(ssResidual))
        // ε from the pooled within-group covariance of orthonormal contrasts (none when the residual is zero: its
        // covariance is then residue too).
        let d = k - 1
        if d >= 1 && ssResidual > 0 {
            let contrasts = PairedComparison.orthonormalContrasts(k)
            var pooled = [[Double]](repeating: [Double](repeating: 0, count: d), count: d)
            for gi in 0..<g {
                let scores = blocks.filter { $0.group == gi }.map { block in contrasts.map { c in zip(c, block.values).map { $0 * $1 }.reduce(0, +) } }
                guard !scores.isEmpty else { continue }
                let means = (0..<d).map { a in scores.map { $0[a] }.reduce(0, +) / Double(scores.count) }
                for a in 0..<d { for b in 0..<d { pooled[a][b] += scores.map { ($0[a] - means[a]) * ($0[b] - means[b]) }.reduce(0, +) } }
            }
            let trace = (0..<d).map { pooled[$0][$0] }.reduce(0, +)
            let traceOfSquare = pooled.joined().map { $0 * $0 }.reduce(0, +)
            if traceOfSquare > 0 { epsilon = min(1, trace * trace / (Double(d) * traceOfSquare)) }
        }
        let epsilon = self.epsilon
        func source(_ name: String, _ ss: Double, _ df: Int, _ error: Double, _ dfError: Int) -> Source? {
            guard error > 0, df > 0, dfError > 0 else { return nil }
            let f = (ss / Double(df)) / (error / Double(dfError))
            let corrected = name != "between" && k > 2
                ? epsilon.map { FisherF.upperTail(f, df1: $0 * Double(df), df2: $0 * Double(dfError)) } : nil
            return Source(name: name, ss: ss, df1: df, df2: dfError, f: f, p: FisherF.upperTail(f, df1: Double(df), df2: Double(dfError)),
                          partialEtaSquared: ss / (ss + error), pGreenhouseGeisser: corrected)
        }
        sources = [source("between", ssBetween, dfBetween, ssSubjects, dfSubjects),
                   source("within", ssWithin, dfWithin, ssResidual, dfResidual),
                   source("interaction", ssInteraction, dfInteraction, ssResidual, dfResidual)].compactMap { $0 }
    }
}
