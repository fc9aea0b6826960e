import Foundation
import Wording

/// The sum of the items, a summated rating scale (Likert 1932): each subscale (or, with none, one "Score") is the sum
/// of its items, reversed items recoded as min + max − x. With missing items: `centre` counts the item's centre point
/// (as Brooke 1996 does for the SUS); `prorate` scales the answered sum to all items, for at most one missing item
/// (Lewis & Sauro 2017).
public struct SumFormula: ScoringFormula {
    public init() {}

    public var id: String { "sum" }
    public var summary: Sentence { "the sum of the answered items" }
    public var reference: String { "Likert, R. (1932). A technique for the measurement of attitudes; Lewis, J. R. & Sauro, J. (2017). Can I leave this one out? The effect of dropping an item from the SUS" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { instrument.scoredParts.map { $0.0 } }

    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? {
        instrument.itemRange(id, summed: true)
    }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        try instrument.scoredParts.map { id, numbers in
            var total = 0.0
            var answered = 0
            var missingItems: [Int] = []
            for number in numbers {
                guard let item = instrument.item(number) else { continue }
                if let value = answers[number]?.value {
                    total += instrument.recoded(value, item: item)
                    answered += 1
                } else if missing == .centre, let range = instrument.range(of: item) {
                    total += (range.lowerBound + range.upperBound) / 2
                } else {
                    missingItems.append(number)
                }
            }
            if !missingItems.isEmpty {
                if missing == .refuse { throw ScoringError.missingItems(instrument: id, items: missingItems) }
                if missingItems.count > 1 {
                    throw ScoringError.tooManyMissingToProrate(instrument: id, items: missingItems, allowed: 1)
                }
                total = total * Double(numbers.count) / Double(answered)
            }
            return Score(id: id, value: total, answered: answered, of: numbers.count)
        }
    }

    public func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        instrument.scoredItems.isEmpty ? ["scoring \"\(instrument.scoring.rawValue)\": there are no likert or numeric items to score; use \"none\""] : []
    }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        let cited = instrument.citedInBrackets(c)
        let title = instrument.title.text(language)
        return "The \(title) instrument was applied\(cited); each score is the sum of the answered items, reversed items recoded."
    }

    public var scoresSubscales: Bool { true }
}
