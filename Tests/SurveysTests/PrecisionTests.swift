import Foundation
import Testing
@testable import Surveys
import StudyBasics
import Statistics

/// Figures to the last digits a thesis table or a reviewer's script can see.
///
/// Reference values computed once with scipy 1.17.1 (Python 3.11):
///
///     from scipy import stats
///     stats.t.ppf(p, df)   for df in [1,2,3,4,5,9,11,19,29,99,1000,7.5], p in [0.975,0.995,0.95,0.9]
///     stats.mannwhitneyu(range(1,41), range(41,81), method='asymptotic').pvalue   # 1.435085306393668e-14
///     stats.mannwhitneyu(range(1,13), range(13,26), method='asymptotic').pvalue   # 2.4928694647474042e-05
@Suite struct PrecisionTests {
    static let tQuantiles: [(df: Double, p: Double, t: Double)] = [
        (1, 0.975, 12.706204736174694), (1, 0.995, 63.656741162871526), (1, 0.95, 6.313751514675037), (1, 0.9, 3.0776835371752544),
        (2, 0.975, 4.302652729749462), (2, 0.995, 9.924843200918287), (3, 0.975, 3.1824463052837078), (4, 0.975, 2.7764451051977934),
        (5, 0.975, 2.5705818356363146), (5, 0.9, 1.4758840488244815), (9, 0.975, 2.262157162798205), (9, 0.995, 3.249835541592126),
        (11, 0.975, 2.200985160091639), (11, 0.95, 1.7958848187040433), (19, 0.975, 2.0930240544083087), (29, 0.975, 2.045229642132703),
        (99, 0.975, 1.9842169515864174), (1000, 0.975, 1.9623390808264083), (1000, 0.9, 1.2823987214609247),
        (7.5, 0.975, 2.333039626864974), (7.5, 0.995, 3.421422688124044),
    ]

    /// The interval's t quantile to within 1e-12 relative, the incomplete beta's own accuracy at df = 1000 (it was
    /// good to about 1e-9 relative: a CI bound of
    /// 12.51266819 where scipy gives 12.51266822).
    @Test(arguments: tQuantiles.indices)
    func tQuantileToDoublePrecision(_ index: Int) {
        let (df, p, expected) = Self.tQuantiles[index]
        let t = StudentT.quantile(p, df: df)
        #expect(abs(t - expected) <= 1e-12 * expected, "df \(df), p \(p): \(t) vs scipy \(expected)")
        #expect(abs(StudentT.quantile(1 - p, df: df) + expected) <= 1e-12 * expected)
    }

    /// Mann–Whitney's normal-approximation tail through erfc: 2·(1 − Φ(z)) kept about three digits at 1e-14.
    @Test func mannWhitneyTinyPValues() throws {
        let far = GroupComparison([("A", (1...40).map(Double.init)), ("B", (41...80).map(Double.init))])
        let u = try #require(far.tests.first { $0.name == "mann-whitney-u" })
        #expect(abs(u.p - 1.435085306393668e-14) <= 1e-9 * 1.435085306393668e-14, "\(u.p)")
        let near = GroupComparison([("A", (1...12).map(Double.init)), ("B", (13...25).map(Double.init))])
        let v = try #require(near.tests.first { $0.name == "mann-whitney-u" })
        #expect(abs(v.p - 2.4928694647474042e-05) <= 1e-12 * 2.4928694647474042e-05, "\(v.p)")
    }

    /// No group with a score (NASA-TLX weighted without weights): a sentence, not a crash.
    @Test func comparisonWithoutScoredGroups() {
        let none = GroupComparison(runs: [("a", []), ("b", [])])
        #expect(none.undefinedReason == "fewer than two groups with scores: no comparison")
        #expect(none.wording(score: "Weighted TLX", language: .en).description == "Weighted TLX: fewer than two groups with scores: no comparison.")
        let one = GroupComparison([("a", [10, 20]), ("b", [])])
        #expect(one.wording(score: "S", language: .en).description.hasPrefix("S: a (n = 2"))
    }
}

@Suite struct StudyTextTests {
    @Test func namesAreComposed() throws {
        let decomposed = "experie\u{302}ncia"
        let name = try StudyText.name(decomposed, as: .attributeName)
        #expect(Array(name.unicodeScalars) == Array("experi\u{EA}ncia".unicodeScalars))
        #expect(StudyText.key("\u{C1}rea") == StudyText.key("a\u{301}rea"))
    }

    /// Limits count code points after composition: 64 decomposed "é" are 64 characters stored, 65 are too many.
    @Test(arguments: NameKind.allCases)
    func limitsInCodePoints(_ kind: NameKind) throws {
        let letter = "e\u{301}"
        let atLimit = String(repeating: letter, count: kind.limit)
        #expect(try StudyText.name(atLimit, as: kind).unicodeScalars.count == kind.limit)
        let over = String(repeating: letter, count: kind.limit + 1)
        #expect(StudyText.problem(over, as: kind)?.reason.description.contains("at most \(kind.limit) characters (it has \(kind.limit + 1) code points)") == true)
        // A character that composes with nothing counts as itself.
        #expect(StudyText.problem(String(repeating: "x", count: kind.limit) + "\u{301}\u{301}", as: kind) != nil)
    }

    @Test func refusalsNameTheKind() {
        #expect(StudyText.problem("P 1", as: .participantCode)?.description == "Invalid participant code 'P 1': a participant code cannot contain spaces.")
        #expect(StudyText.problem("a=b", as: .conditionName)?.reason.description == "a condition name cannot contain '='")
        #expect(StudyText.problem(" x", as: .categoryName)?.reason.description == "a category name cannot start or end with a space")
        #expect(StudyText.problem("a\u{200B}b", as: .coderName)?.reason.description.contains("U+200B") == true)
        #expect(StudyText.problem("", as: .transcriptLabel) == nil)
    }
}

@Suite struct DecimalCommaRuleTests {
    /// A Brazilian rule writes 1,5 for 1.5; the comma between clauses stays a separator.
    @Test func decimalCommaInRules() throws {
        let rule = try DerivationRule(parsing: "<1,5:Iniciante,<=3:Intermediário,>3:Avançado")
        #expect(rule.clauses.count == 3)
        #expect(rule.label(for: 1.4) == "Iniciante")
        #expect(rule.label(for: 1.5) == "Intermediário")
        #expect(rule.label(for: 3.5) == "Avançado")
        let range = try DerivationRule(parsing: "0..1,5:A,1,6..3:B,*:C")
        #expect(range.label(for: 1.5) == "A")
        #expect(range.label(for: 2) == "B")
        #expect(range.label(for: 9) == "C")
    }
}
