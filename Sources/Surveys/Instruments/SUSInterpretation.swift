import Wording

/// What a SUS score means, by the published scales.
public enum SUSInterpretation {
    /// A grade on Sauro & Lewis's curved grading scale, with the percentile range it stands for.
    public struct Grade: Sendable, Hashable, Codable {
        public var grade: String
        /// Lowest score of the grade's range.
        public var minimum: Double
        public var percentiles: String
    }

    /// The curved grading scale of Sauro & Lewis (2016), *Quantifying the User Experience*, 2nd ed., Table 8.5,
    /// from 446 studies; each row is (lowest score, grade, percentile range).
    public static let curvedGradingScale: [Grade] = [
        Grade(grade: "A+", minimum: 84.1, percentiles: "96–100"),
        Grade(grade: "A", minimum: 80.8, percentiles: "90–95"),
        Grade(grade: "A-", minimum: 78.9, percentiles: "85–89"),
        Grade(grade: "B+", minimum: 77.2, percentiles: "80–84"),
        Grade(grade: "B", minimum: 74.1, percentiles: "70–79"),
        Grade(grade: "B-", minimum: 72.6, percentiles: "65–69"),
        Grade(grade: "C+", minimum: 71.1, percentiles: "60–64"),
        Grade(grade: "C", minimum: 65.0, percentiles: "41–59"),
        Grade(grade: "C-", minimum: 62.7, percentiles: "35–40"),
        Grade(grade: "D", minimum: 51.7, percentiles: "15–34"),
        Grade(grade: "F", minimum: 0, percentiles: "0–14"),
    ]

    /// The grade of `score` on the curved grading scale (A+ 84.1–100 … F 0–51.6).
    public static func grade(_ score: Double) -> Grade {
        curvedGradingScale.first { score >= $0.minimum } ?? curvedGradingScale[curvedGradingScale.count - 1]  // the published table's F row
    }

    /// The curved grading scale as (score, percentile) points, from 0 → 0 to 100 → 100: each grade's lowest score at
    /// the lower end of its percentile range (51.7 → 15, 65.0 → 41, 71.1 → 60, …, 84.1 → 96).
    static let percentilePoints: [(score: Double, percentile: Double)] =
        // Every percentile range of the published table starts with its lower bound's digits ("96-100").
        curvedGradingScale.reversed().compactMap { grade in Double(String(grade.percentiles.prefix { $0.isNumber })).map { (grade.minimum, $0) } }
            + [(100, 100)]

    /// The percentile rank of a mean SUS score among the studies behind the curved grading scale, interpolated
    /// linearly between the points of Sauro & Lewis's (2016) Table 8.5 (`percentilePoints`), as a percentage that
    /// may have decimals: 68, the benchmark, is 50.3; 84.0 is 95.8 (A, 90–95). Between two grades' lowest scores it
    /// runs through the lower grade's percentile range, so the rank never contradicts the grade printed beside it.
    /// Not the normal approximation N(68, 12.5) (Sauro 2011), which would put 84.1, where the table's A+ starts at
    /// the 96th percentile, at the 90th. F (0–51.6) and A+ (84.1–100) have no inner points: there the rank is the
    /// straight line to 0 → 0 and 100 → 100, and says little more than the range.
    public static func percentile(_ score: Double) -> Double {
        let score = Swift.min(100, Swift.max(0, score))
        for (low, high) in zip(percentilePoints, percentilePoints.dropFirst()) where score <= high.score {
            return low.percentile + (high.percentile - low.percentile) * (score - low.score) / (high.score - low.score)
        }
        return 100
    }

    /// `percentile(score)` as a whole percentile rank, truncated as the scale's ranges are written (84.0, at 95.8,
    /// is the 95th: inside A's 90–95, not A+'s 96–100).
    public static func percentileRank(_ score: Double) -> Int {
        Int(percentile(score).rounded(.down))
    }

    /// An adjective rating with the mean SUS score Bangor, Kortum & Miller (2009) observed for it.
    public struct Adjective: Sendable, Hashable, Codable {
        public var key: String
        public var en: String
        public var mean: Double

        /// The adjective as said in a language (the catalog's msgid is `en`, in context "SUS adjective").
        public var sentence: Sentence { Sentence(Sentence(stringLiteral: en), context: "SUS adjective") }
        public func name(_ language: StudyLanguage) -> String { sentence.text(language) }
    }

    /// Bangor, Kortum & Miller (2009), "Determining what individual SUS scores mean: adding an adjective rating
    /// scale", *Journal of Usability Studies* 4(3), Table 3: mean SUS score for each adjective.
    public static let adjectives: [Adjective] = [
        Adjective(key: "worst-imaginable", en: "Worst Imaginable", mean: 12.5),
        Adjective(key: "awful", en: "Awful", mean: 20.3),
        Adjective(key: "poor", en: "Poor", mean: 35.7),
        Adjective(key: "ok", en: "OK", mean: 50.9),
        Adjective(key: "good", en: "Good", mean: 71.4),
        Adjective(key: "excellent", en: "Excellent", mean: 85.5),
        Adjective(key: "best-imaginable", en: "Best Imaginable", mean: 90.9),
    ]

    /// The adjective whose mean score (Bangor et al. 2009) is nearest to `score`; a score exactly between two
    /// means takes the higher adjective.
    public static func adjective(_ score: Double) -> Adjective {
        var best = adjectives[0]
        for adjective in adjectives where abs(adjective.mean - score) <= abs(best.mean - score) {
            best = adjective
        }
        return best
    }

    /// Acceptability ranges of Bangor, Kortum & Miller (2008), "An empirical evaluation of the System Usability
    /// Scale", *International Journal of Human-Computer Interaction* 24(6): below 50 not acceptable, 50–70
    /// marginal, above 70 acceptable.
    public enum Acceptability: String, Sendable, Codable {
        case notAcceptable = "not acceptable"
        case marginal
        case acceptable

        public init(_ score: Double) {
            if score < 50 {
                self = .notAcceptable
            } else if score <= 70 {
                self = .marginal
            } else {
                self = .acceptable
            }
        }

        /// The range's name in a language (the catalog's msgid is the raw value, in context "SUS acceptability").
        public func name(_ language: StudyLanguage) -> String {
            Sentence(Sentence(stringLiteral: rawValue), context: "SUS acceptability").text(language)
        }
    }

    /// The benchmark mean SUS score, 68 (Sauro & Lewis 2016, from 446 studies), for one-sample tests.
    public static let benchmark = 68.0
}
