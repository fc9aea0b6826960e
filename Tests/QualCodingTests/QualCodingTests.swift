import Foundation
import Testing
@testable import QualCoding

@Suite struct AgreementTests {
    /// The known answers: [[20, 20], [10, 50]] → κ ≈ 0.348; [[0, 4, 1], [0, 8, 0], [0, 1, 5]] → κ ≈ 0.4842
    /// (pₒ = 13/19, pₑ = 140/361).
    @Test func cohenKappaFromContingencyTables() throws {
        let two = try #require(CohenKappa(table: [[20, 20], [10, 50]]))
        #expect(abs(two.kappa! - 0.348) < 0.0005)
        #expect(two.observed == 0.7)
        #expect(abs(two.expected - 0.54) < 1e-12)
        #expect(two.units == 100)
        let three = try #require(CohenKappa(table: [[0, 4, 1], [0, 8, 0], [0, 1, 5]]))
        #expect(abs(three.kappa! - 0.4842) < 0.00005)
        #expect(CohenKappa(table: [[5, 0], [0, 0]])?.kappa == nil, "one category throughout: κ undefined")
        #expect(CohenKappa(table: [[1, 2]]) == nil)
    }

    /// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": 4 coders, 12 units with missing
    /// values, nominal α = 0.743.
    @Test func krippendorffAlphaPublishedExample() {
        let a: [Int?] = [1, 2, 3, 3, 2, 1, 4, 1, 2, nil, nil, nil]
        let b: [Int?] = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, nil, 3]
        let c: [Int?] = [nil, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, nil]
        let d: [Int?] = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, nil]
        let units = (0..<12).map { i in [a[i], b[i], c[i], d[i]].map { $0.map(String.init) } }
        let alpha = KrippendorffAlpha(units: units)
        #expect(abs(alpha.alpha! - 0.743) < 0.0005)
        #expect(alpha.units == 11, "unit 12 has one value and is not pairable")
    }

    /// Two coders, binary presence, as the 2×2 table [[20, 20], [10, 50]]: α checked against a direct
    /// coincidence-matrix computation (0.34396).
    @Test func krippendorffAlphaForTwoCodersBinary() {
        var units: [[String?]] = []
        units += Array(repeating: ["1", "1"], count: 20)
        units += Array(repeating: ["1", "0"], count: 20)
        units += Array(repeating: ["0", "1"], count: 10)
        units += Array(repeating: ["0", "0"], count: 50)
        #expect(abs(KrippendorffAlpha(units: units).alpha! - 0.34395604395604396) < 1e-12)
        #expect(PercentAgreement.of(units: units) == 0.7)
    }

    @Test func agreementReportPerCategoryAndOverall() {
        let assignments: [String: [Int64: Set<String>]] = [
            "A": [1: ["X"], 2: ["X"], 3: ["Y"], 4: ["Y"], 5: ["X"]],
            "B": [1: ["X"], 2: ["Y"], 3: ["Y"], 4: ["Y"], 6: ["X"]],
        ]
        let report = AgreementReport(coders: ["A", "B"], categories: ["X", "Y", "Z"], assignments: assignments)
        #expect(report.units == 4, "only excerpts both coders coded")
        #expect(report.overall.percentAgreement == 0.75)
        // Overall table [[1, 1], [0, 2]]: pₒ = .75, pₑ = (2·1 + 2·3)/16 = .5 → κ = .5.
        #expect(report.overall.kappa("A", "B") == 0.5)
        #expect(report.overallMethod.hasPrefix("one category per excerpt"))
        let z = report.categories.first { $0.category == "Z" }!
        #expect(z.percentAgreement == 1)
        #expect(z.kappa("A", "B") == nil, "a category nobody used has no κ")
        #expect(z.kappas.first?.coders == ["A", "B"])
    }

    /// What an agreement compares and leaves out: excerpts two coders coded with the same bounds are one excerpt and
    /// are compared; an excerpt one coder alone coded is left out, as "other bounds" where it overlaps another
    /// coder's excerpt in the same transcript (touching is not overlapping), else as that coder's only.
    @Test func agreementCoverageSaysWhatWasComparedAndLeftOut() {
        let assignments: [String: [Int64: Set<String>]] = [
            "A": [1: ["X"], 2: ["X"], 3: ["Y"], 4: ["X"], 7: ["X"]],
            "B": [1: ["X"], 5: ["Y"], 6: ["X"], 8: ["X"]],
        ]
        let placements: [Int64: AgreementCoverage.Placement] = [
            1: .init(document: DocumentID(participant: "P1", label: ""), start: 0, end: 10),
            2: .init(document: DocumentID(participant: "P1", label: ""), start: 20, end: 30),   // A; B's 5 overlaps it: other bounds
            5: .init(document: DocumentID(participant: "P1", label: ""), start: 25, end: 40),   // B; overlaps A's 2
            3: .init(document: DocumentID(participant: "P1", label: ""), start: 50, end: 60),   // A; B's 6 only touches it: A's only
            6: .init(document: DocumentID(participant: "P1", label: ""), start: 60, end: 70),   // B; touches A's 3: B's only
            4: .init(document: DocumentID(participant: "P2", label: ""), start: 20, end: 30),   // A; the same offsets as 2, another transcript: A's only
            7: .init(document: DocumentID(participant: "P2", label: ""), start: nil, end: nil), // A; not placed in the text: A's only
            8: .init(document: DocumentID(participant: "P3", label: ""), start: 0, end: 5),     // B; nothing else in P3
        ]
        let coverage = AgreementCoverage(coders: ["A", "B"], assignments: assignments, placements: placements)
        #expect(coverage.excerpts == 8 && coverage.compared == 1)
        #expect(coverage.leftOut == [.init(coder: "A", onlyThisCoder: 3, otherBounds: 1), .init(coder: "B", onlyThisCoder: 2, otherBounds: 1)])
        #expect(coverage.otherBounds == 2)
        #expect(coverage.comparedShare == 0.125 && coverage.fewCompared)
        // Half compared is not "few"; a coder who coded nothing leaves nothing out.
        let half = AgreementCoverage(coders: ["A", "B", "C"], assignments: ["A": [1: ["X"], 2: ["X"]], "B": [1: ["X"]]], placements: placements)
        #expect(half.compared == 1 && half.excerpts == 2 && !half.fewCompared)
        #expect(half.leftOut.map(\.onlyThisCoder) == [1, 0, 0])
        #expect(AgreementCoverage(coders: ["A", "B"], assignments: [:], placements: [:]).comparedShare == nil)
    }

    /// Three coders who each coded only some excerpts: α uses every excerpt coded by at least two of them
    /// (Krippendorff 2011), not only the four coded by all. Reference values from the `krippendorff` package
    /// (0.9.0, Python 3.11), one reliability matrix per category with NaN where a coder did not code the excerpt:
    ///     krippendorff.alpha(reliability_data=data, level_of_measurement='nominal')  →  X 0.23232323232323226, Y 0.04040404040404033
    @Test func alphaWithThreeCodersUsesEveryPairableUnit() {
        let assignments: [String: [Int64: Set<String>]] = [
            "A": [1: ["X"], 2: ["Y"], 3: ["X", "Y"], 4: ["X"], 5: ["Y"], 6: ["X"], 7: ["Y"], 8: ["X"]],
            "B": [1: ["X"], 2: ["X"], 3: ["X"], 4: ["X"], 5: ["Y"], 6: ["Y"]],
            "C": [3: ["X", "Y"], 4: ["Y"], 5: ["Y"], 6: ["X"], 7: ["Y"], 8: ["Y"]],
        ]
        let report = AgreementReport(coders: ["A", "B", "C"], categories: ["X", "Y"], assignments: assignments)
        #expect(report.units == 8)
        #expect(report.unitsCodedByAll == 4)
        let x = report.categories.first { $0.category == "X" }!
        let y = report.categories.first { $0.category == "Y" }!
        #expect(abs(x.alpha! - 0.23232323232323226) < 1e-12)
        #expect(abs(y.alpha! - 0.04040404040404033) < 1e-12)
        // κ of B and C on the four excerpts they share (3, 4, 5, 6).
        #expect(x.kappas.first { $0.coders == ["B", "C"] }?.units == 4)
        #expect(x.kappas.first { $0.coders == ["A", "B"] }?.units == 6)
    }
}

