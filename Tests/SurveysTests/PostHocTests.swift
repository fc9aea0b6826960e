import Foundation
import Surveys
import Testing

/// Reference values computed once with pingouin 0.7.0 (`pairwise_gameshowell`), scikit-posthocs 0.17.1
/// (`posthoc_dunn(p_adjust="holm")`) and scipy 1.17.1 (`studentized_range.sf`) in a venv:
///   python -m venv v && v/bin/pip install pingouin scikit-posthocs scipy && v/bin/python ph.py
/// where ph.py builds a DataFrame of (group, value) from the samples below and prints each pair's diff, T, df, pval,
/// and the Dunn matrix. pingouin orders groups alphabetically, so a pair may come with its sign flipped.
@Suite struct PostHocTests {
    /// UITracking's PSSUQ overall score per level (published data).
    static let levels: [(name: String, values: [Double])] = [
        ("Iniciante", [2.8125, 3.25]), ("Intermediário", [1.4375, 1.5, 2.3125, 1.8125, 1.5625, 2.5625]), ("Avançado", [1.875, 1.375]),
    ]
    /// SUS scores in three groups, with ties across groups.
    static let sus: [(name: String, values: [Double])] = [
        ("A", [72.5, 80, 85, 90, 67.5, 77.5]), ("B", [55, 62.5, 70, 60, 57.5]), ("C", [85, 92.5, 95, 87.5, 90, 97.5, 100]),
    ]

    static func close(_ a: Double, _ b: Double, relative: Double) -> Bool { abs(a - b) <= relative * max(abs(b), 1e-300) }

    func pair(_ result: PostHoc, _ a: String, _ b: String) throws -> (PostHoc.Pair, Double) {
        if let pair = result.pairs.first(where: { $0.a == a && $0.b == b }) { return (pair, 1) }
        return (try #require(result.pairs.first { $0.a == b && $0.b == a }), -1)
    }

    /// Copenhaver & Holland's quadrature (R's `ptukey`) agrees with scipy's to about 1e-5 relative at a handful of
    /// degrees of freedom and far better above: ample for p printed to three decimals.
    @Test func studentizedRangeMatchesScipy() {
        let cases: [(Double, Double, Double, Double)] = [(3.5, 3, 10, 0.07710331083841038), (2.0, 4, 5.5, 0.5385017357316735),
                                                         (4.2, 3, 2.47, 0.14005733395670372), (1.0, 2, 30, 0.48495696868303584),
                                                         (6.0, 5, 100, 0.00046686899754266875)]
        for (q, k, df, expected) in cases {
            let p = StudentizedRange.upperTail(q, groups: k, df: df)
            #expect(Self.close(p, expected, relative: df < 5 ? 2e-5 : 1e-6), "q = \(q), k = \(k), df = \(df): \(p) vs \(expected)")
        }
    }

    @Test func gamesHowellMatchesPingouin() throws {
        let expected: [(String, String, Double, Double, Double, Double)] = [
            ("Avançado", "Iniciante", -1.40625, -4.233243907726187, 1.9653686316761583, 0.09486239457457668),
            ("Avançado", "Intermediário", -0.23958333333333326, -0.7611889011697193, 2.351461170391927, 0.7541604638290602),
            ("Iniciante", "Intermediário", 1.1666666666666667, 4.015394540539619, 2.7868254672763806, 0.062287410968175805),
            ("A", "B", 17.75, 4.2106045991365235, 8.816724426241425, 0.006025594262313749),
            ("A", "C", -13.75, -3.5138211074996697, 8.452682087255848, 0.017847792564162912),
            ("B", "C", -31.5, -9.588844870261795, 8.398860636666216, 2.1863809159583525e-05),
        ]
        let levels = try #require(PostHoc.gamesHowell(Self.levels))
        let sus = try #require(PostHoc.gamesHowell(Self.sus))
        for (a, b, difference, t, df, p) in expected {
            let (pair, sign) = try pair(a.count == 1 ? sus : levels, a, b)
            #expect(Self.close(sign * pair.difference, difference, relative: 1e-12))
            #expect(Self.close(sign * pair.statistic, t, relative: 1e-12))
            #expect(Self.close(try #require(pair.df), df, relative: 1e-12))
            #expect(Self.close(pair.p, p, relative: 1e-4), "\(a)–\(b): \(pair.p) vs \(p)")
        }
    }

    @Test func dunnWithHolmMatchesScikitPosthocs() throws {
        let expected: [(String, String, Double)] = [
            ("Iniciante", "Intermediário", 0.14252679811982624), ("Iniciante", "Avançado", 0.14252679811982624),
            ("Intermediário", "Avançado", 0.5896385516265672),
            ("A", "B", 0.10623668860767177), ("A", "C", 0.10623668860767177), ("B", "C", 0.0008130475768143536),
        ]
        let levels = try #require(PostHoc.dunnHolm(Self.levels))
        let sus = try #require(PostHoc.dunnHolm(Self.sus))
        for (a, b, p) in expected {
            let (pair, _) = try pair(a.count == 1 ? sus : levels, a, b)
            #expect(Self.close(try #require(pair.pAdjusted), p, relative: 1e-9), "\(a)–\(b)")
        }
    }

    @Test func holmIsMonotoneAndCapped() {
        #expect(PostHoc.holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06])
        #expect(PostHoc.holm([0.5, 0.9]) == [1, 1])
    }
}
