import Foundation
import Testing
@testable import Surveys
import Statistics

/// The individuals chart of release estimates (Montgomery 2013, §6.4) and its run rule, worked by hand; the
/// per-release figures and comparisons against scipy are pinned end to end (studyctlTests/TrendCommandTests).
@Suite struct TrendTests {
    /// Releases whose every participant gives the same value: the estimates are those values.
    static func releases(_ means: [Double], n: Int = 4) -> [TrendRelease] {
        means.enumerated().map { index, mean in
            // Values around the mean (±1) so each release varies and has a BCa interval.
            TrendRelease(name: "r\(index + 1)", values: (0..<n).map { mean + ($0 % 2 == 0 ? 1 : -1) })
        }
    }

    /// Baseline 70, 72, 71, 73: centre 71.5; moving ranges 2, 1, 2 → MR̄ = 5/3, σ = 1.6667/1.128 = 1.47754, limits
    /// 71.5 ± 4.43262 = [67.06738, 75.93262]. 60 lies below, 74 inside.
    @Test func limitsFromTheBaselineByTheMovingRange() throws {
        let analysis = TrendAnalysis(measure: .sus, releases: Self.releases([70, 72, 71, 73, 60, 74]), baseline: ["r1", "r2", "r3", "r4"])
        let chart = try #require(analysis.chart)
        #expect(abs(chart.centre - 71.5) < 1e-12)
        #expect(abs(chart.meanMovingRange - 5.0 / 3) < 1e-12)
        #expect(abs(chart.sigma - 5.0 / 3 / 1.128) < 1e-12)
        #expect(abs(chart.lower - (71.5 - 3 * 5.0 / 3 / 1.128)) < 1e-12 && abs(chart.upper - (71.5 + 3 * 5.0 / 3 / 1.128)) < 1e-12)
        #expect(analysis.points.map(\.flags) == [[], [], [], [], [.beyondLimits], []])
        #expect(analysis.points.map(\.isBaseline) == [true, true, true, true, false, false])
        // Consecutive steps, then each release outside the baseline against the baseline pooled.
        #expect(analysis.steps.map(\.against) == [.previous, .previous, .previous, .previous, .previous, .baseline, .baseline])
        let drop = try #require(analysis.steps.first { $0.to == "r5" && $0.against == .previous })
        #expect(drop.direction == .lower && drop.test == "welch-t" && abs(drop.difference - (60 - 73)) < 1e-12)
        let pooled = try #require(analysis.steps.first { $0.to == "r5" && $0.against == .baseline })
        #expect(pooled.from == ["r1", "r2", "r3", "r4"] && pooled.nFrom == 16 && pooled.nTo == 4)
    }

    /// Eight releases in a row above the centre line flag the eighth and every one after it while the run lasts
    /// (the Western Electric run rule); a release on the line breaks the run.
    @Test func aRunOfEightOnOneSide() {
        let baseline = [70.0, 80, 70, 80]  // centre 75, MR̄ 10, limits 75 ± 26.6
        let above = Array(repeating: 77.0, count: 9)
        let analysis = TrendAnalysis(measure: .sus, releases: Self.releases(baseline + above), baseline: ["r1", "r2", "r3", "r4"])
        let flagged = analysis.points.enumerated().filter { $0.element.flags.contains(.runOfEight) }.map(\.offset)
        // r2 and r4 (80) are above too: r4, r5 … r11 is the first run of eight (r3 = 70 broke the one before).
        #expect(flagged == [10, 11, 12], "\(flagged)")
        let broken = TrendAnalysis(measure: .sus, releases: Self.releases(baseline + [77, 77, 77, 75, 77, 77, 77, 77]), baseline: ["r1", "r2", "r3", "r4"])
        #expect(broken.points.allSatisfy { !$0.flags.contains(.runOfEight) })
    }

    /// Fewer than two baseline releases: no moving range, no chart; completion as rates with the N − 1 test.
    @Test func rates() throws {
        let a = TrendRelease(name: "a", values: Array(repeating: 1, count: 17) + Array(repeating: 0, count: 3))
        let b = TrendRelease(name: "b", values: Array(repeating: 1, count: 10) + Array(repeating: 0, count: 9))
        let analysis = TrendAnalysis(measure: .completion, releases: [a, b], baseline: ["a"])
        #expect(analysis.chart == nil)
        #expect(analysis.points[0].successes == 17 && analysis.points[0].interval == CompletionRate(successes: 17, attempts: 20)?.ci95)
        let step = try #require(analysis.steps.first)
        // The 'N − 1' test of 17/20 against 10/19 (IndependentProportionsTests works it by hand: z = −2.160890).
        #expect(step.test == "n-1-two-proportion" && abs((step.statistic ?? 0) - (-2.1608897344483924)) < 1e-12)
        #expect(abs((step.effect ?? 0) - (2 * asin((10.0 / 19).squareRoot()) - 2 * asin((17.0 / 20).squareRoot()))) < 1e-12)
        #expect(step.direction == .lower)
    }
}