@Suite struct TextMatchingTests {
    @Test func locatesExactlyThenIgnoringCaseAccentsAndSpacing() throws {
        let transcript = "Tive dificuldade inicial no entendimento de event handler,\nmas não sinto que é algo extremamente complexo"
        let exact = try #require(TextMatching.locate("entendimento de event handler", in: transcript))
        #expect(exact.exact)
        #expect(exact.start == 28 && exact.end == 57)
        let loose = try #require(TextMatching.locate("handler, MAS NAO sinto", in: transcript))
        #expect(!loose.exact)
        #expect(loose.passage == "handler,\nmas não sinto")
        #expect(TextMatching.locate("nada disso", in: transcript) == nil)
    }

    @Test func normalisesToNFC() {
        let decomposed = "ac\u{0327}a\u{0303}o"
        #expect(TextMatching.nfc(decomposed) == "ação")
        #expect(TextMatching.locate("ação", in: "uma " + decomposed + " aqui")?.exact == true)
    }

    @Test func closestPassageSharesTheMostWords() {
        let text = "O usuário disse que a documentação não tinha exemplos. Depois falou que faltava um vídeo de demonstração."
        #expect(TextMatching.closestPassage(to: "faltava vídeo de demonstração", in: text)?.contains("faltava um vídeo de demonstração") == true)
        #expect(TextMatching.closestPassage(to: "xyz", in: text) == nil)
    }
}

