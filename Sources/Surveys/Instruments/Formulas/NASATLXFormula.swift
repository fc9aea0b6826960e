import Foundation
import Wording

/// The NASA Task Load Index (Hart & Staveland 1988): six numeric ratings, optionally followed by six weights from the
/// 15 pairwise comparisons of the sources. Raw TLX is the mean of the six ratings (Hart 2006); Weighted TLX is
/// Σ rating × weight / 15, given when every rating and weight is there.
public struct NASATLXFormula: ScoringFormula {
    public init() {}

    public var id: String { "nasa-tlx" }
    public var summary: Sentence { "raw and weighted NASA-TLX" }
    public var reference: String { "Hart, S. G. & Staveland, L. E. (1988). Development of NASA-TLX (Task Load Index): results of empirical and theoretical research; Hart, S. G. (2006). NASA-Task Load Index (NASA-TLX); 20 years later" }

    public func scoreIDs(of instrument: InstrumentDefinition) -> [String] { ["Raw TLX", "Weighted TLX"] }

    /// A rating's own range (0–100 for the published scale).
    public func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>? {
        instrument.items.first.flatMap { instrument.range(of: $0) }
    }

    public func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score] {
        let ratings = Array(instrument.items.prefix(6)).map(\.number)
        let weights = Array(instrument.items.dropFirst(6).prefix(6)).map(\.number)
        var rated = ratings.compactMap { answers[$0]?.value }
        let missingRatings = ratings.filter { answers[$0]?.value == nil }
        if !missingRatings.isEmpty {
            if missing == .refuse { throw ScoringError.missingItems(instrument: "NASA-TLX", items: missingRatings) }
            if missing == .prorate, missingRatings.count > 1 {
                throw ScoringError.tooManyMissingToProrate(instrument: "NASA-TLX", items: missingRatings, allowed: 1)
            }
        }
        let answeredCount = rated.count
        if missing == .centre {
            // The centre point of each missing rating's scale counts as its answer (as for SUS, Brooke 1996).
            for number in missingRatings {
                guard let item = instrument.item(number), let range = instrument.range(of: item) else { continue }
                rated.append((range.lowerBound + range.upperBound) / 2)
            }
        }
        guard !rated.isEmpty else { return [] }
        var scores = [Score(id: "Raw TLX", value: rated.reduce(0, +) / Double(rated.count), answered: answeredCount, of: 6)]
        let given = weights.compactMap { answers[$0]?.value }
        if missingRatings.isEmpty, weights.count == 6, given.count == 6 {
            let sum = given.reduce(0, +)
            guard sum == 15 else { throw ScoringError.weightsDoNotSumTo15(sum: sum) }
            // No rating is missing (`missingRatings` is empty), so `rated` holds every rating's value, in the items' order.
            let weighted = zip(rated, given).reduce(0.0) { $0 + $1.0 * $1.1 } / 15
            scores.append(Score(id: "Weighted TLX", value: weighted, answered: 6, of: 6))
        }
        return scores
    }

    public func problems(of instrument: InstrumentDefinition) -> [Sentence] {
        let numeric = instrument.items.filter { $0.kind == .numeric }
        if numeric.count != instrument.items.count || (instrument.items.count != 6 && instrument.items.count != 12) {
            return ["scoring \"nasa-tlx\": NASA-TLX has 6 numeric ratings, optionally followed by 6 numeric weights"]
        }
        return []
    }

    public func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing c: MethodsCitations) -> Sentence {
        "Workload was measured with the NASA-TLX \(c.instrument()): raw TLX as the mean of the six ratings \(c.work("hart2006")) and, where weights were collected, weighted TLX = Σ rating × weight / 15."
    }

    /// The six ratings: the weights come from 15 pairwise comparisons of the sources, a procedure of its own that the
    /// participant's screen does not run (the scoring takes the weights as optional).
    public func ratedItems(of instrument: InstrumentDefinition) -> [ItemDefinition] { Array(instrument.items.prefix(6)) }

    /// The rating scale has 21 marks (Hart & Staveland 1988): steps of 5 on 0–100.
    public func ratingStep(_ item: ItemDefinition, range: ClosedRange<Double>) -> Double {
        range.lowerBound == 0 && range.upperBound == 100 ? 5 : 1
    }
}
