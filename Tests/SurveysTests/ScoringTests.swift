import Foundation
import Testing
@testable import Surveys
import Statistics

func builtin(_ id: String) throws -> InstrumentDefinition {
    try #require(try InstrumentCatalog.builtin(id))
}

func answers(_ values: [Double?]) -> [Int: Answer] {
    var result: [Int: Answer] = [:]
    for (index, value) in values.enumerated() {
        if let value { result[index + 1] = .value(value) }
    }
    return result
}

func scores(_ definition: InstrumentDefinition, _ answers: [Int: Answer], missing: MissingPolicy = .refuse) throws -> [String: Double] {
    Dictionary(uniqueKeysWithValues: try definition.score(answers, missing: missing).map { ($0.id, $0.value) })
}

@Suite struct SUSScoringTests {
    /// Brooke (1996): SUS = 2.5 × Σ[(odd − 1) + (5 − even)]. Worked values from the issue and from the formula.
    @Test(arguments: [
        ([4, 1, 5, 2, 5, 1, 4, 2, 3, 1], 85.0),
        ([3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 50.0),
        ([5, 1, 5, 1, 5, 1, 5, 1, 5, 1], 100.0),
        ([1, 5, 1, 5, 1, 5, 1, 5, 1, 5], 0.0),
        ([1, 2, 3, 1, 2, 3, 1, 2, 3, 1], 52.5),
    ])
    func scoresAsBrookeDefines(values: [Double], expected: Double) throws {
        #expect(try scores(builtin("sus"), answers(values))["SUS"] == expected)
    }

    /// Lewis & Sauro (2009): Learnability = (c₄ + c₁₀) × 12.5, Usability = the other eight × 3.125.
    @Test func learnabilityAndUsability() throws {
        let result = try scores(builtin("sus"), answers([4, 1, 5, 2, 5, 1, 4, 2, 3, 1]))
        #expect(result["Learnability"] == 87.5)
        #expect(result["Usability"] == 84.375)
        #expect(result["SUS"]! == (result["Learnability"]! * 2 + result["Usability"]! * 8) / 10)
    }

    @Test func missingItemsAreRefusedUnlessTheResearcherChooses() throws {
        let sus = try builtin("sus")
        let partial = answers([4, 1, 5, 2, nil, 1, 4, 2, 3, 1])
        #expect(throws: ScoringError.missingItems(instrument: "SUS", items: [5])) { try sus.score(partial) }
        // Brooke: count the centre point (3 → contribution 2): 34 − 4 + 2 = 32 → 80.
        #expect(try scores(sus, partial, missing: .centre)["SUS"] == 80)
        // Lewis & Sauro (2017): 9 answered items × 100 / 36: (34 − 4) × 100 / 36.
        #expect(abs(try scores(sus, partial, missing: .prorate)["SUS"]! - 30 * 100 / 36) < 1e-12)
        let twoMissing = answers([4, nil, 5, 2, nil, 1, 4, 2, 3, 1])
        #expect(throws: ScoringError.tooManyMissingToProrate(instrument: "SUS", items: [2, 5], allowed: 1)) {
            try sus.score(twoMissing, missing: .prorate)
        }
    }

    /// Sauro & Lewis (2016) curved grading scale, every boundary on both sides.
    @Test(arguments: [
        (100, "A+"), (84.1, "A+"), (84.0, "A"), (80.8, "A"), (80.7, "A-"), (78.9, "A-"), (78.8, "B+"), (77.2, "B+"),
        (77.1, "B"), (74.1, "B"), (74.0, "B-"), (72.6, "B-"), (72.5, "C+"), (71.1, "C+"), (71.0, "C"), (65.0, "C"),
        (64.9, "C-"), (62.7, "C-"), (62.6, "D"), (51.7, "D"), (51.6, "F"), (0, "F"),
    ])
    func curvedGrades(score: Double, grade: String) {
        #expect(SUSInterpretation.grade(score).grade == grade)
    }

    /// Bangor, Kortum & Miller (2009) adjective means; the nearest mean wins, each midpoint tested on both sides.
    @Test(arguments: [
        (0, "Worst Imaginable"), (12.5, "Worst Imaginable"), (16.3, "Worst Imaginable"), (16.5, "Awful"), (20.3, "Awful"),
        (27.9, "Awful"), (28.1, "Poor"), (35.7, "Poor"), (43.2, "Poor"), (43.4, "OK"), (50.9, "OK"), (61.1, "OK"),
        (61.2, "Good"), (71.4, "Good"), (78.4, "Good"), (78.5, "Excellent"), (85.5, "Excellent"), (86.36, "Excellent"),
        (88.1, "Excellent"), (88.3, "Best Imaginable"), (90.9, "Best Imaginable"), (100, "Best Imaginable"),
    ])
    func adjectives(score: Double, adjective: String) {
        #expect(SUSInterpretation.adjective(score).en == adjective)
    }

