import Foundation
import Testing
@testable import Surveys
import Statistics

/// Completion rates of different participants compared: the 'N − 1' two-proportion test (Campbell 2007), its
/// adjusted-Wald interval (Agresti & Caffo 2000) and Fisher's exact test.
///
/// Sauro & Lewis (2016, ch. 5) could not be fetched here, so the 'N − 1' values are computed by hand from Campbell's
/// formula (steps in each test) and checked a second way, as the 'N − 1' χ² (ad − bc)²(N − 1)/(mnrs) = z². Fisher's
/// p-values against scipy 1.17.1 (python3 -m venv /tmp/bench-venv && /tmp/bench-venv/bin/pip install scipy):
///
///     from scipy.stats import fisher_exact
///     fisher_exact([[17, 3], [10, 9]]).pvalue  → 0.04074239502493117
///     fisher_exact([[1, 1], [9, 0]]).pvalue    → 0.18181818181818182
///     fisher_exact([[0, 4], [7, 1]]).pvalue    → 0.0101010101010101
///     fisher_exact([[2, 8], [9, 1]]).pvalue    → 0.005477494641581328
///     fisher_exact([[3, 0], [0, 3]]).pvalue    → 0.10000000000000002
@Suite struct IndependentProportionsTests {
    /// 17 of 20 completed under A, 10 of 19 under B (the benchmark fixture's T2), by hand:
    /// N = 39, P̂ = 27/39 = 0.692308, P̂Q̂ = 0.213018, 1/20 + 1/19 = 0.102632, √(0.213018 × 0.102632) = 0.147858;
    /// p̂_B − p̂_A = 0.526316 − 0.85 = −0.323684; −0.323684 / 0.147858 = −2.189159; × √(38/39) = × 0.987096 →
    /// z = −2.160890, two-sided p = 2Φ(−2.160890) = 0.030704. Expected counts: the smallest is 19 × 12 / 39 = 5.846 ≥ 1,
    /// so the 'N − 1' test applies. Adjusted Wald: p̃_A = 18/22 = 0.818182, p̃_B = 11/21 = 0.523810, difference
    /// −0.294372, SE = √(0.818182 × 0.181818/22 + 0.523810 × 0.476190/21) = 0.136528, ± 1.959964 × SE →
    /// [−0.561960, −0.026784].
    @Test func nMinusOneTestAndItsIntervalByHand() throws {
        let test = try #require(IndependentProportions(successesA: 17, nA: 20, successesB: 10, nB: 19))
        #expect(test.test == .nMinusOne)
        #expect(abs(test.smallestExpected - 19.0 * 12 / 39) < 1e-12)
        #expect(abs(test.difference - (10.0 / 19 - 17.0 / 20)) < 1e-12)
        let z = try #require(test.z)
        #expect(abs(z - (-2.160890)) < 5e-6, "\(z)")
        #expect(abs(z - (-2.1608897344483924)) < 1e-12, "\(z)")
        #expect(abs(test.p - 0.030704) < 5e-6, "\(test.p)")
        #expect(abs(test.ci95.lowerBound - (-0.561960)) < 5e-6 && abs(test.ci95.upperBound - (-0.026784)) < 5e-6, "\(test.ci95)")
        // The 'N − 1' chi-squared of the same table: (ad − bc)²(N − 1)/(mnrs), a = 17, b = 3, c = 10, d = 9.
        let ad: Double = 17 * 9, bc: Double = 3 * 10, margins: Double = 20 * 19 * 27 * 12
        let chi = (ad - bc) * (ad - bc) * 38 / margins
        #expect(abs(z * z - chi) < 1e-9)
        // B against A: swapping the groups turns the sign, not the p-value.
        let swapped = try #require(IndependentProportions(successesA: 10, nA: 19, successesB: 17, nB: 20))
        #expect(abs((swapped.z ?? 0) + z) < 1e-12 && abs(swapped.p - test.p) < 1e-15)
    }

    /// 12 of 12 against 6 of 12, by hand: N = 24, P̂ = 18/24 = 0.75, P̂Q̂ = 0.1875, 1/12 + 1/12 = 0.166667,
    /// √0.03125 = 0.176777; (0.5 − 1) / 0.176777 = −2.828427; × √(23/24) = × 0.978945 → z = −2.768875, p = 0.005625.
    /// Expected counts: the smallest is 12 × 6 / 24 = 3. Adjusted Wald: p̃_A = 13/14, p̃_B = 7/14, difference −0.428571,
    /// SE = √(0.928571 × 0.071429/14 + 0.25/14) = √(0.004738 + 0.017857) = 0.150316 → −0.428571 ± 0.294614 =
    /// [−0.723184, −0.133958].
    @Test func aRateOfOneHundredPercentByHand() throws {
        let test = try #require(IndependentProportions(successesA: 12, nA: 12, successesB: 6, nB: 12))
        #expect(test.test == .nMinusOne && abs(test.smallestExpected - 3) < 1e-12)
        #expect(abs((test.z ?? 0) - (-2.768875)) < 5e-6, "\(String(describing: test.z))")
        #expect(abs(test.p - 0.005625) < 5e-6, "\(test.p)")
        #expect(abs(test.ci95.lowerBound - (-0.723184)) < 5e-6 && abs(test.ci95.upperBound - (-0.133958)) < 5e-6, "\(test.ci95)")
    }

