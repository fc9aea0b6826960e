import Foundation
import Wording

/// The mean of the answered items (PSSUQ, Lewis 2002; SEQ, Sauro & Dumas 2009; custom Likert scales): each subscale
/// (or, with none, one "Score") is the mean of its answered items, reversed items recoded as min + max − x; N/A and
/// missing items are left out, as Lewis prescribes. An instrument file that names no rule is scored this way.
public struct MeanFormula: ScoringFormula {
    public init() {}

    public var id: String { "mean" }
    public var summary: Sentence { "the mean of the answered items" }
    public var reference: String { "Lewis, J. R. (2002). Psychometric evaluation of the PSSUQ using data from five years of usability studies" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { instrument.scoredParts.map { $0.0 } }

    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? {
        instrument.itemRange(id, summed: false)
    }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        instrument.scoredParts.compactMap { id, numbers in
            let values = numbers.compactMap { number -> Double? in
                guard let item = instrument.item(number), let value = answers[number]?.value else { return nil }
                return instrument.recoded(value, item: item)
            }
            guard !values.isEmpty else { return nil }
            return Score(id: id, value: values.reduce(0, +) / Double(values.count), answered: values.count, of: numbers.count)
        }
    }

    public func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        instrument.scoredItems.isEmpty ? ["scoring \"\(instrument.scoring.rawValue)\": there are no likert or numeric items to score; use \"none\""] : []
    }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        let cited = instrument.citedInBrackets(c)
        let title = instrument.title.text(language)
        return "The \(title) instrument was applied\(cited); each score is the mean of the answered items, reversed items recoded."
    }

    public var scoresSubscales: Bool { true }
    public var scoreScale: ScoreScale { .items }
}