@Suite struct CodeAnalysisTests {
    func segments() -> [CodedSegment] {
        [CodedSegment(participant: "P1", category: "A", excerpt: 1), CodedSegment(participant: "P1", category: "A", excerpt: 2),
         CodedSegment(participant: "P2", category: "A", excerpt: 3), CodedSegment(participant: "P2", category: "B", excerpt: 4),
         CodedSegment(participant: "P3", category: "B", excerpt: 5)]
    }

    @Test func frequenciesWithDenominatorsAndUnusedCategories() {
        let table = CodeAnalysis.frequencies(segments(), categories: ["B", "A", "C"],
                                             participants: ["P1": "x", "P2": "y", "P3": "y", "P4": "y"], groupOrder: ["y", "x"])
        #expect(table.groups == ["y", "x"])
        #expect(table.rows.map(\.category) == ["A", "B", "C"], "A has 3 segments, B 2 at the same share; C never used")
        #expect(table.rows[0].overall == CategoryCount(segments: 3, participants: 2, share: 0.5, denominator: 4))
        #expect(table.rows[0].groups[0] == CategoryCount(segments: 1, participants: 1, share: 1.0 / 3, denominator: 3))
        #expect(table.rows[2].overall.participants == 0)
    }

    @Test func matrixCooccurrenceAndTriangulation() {
        #expect(CodeAnalysis.matrix(segments(), categories: ["A", "B"], participants: ["P1", "P2", "P3"]) == [[2, 1, 0], [0, 1, 1]])
        #expect(CodeAnalysis.cooccurrence(segments(), categories: ["A", "B"]) == [[2, 1], [1, 2]])
        let triangulation = Triangulation(segments(), categories: ["A"], scores: ["P1": 2, "P2": 4, "P3": 3])
        #expect(triangulation.rows[0] == .init(category: "A", raisedN: 2, raisedMean: 3, otherN: 1, otherMean: 3, difference: 0))
    }

    @Test func origins() {
        #expect(CategoryOrigin(parsing: "emergent") == .emergent)
        #expect(CategoryOrigin(parsing: "Emergente") == .emergent)
        #expect(CategoryOrigin(parsing: "Myllärniemi et al. (2018)") == .literature(reference: "Myllärniemi et al. (2018)"))
        #expect(CategoryOrigin(parsing: "  ") == nil)
    }
}

@Suite struct NormalizationTests {
    /// Long text is normalised in pieces cut at spaces and line breaks (UAX #15: those are stable code points that
    /// never compose and stop reordering); the result must equal normalising the whole text at once.
    @Test func piecewiseNFCEqualsWholeTextNFC() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a\u{0301}", "c\u{0327}a\u{0303}o", " ", "\n", "e\u{0323}\u{0302}", "\u{0301}", "Ω", "ﬁ", "한", "\u{1100}\u{1161}", "x", "  "]
        var text = ""
        while text.utf8.count < 20_000 { text += pieces.randomElement(using: &generator)! }
        #expect(TextMatching.nfc(text) == text.precomposedStringWithCanonicalMapping)
        #expect(TextMatching.nfc(text).unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars))
    }
}

/// Chance-corrected agreement beside κ, on the worked example of ATLAS.ti's manual (10 segments, coder 1
/// 1100000000, coder 2 0110010100): PA 0.60, κ 0.0909, and irrCAC's values, computed once with
///   python -c "import pandas as pd; from irrCAC.raw import CAC; c = CAC(pd.DataFrame({'c1': list('1100000000'),
///   'c2': list('0110010100')})); print(c.gwet()['est']['coefficient_value'], c.bp()['est']['coefficient_value'],
///   c.krippendorff()['est']['coefficient_value'])"   → 0.31034 0.2 0.09524 (irrCAC 0.4.4)
@Suite struct ChanceCorrectedAgreementTests {
    static let units: [[String?]] = zip(Array("1100000000"), Array("0110010100")).map { [String($0), String($1)] }