    /// Bangor, Kortum & Miller (2008): < 50 not acceptable, 50–70 marginal, > 70 acceptable.
    @Test func acceptability() {
        #expect(SUSInterpretation.Acceptability(49.9) == .notAcceptable)
        #expect(SUSInterpretation.Acceptability(50) == .marginal)
        #expect(SUSInterpretation.Acceptability(70) == .marginal)
        #expect(SUSInterpretation.Acceptability(70.1) == .acceptable)
        #expect(SUSInterpretation.Acceptability(86.36).name(.ptBR) == "aceitável")
    }
}

@Suite struct OtherInstrumentScoringTests {
    /// Lewis (2002): each PSSUQ v3 score is the mean of its answered items; N/A is left out.
    @Test func pssuqV3WithNotApplicable() throws {
        var values = answers([2, 1, 3, 2, 2, 1, nil, 3, 4, 2, 2, 3, 2, 2, 3, 2])
        values[7] = .notApplicable
        let result = try scores(builtin("pssuq"), values)
        #expect(abs(result["Overall"]! - 2.267) < 0.0005)
        #expect(abs(result["SysUse"]! - 1.833) < 0.0005)
        #expect(abs(result["InfoQual"]! - 2.800) < 0.0005)
        #expect(abs(result["IntQual"]! - 2.333) < 0.0005)
    }

    @Test func pssuqVersionsShareSubscaleShapes() throws {
        let v2 = try builtin("pssuq-v2")
        #expect(v2.items.count == 19)
        #expect(v2.subscales.map(\.items.count) == [19, 8, 7, 3])
        #expect(try builtin("csuq").subscales.map(\.items.count) == [19, 8, 7, 3])
        #expect(try builtin("pssuq").norms?.values == ["Overall": 2.82, "SysUse": 2.80, "InfoQual": 3.02, "IntQual": 2.49])
    }

    /// Finstad (2010): odd items x − 1, even items 7 − x, UMUX = Σ / 24 × 100.
    @Test func umux() throws {
        let umux = try builtin("umux")
        #expect(try scores(umux, answers([7, 1, 7, 1]))["UMUX"] == 100)
        #expect(try scores(umux, answers([4, 4, 4, 4]))["UMUX"] == 50)
        #expect(try scores(umux, answers([6, 2, 5, 3]))["UMUX"] == (5 + 5 + 4 + 4) / 24 * 100)
    }

    /// Lewis, Utesch & Maher (2013): UMUX-Lite = ((x₁ − 1) + (x₂ − 1)) / 12 × 100; SUS ≈ 0.65 × UMUX-Lite + 22.9.
    @Test func umuxLite() throws {
        let lite = try builtin("umux-lite")
        let top = try scores(lite, answers([7, 7]))
        #expect(top["UMUX-Lite"] == 100)
        #expect(abs(top["SUS-equivalent"]! - 87.9) < 1e-9)
        let middle = try scores(lite, answers([4, 4]))
        #expect(middle["UMUX-Lite"] == 50)
        #expect(abs(middle["SUS-equivalent"]! - 55.4) < 1e-9)
    }

    @Test func seqIsTheAnswer() throws {
        let seq = try builtin("seq")
        #expect(seq.perTask)
        #expect(try scores(seq, answers([6]))["SEQ"] == 6)
    }

