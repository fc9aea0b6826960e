import Foundation
import Wording

/// No score: an instrument of choice and open questions, reported as counts and percentages.
public struct NoScoreFormula: ScoringFormula {
    public init() {}

    public var id: String { "none" }
    public var summary: Sentence { "none (choice and open answers)" }
    public var reference: String { "" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { [] }

    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? { nil }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] { [] }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        "The \(instrument.title.text(language)) questionnaire had choice answers, reported as counts and percentages."
    }
}