    @Test func matchesIrrCACOnTheWorkedExample() throws {
        let ac1 = try #require(ChanceCorrectedAgreement.gwetAC1(units: Self.units, values: ["1", "0"]))
        let bp = try #require(ChanceCorrectedAgreement.brennanPrediger(units: Self.units, values: ["1", "0"]))
        #expect(abs(ac1 - 0.3103) < 5e-5, "\(ac1)")
        #expect(abs(bp - 0.2000) < 5e-5, "\(bp)")
        #expect(PercentAgreement.of(units: Self.units) == 0.6)
        #expect(abs((KrippendorffAlpha(units: Self.units).alpha ?? 0) - 0.0952) < 5e-5)
    }

    @Test func theReportCarriesThemPerCategory() throws {
        var a: [Int64: Set<String>] = [:], b: [Int64: Set<String>] = [:]
        for (index, unit) in Self.units.enumerated() {
            a[Int64(index)] = unit[0] == "1" ? ["X"] : ["Y"]
            b[Int64(index)] = unit[1] == "1" ? ["X"] : ["Y"]
        }
        let report = AgreementReport(coders: ["A", "B"], categories: ["X", "Y"], assignments: ["A": a, "B": b])
        let x = try #require(report.categories.first { $0.category == "X" })
        #expect(abs((x.ac1 ?? 0) - 0.3103) < 5e-5 && abs((x.brennanPrediger ?? 0) - 0.2) < 5e-5)
        #expect(abs((x.kappa("A", "B") ?? 0) - 0.0909) < 5e-5)
    }
}

@Suite struct KappaIntervalTests {
    /// Fleiss, Cohen & Everitt's (1969) standard error and the Wald interval, against statsmodels 0.15.0:
    ///   python -m venv sm && sm/bin/pip install statsmodels==0.15.0
    ///   sm/bin/python -c "import numpy as np; from statsmodels.stats.inter_rater import cohens_kappa as k;
    ///     r = k(np.array(TABLE)); print(r.kappa, r.std_kappa, r.kappa_low, r.kappa_upp)"
    @Test(arguments: [
        // ATLAS.ti's worked example (coder1 1100000000, coder2 0110010100) as a 2 × 2 table.
        ([[5, 3], [1, 1]], 0.09090909090909075, 0.28807314145344415, -0.4737038912529724, 0.6555220730711538),
        ([[20, 5, 1], [3, 15, 4], [2, 2, 8]], 0.5584415584415585, 0.0898796312138087, 0.3822807183187514, 0.7346023985643657),
        // One category dominates: κ slightly negative, its interval narrow and below zero.
        ([[45, 2], [3, 0]], -0.05042016806722475, 0.024462266895987794, -0.09836533016356726, -0.002475005970882238),
    ])
    func standardErrorAndIntervalAsStatsmodels(table: [[Int]], kappa: Double, se: Double, low: Double, high: Double) throws {
        let result = try #require(CohenKappa(table: table))
        #expect(abs(result.kappa! - kappa) < 1e-12)
        #expect(abs(result.standardError! - se) < 1e-12)
        #expect(abs(result.ci95![0] - low) < 1e-9 && abs(result.ci95![1] - high) < 1e-9)
    }

    /// High agreement on few units: the Wald interval reaches past 1 and is cut there (every output gives κ's range).
    @Test func theIntervalIsCutToKappasRange() throws {
        let result = try #require(CohenKappa(table: [[5, 0], [1, 4]]))
        let kappa = try #require(result.kappa), se = try #require(result.standardError)
        #expect(kappa + 1.959963984540054 * se > 1, "the uncut interval reaches past 1")
        #expect(result.ci95?[1] == 1 && abs((result.ci95?[0] ?? 0) - (kappa - 1.959963984540054 * se)) < 1e-12, "\(String(describing: result.ci95))")
    }

    @Test func undefinedKappaHasNoInterval() {
        #expect(CohenKappa(table: [[5, 0], [0, 0]])?.ci95 == nil)
    }
}