    /// Hart (2006) raw TLX = mean of the six ratings; Hart & Staveland (1988) weighted = Σ rating × weight / 15.
    @Test func nasaTLX() throws {
        let tlx = try builtin("nasa-tlx")
        let result = try scores(tlx, answers([70, 20, 50, 30, 60, 40, 5, 0, 3, 2, 4, 1]))
        #expect(result["Raw TLX"] == 45)
        #expect(result["Weighted TLX"] == 56)
        #expect(try scores(tlx, answers([70, 20, 50, 30, 60, 40]))["Weighted TLX"] == nil)
        #expect(throws: ScoringError.weightsDoNotSumTo15(sum: 14)) {
            try tlx.score(answers([70, 20, 50, 30, 60, 40, 5, 0, 3, 2, 3, 1]))
        }
    }

    @Test func everyBuiltinIsValidAndCited() throws {
        let all = try InstrumentCatalog.builtin()
        #expect(all.map(\.id).sorted() == ["csuq", "nasa-tlx", "pssuq", "pssuq-v2", "seq", "sus", "umux", "umux-lite"])
        for definition in all {
            #expect(definition.problems().isEmpty, "\(definition.id)")
            #expect(!definition.reference.isEmpty, "\(definition.id) cites its source")
            for item in definition.items {
                #expect(item.text.values["en"] != nil && item.text.values["pt-BR"] != nil, "\(definition.id) item \(item.number) in both languages")
            }
        }
    }

    @Test func susPortugueseItemsAreTheCodeForAllWording() throws {
        // ../shared/seed-data/codeforall/sus_items_pt.txt
        let sus = try builtin("sus")
        #expect(sus.items[0].text.text(.ptBR) == "Acho que gostaria de utilizar este produto com frequência")
        #expect(sus.items[9].text.text(.ptBR) == "Tive que aprender muito antes de conseguir lidar com este produto")
        #expect(sus.scale?.anchor(1, language: .ptBR) == "Discordo totalmente")
    }
}

@Suite struct AnswerReaderTests {
    @Test func readsNumbersLabelsAndNotApplicable() throws {
        let pssuq = try builtin("pssuq")
        let reader = AnswerReader(definition: pssuq)
        let item = pssuq.items[0]
        #expect(try reader.read("3", item: item).get() == .value(3))
        #expect(try reader.read(" concordo  TOTALMENTE ", item: item).get() == .value(1))
        #expect(try reader.read("Strongly disagree", item: item).get() == .value(7))
        #expect(try reader.read("Discordo fortemente", item: item).get() == .value(7))
        #expect(try reader.read("N/A", item: item).get() == .notApplicable)
        #expect(try reader.read("Não se aplica", item: item).get() == .notApplicable)
        #expect(try reader.read("", item: item).get() == nil)
        #expect(try reader.read("5 - algo", item: item).get() == .value(5))
    }

    @Test func invertedOrientationStoresCanonicalValues() throws {
        let pssuq = try builtin("pssuq")
        let reader = AnswerReader(definition: pssuq, orientation: .inverted)
        // The UITracking form: 1 = Discordo fortemente … 7 = Concordo fortemente; canonical x′ = 8 − x.
        #expect(try reader.read("7", item: pssuq.items[0]).get() == .value(1))
        #expect(try reader.read("2", item: pssuq.items[0]).get() == .value(6))
        // A label names the same point whatever the numbering.
        #expect(try reader.read("Concordo totalmente", item: pssuq.items[0]).get() == .value(1))
    }

    @Test func explainsWhatItCannotRead() throws {
        let sus = try builtin("sus")
        let reader = AnswerReader(definition: sus)
        #expect(reader.read("9", item: sus.items[0]) == .failure(AnswerProblem("'9' is outside the 1–5 scale")))
        #expect(reader.read("3,5", item: sus.items[0]) == .failure(AnswerProblem("'3,5' is not a point of the 1–5 scale")))
        #expect(reader.read("n/a", item: sus.items[0]) == .failure(AnswerProblem("item 1 does not accept N/A")))
        guard case let .failure(problem) = reader.read("Muy de acuerdo", item: sus.items[0]) else {
            Issue.record("a Spanish label must be refused")
            return
        }
        #expect(problem.message == "'Muy de acuerdo' is neither a number of the 1–5 scale nor one of its labels")
        #expect(problem.unknownLabel == "Muy de acuerdo")
        let accepted = reader.acceptedLabels()
        #expect(accepted.first?.labels.contains("Discordo totalmente") == true)
        #expect(accepted.first { $0.point == 3 }?.labels.contains { AnswerReader.fold($0) == "nem concordo nem discordo" } == true)
    }