    /// Campbell's rule: an expected count under 1 (1 of 2 against 9 of 9: the smallest 2 × 1 / 11 = 0.18) takes
    /// Fisher's exact test; every participant with the same outcome too (P̂Q̂ = 0, no z).
    @Test func fisherWhereAnExpectedCountIsUnderOne() throws {
        let small = try #require(IndependentProportions(successesA: 1, nA: 2, successesB: 9, nB: 9))
        #expect(small.test == .fisherExact && small.z == nil)
        #expect(abs(small.smallestExpected - 2.0 / 11) < 1e-12)
        #expect(abs(small.p - 0.18181818181818182) < 1e-12, "\(small.p)")
        let same = try #require(IndependentProportions(successesA: 5, nA: 5, successesB: 4, nB: 4))
        #expect(same.test == .fisherExact && same.p == 1)
        #expect(IndependentProportions(successesA: 1, nA: 0, successesB: 1, nB: 2) == nil)
        #expect(IndependentProportions(successesA: 3, nA: 2, successesB: 1, nB: 2) == nil)
    }

    @Test func fisherExactAsScipy() {
        let cases: [(Int, Int, Int, Int, Double)] = [(17, 20, 10, 19, 0.04074239502493117), (1, 2, 9, 9, 0.18181818181818182),
                                                      (0, 4, 7, 8, 0.0101010101010101), (2, 10, 9, 10, 0.005477494641581328),
                                                      (3, 3, 0, 3, 0.10000000000000002)]
        for (xa, na, xb, nb, expected) in cases {
            let p = IndependentProportions.fisherExactP(successesA: xa, nA: na, successesB: xb, nB: nb)
            #expect(abs(p - expected) < 1e-12, "\(xa)/\(na) vs \(xb)/\(nb): \(p), scipy \(expected)")
        }
    }

    /// Welch's t on each participant's log time with Hedges' g of B − A, checked against the formula worked here
    /// (the fixture's values against scipy are pinned end to end, BenchmarkCommandTests); too little to compare gives
    /// no row.
    @Test func groupsComparedByWelchWithHedgesG() throws {
        #expect(GroupTaskComparison.welch(task: "T1", measure: .time, groupA: "a", groupB: "b", a: [52.8, 62.4], b: [60]) == nil, "one value in B")
        #expect(GroupTaskComparison.welch(task: "T1", measure: .seq, groupA: "a", groupB: "b", a: [5, 5], b: [5, 5]) == nil, "nothing varies")
        // Welch on logs and Hedges' g with its sign: B lower than A gives a negative g and names B lower.
        let a = [50.0, 60, 70, 65, 55], b = [30.0, 42, 38, 45, 35]
        let row = try #require(GroupTaskComparison.welch(task: "T1", measure: .time, groupA: "4.2", groupB: "4.3", a: a, b: b))
        let la = a.map { log($0) }, lb = b.map { log($0) }
        let mean = { (x: [Double]) in x.reduce(0, +) / Double(x.count) }
        let variance = { (x: [Double]) in x.map { pow($0 - mean(x), 2) }.reduce(0, +) / Double(x.count - 1) }
        let pooled = ((4 * variance(la) + 4 * variance(lb)) / 8).squareRoot()
        #expect(abs((row.hedgesG ?? 0) - (mean(lb) - mean(la)) / pooled * (1 - 3.0 / 31)) < 1e-12)
        #expect((row.hedgesG ?? 0) < 0 && row.higher == "4.2")
        #expect(abs(row.effect - exp(mean(lb) - mean(la))) < 1e-12, "the ratio of geometric means B / A")
    }

    /// Every task and measure between two groups, one value per participant (a second trial averaged, an attempt
    /// without outcome left out of completion), Holm over the whole family.
    @Test func everyTaskBetweenGroupsWithHolm() throws {
        var observations: [TaskObservation] = []
        var seq: [TaskAnswer] = []
        for i in 0..<12 {
            let group = i < 6 ? "A" : "B"
            let code = "P\(i)"
            for task in ["T1", "T2"] {
                let seconds = Double(20 + i * 3 + (task == "T2" ? 10 : 0))
                let outcome: Outcome? = i == 11 ? nil : (i % 3 == 0 ? .fail : .success)
                observations.append(TaskObservation(participant: code, task: task, group: [group], seconds: seconds, errors: i % 3, outcome: outcome))
                seq.append(TaskAnswer(participant: code, task: task, value: Double(3 + i % 4)))
            }
        }
        // P0 tries T1 twice: their first outcome counts, their times enter as one geometric mean.
        observations.append(TaskObservation(participant: "P0", task: "T1", group: ["A"], seconds: 80, errors: 0, outcome: .success))
        let all = GroupTaskComparisons(grouping: "release", groups: ["A", "B"], taskOrder: ["T1", "T2"], observations: observations, seq: seq)
        #expect(all.rows.count == 8)
        let completion = try #require(all.rows.first { $0.task == "T1" && $0.measure == .completion })
        #expect(completion.successesA == 4 && completion.nA == 6, "P0's first outcome, a failure")
        #expect(completion.successesB == 3 && completion.nB == 5, "P11 has no outcome")
        let time = try #require(all.rows.first { $0.task == "T1" && $0.measure == .time })
        #expect(time.nA == 6 && time.nB == 6)
        let holm = PostHoc.holm(all.rows.map(\.p))
        #expect(all.rows.map(\.pHolm) == holm)
        #expect(all.rows.allSatisfy { $0.pHolm >= $0.p })
    }
}
