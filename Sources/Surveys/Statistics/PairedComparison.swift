import Foundation

/// One score compared between the occasions (or conditions) of the same participants: only participants with a
/// value on every level enter (complete blocks), the others are counted in `leftOut`.
///
/// Two levels: the paired t-test with the mean difference, its 95 % interval and Cohen's dz (Lakens 2013, eq. 6:
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
public struct PairedComparison: Sendable, Equatable, Codable {
    public enum WilcoxonMethod: String, Sendable, Codable { case exact, permutation, normal }

    public struct PairedT: Sendable, Equatable, Codable {
        public var n: Int
        public var meanDifference: Double
        public var sdDifference: Double
        public var ci95: ClosedRange<Double>?
        public var t: Double
        public var df: Int
        public var p: Double
        public var dz: Double
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
    }

    public struct RepeatedMeasuresANOVA: Sendable, Equatable, Codable {
        public var f: Double
        public var df1: Int
        public var df2: Int
        public var p: Double
        /// Greenhouse–Geisser ε and the corrected p (F on ε·df1, ε·df2).
        public var epsilon: Double
        public var pGreenhouseGeisser: Double
        /// Mauchly's W, its χ² approximation and p (W = 1, p = 1 with two levels).
        public var mauchlyW: Double
        public var mauchlyChiSquared: Double
        public var mauchlyP: Double
        /// Generalised η² (Olejnik & Algina 2003): SS of the factor over it plus the subjects' and the error's SS.
        public var generalisedEtaSquared: Double
    }

    /// One pair of levels compared by the paired t-test; `pHolm` adjusted over every pair.
    public struct Pair: Sendable, Equatable, Codable {
        public var a: String
        public var b: String
        public var t: PairedT
        public var pHolm: Double
    }

    /// The levels compared, in order; the second minus the first for two levels.
    public var levels: [String]
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

