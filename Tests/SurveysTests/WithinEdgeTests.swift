import Testing
@testable import Surveys
import Statistics

/// Comparisons within participants at their edges: the interval's level, Mauchly's test on a singular covariance and
/// where it is undefined, spreads that are rounding residue, and a mixed design's group with no complete participant.
/// References from scipy 1.17.1 and pingouin 0.7.0, computed once with the python commands given at each test (the
/// data's lists are the test's). Where pingouin fails on an edge (it reports residue as a figure), the formula
/// decides, as written beside the case.
@Suite struct WithinEdgeTests {
    func close(_ value: Double?, _ reference: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let value else { return false }
        return abs(value - reference) <= tolerance * max(1, abs(reference))
    }

    func blocks(_ rows: [[Double]]) -> (levels: [String], values: [String: [String: Double]]) {
        let levels = (0..<(rows.first?.count ?? 0)).map { "L\($0)" }
        var values: [String: [String: Double]] = [:]
        for (index, row) in rows.enumerated() {
            values["P\(index)"] = Dictionary(uniqueKeysWithValues: zip(levels, row))
        }
        return (levels, values)
    }

    /// The 4-level data of `PairedComparisonTests.repeatedMeasuresANOVAWithSphericity`.
    static let fourLevels: [[Double]] = [[60, 65, 70, 72], [55, 70, 72.5, 60], [70, 70, 80, 85], [45, 60, 50, 55], [80, 85, 90, 70],
                                         [62.5, 60, 75, 65], [50, 55, 65, 70], [72.5, 70, 75, 90]]

    /// `confidence` 0.90 gives 90 % intervals for the paired t and for every pair (they were 95 % whatever was asked):
    ///
    ///     python3 -c "from scipy import stats; import numpy as np; x = np.array([[60, 65, 70, 72], [55, 70, 72.5, 60], [70, 70, 80, 85], [45, 60, 50, 55], [80, 85, 90, 70], [62.5, 60, 75, 65], [50, 55, 65, 70], [72.5, 70, 75, 90]]); [print(i, j, stats.ttest_rel(x[:, j], x[:, i]).confidence_interval(0.90)) for i, j in [(0, 1), (2, 3)]]"
    @Test func intervalsAtTheAskedConfidence() throws {
        let two = blocks(Self.fourLevels.map { [$0[0], $0[1]] })
        let paired = PairedComparison(levels: two.levels, values: two.values, confidence: 0.90)
        let interval = try #require(paired.pairedT?.ci95)
        #expect(paired.confidence == 0.90)
        #expect(close(interval.lowerBound, 0.34890185649885463, 1e-12) && close(interval.upperBound, 9.651098143501144, 1e-12), "\(interval)")
        let four = blocks(Self.fourLevels)
        let pairs = PairedComparison(levels: four.levels, values: four.values, confidence: 0.90).pairs
        #expect(pairs.count == 6)
        let first = try #require(pairs.first { $0.a == "L0" && $0.b == "L1" }?.t.ci95)
        let last = try #require(pairs.first { $0.a == "L2" && $0.b == "L3" }?.t.ci95)
        #expect(close(first.lowerBound, 0.34890185649885463, 1e-12) && close(first.upperBound, 9.651098143501144, 1e-12))
        #expect(close(last.lowerBound, -9.101321566807517, 1e-12) && close(last.upperBound, 6.476321566807513, 1e-12))
    }

