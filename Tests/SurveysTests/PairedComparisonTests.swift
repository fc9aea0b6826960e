import Testing
@testable import Surveys
import Statistics

/// Paired comparisons against scipy 1.17.1 (`ttest_rel`, its `confidence_interval()`, `wilcoxon` with its defaults,
/// `friedmanchisquare`). The reference values were computed once with:
///   python3 -c "from scipy import stats; import numpy as np; a=[…]; b=[…]; t=stats.ttest_rel(b,a); ci=t.confidence_interval();
///               w=stats.wilcoxon(b,a); d=np.array(b)-np.array(a); print(repr(t.statistic), repr(t.pvalue), repr(ci.low),
///               repr(ci.high), repr(d.mean()/d.std(ddof=1)), repr(w.statistic), repr(w.pvalue))"
/// with the lists of each test pasted for a and b; Friedman: `stats.friedmanchisquare(*zip(*x))`.
@Suite struct PairedComparisonTests {
    func comparison(_ a: [Double], _ b: [Double]) -> PairedComparison {
        var values: [String: [String: Double]] = [:]
        for (index, (x, y)) in zip(a, b).enumerated() { values["P\(index)"] = ["pré": x, "pós": y] }
        return PairedComparison(levels: ["pré", "pós"], values: values)
    }

    func close(_ value: Double?, _ reference: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let value else { return false }
        return abs(value - reference) <= tolerance * max(1, abs(reference))
    }

    /// Ties among |d|, ten pairs: scipy's "auto" takes the exact permutation distribution over every sign pattern.
    @Test func tiesTakeThePermutationDistribution() {
        let c = comparison([62.5, 70, 55, 80, 47.5, 65, 72.5, 60, 77.5, 52.5], [70, 72.5, 65, 85, 45, 80, 75, 67.5, 90, 62.5])
        let t = c.pairedT!
        #expect(close(t.t, 4.221158824088691) && close(t.p, 0.0022356179572671792))
        #expect(close(t.ci95?.lowerBound, 3.2486367370917186) && close(t.ci95?.upperBound, 10.751363262908281))
        #expect(close(t.dz, 1.3348476249438292) && t.df == 9)
        let w = c.wilcoxon!
        #expect(w.statistic == 2 && close(w.p, 0.0078125) && w.method == .permutation)
    }

    /// A zero difference is dropped (zero_method "wilcox") and the rest, with ties, go through the permutation.
    @Test func zerosAreDroppedAndSaid() {
        let c = comparison([50, 60, 70, 80, 50, 60, 70, 80, 65], [55, 60, 75, 85, 55, 65, 70, 90, 70])
        #expect(close(c.pairedT!.t, 4.437601569801833) && close(c.pairedT!.p, 0.0021748781916066657))
        #expect(close(c.pairedT!.ci95?.lowerBound, 2.13488440252483) && close(c.pairedT!.dz, 1.4792005232672778))
        let w = c.wilcoxon!
        #expect(w.statistic == 0 && close(w.p, 0.015625) && w.zeros == 2 && w.nonZero == 7 && w.rankBiserial == 1)
    }

    /// Twenty pairs with ties and zeros: the normal approximation with the tie correction, no continuity correction.
    @Test func largerSamplesWithTiesUseTheNormalApproximation() {
        let a = (0..<20).map { Double($0) * 2.5 + 40 }
        let shifts: [Double] = [5, 0, 5, -2.5, 5, 10, 5, 0, 2.5, 5, -5, 5, 10, 2.5, 5, 0, 5, 7.5, 2.5, 5]
        let c = comparison(a, zip(a, shifts).map { $0 + $1 })
        #expect(close(c.pairedT!.t, 4.312987668770482) && close(c.pairedT!.p, 0.0003751139336990017))
        #expect(close(c.pairedT!.ci95?.lowerBound, 1.865845376821346) && close(c.pairedT!.ci95?.upperBound, 5.384154623178654))
        let w = c.wilcoxon!
        #expect(w.statistic == 12 && close(w.p, 0.0017393127601367522, 1e-7) && w.method == .normal)
    }