@Suite struct UnitizingAlphaTests {
    /// Krippendorff (2004, p. 254), as DKPro Statistics' Krippendorff2004Test checks it: continuum [150, 450),
    /// two coders, categories c and k → uα 0.8591; c: D_o 0.0144, D_e 0.0532, α 0.7286; k: α 1.
    @Test func krippendorffsPublishedExample() throws {
        let units: [UnitizingAlpha.Unit] = [
            .init(coder: 0, category: "c", start: 225, length: 70), .init(coder: 0, category: "c", start: 370, length: 30),
            .init(coder: 0, category: "k", start: 180, length: 60), .init(coder: 0, category: "k", start: 300, length: 50),
            .init(coder: 1, category: "c", start: 220, length: 80), .init(coder: 1, category: "c", start: 355, length: 20),
            .init(coder: 1, category: "c", start: 400, length: 20), .init(coder: 1, category: "k", start: 180, length: 60),
            .init(coder: 1, category: "k", start: 300, length: 50),
        ]
        let result = UnitizingAlpha(begin: 150, length: 300, coders: 2, units: units)
        // 0.85867 exactly; the book's 0.8591 is 1 − 0.0144/((0.0532 + 0.0490)/2 × 2) from the rounded D values, and
        // DKPro's test accepts ±0.0005 for that reason.
        #expect(abs(result.alpha! - 0.8591) < 0.0005, "\(result.alpha!)")
        #expect(abs(result.alpha! - 0.858665) < 0.000001, "\(result.alpha!)")
        let c = try #require(result.categories.first { $0.category == "c" })
        #expect(abs(c.observed - 0.0144) < 0.00005 && abs(c.expected - 0.0532) < 0.00005, "\(c)")
        #expect(abs(c.alpha! - 0.7286) < 0.00005, "\(c)")
        let k = try #require(result.categories.first { $0.category == "k" })
        #expect(k.alpha == 1 && k.observed == 0 && abs(k.expected - 0.0490) < 0.00005, "\(k)")
    }

    @Test func identicalUnitizationsAgreeFullyAndOverlapsAreJoined() {
        let same = UnitizingAlpha(begin: 0, length: 100, coders: 2, units: [
            .init(coder: 0, category: "a", start: 10, length: 20), .init(coder: 1, category: "a", start: 10, length: 20),
            .init(coder: 0, category: "b", start: 50, length: 10), .init(coder: 1, category: "b", start: 50, length: 10),
        ])
        #expect(same.alpha == 1)
        let joined = UnitizingAlpha.merged([.init(coder: 0, category: "a", start: 10, length: 20), .init(coder: 0, category: "a", start: 25, length: 10),
                                            .init(coder: 0, category: "a", start: 40, length: 5), .init(coder: 1, category: "a", start: 12, length: 3)])
        #expect(joined == [.init(coder: 0, category: "a", start: 10, length: 25), .init(coder: 0, category: "a", start: 40, length: 5),
                           .init(coder: 1, category: "a", start: 12, length: 3)])
    }
}

@Suite struct DocumentAgreementTests {
    /// Two documents, categories a and b, counted by hand:
    /// D1: coder 0 codes a at 0–10 and 20–30, coder 1 codes a at 0–9 and b at 40–50.
    /// D2: coder 0 codes b at 5–15, coder 1 codes b at 8–15.
    @Test func theThreeLevelsCountedByHand() {
        let segments: [DocumentAgreement.Segment] = [
            .init(coder: 0, document: DocumentID(participant: "D1", label: ""), category: "a", start: 0, end: 10), .init(coder: 0, document: DocumentID(participant: "D1", label: ""), category: "a", start: 20, end: 30),
            .init(coder: 1, document: DocumentID(participant: "D1", label: ""), category: "a", start: 0, end: 9), .init(coder: 1, document: DocumentID(participant: "D1", label: ""), category: "b", start: 40, end: 50),
            .init(coder: 0, document: DocumentID(participant: "D2", label: ""), category: "b", start: 5, end: 15), .init(coder: 1, document: DocumentID(participant: "D2", label: ""), category: "b", start: 8, end: 15),
        ]
        let result = DocumentAgreement(segments: segments, documents: [DocumentID(participant: "D1", label: ""), DocumentID(participant: "D2", label: "")], threshold: 0.9)
        // Presence: D1·a both, D1·b only coder 1, D2·a neither, D2·b both → 3 of 4.
        #expect(result.presence == .init(units: 4, agreeing: 3))
        // Frequency: D1·a 2 vs 1, D1·b 0 vs 1, D2·b 1 vs 1 (D2·a used by neither) → 1 of 3.
        #expect(result.frequency == .init(units: 3, agreeing: 1))
        // Overlap at 90 %: 0–10 and 0–9 share 9 of 10 (agree, both); 20–30 and 40–50 unmatched; 5–15 and 8–15
        // share 7 of 10 (no) → 2 of 6.
        #expect(result.overlap == .init(units: 6, agreeing: 2))
        // At 70 % the D2 pair agrees too → 4 of 6.
        #expect(DocumentAgreement(segments: segments, documents: [DocumentID(participant: "D1", label: ""), DocumentID(participant: "D2", label: "")], threshold: 0.7).overlap == .init(units: 6, agreeing: 4))
    }
}
