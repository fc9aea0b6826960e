import Foundation
import Testing
@testable import Surveys
import Statistics

/// The Single Usability Metric (Sauro & Kindlund 2005) of one task, against values computed by hand with scipy 1.17.1
/// (scipy.stats.norm, scipy.stats.t), run once as `python3 /tmp/sum_ref.py`:
///
///     from scipy.stats import norm, t
///     # completion 8/10 (adjusted-Wald interval), time mean 52 s SD 14 n 10 against a 60 s target,
///     # SEQ mean 5.9 SD 1.1 n 10 against 5.5, errors 0.6 per attempt SD 0.7 n 10 against 5 opportunities
///     z = norm.ppf(1 - (1 - conf) / 2); na = n + z*z; pa = (x + z*z/2) / na; h = z * (pa*(1-pa)/na) ** .5
///     q = t.ppf(1 - (1 - conf) / 2, 9); hh = q * s / 10 ** .5
///     time = norm.cdf((60 - m) / s), bounds norm.cdf((60 - (m ± hh)) / s)
///     seq = norm.cdf((m - 5.5) / s), bounds norm.cdf((m ∓ hh - 5.5) / s)
///     errors = 1 - m / 5, bounds 1 - (m ± hh) / 5
///     → parts 0.8, 0.716145, 0.641935, 0.88; SUM 0.75952
///       95 %: interval 0.51613 … 0.923721; without errors: SUM 0.71936, 0.428223 … 0.904911
///       90 %: interval 0.560691 … 0.900763; without errors: 0.481307 … 0.880632
///     z: norm.ppf(0.8) 0.8416212335729143, (60-52)/14 0.5714285714285714, (5.9-5.5)/1.1 0.3636363636363639,
///        norm.ppf(1 - 0.6/5) 1.1749867920660904
@Suite struct SingleUsabilityMetricTests {
    let completion = CompletionRate(successes: 8, attempts: 10)!
    let time = SingleUsabilityMetric.Sample(mean: 52, sd: 14, n: 10)
    let seq = SingleUsabilityMetric.Sample(mean: 5.9, sd: 1.1, n: 10)
    let errors = SingleUsabilityMetric.Sample(mean: 0.6, sd: 0.7, n: 10)

    @Test func fourComponentsAveragedAsPercentages() throws {
        let sum = try #require(SingleUsabilityMetric.compute(completion: completion, time: time, target: 60, seq: seq, errors: errors,
                                                             opportunities: 5))
        #expect(sum.omitted.isEmpty)
        #expect(sum.parts.map(\.component) == [.completion, .time, .satisfaction, .errors])
        let expected = [0.8, 0.716145, 0.641935, 0.88]
        for (part, value) in zip(sum.parts, expected) { #expect(abs(part.percent - value) < 1e-6) }
        let zs = [0.8416212335729143, 0.5714285714285714, 0.3636363636363639, 1.1749867920660904]
        for (part, z) in zip(sum.parts, zs) { #expect(abs(try #require(part.z) - z) < 1e-9) }
        #expect(abs(sum.score - 0.75952) < 1e-5)
        let interval = try #require(sum.interval)
        #expect(abs(interval.lowerBound - 0.51613) < 1e-5)
        #expect(abs(interval.upperBound - 0.923721) < 1e-5)
    }

    @Test func ninetyPercentIntervalIsNarrower() throws {
        let c90 = CompletionRate(successes: 8, attempts: 10, confidence: 0.90)!
        let sum = try #require(SingleUsabilityMetric.compute(completion: c90, time: time, target: 60, seq: seq, errors: errors,
                                                             opportunities: 5, confidence: 0.90))
        #expect(abs(sum.score - 0.75952) < 1e-5)
        let interval = try #require(sum.interval)
        #expect(abs(interval.lowerBound - 0.560691) < 1e-5)
        #expect(abs(interval.upperBound - 0.900763) < 1e-5)
        #expect(sum.confidence == 0.90)
    }

    @Test func withoutErrorOpportunitiesErrorsAreLeftOutAndNamed() throws {
        let sum = try #require(SingleUsabilityMetric.compute(completion: completion, time: time, target: 60, seq: seq, errors: errors,
                                                             opportunities: nil))
        #expect(sum.omitted == [.errors])
        #expect(sum.parts.count == 3)
        #expect(abs(sum.score - 0.71936) < 1e-5)
        let interval = try #require(sum.interval)
        #expect(abs(interval.lowerBound - 0.428223) < 1e-5)
        #expect(abs(interval.upperBound - 0.904911) < 1e-5)
    }

    @Test func withoutTargetOrSEQThoseAreLeftOut() throws {
        let sum = try #require(SingleUsabilityMetric.compute(completion: completion, time: time, target: nil, seq: nil, errors: nil,
                                                             opportunities: nil))
        #expect(sum.omitted == [.time, .satisfaction, .errors])
        #expect(sum.score == 0.8)
        #expect(sum.interval == completion.ci95)
        // SEQ answers all alike: no spread, no z, left out.
        let flat = try #require(SingleUsabilityMetric.compute(completion: completion, time: nil, target: 60,
                                                              seq: .init(mean: 6, sd: 0, n: 5), errors: nil, opportunities: nil))
        #expect(flat.omitted == [.time, .satisfaction, .errors])
    }

    @Test func fullCompletionHasNoFiniteZButAverages() throws {
        let all = CompletionRate(successes: 10, attempts: 10)!
        let sum = try #require(SingleUsabilityMetric.compute(completion: all, time: time, target: 60, seq: nil, errors: nil, opportunities: nil))
        #expect(sum.part(.completion)?.z == nil)
        #expect(abs(sum.score - (1 + 0.716145) / 2) < 1e-6)
    }

    @Test func noCompletionNoMetric() {
        #expect(SingleUsabilityMetric.compute(completion: nil, time: time, target: 60, seq: seq, errors: errors, opportunities: 5) == nil)
    }

    @Test func summaryRowCarriesItsOpportunitiesAndTarget() throws {
        let observations = (1...4).map { i in
            TaskObservation(participant: "P\(i)", task: "T1", seconds: Double(40 + 10 * i), errors: i % 2, outcome: i == 4 ? .fail : .success)
        }
        let rows = TaskSummary.build(observations, taskOrder: ["T1"], penalty: [:], successfulOnly: false, targets: ["T1": 60],
                                     errorOpportunities: ["T1": 4])
        let row = try #require(rows.first)
        #expect(row.errorOpportunities == 4)
        let sum = try #require(row.singleUsabilityMetric)
        #expect(sum.omitted == [.satisfaction])
        // Completion 3/4; errors 0.5 per attempt of 4 opportunities: 87.5 % error-free.
        #expect(sum.part(.completion)?.percent == 0.75)
        #expect(sum.part(.errors)?.percent == 0.875)
    }
}
