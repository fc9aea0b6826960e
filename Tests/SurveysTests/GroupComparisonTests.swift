import Foundation
import Testing
@testable import Surveys
import Statistics

/// Reference values computed once with scipy 1.17.1 and statsmodels 0.15.0 (Python 3.11) by this script:
///
///     import numpy as np, scipy.stats as st
///     from statsmodels.stats.oneway import anova_oneway
///     A=[72.5,85,67.5,90,77.5,62.5,80]; B=[55,70,47.5,65,60,72.5,52.5,57.5,45,67.5]
///     A2=[1.1,2.3,3.5,4.2,5.9]; B2=[2.0,6.1,7.4,8.8,9.3,10.2]
///     G=[[3,4,5,4,6,5],[6,7,8,6,9,7,8],[2,3,2,4,3]]
///     st.ttest_ind(a,b,equal_var=False); st.mannwhitneyu(a,b); st.kruskal(*G)
///     anova_oneway(G,use_var='unequal',welch_correction=True)
///     hedges g = d*(1-3/(4*(n1+n2)-9)), d on the pooled SD (pingouin's compute_effsize 'hedges')
///     2*st.t.sf(50,30); 2*st.t.sf(12,8); st.chi2.sf(3.5,2); st.chi2.sf(40,3); st.f.sf(4.2,2,11.5)
@Suite struct GroupComparisonTests {
    let a = [72.5, 85, 67.5, 90, 77.5, 62.5, 80]
    let b = [55, 70, 47.5, 65, 60, 72.5, 52.5, 57.5, 45, 67.5]
    let a2 = [1.1, 2.3, 3.5, 4.2, 5.9]
    let b2 = [2.0, 6.1, 7.4, 8.8, 9.3, 10.2]
    let groups = [[3.0, 4, 5, 4, 6, 5], [6.0, 7, 8, 6, 9, 7, 8], [2.0, 3, 2, 4, 3]]

    func close(_ x: Double?, _ y: Double, _ tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let x else { Issue.record("missing value, expected \(y)", sourceLocation: sourceLocation); return }
        #expect(abs(x - y) <= tolerance * max(1, abs(y)), "\(x) vs \(y)", sourceLocation: sourceLocation)
    }

    func test(_ comparison: GroupComparison, _ name: String) -> GroupComparison.Test? { comparison.tests.first { $0.name == name } }

    @Test func twoGroupsWithTiesMatchScipy() {
        let comparison = GroupComparison([("A", a), ("B", b)])
        let welch = test(comparison, "welch-t")
        close(welch?.statistic, 3.6421630602367823)
        close(welch?.p, 0.003033278236889539, 1e-8)
        close(welch?.df.first, 12.854966147080312)
        close(welch?.effect, 1.7115338825372908)
        let u = test(comparison, "mann-whitney-u")
        close(u?.statistic, 63)
        close(u?.p, 0.007209260623820498, 1e-8)
        close(u?.effect, 0.8)
    }

    @Test func twoSmallGroupsWithoutTiesUseTheExactU() {
        let comparison = GroupComparison([("A", a2), ("B", b2)])
        close(test(comparison, "welch-t")?.statistic, -2.6639112254554034)
        close(test(comparison, "welch-t")?.p, 0.027419271153039073, 1e-8)
        close(test(comparison, "welch-t")?.df.first, 8.408040583205638)
        close(test(comparison, "welch-t")?.effect, -1.409472328532192)
        close(test(comparison, "mann-whitney-u")?.statistic, 4)
        close(test(comparison, "mann-whitney-u")?.p, 0.05194805194805195)
        close(test(comparison, "mann-whitney-u")?.effect, -0.7333333333333334)
    }

    @Test func threeGroupsMatchScipyAndStatsmodels() {
        let comparison = GroupComparison([("G1", groups[0]), ("G2", groups[1]), ("G3", groups[2])])
        let kw = test(comparison, "kruskal-wallis")
        close(kw?.statistic, 13.757317743466748)
        close(kw?.p, 0.0010295238432521674, 1e-8)
        close(kw?.effect, 0.8092539849098087)
        let anova = test(comparison, "welch-anova")
        close(anova?.statistic, 29.882907986072407)
        close(anova?.p, 6.514677495619465e-05, 1e-7)
        close(anova?.df.last, 9.864464860909058)
    }

    @Test func scoresWithoutVariationHaveNoTest() {
        let constant = GroupComparison([("A", [1, 1, 1]), ("B", [1, 1])])
        #expect(constant.tests.isEmpty)
        #expect(constant.undefinedReason?.contains("no variation") == true)
        #expect(OneSampleTTest([50, 50, 50], benchmark: 68) == nil)
        #expect(OneSampleTTest.undefinedReason([50, 50, 50]) == "no variation: test undefined")
        // UMUX-Lite of 1,1 for three participants: all 0.
        #expect(OneSampleTTest.undefinedReason([0, 0, 0]) != nil)
        // Time ratios that are all 2, computed from different times (log residue differs by ~1e-16).
        let pairs = [(10.0, 20.0), (15.0, 30.0), (7.3, 14.6)].map { (log($0.0), log($0.1)) }
        #expect(TwoConditionComparison(pairs: pairs) == nil)
        #expect(Descriptive([0.1 + 0.2, 0.3, 0.30000000000000004])?.sd == 0)
    }

    @Test func tinyPValuesKeepTheirSize() {
        close(StudentT.twoSidedP(50, df: 30), 1.871541765922271e-30, 1e-6)
        close(StudentT.twoSidedP(12, df: 8), 2.143866747688769e-06, 1e-8)
        #expect(StudentT.twoSidedP(50, df: 30) > 0)
        close(ChiSquared.upperTail(3.5, df: 2), 0.1737739434504451)
        close(ChiSquared.upperTail(40, df: 3), 1.065509033425585e-08, 1e-7)
        close(FisherF.upperTail(4.2, df1: 2, df2: 11.5), 0.04271765389283485, 1e-8)
    }
}

@Suite struct GroupComparisonFromCountsTests {
    /// A study's comparison is computed from each group's counts of distinct scores; it must be the comparison of
    /// the scores themselves, to the last bit, for two groups and for more, with ties and without.
    @Test func countsGiveTheSameComparisonAsTheScores() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<150 {
            let groups = 2 + trial % 3
            let points = trial % 4 == 0 ? (0..<40).map { Double($0) * 1.37 } : [50, 62.5, 65, 72.5, 75, 80, 92.5]
            var samples: [(name: String, values: [Double])] = []
            for group in 0..<groups {
                let size = trial % 5 == 0 ? Int.random(in: 1...6, using: &generator) : Int.random(in: 2...60, using: &generator)
                samples.append(("G\(group)", (0..<size).map { _ in points.randomElement(using: &generator)! }))
            }
            let runs = samples.map { sample -> (name: String, runs: GroupComparison.Runs) in
                var histogram: [Double: Int] = [:]
                for value in sample.values { histogram[value, default: 0] += 1 }
                return (sample.name, histogram.sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) })
            }
            let sorted = samples.map { (name: $0.name, values: $0.values.sorted()) }
            #expect(GroupComparison(runs: runs) == GroupComparison(sorted))
        }
    }
}