    /// Distinct non-zero differences: the exact null distribution of T⁺.
    @Test func distinctDifferencesUseTheExactDistribution() {
        let a = (1...15).map { Double($0) * 10 }
        let d: [Double] = [0.5, -1.5, 2.5, 3.5, 4.5, -5.5, 6.5, 7.5, 8.5, 9.5, -10.5, 11.5, 12.5, 13.5, 14.5]
        let w = comparison(a, zip(a, d).map { $0 + $1 }).wilcoxon!
        #expect(w.statistic == 19 && close(w.p, 0.01806640625) && w.method == .exact)
        #expect(close(w.rankBiserial, (101.0 - 19) / 120))
    }

    /// Participants without a value on every level are left out and counted.
    @Test func onlyCompleteBlocksEnter() {
        let c = PairedComparison(levels: ["pré", "pós"], values: ["P1": ["pré": 50, "pós": 60], "P2": ["pré": 55, "pós": 70],
                                                              "P3": ["pré": 60, "pós": 62.5], "P4": ["pré": 40]])
        #expect(c.complete == 3 && c.leftOut == 1 && c.pairedT?.n == 3)
        #expect(close(c.means[0], 55) && close(c.means[1], 64.16666666666667))
    }

    @Test func friedmanWithTies() {
        let x: [[Double]] = [[60, 65, 70], [55, 70, 72.5], [70, 70, 80], [45, 60, 50], [80, 85, 90], [62.5, 60, 75]]
        var values: [String: [String: Double]] = [:]
        for (index, row) in x.enumerated() { values["P\(index)"] = ["A": row[0], "B": row[1], "C": row[2]] }
        let f = PairedComparison(levels: ["A", "B", "C"], values: values).friedman!
        #expect(close(f.chiSquared, 7.913043478260865) && close(f.p, 0.019129536225545064, 1e-7) && f.df == 2)
        #expect(close(f.kendallW, 7.913043478260865 / 12))
    }

    /// Four levels, eight participants: pingouin 2 (rm_anova(correction=True), sphericity, pairwise_tests(padjust="holm")):
    ///   /tmp/pg/bin/python -c "import pandas as pd, pingouin as pg; x=[…]; df=pd.DataFrame([(i, f'L{j}', v) for i, r in
    ///     enumerate(x) for j, v in enumerate(r)], columns=['s','c','v']); print(pg.rm_anova(data=df, dv='v', within='c',
    ///     subject='s', correction=True).T, pg.sphericity(df, dv='v', within='c', subject='s'),
    ///     pg.pairwise_tests(data=df, dv='v', within='c', subject='s', padjust='holm'))"
    @Test func repeatedMeasuresANOVAWithSphericity() {
        let x: [[Double]] = [[60, 65, 70, 72], [55, 70, 72.5, 60], [70, 70, 80, 85], [45, 60, 50, 55], [80, 85, 90, 70],
                             [62.5, 60, 75, 65], [50, 55, 65, 70], [72.5, 70, 75, 90]]
        var values: [String: [String: Double]] = [:]
        for (index, row) in x.enumerated() { values["P\(index)"] = ["L0": row[0], "L1": row[1], "L2": row[2], "L3": row[3]] }
        let c = PairedComparison(levels: ["L0", "L1", "L2", "L3"], values: values)
        let a = c.anova!
        #expect(a.df1 == 3 && a.df2 == 21)
        #expect(close(a.f, 3.97711825813491915) && close(a.p, 0.02168725788876358, 1e-7))
        #expect(close(a.epsilon, 0.59577652504453205) && close(a.pGreenhouseGeisser, 0.04970529770908452, 1e-7))
        #expect(close(a.mauchlyW, 0.29778813220328965) && close(a.mauchlyChiSquared, 6.931745563479571)
                && close(a.mauchlyP, 0.2317813554417898, 1e-7))
        #expect(close(a.generalisedEtaSquared, 0.12870631881981739))
        // pingouin's T is A − B; ours is the second level minus the first.
        let expected: [(String, String, Double, Double)] = [("L0", "L1", 2.0367003088692623, 0.32374016695966995),
                                                            ("L0", "L2", 5.954478478715695, 0.0034050692031760586),
                                                            ("L0", "L3", 2.624572858186091, 0.1709059138424179),
                                                            ("L1", "L2", 2.0381374111615194, 0.32374016695966995),
                                                            ("L1", "L3", 0.8842227732534179, 0.8118404973343554),
                                                            ("L2", "L3", -0.319256821824955, 0.8118404973343554)]
        #expect(c.pairs.count == 6)
        for (pair, reference) in zip(c.pairs, expected) {
            #expect(pair.a == reference.0 && pair.b == reference.1 && close(pair.t.t, reference.2) && close(pair.pHolm, reference.3, 1e-7))
        }
    }

    /// Two groups (4 and 5 participants) × three levels: pingouin 2 `mixed_anova(data=df, dv='v', within='c', between='g',
    /// subject='s')` on the same values (the command as in `repeatedMeasuresANOVAWithSphericity`, with a group column).
    @Test func mixedANOVA() {
        let x: [String: [[Double]]] = ["A": [[60, 65, 70], [55, 70, 72.5], [70, 70, 80], [45, 60, 50]],
                                       "B": [[80, 85, 90], [62.5, 60, 75], [50, 55, 65], [72.5, 70, 75], [65, 80, 85]]]
        var values: [String: (group: String, byLevel: [String: Double])] = [:]
        for (group, blocks) in x {
            for (index, row) in blocks.enumerated() { values["\(group)\(index)"] = (group, ["L0": row[0], "L1": row[1], "L2": row[2]]) }
        }
        let m = MixedComparison(groups: ["A", "B"], levels: ["L0", "L1", "L2"], values: values)
        #expect(m.complete == 9 && m.cells.count == 6 && m.sources.count == 3)
        let expected: [(Double, Int, Int, Double, Double, Double)] = [
            (362.60416666666594665, 1, 7, 1.19922240267729419, 0.30971939964270140, 0.14626050420168035),
            (584.72222222222262644, 2, 14, 13.33785924417293778, 0.00057220232606973, 0.65581431575667970),
            (45.90277777777782831, 2, 14, 1.04706947273139139, 0.37689643100626835, 0.13011811023622094)]
        for (source, reference) in zip(m.sources, expected) {
            #expect(close(source.ss, reference.0) && source.df1 == reference.1 && source.df2 == reference.2, "\(source)")
            #expect(close(source.f, reference.3) && close(source.p, reference.4, 1e-7) && close(source.partialEtaSquared, reference.5), "\(source)")
        }
        #expect(close(m.epsilon, 0.9434350892114074, 1e-8))
    }
}

