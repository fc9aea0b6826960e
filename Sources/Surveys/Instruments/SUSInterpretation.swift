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
        curvedGradingScale.first { score >= $0.minimum } ?? curvedGradingScale.last!
    }

    /// An adjective rating with the mean SUS score Bangor, Kortum & Miller (2009) observed for it.
    public struct Adjective: Sendable, Hashable, Codable {
        public var key: String
        public var en: String
        public var ptBR: String
        public var mean: Double

        public func name(_ language: StudyLanguage) -> String { language == .ptBR ? ptBR : en }
    }

    /// Bangor, Kortum & Miller (2009), "Determining what individual SUS scores mean: adding an adjective rating
    /// scale", *Journal of Usability Studies* 4(3), Table 3: mean SUS score for each adjective.
    public static let adjectives: [Adjective] = [
        Adjective(key: "worst-imaginable", en: "Worst Imaginable", ptBR: "Pior imaginável", mean: 12.5),
        Adjective(key: "awful", en: "Awful", ptBR: "Horrível", mean: 20.3),
        Adjective(key: "poor", en: "Poor", ptBR: "Ruim", mean: 35.7),
        Adjective(key: "ok", en: "OK", ptBR: "OK", mean: 50.9),
        Adjective(key: "good", en: "Good", ptBR: "Bom", mean: 71.4),
        Adjective(key: "excellent", en: "Excellent", ptBR: "Excelente", mean: 85.5),
        Adjective(key: "best-imaginable", en: "Best Imaginable", ptBR: "Melhor imaginável", mean: 90.9),
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

        public func name(_ language: StudyLanguage) -> String {
            switch (self, language) {
            case (.notAcceptable, .ptBR): return "não aceitável"
            case (.marginal, .ptBR): return "marginal"
            case (.acceptable, .ptBR): return "aceitável"
            default: return rawValue
            }
        }
    }

    /// The benchmark mean SUS score, 68 (Sauro & Lewis 2016, from 446 studies), for one-sample tests.
    public static let benchmark = 68.0
}