    /// Two levels alike for everyone: the contrasts' covariance is singular, so W = 0, χ² = ∞ and p = 0 (Mauchly
    /// 1940: W = det S / (tr S / d)^d, 0 when an eigenvalue is). pingouin reports the residue of its eigenvalues
    /// instead (W = 9.7e-17, p = 9.6e-25), and studyctl printed "W = 0.000, p = 1.000"; the rest of the ANOVA is
    /// pingouin's:
    ///
    ///     python3 -c "import pandas as pd, pingouin as pg; x = [[60, 60, 70], [55, 55, 72.5], [70, 70, 80], [45, 45, 50], [80, 80, 95]]; df = pd.DataFrame([(s, f'L{j}', v) for s, row in enumerate(x) for j, v in enumerate(row)], columns=['s', 'c', 'v']); print(pg.rm_anova(df, dv='v', within='c', subject='s', correction=True).to_dict('records'))"
    @Test func mauchlyOnTwoIdenticalLevelsIsMaximallyViolated() throws {
        let data = blocks([[60, 60, 70], [55, 55, 72.5], [70, 70, 80], [45, 45, 50], [80, 80, 95]])
        let a = try #require(PairedComparison(levels: data.levels, values: data.values).anova)
        #expect(a.mauchlySingular && a.mauchlyW == 0 && a.mauchlyChiSquared == .infinity && a.mauchlyP == 0 && a.mauchlyUndefined == nil)
        #expect(a.mauchlyDF == 2)
        #expect(close(a.f, 27.842105263157826) && close(a.p, 0.0002490192211816987, 1e-7))
        #expect(close(a.epsilon, 0.5000000000000001) && close(a.pGreenhouseGeisser, 0.0061845433735720715, 1e-7))
    }

    /// A level that is the mean of two others, with decimals (its contrast's variance is ~1e-32, not 0): singular
    /// too. pingouin agrees here (W = 0, χ² = inf, p = 0):
    ///
    ///     python3 -c "import pandas as pd, pingouin as pg; r = [(6.1, 7.3, 9.9), (5.5, 7.7, 6.3), (7.2, 7.1, 8.6), (4.5, 6.2, 5.9), (8.3, 8.6, 7.4), (6.4, 6.9, 7.7)]; x = [[a, b, (a + b) / 2, c] for a, b, c in r]; df = pd.DataFrame([(s, f'L{j}', v) for s, row in enumerate(x) for j, v in enumerate(row)], columns=['s', 'c', 'v']); print(pg.rm_anova(df, dv='v', within='c', subject='s', correction=True).to_dict('records'))"
    @Test func mauchlyOnALinearCombinationIsMaximallyViolated() throws {
        let rows: [(Double, Double, Double)] = [(6.1, 7.3, 9.9), (5.5, 7.7, 6.3), (7.2, 7.1, 8.6), (4.5, 6.2, 5.9), (8.3, 8.6, 7.4), (6.4, 6.9, 7.7)]
        let data = blocks(rows.map { [$0.0, $0.1, ($0.0 + $0.1) / 2, $0.2] })
        let a = try #require(PairedComparison(levels: data.levels, values: data.values).anova)
        #expect(a.mauchlySingular && a.mauchlyW == 0 && a.mauchlyChiSquared == .infinity && a.mauchlyP == 0)
        #expect(close(a.f, 2.8564691408652836) && close(a.p, 0.07222021743539354, 1e-7))
        #expect(close(a.epsilon, 0.4822052422941715, 1e-8) && close(a.pGreenhouseGeisser, 0.1285516584484965, 1e-7))
    }

    /// Three participants on five levels: n − 1 = 2 < k − 1 = 4, so the covariance is singular whatever the data and
    /// the test says nothing (pingouin reports W = 2.3e-32, p = 0.042 there); no W is given. The ANOVA itself is
    /// defined, and pingouin's:
    ///
    ///     python3 -c "import pandas as pd, pingouin as pg; x = [[60, 65, 70, 72, 61], [55, 70, 72.5, 60, 66], [70, 70, 80, 85, 77]]; df = pd.DataFrame([(s, f'L{j}', v) for s, row in enumerate(x) for j, v in enumerate(row)], columns=['s', 'c', 'v']); print(pg.rm_anova(df, dv='v', within='c', subject='s', correction=True).to_dict('records'))"
    @Test func mauchlyIsUndefinedWithFewerParticipantsThanLevels() throws {
        let data = blocks([[60, 65, 70, 72, 61], [55, 70, 72.5, 60, 66], [70, 70, 80, 85, 77]])
        let a = try #require(PairedComparison(levels: data.levels, values: data.values).anova)
        #expect(a.mauchlyW == nil && a.mauchlyChiSquared == nil && a.mauchlyP == nil && !a.mauchlySingular)
        #expect(a.mauchlyUndefined == "n − 1 < k − 1")
        #expect(close(a.f, 2.6531388712745785) && close(a.p, 0.11197123673401158, 1e-7))
        #expect(close(a.epsilon, 0.31705237161179645, 1e-8) && close(a.pGreenhouseGeisser, 0.22637909522493593, 1e-7))
    }

