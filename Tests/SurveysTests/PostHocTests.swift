import Foundation
import Statistics
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

    /// scipy 1.17.1's `studentized_range.sf` at k = 3, 5, 10 and ν = 2, 3, 7, 30, 1000 (q for p ≈ 0.5, 0.05, 1e-3,
    /// 1e-5), and a few more, where scipy's own figure is good to 1e-7 (checked against
    /// scripts/studentized_range_tail.py). Printed, in this order, by
    ///
    ///     python3 -c "from scipy.stats import studentized_range as s; [print(repr(float(s.sf(q, k, df)))) for q, k, df in [(3.015, 3, 2), (10.82, 3, 2), (77.44, 3, 2), (774.6, 3, 2), (2.571, 3, 3), (6.868, 3, 3), (26.46, 3, 3), (123.2, 3, 3), (2.183, 3, 7), (4.423, 3, 7), (9.196, 3, 7), (18.68, 3, 7), (2.005, 3, 30), (3.586, 3, 30), (5.727, 3, 30), (8.046, 3, 30), (1.957, 3, 1000), (3.391, 3, 1000), (5.092, 3, 1000), (6.612, 3, 1000), (6.085, 5, 2), (19.92, 5, 2), (141.4, 5, 2), (1414, 5, 2), (4.501, 5, 3), (10.54, 5, 3), (39.6, 5, 3), (184.1, 5, 3), (3.344, 5, 7), (5.698, 5, 7), (11.15, 5, 7), (22.3, 5, 7), (2.888, 5, 30), (4.285, 5, 30), (6.339, 5, 30), (8.654, 5, 30), (2.775, 5, 1000), (3.979, 5, 1000), (5.524, 5, 1000), (6.961, 5, 1000), (13.3, 10, 2), (42.39, 10, 2), (300, 10, 2), (3000, 10, 2), (7.955, 10, 3), (17.64, 10, 3), (65.44, 10, 3), (303.9, 10, 3), (4.839, 10, 7), (7.51, 10, 7), (14.06, 10, 7), (27.76, 10, 7), (3.827, 10, 30), (5.101, 10, 30), (7.095, 10, 30), (9.423, 10, 30), (3.598, 10, 1000), (4.625, 10, 1000), (6.027, 10, 1000), (7.376, 10, 1000), (2, 4, 5.5), (4.2, 3, 2.47), (1, 2, 30), (6, 5, 100), (3.5, 3, 10)]]"
    static let scipyStudentizedRange: [(q: Double, k: Double, df: Double, p: Double)] = [
        (3.015, 3, 2, 0.28631032936388223), (10.82, 3, 2, 0.03026059321988428), (77.44, 3, 2, 0.0006089335827437203),
        (774.6, 3, 2, 6.089888096583174e-06), (2.571, 3, 3, 0.3046585136636387), (6.868, 3, 3, 0.033626203772073815),
        (26.46, 3, 3, 0.0006862927365616223), (123.2, 3, 3, 6.8760654122757e-06), (2.183, 3, 7, 0.3291998089307018),
        (4.423, 3, 7, 0.03904825225675279), (9.196, 3, 7, 0.000837725143221002), (18.68, 3, 7, 8.52949743335163e-06),
        (2.005, 3, 30, 0.3447577673636598), (3.586, 3, 30, 0.04281106552697944), (5.727, 3, 30, 0.0009455356105295687),
        (8.046, 3, 30, 9.756128262372599e-06), (1.957, 3, 1000, 0.34976986864324877), (3.391, 3, 1000, 0.04395806732452956),
        (5.092, 3, 1000, 0.0009705625447744559), (6.612, 3, 1000, 9.950463284669198e-06), (6.085, 5, 2, 0.14729688629430027),
        (19.92, 5, 2, 0.015332914801357678), (141.4, 5, 2, 0.0003078495375880008), (1414.0, 5, 2, 3.079214197065916e-06),
        (4.501, 5, 3, 0.17735893761261856), (10.54, 5, 3, 0.019559398300518782), (39.6, 5, 3, 0.0004001010012909534),
        (184.1, 5, 3, 4.006178697446572e-06), (3.344, 5, 7, 0.22970595377092629), (5.698, 5, 7, 0.028837568050538387),
        (11.15, 5, 7, 0.0006459657531281415), (22.3, 5, 7, 6.670429080535278e-06), (2.888, 5, 30, 0.27131253712510506),
        (4.285, 5, 30, 0.03720145878643788), (6.339, 5, 30, 0.0008871996818812233), (8.654, 5, 30, 9.437605302364815e-06),
        (2.775, 5, 1000, 0.28542221902120346), (3.979, 5, 1000, 0.03994910000264906), (5.524, 5, 1000, 0.0009484261194101506),
        (6.961, 5, 1000, 9.895866416531618e-06), (13.3, 10, 2, 0.055122603961436534), (42.39, 10, 2, 0.005604269943399132),
        (300.0, 10, 2, 0.00011228455381617763), (3000.0, 10, 2, 1.1229247157684696e-06), (7.955, 10, 3, 0.0796230802637703),
        (17.64, 10, 3, 0.008511176012867216), (65.44, 10, 3, 0.00017313506323979322), (303.9, 10, 3, 1.7336502189380099e-06),
        (4.839, 10, 7, 0.14287305667086436), (7.51, 10, 7, 0.018168652631441518), (14.06, 10, 7, 0.00041745565805040297),
        (27.76, 10, 7, 4.360399736058618e-06), (3.827, 10, 30, 0.21627806785681847), (5.101, 10, 30, 0.031581066735979935),
        (7.095, 10, 30, 0.0008077078117124659), (9.423, 10, 30, 8.932102575132106e-06), (3.598, 10, 1000, 0.2463311250820237),
        (4.625, 10, 1000, 0.036894795079722265), (6.027, 10, 1000, 0.0009231527463163802), (7.376, 10, 1000, 9.84940054682415e-06),
        (2.0, 4, 5.5, 0.5385017357316735), (4.2, 3, 2.47, 0.14005733395670372), (1.0, 2, 30, 0.48495696868303584),
        (6.0, 5, 100, 0.00046686899754266875), (3.5, 3, 10, 0.07710331083841038),
    ]

    /// The studentized range to 1e-6 relative of scipy's (R's `ptukey` algorithm, used before, missed 25 of these by
    /// up to 100 %: 0 for 6.09e-06 at ν = 2).
    @Test func studentizedRangeMatchesScipy() {
        for (q, k, df, expected) in Self.scipyStudentizedRange {
            let p = StudentizedRange.upperTail(q, groups: k, df: df)
            #expect(Self.close(p, expected, relative: 1e-6), "q = \(q), k = \(k), df = \(df): \(p) vs scipy \(expected)")
        }
    }

    /// Deep tails (p from 1e-6 to 1e-14) and ν from 1 to 10⁵, where scipy's `sf` (1 − cdf) keeps few digits or
    /// none (it gives 0 at ν = 1): the upper-tail integral itself, each value printed by
    ///     python3 scripts/studentized_range_tail.py Q K DF
    /// (e.g. `python3 scripts/studentized_range_tail.py 90.04 10 10` → 6.130909521582329e-13).
    static let tailIntegral: [(q: Double, k: Double, df: Double, p: Double)] = [
        (90030000.0, 2, 1, 1.000018123022445e-08), (900300000000.0, 2, 1, 1.0000181230224452e-12),
        (5402000.0, 4, 1, 3.040809764496567e-07), (54020000000.0, 4, 1, 3.040809764496685e-11),
        (4051000000.0, 10, 1, 6.061451724643947e-10), (40510000000000.0, 10, 1, 6.061451724643954e-14),
        (2449.0, 3, 2, 6.092410023408632e-07), (244900.0, 3, 2, 6.092413760170497e-11),
        (64810.0, 7, 2, 1.906460904083005e-09), (6481000.0, 7, 2, 1.906460906579381e-13),
        (18.01, 4, 10, 8.408651186930295e-07), (46.3, 4, 10, 8.507007114367364e-11),
        (35.63, 10, 10, 6.076408954733495e-09), (90.04, 10, 10, 6.130909521582329e-13),
        (8.123, 5, 100, 9.89621341767594e-07), (10.89, 5, 100, 9.945538560772197e-11),
        (8.983, 10, 10000, 9.969144959837567e-09), (10.82, 10, 10000, 9.809073389275713e-13),
        (7.218, 3, 100000, 9.976340432011728e-07), (9.379, 3, 100000, 9.98750213418998e-11),
        (8.807, 7, 100000, 9.980844665701942e-09), (10.66, 7, 100000, 1.01241717103988e-12),
        (6.918, 2, 100000, 1.0009079766350036e-06), (9.147, 2, 100000, 9.982671417813759e-11),
    ]

    @Test func studentizedRangeDeepTails() {
        for (q, k, df, expected) in Self.tailIntegral {
            let p = StudentizedRange.upperTail(q, groups: k, df: df)
            #expect(Self.close(p, expected, relative: 1e-9), "q = \(q), k = \(k), df = \(df): \(p) vs \(expected)")
        }
    }

    /// With two groups Q = |T|·√2 exactly, so P(Q > q) = 2·P(T > q/√2): the double integral against the t tail, from
    /// ν = 1 to 10⁶ and p from 0.9 to 1e-13.
    @Test func twoGroupsAreStudentsT() {
        for df in [1.0, 1.7, 2, 4.4, 9, 25, 120, 3_000, 1e5, 1e6] {
            for p in [0.9, 0.3, 0.05, 1e-3, 1e-6, 1e-9, 1e-13] {
                let q = StudentT.quantile(1 - p / 2, df: df) * 2.squareRoot()
                let expected = StudentT.twoSidedP(q / 2.squareRoot(), df: df)
                let range = StudentizedRange.upperTail(q, groups: 2, df: df)
                #expect(Self.close(range, expected, relative: 1e-10), "df = \(df), p = \(p): \(range) vs \(expected)")
            }
        }
        #expect(StudentizedRange.upperTail(0, groups: 3, df: 5) == 1)
        #expect(StudentizedRange.upperTail(.infinity, groups: 3, df: 5) == 0)
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
            #expect(Self.close(pair.p, p, relative: 1e-6), "\(a)–\(b): \(pair.p) vs \(p)")
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
