import Foundation
import Testing
@testable import QualCoding

@Suite struct AlphaBootstrapTests {
    /// Hayes & Krippendorff (2007), Table 1: 40 units, 5 observers, missing values ('.').
    static let table1 = """
        1 1 2 . 2|1 1 0 1 .|2 3 3 3 .|. 0 0 . 0|0 0 0 . 0|0 0 0 . 0|1 0 2 . 1|1 . 2 0 .|2 2 2 . 2|2 1 1 1 .|\
        . 1 0 0 .|0 0 0 0 .|1 2 2 2 .|3 3 2 2 3|1 1 1 . 1|1 1 1 . 1|2 1 2 . 2|1 2 3 3 .|1 1 0 1 .|0 0 0 . 0|\
        0 0 1 1 .|0 0 . 0 0|2 3 3 3 .|0 0 0 0 .|1 2 . 2 2|0 1 1 1 .|0 0 0 1 0|1 2 1 2 .|1 1 2 2 .|1 1 2 . 2|\
        1 1 0 . 0|2 1 2 1 .|2 2 . 2 2|3 2 2 2 .|2 2 2 . 2|2 2 3 . 2|2 2 2 . 2|2 2 . 1 2|2 2 2 2 .|1 1 1 . 1
        """.split(separator: "|").map { $0.split(separator: " ").map { $0 == "." ? nil : String($0) } }

    /// Reference values, computed once (krippendorff 0.8.1, scipy 1.17.1):
    ///   python -m venv kv && kv/bin/pip install krippendorff==0.8.1 scipy==1.17.1
    ///   α = krippendorff.alpha(reliability_data=data.T, level_of_measurement='nominal')  → 0.47650956741865835
    ///   with the coincidences: n = 159, D_o = 0.3731656184486375, D_e = 0.7128413342886716, 14 non-empty cells,
    ///   M = min(25·14, 4·159/2) = 318; nominal δ makes Σδ over M drawn pairs Binomial(M, D_o), so the bootstrap's
    ///   ends converge to 1 − binom.ppf(0.975, 318, D_o)/(D_e·318) = 1 − 136/(D_e·318) = 0.40004467 and
    ///   1 − binom.ppf(0.025, 318, D_o)/(D_e·318) = 1 − 102/(D_e·318) = 0.55003350; one step is 1/(D_e·318) = 0.00441.
    @Test func bootstrapConvergesToTheBinomialItDrawsFrom() throws {
        #expect(abs(KrippendorffAlpha(units: Self.table1).alpha! - 0.47650956741865835) < 1e-12)
        let interval = try #require(KrippendorffAlpha.bootstrap(units: Self.table1, resamples: 20_000, seed: 7))
        #expect(interval.pairs == 318)
        let step = 0.004411436229618046
        #expect(abs(interval.low - 0.4000446727719458) <= step + 1e-9, "low \(interval.low)")
        #expect(abs(interval.high - 0.5500335045789593) <= step + 1e-9, "high \(interval.high)")
        // Every resample is far below 0.667: the chance of falling short of it is 1.
        #expect(interval.shortfalls.first { $0.minimum == 0.667 }?.probability == 1)
        // Seeded: the same seed, the same interval; another seed, close but its own.
        #expect(KrippendorffAlpha.bootstrap(units: Self.table1, resamples: 20_000, seed: 7) == interval)
        #expect(KrippendorffAlpha.bootstrap(units: Self.table1, resamples: 20_000, seed: 8)?.seed == 8)
    }

    /// Coders who never disagree on a rare value: every resample is perfect, and as many as chance alone gives
    /// (B Σ (o_cc/n)^pairs) count as 0, as Hayes's macro does — the interval reaches 0.
    @Test func perfectAgreementOnARareValueIsCorrectedForChance() throws {
        let units: [[String?]] = (0..<20).map { $0 < 2 ? ["1", "1"] : ["0", "0"] }
        let interval = try #require(KrippendorffAlpha.bootstrap(units: units, resamples: 1000, seed: 1))
        // o_11 = 4, o_00 = 36, n = 40, 20 pairs: 1000 × (0.1^20 + 0.9^20) = 121.6 → 122 resamples set to 0.
        #expect(interval.low == 0)
        #expect(interval.high == 1)
        #expect(abs(interval.shortfalls.first { $0.minimum == 0.8 }!.probability - 0.122) < 1e-12)
        #expect(KrippendorffAlpha.bootstrap(units: [["1", "1"], ["1", "1"]]) == nil, "one value: α undefined")
    }
}