    /// Constant differences of values with decimals (4.1 − 3.7, 8.3 − 7.9, …) differ in their last bits only: no
    /// spread, so no paired t, no pairs and no RM-ANOVA. scipy and pingouin report the residue:
    ///
    ///     python3 -c "from scipy import stats; print(stats.ttest_rel([4.1, 8.3, 1.7, 2.6], [3.7, 7.9, 1.3, 2.2]))"
    ///
    /// gives t = 2.2e15, p = 2e-46; pingouin.rm_anova on the three levels below gives F = −5.9e14. The formula decides:
    /// every difference is 0.4, its SD is 0, t = 0.4 / 0 is not defined.
    @Test func constantDifferencesWithDecimalsHaveNoSpread() {
        let two = blocks([[3.7, 4.1], [7.9, 8.3], [1.3, 1.7], [2.2, 2.6]])
        #expect(two.values.values.contains { $0["L1"]! - $0["L0"]! != 0.4 }, "the residue this test is about")
        let paired = PairedComparison(levels: two.levels, values: two.values)
        #expect(paired.pairedT == nil && paired.wilcoxon != nil)
        let three = blocks([[3.7, 4.1, 5.3], [7.9, 8.3, 9.5], [1.3, 1.7, 2.9], [2.2, 2.6, 3.8]])
        let c = PairedComparison(levels: three.levels, values: three.values)
        #expect(c.anova == nil && c.pairs.isEmpty)
        // Large values keep their residue in proportion: the rule is on the data's scale, not the differences'.
        let large = blocks([[100_003.7, 100_004.1], [700_007.9, 700_008.3], [100_001.3, 100_001.7]])
        #expect(PairedComparison(levels: large.levels, values: large.values).pairedT == nil)
        #expect(PairedComparison.pairedT([0.4, 0.4 + 1e-9, 0.4]) != nil, "a real spread of 1e-9 is still one")
    }

    /// The one rule: a spread within 1e-12 of the data's scale (at least 1) is zero.
    @Test func theResidueRule() {
        #expect(Spread.isResidue(1e-13, scale: 1) && !Spread.isResidue(1e-11, scale: 1))
        #expect(Spread.isResidue(1e-8, scale: 1e5) && !Spread.isResidue(1e-6, scale: 1e5))
        #expect(Spread.isResidue(.nan, scale: 1) && Spread.isResidue(0, scale: 0))
        #expect(Spread.isResidue(sumOfSquares: 1e-27, count: 12, scale: 9.5))
        #expect(Spread.isConstant([0.30000000000000004, 0.3]) && !Spread.isConstant([0.3, 0.3000001]))
    }

    func mixed(_ x: [String: [[Double?]]], groups: [String]) -> MixedComparison {
        var values: [String: (group: String, byLevel: [String: Double])] = [:]
        for (group, rows) in x {
            for (index, row) in rows.enumerated() {
                var byLevel: [String: Double] = [:]
                for (j, value) in row.enumerated() { if let value { byLevel["L\(j)"] = value } }
                values["\(group)\(index)"] = (group, byLevel)
            }
        }
        return MixedComparison(groups: groups, levels: ["L0", "L1", "L2"], values: values)
    }