    /// The usual agreement labels, in the instrument's direction: SUS runs from disagree (1) to agree (5), PSSUQ
    /// from agree (1) to disagree (7); explicit labels win.
    @Test func agreementLabelsFollowTheScaleDirection() throws {
        let sus = try builtin("sus")
        let reader = AnswerReader(definition: sus)
        func value(_ text: String, _ reader: AnswerReader, _ item: ItemDefinition) -> Double? {
            if case let .success(answer?) = reader.read(text, item: item) { return answer.value }
            return nil
        }
        #expect(value("Concordo parcialmente", reader, sus.items[0]) == 4)
        #expect(value("Discordo parcialmente", reader, sus.items[0]) == 2)
        #expect(value("Nem concordo nem discordo", reader, sus.items[0]) == 3)
        #expect(value("Neutral", reader, sus.items[0]) == 3)
        let pssuq = try builtin("pssuq")
        let pssuqReader = AnswerReader(definition: pssuq)
        #expect(value("Concordo totalmente", pssuqReader, pssuq.items[0]) == 1)
        #expect(value("Concordo parcialmente", pssuqReader, pssuq.items[0]) == 3)
        #expect(value("Discordo parcialmente", pssuqReader, pssuq.items[0]) == 5)
        let custom = AnswerReader(definition: sus, labels: ["Concordo bastante": 4, "Neutro": 2])
        #expect(value("concordo BASTANTE", custom, sus.items[0]) == 4)
        #expect(value("Neutro", custom, sus.items[0]) == 2)
    }
}

@Suite struct StatisticsTests {
    /// Quantiles checked against scipy.stats 1.17 (t.ppf, norm.ppf).
    @Test func quantiles() {
        #expect(abs(StudentT.quantile(0.975, df: 9) - 2.262157162798205) < 1e-9)
        #expect(abs(StudentT.quantile(0.975, df: 1) - 12.706204736174694) < 1e-7)
        #expect(abs(StudentT.quantile(0.975, df: 30) - 2.0422724563012378) < 1e-9)
        #expect(abs(StudentT.quantile(0.025, df: 9) + 2.262157162798205) < 1e-9)
        #expect(abs(StandardNormal.quantile(0.975) - 1.959963984540054) < 1e-9)
    }

    @Test func descriptiveWithConfidenceInterval() throws {
        let summary = try #require(Descriptive([80, 85, 90, 95, 100]))
        #expect(summary.mean == 90)
        #expect(abs(summary.sd! - 7.905694150420948) < 1e-12)
        #expect(abs(summary.ci95!.lowerBound - 80.18378419261222) < 1e-8)
        #expect(abs(summary.ci95!.upperBound - 99.81621580738778) < 1e-8)
        #expect(summary.median == 90)
        #expect(summary.modes.isEmpty)
        let modes = try #require(Descriptive([72.5, 92.5, 92.5, 100, 85]))
        #expect(modes.modes == [92.5])
        #expect(modes.median == 92.5)
        #expect(Descriptive([]) == nil)
        #expect(Descriptive([70])?.sd == nil)
    }

    /// scipy.stats.ttest_1samp([80, 85, 90, 95, 100], 68): t = 6.2225, p = 0.003396.
    @Test func oneSampleTTest() throws {
        let test = try #require(OneSampleTTest([80, 85, 90, 95, 100], benchmark: 68))
        #expect(abs(test.t - 6.222539674441618) < 1e-9)
        #expect(test.df == 4)
        #expect(abs(test.p - 0.003396052252332513) < 1e-8)
    }

    /// Cronbach (1951) α, checked against numpy for the same matrix.
    @Test func cronbachAlpha() throws {
        let alpha = try #require(CronbachAlpha([[1, 2, 3], [2, 3, 3], [3, 4, 5], [4, 4, 5], [5, 5, 4], [1, nil, 2]]))
        #expect(abs(alpha.alpha - 0.8898305084745762) < 1e-12)
        #expect(alpha.cases == 5)
        #expect(alpha.items == 3)
    }
}

@Suite struct JSONOutputTests {
    struct Figures: Encodable {
        var alpha: Double
        var sd: Double?
        var t: Double
        var label: String
    }

    @Test func notFiniteFiguresBecomeNull() throws {
        let text = try JSONOutput.text(Figures(alpha: .nan, sd: .infinity, t: -.infinity, label: "not-finite"))
        #expect(text.contains("\"alpha\" : null"))
        #expect(text.contains("\"sd\" : null"))
        #expect(text.contains("\"t\" : null"))
        #expect(text.contains("\"label\" : \"not-finite\""))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["alpha"] is NSNull)
    }
}