    /// `values`: participant → level → value. Levels in `levels` order.
    public init(levels: [String], values: [String: [String: Double]]) {
        self.levels = levels
        let blocks = values.sorted(by: { $0.key < $1.key }).map(\.value).compactMap { byLevel -> [Double]? in
            let row = levels.compactMap { byLevel[$0] }
            return row.count == levels.count ? row : nil
        }.sorted { $0.lexicographicallyPrecedes($1) }
        complete = blocks.count
        leftOut = values.count - blocks.count
        means = blocks.isEmpty ? [] : levels.indices.map { index in blocks.map { $0[index] }.reduce(0, +) / Double(blocks.count) }
        if levels.count == 2 {
            let differences = blocks.map { $0[1] - $0[0] }
            pairedT = Self.pairedT(differences)
            wilcoxon = Self.wilcoxon(differences)
        } else if levels.count > 2 {
            friedman = Self.friedman(blocks)
            anova = Self.anova(blocks)
            var found: [(Int, Int, PairedT)] = []
            for first in 0..<levels.count {
                for second in (first + 1)..<levels.count {
                    if let t = Self.pairedT(blocks.map { $0[second] - $0[first] }) { found.append((first, second, t)) }
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
        let ssFactor = Double(n) * levelMeans.map { ($0 - grand) * ($0 - grand) }.reduce(0, +)
        let ssSubjects = Double(k) * subjectMeans.map { ($0 - grand) * ($0 - grand) }.reduce(0, +)
        let ssTotal = blocks.joined().map { ($0 - grand) * ($0 - grand) }.reduce(0, +)
        let ssError = ssTotal - ssFactor - ssSubjects
        let df1 = k - 1, df2 = (k - 1) * (n - 1)
        guard ssError > 0 else { return nil }
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
        var w = 1.0, chi = 0.0, mauchlyP = 1.0
        if d > 1 {
            w = determinant(covariance) / pow(trace / Double(d), Double(d))
            // χ² with Anderson's (2003, §10.7) second-order term w2, written with k where Anderson has d, as R's
            // mauchly.test and pingouin do (the same p as theirs).
            let dd = Double(d), residual = Double(n - 1)
            let factor = 1 - (2 * dd * dd + dd + 2) / (6 * dd * residual)
            chi = -residual * factor * log(w)
            let df = dd * (dd + 1) / 2 - 1
            let w2 = (dd + 2) * (dd - 1) * (dd - 2) * (2 * dd * dd * dd + 6 * dd * dd + 3 * Double(k) + 2)
                / (288 * pow(residual * dd * factor, 2))
            let p1 = ChiSquared.upperTail(chi, df: df)
            mauchlyP = p1 + w2 * (ChiSquared.upperTail(chi, df: df + 4) - p1)
        }
        return RepeatedMeasuresANOVA(f: f, df1: df1, df2: df2, p: FisherF.upperTail(f, df1: Double(df1), df2: Double(df2)),
                                     epsilon: epsilon,
                                     pGreenhouseGeisser: FisherF.upperTail(f, df1: epsilon * Double(df1), df2: epsilon * Double(df2)),
                                     mauchlyW: w, mauchlyChiSquared: chi, mauchlyP: mauchlyP,
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

    /// The determinant by Gaussian elimination with partial pivoting.
    static func determinant(_ matrix: [[Double]]) -> Double {
        var a = matrix
        let size = a.count
        var result = 1.0
        for column in 0..<size {
            guard let pivot = (column..<size).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }), a[pivot][column] != 0 else { return 0 }
            if pivot != column { a.swapAt(pivot, column); result = -result }
            result *= a[column][column]
            for row in (column + 1)..<size {
                let factor = a[row][column] / a[column][column]
                for k in column..<size { a[row][k] -= factor * a[column][k] }
            }
        }
        return result
    }

    static func pairedT(_ d: [Double], confidence: Double = 0.95) -> PairedT? {
        let n = d.count
        guard n >= 2 else { return nil }
        let mean = d.reduce(0, +) / Double(n)
        let sd = (d.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)).squareRoot()
        guard sd > 0 else { return nil }
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
/// from the pooled within-group covariance of orthonormal contrasts. As pingouin.mixed_anova.
public struct MixedComparison: Sendable, Equatable, Codable {
    public struct Source: Sendable, Equatable, Codable {
        public var name: String
        public var ss: Double
        public var df1: Int
        public var df2: Int
        public var f: Double
        public var p: Double
        public var partialEtaSquared: Double
    }
    public struct Cell: Sendable, Equatable, Codable {
        public var group: String
        public var level: String
        public var n: Int
        public var mean: Double
        public var sd: Double?
    }

    public var groups: [String]
    public var levels: [String]
    public var complete: Int
    public var leftOut: Int
    public var cells: [Cell]
    /// Between, within, interaction; empty when a source cannot be tested (fewer than two participants in a group…).
    public var sources: [Source]
    public var epsilon: Double?

    /// `values`: participant → (group, level → value).
    public init(groups: [String], levels: [String], values: [String: (group: String, byLevel: [String: Double])]) {
        self.groups = groups
        self.levels = levels
        var blocks: [(group: Int, values: [Double])] = []
        for (_, entry) in values.sorted(by: { $0.key < $1.key }) {
            guard let group = groups.firstIndex(of: entry.group) else { continue }
            let row = levels.compactMap { entry.byLevel[$0] }
            if row.count == levels.count { blocks.append((group, row)) }
        }
        complete = blocks.count
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
        guard k >= 2, g >= 2, sizes.allSatisfy({ $0 >= 1 }), n > g else { return }
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
        func source(_ name: String, _ ss: Double, _ df: Int, _ error: Double, _ dfError: Int) -> Source? {
            guard error > 0, df > 0, dfError > 0 else { return nil }
            let f = (ss / Double(df)) / (error / Double(dfError))
            return Source(name: name, ss: ss, df1: df, df2: dfError, f: f, p: FisherF.upperTail(f, df1: Double(df), df2: Double(dfError)),
                          partialEtaSquared: ss / (ss + error))
        }
        sources = [source("between", ssBetween, dfBetween, ssSubjects, dfSubjects),
                   source("within", ssWithin, dfWithin, ssResidual, dfResidual),
                   source("interaction", ssInteraction, dfInteraction, ssResidual, dfResidual)].compactMap { $0 }
        // ε from the pooled within-group covariance of orthonormal contrasts.
        let d = k - 1
        guard d >= 1 else { return }
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
}