/// A report's sets measured on occasions and, apart from them, under a condition's levels ("pré", "pós",
/// "protótipo=A", "protótipo=B"): each factor is compared where its levels meet, never over a level the stratum lacks.
@Suite struct WithinStrataTests {
    @Test func eachStratumComparesTheLevelsItHas() throws {
        let sus = try #require(try InstrumentCatalog.builtin("sus"))
        var inputs: [ScoringInput] = []
        for participant in ["P1", "P2", "P3"] {
            for (index, key) in ["pré", "pós", "protótipo=A", "protótipo=B"].enumerated() {
                let point = 2 + (index + participant.count + (participant == "P2" ? index : 0)) % 3
                inputs.append(ScoringInput(participant: participant, occasion: key,
                                           answers: Dictionary(uniqueKeysWithValues: (1...10).map { ($0, Answer.value(Double($0 % 2 == 1 ? point : 6 - point))) })))
            }
        }
        let report = try ScoreReport.build(sus, inputs: inputs, missing: .refuse)
        #expect(report.withinFactors == ["occasion", "protótipo"])
        // The occasions' levels are "pré", "pós" and "" (the prototype sets have none), but no stratum holds all three.
        #expect(Set(report.withinLevels("occasion")) == ["pré", "pós", ""])
        let occasions = report.withinComparisons("occasion")
        #expect(occasions.map(\.stratum) == ["", "", ""] && occasions.allSatisfy { $0.comparison.levels == ["pré", "pós"] && $0.comparison.complete == 3 })
        let prototypes = report.withinComparisons("protótipo")
        #expect(prototypes.count == 3 && prototypes.allSatisfy { $0.comparison.levels == ["A", "B"] && $0.comparison.leftOut == 0 })
        #expect(report.mixedComparisons("occasion").allSatisfy { $0.comparison.levels == ["pré", "pós"] })
    }
}