@Suite struct HistogramSummaryTests {
    /// Summaries from counts of distinct values must be the summaries of the values themselves, to the last bit
    /// (the same sums in the same order), whatever order the runs come in.
    /// Counting in an array (quarters from 0 to 1023.75) and a dictionary (anything else) gives the histogram a
    /// dictionary alone would.
    @Test func valueCountsEqualADictionaryOfCounts() {
        let values: [Double] = [0, 2.5, 72.5, 72.5, 100, 1023.75, 1024, 4.25, 1.1, -2.5, -0.0, 0.125, 3, 3, 3, .infinity, 1e300, 7 / 3]
        var counts = ValueCounts()
        var dictionary: [Double: Int] = [:]
        for value in values {
            counts.add(value)
            dictionary[value, default: 0] += 1
        }
        #expect(counts.histogram == dictionary)
        #expect(counts.histogram[3] == 3)
        #expect(counts.histogram[0] == 2, "-0 and 0 are one value, as in a dictionary")
        #expect(ValueCounts().histogram.isEmpty)
    }

    /// Numbers appended as bytes read as `JSONOutput.number` writes them.
    @Test func appendedNumbersAreTheNumbersText() {
        for value in [0, -0.0, 1, -1, 7, 10, -123_456, 72.5, 100, 1e14, -999_999_999_999_999, 999_999_999_999_999, 1e15, 1e16, -3e20, 0.1, 1e-7, .nan, .infinity, 42] {
            var bytes: [UInt8] = []
            JSONOutput.appendNumber(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONOutput.number(value), "\(value)")
        }
    }

    @Test func runsGiveTheSameFiguresAsTheValues() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let points = [1.0, 2.5, 3, 4.75, 5, 62.5, 0.1, 0.2][0..<(1 + trial % 8)]
            let runs = points.map { (value: $0, count: Int.random(in: trial % 3 == 0 ? 1...1 : 0...40, using: &generator)) }
                .filter { $0.count > 0 }
            let values = runs.flatMap { Array(repeating: $0.value, count: $0.count) }
            #expect(Descriptive(runs: runs) == Descriptive(values))
            #expect(Descriptive(runs: runs.reversed()) == Descriptive(Array(values.reversed())))
            if let summary = Descriptive(values) {
                #expect(OneSampleTTest(summary, benchmark: 3) == OneSampleTTest(values, benchmark: 3))
                #expect(OneSampleTTest.undefinedReason(summary) == OneSampleTTest.undefinedReason(values))
            }
        }
        var histogram: [Double: Int] = [:]
        for value in [3.0, 1, 3, 2, 3] { histogram[value, default: 0] += 1 }
        #expect(Descriptive(histogram: histogram) == Descriptive([1, 2, 3, 3, 3]))
        #expect(Descriptive(histogram: [:]) == nil)
    }
}

/// The grade a SUS mean can vouch for: the curved grading scale (Sauro & Lewis 2016, Table 8.5) at both ends of the
/// mean's 95 % interval.
@Suite struct SUSGradeSpanTests {
    @Test func theIntervalsEndsCarryTheirGrades() {
        // A mean of 75 (B) whose interval runs from 70 (C: 65–71.0) to 80 (A−: 78.9–80.7).
        let meaning = ScoreReport.SUSMeaning(75, interval: 70...80)
        #expect(meaning.grade.grade == "B")
        #expect(meaning.gradeSpan?.description == "C to A−")
        // The scale's own boundaries: 80.8 is an A (the book's value, not MeasuringU's 80.3), 80.7 an A−.
        #expect(ScoreReport.SUSMeaning(80, interval: 80.8...84.1).gradeSpan?.description == "A to A+")
        #expect(ScoreReport.SUSMeaning(80, interval: 80.3...80.7).gradeSpan?.description == "A−")
        #expect(ScoreReport.SUSMeaning(80).gradeSpan == nil, "no interval, no span")
    }
}

/// The mean's percentile rank beside the grade's percentile range: interpolated in Sauro & Lewis's Table 8.5.
@Suite struct SUSPercentileRankTests {
    @Test func interpolatedBetweenTheGradesLowestScores() {
        // Each grade's lowest score stands at the lower end of its range; between two, a straight line.
        #expect(SUSInterpretation.percentileRank(65.0) == 41)
        #expect(SUSInterpretation.percentileRank(80.8) == 90)
        #expect(SUSInterpretation.percentileRank(84.1) == 96)
        #expect(SUSInterpretation.percentileRank(0) == 0 && SUSInterpretation.percentileRank(100) == 100)
        // The benchmark: 41 + 19 × 3/6.1 = 50.34.
        #expect(abs(SUSInterpretation.percentile(68) - (41 + 19 * 3 / 6.1)) < 1e-12)
        #expect(SUSInterpretation.percentileRank(68) == 50)
        // Truncated, as the ranges are written: 84.0 is 95.8, the 95th (A: 90–95); 51.6 the 14th (F: 0–14).
        #expect(SUSInterpretation.percentileRank(84.0) == 95)
        #expect(SUSInterpretation.percentileRank(51.6) == 14)
        // Outside the scale, its ends.
        #expect(SUSInterpretation.percentileRank(-3) == 0 && SUSInterpretation.percentileRank(104) == 100)
    }

