import Foundation
import Wording

/// The System Usability Scale (Brooke 1996): ten items on a 5-point scale, odd items positively worded and even items
/// negatively. Each odd item contributes x − 1 and each even item 5 − x; SUS = 2.5 × Σ. Learnability = (c₄ + c₁₀) ×
/// 12.5 and Usability = Σ of the other eight × 3.125 (Lewis & Sauro 2009). With missing items: `centre` counts the
/// centre point (contribution 2, Brooke 1996); `prorate` scales the answered contributions, Σc × 100 / (4 × answered),
/// for at most one missing item (Lewis & Sauro 2017). Its benchmark is 68, the average of 446 studies, read on the
/// curved grading scale (Sauro & Lewis 2016).
public struct SUSFormula: ScoringFormula {
    public init() {}

    public var id: String { "sus" }
    public var summary: Sentence { "the SUS formula" }
    public var reference: String { "Brooke, J. (1996). SUS: a \"quick and dirty\" usability scale; Lewis, J. R. & Sauro, J. (2009). The factor structure of the System Usability Scale" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { ["SUS", "Learnability", "Usability"] }

    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? { 0...100 }

    /// The even items are negatively worded and recoded (Brooke 1996).
    public func isRecoded(_ item: ItemDefinition, of instrument: InstrumentDefinition) -> Bool { item.number % 2 == 0 }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        try instrument.contributionScores(answers, missing: missing, maxContribution: 4, positive: { $0 % 2 == 1 },
                                          parts: [("SUS", instrument.items.map(\.number)), ("Learnability", [4, 10]),
                                                  ("Usability", [1, 2, 3, 5, 6, 7, 8, 9])])
    }

    public func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        instrument.fixedLikertProblems(count: 10, points: 5, "SUS")
    }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        "Perceived usability was measured with the System Usability Scale (SUS) \(c.instrument()). The score is 2.5 × Σ[(odd items − 1) + (5 − even items)], from 0 to 100; the Learnability (items 4 and 10) and Usability (the other items) sub-scores follow \(c.work("lewis2009")). Means are interpreted with the curved grading scale \(c.work("sauro2016")); each score with the adjective scale \(c.work("bangor2009")) and the acceptability ranges \(c.work("bangor2008")); the mean was compared with the benchmark of 68 by a one-sample t-test."
    }

    public var scoreScale: ScoreScale { .percent }

    /// The SUS's benchmark, 68 (Sauro & Lewis 2016, 446 studies).
    public func publishedNorm(_ id: String, of instrument: InstrumentDefinition) -> Double? {
        id == "SUS" ? SUSInterpretation.benchmark : nil
    }

    public var normSources: [String] { ["sauro2016"] }

    public func isOnSUSScale(_ id: String, of instrument: InstrumentDefinition) -> Bool { id == "SUS" || id == "SUS-equivalent" }

    public func gradedScore(of instrument: InstrumentDefinition) -> String? { "SUS" }
}
