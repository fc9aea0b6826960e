import Foundation
import Wording

/// UMUX-Lite (Lewis, Utesch & Maher 2013): UMUX's two positively worded items on a 7-point scale,
/// ((x₁ − 1) + (x₂ − 1)) / 12 × 100, and its regression to the SUS, SUS-equivalent = 0.65 × UMUX-Lite + 22.9, which
/// the SUS's grades and adjectives then read. Missing items as for the SUS.
public struct UMUXLiteFormula: ScoringFormula {
    public init() {}

    public var id: String { "umux-lite" }
    public var summary: Sentence { "the UMUX-Lite formula" }
    public var reference: String { "Lewis, J. R., Utesch, B. S. & Maher, D. E. (2013). UMUX-LITE: when there's no time for the SUS" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { ["UMUX-Lite", "SUS-equivalent"] }

    /// UMUX-Lite 0–100; its SUS equivalent 0.65 × 0 + 22.9 to 0.65 × 100 + 22.9.
    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? {
        switch id {
        case "UMUX-Lite": return 0...100
        case "SUS-equivalent": return 22.9...87.9
        default: return nil
        }
    }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        let scores = try instrument.contributionScores(answers, missing: missing, maxContribution: 6, positive: { _ in true },
                                                       parts: [("UMUX-Lite", instrument.items.map(\.number))])
        guard let lite = scores.first else { return [] }
        return scores + [Score(id: "SUS-equivalent", value: 0.65 * lite.value + 22.9, answered: lite.answered, of: lite.of)]
    }

    public func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        instrument.fixedLikertProblems(count: 2, points: 7, "UMUX-Lite")
    }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        let title = instrument.title.text(language), cited = c.instrument()
        return "The \(title) \(cited) was applied; its SUS equivalent is 0.65 × UMUX-Lite + 22.9."
    }

    public var scoreScale: ScoreScale { .percent }
}