    /// Over every score a mean can take to a tenth, the rank lies in the grade's range and never falls as the score
    /// rises (the normal approximation N(68, 12.5) would put 84.1 at the 90th, outside A+'s 96–100).
    @Test func alwaysInsideTheGradesRange() {
        var previous = -1
        for tenth in 0...1000 {
            let score = Double(tenth) / 10
            let rank = SUSInterpretation.percentileRank(score)
            let range = SUSInterpretation.grade(score).percentiles.split(separator: "–").map { Int($0)! }
            #expect(range[0] <= rank && rank <= range[1], "\(score): \(rank) outside \(range)")
            #expect(rank >= previous)
            previous = rank
        }
        #expect(ScoreReport.SUSMeaning(72.5, interval: 66...79).percentileRank == 64)
    }
}

/// The precision of a mean: half its 95 % t interval.
@Suite struct PrecisionOfTheMeanTests {
    @Test func marginOfErrorIsHalfTheInterval() throws {
        // python3 -c "import statistics,math; from scipy import stats; x=[85,75,97.5,67.5,90,72.5,80,92.5,70,87.5,77.5,82.5];
        //   print(stats.t.ppf(0.975,len(x)-1)*statistics.stdev(x)/math.sqrt(len(x)))"  → 5.96100147524819 (scipy 1.17.1)
        let scores: [Double] = [85, 75, 97.5, 67.5, 90, 72.5, 80, 92.5, 70, 87.5, 77.5, 82.5]
        let summary = try #require(Descriptive(scores))
        let margin = try #require(summary.marginOfError95)
        #expect(abs(margin - 5.96100147524819) < 1e-9)
        let interval = try #require(summary.ci95)
        #expect(abs((interval.upperBound - interval.lowerBound) / 2 - margin) < 1e-12)
        #expect(Descriptive([70])?.marginOfError95 == nil)
    }
}

@Suite struct ItemSlotsTests {
    /// A reused layout holds exactly the set last loaded, stray item numbers included, without sizing an array by them.
    @Test func holdsExactlyTheLastSet() {
        var slots = ItemSlots()
        slots.load([1: .value(4), 3: .choice("Sim"), 10: .notApplicable, 2_000_000_000: .value(1), -5: .text("x")])
        #expect(slots[1] == .value(4) && slots[3] == .choice("Sim") && slots[10] == .notApplicable)
        #expect(slots[2] == nil && slots[11] == nil && slots[0] == nil)
        #expect(slots[2_000_000_000] == .value(1) && slots[-5] == .text("x"))
        slots.load([2: .value(5)])
        #expect(slots[2] == .value(5))
        #expect([1, 3, 10, 2_000_000_000, -5].allSatisfy { slots[$0] == nil }, "nothing of the previous set is left")
    }
}

@Suite struct FoldTests {
    /// The scalar-by-scalar fold gives what Foundation's folding gives, for every Latin-1 scalar alone and for
    /// random texts mixing ASCII, whitespace, accented letters and scalars only Foundation folds (NBSP, a combining
    /// acute, ß, ø, Greek, Cyrillic).
    @Test func matchesFoundationFolding() {
        for value in 0x00...0x17F {
            let text = "A" + String(UnicodeScalar(value)!) + "b"
            #expect(AnswerReader.fold(text) == AnswerReader.foldedByFoundation(text), "U+\(String(value, radix: 16))")
        }
        let alphabet: [String] = ["a", "Z", "0", "9", " ", "  ", "\t", "\n", "\r\n", "-", ".", "*", "?", "É", "ç", "Ã", "õ", "ü", "Ñ", "ÿ", "Å",
                                  "\u{00A0}", "e\u{0301}", "ß", "ø", "Æ", "×", "Ω", "ж", "İ", "ﬁ"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            #expect(AnswerReader.fold(text) == AnswerReader.foldedByFoundation(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(AnswerReader.fold("  Concordo   TOTALMENTE ") == "concordo totalmente")
        #expect(AnswerReader.fold("Não sei\tAinda") == "nao sei ainda")
    }
}
