import Foundation
import Wording

/// The usability metric for user experience (Finstad 2010): four items on a 7-point scale, odd items positively worded.
/// Odd items contribute x − 1 and even items 7 − x; UMUX = Σ / 24 × 100. Missing items as for the SUS.
public struct UMUXFormula: ScoringFormula {
    public init() {}

    public var id: String { "umux" }
    public var summary: Sentence { "the UMUX formula" }
    public var reference: String { "Finstad, K. (2010). The usability metric for user experience" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { ["UMUX"] }

    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? { 0...100 }

    /// The even items are negatively worded and recoded (Finstad 2010).
    public func isRecoded(_ item: ItemDefinition, of instrument: InstrumentDefinition) -> Bool { item.number % 2 == 0 }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        try instrument.contributionScores(answers, missing: missing, maxContribution: 6, positive: { $0 % 2 == 1 },
                                          parts: [("UMUX", instrument.items.map(\.number))])
    }

    public func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        instrument.fixedLikertProblems(count: 4, points: 7, "UMUX")
    }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        let title = instrument.title.text(language), cited = c.instrument()
        return "The \(title) \(cited) was applied; the score is the sum of the item contributions / 24 × 100."
    }

    public var scoreScale: ScoreScale { .percent }
}