    /// A group whose participants all miss a level is left out of the mixed ANOVA and named; the other groups are
    /// compared as without it (the values of `PairedComparisonTests.mixedANOVA`), and the within sources carry their
    /// Greenhouse–Geisser p (pingouin's p_GG_corr for the within factor; scipy.stats.f.sf(F, ε·df1, ε·df2) for the
    /// interaction, where pingouin gives the same 0.37430518112366296):
    ///
    ///     python3 -c "import pandas as pd, pingouin as pg; x = {'A': [[60, 65, 70], [55, 70, 72.5], [70, 70, 80], [45, 60, 50]], 'B': [[80, 85, 90], [62.5, 60, 75], [50, 55, 65], [72.5, 70, 75], [65, 80, 85]]}; df = pd.DataFrame([(f'{g}{i}', g, f'L{j}', v) for g, rows in x.items() for i, row in enumerate(rows) for j, v in enumerate(row)], columns=['s', 'g', 'c', 'v']); print(pg.mixed_anova(data=df, dv='v', within='c', between='g', subject='s', correction=True)[['Source', 'F', 'p_unc', 'p_GG_corr', 'eps']])"
    @Test func aGroupWithNoCompleteParticipantIsLeftOutAndNamed() {
        let m = mixed(["A": [[60, 65, 70], [55, 70, 72.5], [70, 70, 80], [45, 60, 50]],
                       "B": [[80, 85, 90], [62.5, 60, 75], [50, 55, 65], [72.5, 70, 75], [65, 80, 85]],
                       "C": [[70, nil, 75], [nil, 60, 65]]], groups: ["A", "B", "C"])
        #expect(m.groups == ["A", "B"] && m.groupsLeftOut == ["C"])
        #expect(m.complete == 9 && m.leftOut == 2 && m.sources.count == 3)
        let expected: [(f: Double, p: Double, gg: Double?)] = [(1.1992224026772942, 0.3097193996427014, nil),
                                                               (13.337859244172938, 0.0005722023260697344, 0.0007696253517704463),
                                                               (1.0470694727313914, 0.37689643100626835, 0.37430518112366296)]
        for (source, reference) in zip(m.sources, expected) {
            #expect(close(source.f, reference.f) && close(source.p, reference.p, 1e-7), "\(source)")
            if let gg = reference.gg { #expect(close(source.pGreenhouseGeisser, gg, 1e-7), "\(source)") } else { #expect(source.pGreenhouseGeisser == nil) }
        }
        #expect(close(m.epsilon, 0.9434350892114074, 1e-8))
    }

    /// Every participant's values are their own level plus one offset per level, with decimals: the within-participant
    /// residual is rounding residue (and so is the interaction's SS, 1.4e-14), so neither the within factor nor the
    /// interaction can be tested. pingouin reports F = inf, p = 0 for both; studyctl gave the interaction
    /// "p = .031" (residue over residue). The between source stands, pingouin's:
    ///
    ///     python3 -c "import pandas as pd, pingouin as pg; y = {'A': [[3.7, 4.1, 5.3], [7.9, 8.3, 9.5], [1.3, 1.7, 2.9]], 'B': [[2.2, 2.6, 3.8], [6.4, 6.8, 8.0], [5.1, 5.5, 6.7]]}; df = pd.DataFrame([(f'{g}{i}', g, f'L{j}', v) for g, rows in y.items() for i, row in enumerate(rows) for j, v in enumerate(row)], columns=['s', 'g', 'c', 'v']); print(pg.mixed_anova(data=df, dv='v', within='c', between='g', subject='s')[['Source', 'SS', 'F', 'p_unc']])"
    @Test func aMixedResidualThatIsResidueTestsNothingWithin() {
        let m = mixed(["A": [[3.7, 4.1, 5.3], [7.9, 8.3, 9.5], [1.3, 1.7, 2.9]], "B": [[2.2, 2.6, 3.8], [6.4, 6.8, 8.0], [5.1, 5.5, 6.7]]],
                      groups: ["A", "B"])
        #expect(m.sources.map(\.name) == ["between"])
        #expect(close(m.sources.first?.f, 0.013516367476240751) && close(m.sources.first?.p, 0.9130497299698211, 1e-7))
        #expect(m.epsilon == nil)
    }
}