@Suite struct ProblemDiscoveryTests {
    /// Sauro & Lewis (2016), Table 7.5: 4 participants × 7 problems; p. 152: p_est = 0.71, deflated 0.345,
    /// Good–Turing 0.621, adjusted 0.483 (the book rounds p_est to 0.71 before adjusting).
    @Test func sauroAndLewisTable7_5() throws {
        let columns: [[Int]] = [[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [0, 0, 1, 0], [1, 1, 1, 0], [1, 0, 0, 1], [1, 1, 0, 0]]
        let matrix = (0..<4).map { row in columns.map { $0[row] == 1 } }
        let discovery = try #require(ProblemDiscovery(matrix: matrix))
        #expect(discovery.participants == 4)
        #expect(discovery.problems == 7)
        #expect(discovery.foundOnce == 1)
        #expect(abs(discovery.pEstimated - 5.0 / 7) < 1e-12)
        // The book's figures from its rounded 0.71:
        #expect(abs(ProblemDiscovery.deflated(0.71, participants: 4) - 0.345) < 1e-9)
        #expect(abs(ProblemDiscovery.goodTuring(0.71, problems: 7, foundOnce: 1) - 0.621) < 0.0005)
        #expect(abs((ProblemDiscovery.deflated(0.71, participants: 4) + ProblemDiscovery.goodTuring(0.71, problems: 7, foundOnce: 1)) / 2 - 0.483) < 0.0005)
        // Unrounded: (5/7 − 1/4)(3/4) = 0.348214…, (5/7)/(8/7) = 0.625, mean 0.486607…
        #expect(abs(discovery.pDeflated - 0.3482142857142857) < 1e-12)
        #expect(abs(discovery.pGoodTuring - 0.625) < 1e-12)
        #expect(abs(discovery.pAdjusted - 0.4866071428571428) < 1e-12)
        // 1 − (1 − 0.486607)^4 = 0.930545…; 7 / that = 7.5225… problems; 90 % needs ⌈ln 0.1 / ln 0.513393⌉ = 4.
        #expect(abs(discovery.foundShare - (1 - pow(1 - 0.4866071428571428, 4))) < 1e-12)
        #expect(abs(discovery.estimatedTotal - 7 / (1 - pow(1 - 0.4866071428571428, 4))) < 1e-12)
        #expect(discovery.participantsNeeded(goal: 0.9) == 4)
        #expect(discovery.participantsNeeded(goal: 0.95) == 5)
    }

    @Test func tooLittleToEstimate() {
        #expect(ProblemDiscovery(matrix: [[true, false]]) == nil, "one participant")
        #expect(ProblemDiscovery(matrix: [[false, false], [false, false]]) == nil, "nothing found")
        // Each of 10 participants finds a problem nobody else finds: p_est = 0.1 = 1/n (its floor: every problem
        // found was found at least once), deflated 0, Good–Turing 0.05 → p_adj 0.025; columns nobody marked do
        // not count.
        let own = (0..<10).map { row in (0..<20).map { $0 == row } }
        let discovery = ProblemDiscovery(matrix: own)
        #expect(discovery?.problems == 10)
        #expect(discovery.map { abs($0.pAdjusted - 0.025) < 1e-12 } == true)
    }
}

@Suite struct SaturationTests {
    /// Counted by hand: base 4, run 2, threshold 5 %.
    /// Interviews raise  A B C D E | B F G | A H | C | I | – | J | – | – ; the base (P1–P4) holds A–H = 8 codes;
    /// runs: 5–6 add I (1/8 = 12.5 %), 6–7 add J (12.5 %), 7–8 add J (12.5 %), 8–9 nothing (0 %) → saturation at 7
    /// interviews, confirmed by interviews 8 and 9.
    @Test func guestNameyChenRuns() {
        let raised: [[String]] = [["A", "B", "C", "D", "E"], ["B", "F", "G"], ["A", "H"], ["C"], ["I"], [], ["J"], [], [], ["K"]]
        let sequence = raised.enumerated().map { (participant: "P\($0.offset + 1)", codes: Set($0.element)) }
        let saturation = Saturation(sequence: sequence, base: 4, run: 2, threshold: 0.05)
        #expect(saturation.baseCodes == 8)
        #expect(saturation.interviews.map(\.new.count) == [5, 2, 1, 0, 1, 0, 1, 0, 0, 1])
        #expect(saturation.interviews.map(\.cumulative) == [5, 7, 8, 8, 9, 9, 10, 10, 10, 11])
        #expect(saturation.runs.map(\.first) == [5, 6, 7, 8])
        #expect(saturation.runs.map(\.new) == [1, 1, 1, 0])
        #expect(saturation.runs.last?.share == 0)
        #expect(saturation.saturatedAt == 7)
        // A 15 % threshold is met by the first run; with 0 %, a run of 3 never is within these interviews
        // (8–10 adds K).
        #expect(Saturation(sequence: sequence, base: 4, run: 2, threshold: 0.15).saturatedAt == 4)
        #expect(Saturation(sequence: sequence, base: 4, run: 3, threshold: 0).saturatedAt == nil)
        #expect(Saturation(sequence: Array(sequence.prefix(5)), base: 4, run: 2, threshold: 0.05).runs.isEmpty, "no full run after the base")
    }
}
