import Foundation
import Testing
@testable import Surveys

/// Tasks against their benchmarks (completion 78 %, Sauro 2011; SEQ 5.5, Sauro 2012), tested one-sided as Sauro &
/// Lewis (2016, ch. 4) describe. Reference values from scipy 1.17.1 and statsmodels 0.15.0, run once
/// (python3 -m venv /tmp/bench-venv && /tmp/bench-venv/bin/pip install scipy; statsmodels in /tmp/sm-tasks):
///
///     from scipy import stats
///     d = stats.binom(n, 0.78)
///     above = d.sf(x) + 0.5 * d.pmf(x); below = d.cdf(x - 1) + 0.5 * d.pmf(x)     # mid-p
///       x=18 n=20 → above 0.09865887491593636
///       x=12 n=20 → below 0.036118736441655135
///       x=9  n=10 → above 0.20091357131697507
///       x=15 n=20 → below 0.36188170797406505
///     z = (x/n - 0.78) / sqrt(0.78 * 0.22 / n)
///       x=85 n=100 → z 1.6898159235484354, stats.norm.sf(z) 0.04553158822419497
///       x=70 n=100 → z -1.9312181983410721, stats.norm.cdf(z) 0.02672803720531097
///     stats.ttest_1samp([6,7,5,6,7,6,5,7,6,6], 5.5, alternative='greater')  → t 2.57142857142857, p 0.015058565937961427
///     stats.t.interval(0.90, 9, loc=6.1, scale=stats.sem(seq))             → (5.672273649046877, 6.527726350953121)
///     stats.ttest_1samp([4,5,3,6,4,5,5,4], 5.5, alternative='less')        → t -3.0550504633038935, p 0.009225764256507936
///     from statsmodels.stats.proportion import proportion_confint
///     proportion_confint(18, 20, alpha=0.10, method='agresti_coull') → (0.7298744034620114, 0.9747993266492169)
///     proportion_confint(12, 20, alpha=0.05, method='agresti_coull') → (0.3860303790620197, 0.7817445893274164)
@Suite struct TaskBenchmarkTestTests {
    @Test func benchmarksAreThePublishedAverages() {
        #expect(TaskBenchmarks.completion == 0.78)
        #expect(TaskBenchmarks.seq == 5.5)
    }

    @Test func smallSampleCompletionUsesTheMidProbability() throws {
        let cases: [(x: Int, n: Int, direction: BenchmarkTest.Direction, p: Double)] = [
            (18, 20, .above, 0.09865887491593636), (12, 20, .below, 0.036118736441655135),
            (9, 10, .above, 0.20091357131697507), (15, 20, .below, 0.36188170797406505),
        ]
        for c in cases {
            let test = try #require(TaskBenchmarkTest.completion(successes: c.x, n: c.n))
            #expect(test.method == .binomialMidP)
            #expect(test.direction == c.direction)
            #expect(abs(test.p - c.p) < 1e-12, "\(c)")
            #expect(test.statistic == nil)
        }
    }

    @Test func largeSampleCompletionUsesTheNormalApproximation() throws {
        let above = try #require(TaskBenchmarkTest.completion(successes: 85, n: 100))
        #expect(above.method == .normal && above.direction == .above)
        #expect(abs(above.statistic! - 1.6898159235484354) < 1e-12)
        #expect(abs(above.p - 0.04553158822419497) < 1e-12)
        #expect(above.significant())
        let below = try #require(TaskBenchmarkTest.completion(successes: 70, n: 100))
        #expect(below.method == .normal && below.direction == .below)
        #expect(abs(below.statistic! + 1.9312181983410721) < 1e-12)
        #expect(abs(below.p - 0.02672803720531097) < 1e-12)
    }

    @Test func completionIntervalFollowsTheConfidenceAndGivesTheLight() throws {
        let ninety = try #require(TaskBenchmarkTest.completion(successes: 18, n: 20, confidence: 0.90))
        #expect(abs(ninety.interval.lowerBound - 0.7298744034620114) < 1e-12)
        #expect(abs(ninety.interval.upperBound - 0.9747993266492169) < 1e-12)
        #expect(ninety.light == .amber, "the interval holds 78 %")
        let low = try #require(TaskBenchmarkTest.completion(successes: 12, n: 20, confidence: 0.95))
        #expect(abs(low.interval.upperBound - 0.7817445893274164) < 1e-12)
        #expect(low.light == .amber, "upper bound 78.17 % is just above 78 %")
        #expect(try #require(TaskBenchmarkTest.completion(successes: 20, n: 20)).light == .green)
        #expect(try #require(TaskBenchmarkTest.completion(successes: 5, n: 20)).light == .red)
        #expect(TaskBenchmarkTest.completion(successes: 0, n: 0) == nil)
    }

    @Test func seqAgainstItsBenchmarkByOneSampleT() throws {
        let seq: [Double] = [6, 7, 5, 6, 7, 6, 5, 7, 6, 6]
        let above = try #require(TaskBenchmarkTest.mean(seq, confidence: 0.90))
        #expect(above.method == .oneSampleT && above.direction == .above && above.df == 9)
        #expect(abs(above.value - 6.1) < 1e-12)
        #expect(abs(above.statistic! - 2.57142857142857) < 1e-12)
        #expect(abs(above.p - 0.015058565937961427) < 1e-12)
        #expect(abs(above.interval.lowerBound - 5.672273649046877) < 1e-9)
        #expect(abs(above.interval.upperBound - 6.527726350953121) < 1e-9)
        #expect(above.light == .green)
        let below = try #require(TaskBenchmarkTest.mean([4, 5, 3, 6, 4, 5, 5, 4]))
        #expect(below.direction == .below)
        #expect(abs(below.statistic! + 3.0550504633038935) < 1e-12)
        #expect(abs(below.p - 0.009225764256507936) < 1e-12)
        #expect(below.light == .red)
        #expect(TaskBenchmarkTest.mean([5, 5, 5]) == nil, "no spread: no test")
        // Few answers near the top: the t interval (6.33 ± 4.303 × 0.577 / √3 · …) reaches past 7 and is cut to the
        // SEQ's scale; the test itself is the uncut t.
        let top = try #require(TaskBenchmarkTest.mean([7, 7, 5]))
        #expect(top.interval.upperBound == 7 && top.interval.lowerBound > 1 && top.interval.lowerBound < 6.33, "\(top.interval)")
        let bottom = try #require(TaskBenchmarkTest.mean([1, 1, 3]))
        #expect(bottom.interval.lowerBound == 1, "\(bottom.interval)")
        #expect(TaskBenchmarkTest.mean([6]) == nil)
    }

    @Test func shareUnderTargetCountsTheSuccessfulTimesAtOrBelowIt() throws {
        let share = try #require(TaskBenchmarkTest.underTarget(times: [30, 45, 60, 61, 90], target: 60))
        #expect(share.successes == 3 && share.attempts == 5)
        #expect(TaskBenchmarkTest.underTarget(times: [], target: 60) == nil)
    }
}
