import Foundation
import Wording

/// One item's answer. An item with no answer is missing, which is not the same as N/A.
public enum Answer: Sendable, Hashable {
    /// A point on a Likert scale or a number, on the canonical orientation.
    case value(Double)
    /// The respondent said the item does not apply.
    case notApplicable
    /// The key of a choice.
    case choice(String)
    case text(String)

    /// The answer as a message names it: `9`, `2.5`, `N/A`, `choice 'talvez'`, `text 'Mais exemplos'`.
    public var display: String {
        switch self {
        case let .value(value): return NumberParser.format(value)
        case .notApplicable: return "N/A"
        case let .choice(key): return "choice '\(key)'"
        case let .text(text): return "text '\(text)'"
        }
    }

    public var value: Double? {
        if case let .value(value) = self { return value }
        return nil
    }
}

/// What to do when a scored item has no answer.
public enum MissingPolicy: String, Sendable, Codable, CaseIterable {
    /// Refuse to score the response set (the default: a missing item is a question to the researcher).
    case refuse
    /// Count the missing item as the scale's centre point (Brooke 1996 for SUS).
    case centre
    /// Scale the answered items up to the full instrument (Lewis & Sauro 2017 for one SUS item).
    case prorate
}

/// A computed score, e.g. PSSUQ "InfoQual" 2.8.
public struct Score: Sendable, Hashable, Codable {
    public var id: String
    public var value: Double
    /// Items that counted towards it.
    public var answered: Int
    /// Items it is defined on.
    public var of: Int

    public init(id: String, value: Double, answered: Int, of: Int) {
        self.id = id
        self.value = value
        self.answered = answered
        self.of = of
    }
}

/// Why a response set could not be scored.
public enum ScoringError: Error, WordedError, Equatable, LocalizedError {
    case missingItems(instrument: String, items: [Int])
    case tooManyMissingToProrate(instrument: String, items: [Int], allowed: Int)
    case weightsDoNotSumTo15(sum: Double)

    public var errorDescription: String? { sentence.description }


    public var sentence: Sentence {
        switch self {
        case let .missingItems(instrument, items):
            let list = items.map(String.init).joined(separator: ", ")
            return items.count == 1
                ? "\(instrument) item \(list) has no answer; score with --missing centre (count the centre point) or --missing prorate, or complete the answers"
                : "\(instrument) items \(list) have no answer; score with --missing centre (count the centre point) or --missing prorate, or complete the answers"
        case let .tooManyMissingToProrate(instrument, items, allowed):
            let list = items.map(String.init).joined(separator: ", ")
            return allowed == 1
                ? "\(instrument) items \(list) have no answer; prorating is validated for at most 1 missing item (Lewis & Sauro 2017)"
                : "\(instrument) items \(list) have no answer; prorating is validated for at most \(allowed) missing items (Lewis & Sauro 2017)"
        case let .weightsDoNotSumTo15(sum):
            return "NASA-TLX weights sum to \(NumberParser.format(sum)); the 15 pairwise comparisons give weights summing to 15"
        }
    }

    /// The same for a reader of a report: what happened to the set under the analysis's missing-item policy, with no
    /// command to run.
    public var readerSentence: Sentence {
        switch self {
        case let .missingItems(instrument, items):
            let list = items.map(String.init).joined(separator: ", ")
            return items.count == 1
                ? "\(instrument) item \(list) has no answer; the set was not scored, since this analysis neither counts an unanswered item as the centre point nor prorates"
                : "\(instrument) items \(list) have no answer; the set was not scored, since this analysis neither counts an unanswered item as the centre point nor prorates"
        case let .tooManyMissingToProrate(instrument, items, allowed):
            let list = items.map(String.init).joined(separator: ", ")
            return allowed == 1
                ? "\(instrument) items \(list) have no answer; the set was not scored, since prorating is validated for at most 1 missing item (Lewis & Sauro 2017)"
                : "\(instrument) items \(list) have no answer; the set was not scored, since prorating is validated for at most \(allowed) missing items (Lewis & Sauro 2017)"
        case .weightsDoNotSumTo15:
            return sentence
        }
    }
}

extension InstrumentDefinition {
    /// Whether an item's answers are recoded before scoring (reverse-worded items; SUS's and UMUX's even items).
    public func isRecoded(_ item: ItemDefinition) -> Bool {
        switch scoring {
        case .sus, .umux: return item.number % 2 == 0
        default: return item.reversed
        }
    }

    /// The range a score can take, for cutting confidence intervals to it; `nil` when unknown.
    public func scoreRange(_ id: String) -> ClosedRange<Double>? {
        switch (scoring, id) {
        case (.sus, _), (.umux, _), (.umuxLite, "UMUX-Lite"): return 0...100
        case (.umuxLite, "SUS-equivalent"): return 22.9...87.9
        case (.nasaTLX, _):
            return items.first.flatMap { range(of: $0) }
        case (.mean, _), (.sum, _):
            let numbers = subscales.first { $0.id == id }?.items ?? scoredItems.map(\.number)
            let ranges = numbers.compactMap { item($0).flatMap { range(of: $0) } }
            guard ranges.count == numbers.count, let first = ranges.first else { return nil }
            if scoring == .sum { return ranges.reduce(0) { $0 + $1.lowerBound }...ranges.reduce(0) { $0 + $1.upperBound } }
            return ranges.reduce(first.lowerBound) { min($0, $1.lowerBound) }...ranges.reduce(first.upperBound) { max($0, $1.upperBound) }
        default: return nil
        }
    }

    /// The ids of the scores this instrument produces, in reporting order.
    public var scoreIDs: [String] {
        switch scoring {
        case .sus: return ["SUS", "Learnability", "Usability"]
        case .umux: return ["UMUX"]
        case .umuxLite: return ["UMUX-Lite", "SUS-equivalent"]
        case .nasaTLX: return ["Raw TLX", "Weighted TLX"]
        case .mean, .sum: return subscales.isEmpty ? ["Score"] : subscales.map(\.id)
        case .none: return []
        }
    }

    /// Items that scores are computed from (likert and numeric).
    public var scoredItems: [ItemDefinition] {
        items.filter { $0.kind == .likert || $0.kind == .numeric }
    }

    /// The value of `answer` to `item` after reverse-coding: min + max − x for reversed items.
    public func recoded(_ value: Double, item: ItemDefinition) -> Double {
        guard item.reversed, let range = range(of: item) else { return value }
        return range.lowerBound + range.upperBound - value
    }

    /// Computes every score of one response set.
    ///
    /// - SUS (Brooke 1996): each odd item contributes x − 1 and each even item 5 − x; SUS = 2.5 × Σ. Learnability =
    ///   (c₄ + c₁₀) × 12.5 and Usability = Σ of the other eight × 3.125 (Lewis & Sauro 2009). With missing items:
    ///   `centre` counts the centre point (contribution 2, Brooke 1996); `prorate` scales the answered
    ///   contributions, Σc × 100 / (4 × answered), for at most one missing item (Lewis & Sauro 2017).
    /// - UMUX (Finstad 2010): odd items x − 1, even items 7 − x; UMUX = Σ / 24 × 100.
    /// - UMUX-Lite (Lewis, Utesch & Maher 2013): ((x₁ − 1) + (x₂ − 1)) / 12 × 100, and its regression to SUS,
    ///   SUS-equivalent = 0.65 × UMUX-Lite + 22.9.
    /// - mean (PSSUQ, Lewis 2002; SEQ, Sauro & Dumas 2009; custom Likert): each subscale is the mean of its
    ///   answered items, reversed items recoded; N/A and missing items are left out, as Lewis prescribes.
    /// - sum: the sum of the items; missing items as for SUS.
    /// - NASA-TLX: Raw TLX is the mean of the six ratings (Hart 2006); Weighted TLX is Σ rating × weight / 15,
    ///   with weights from the 15 pairwise comparisons (Hart & Staveland 1988).
    public func score(_ answers: [Int: Answer], missing: MissingPolicy = .refuse) throws -> [Score] {
        var dense = ItemSlots()
        dense.load(answers)
        return try score(dense, missing: missing)
    }

    /// `score` over answers laid out by item number (what a report scoring many sets keeps between them).
    func score(_ answers: ItemSlots, missing: MissingPolicy = .refuse) throws -> [Score] {
        switch scoring {
        case .sus:
            return try contributionScores(answers, missing: missing, maxContribution: 4, positive: { $0 % 2 == 1 },
                                          parts: [("SUS", items.map(\.number)), ("Learnability", [4, 10]),
                                                  ("Usability", [1, 2, 3, 5, 6, 7, 8, 9])])
        case .umux:
            return try contributionScores(answers, missing: missing, maxContribution: 6, positive: { $0 % 2 == 1 },
                                          parts: [("UMUX", items.map(\.number))])
        case .umuxLite:
            let scores = try contributionScores(answers, missing: missing, maxContribution: 6, positive: { _ in true },
                                                parts: [("UMUX-Lite", items.map(\.number))])
            guard let lite = scores.first else { return [] }
            return scores + [Score(id: "SUS-equivalent", value: 0.65 * lite.value + 22.9, answered: lite.answered, of: lite.of)]
        case .mean:
            return parts.compactMap { id, numbers in
                let values = numbers.compactMap { number -> Double? in
                    guard let item = item(number), let value = answers[number]?.value else { return nil }
                    return recoded(value, item: item)
                }
                guard !values.isEmpty else { return nil }
                return Score(id: id, value: values.reduce(0, +) / Double(values.count), answered: values.count, of: numbers.count)
            }
        case .sum:
            return try parts.map { id, numbers in
                var total = 0.0
                var answered = 0
                var missingItems: [Int] = []
                for number in numbers {
                    guard let item = item(number) else { continue }
                    if let value = answers[number]?.value {
                        total += recoded(value, item: item)
                        answered += 1
                    } else if missing == .centre, let range = range(of: item) {
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
        case .nasaTLX:
            return try nasaTLX(answers, missing: missing)
        case .none:
            return []
        }
    }

    /// The (id, items) pairs a mean or sum rule scores.
    private var parts: [(String, [Int])] {
        subscales.isEmpty ? [("Score", scoredItems.map(\.number))] : subscales.map { ($0.id, $0.items) }
    }

    private func contributionScores(_ answers: ItemSlots, missing: MissingPolicy, maxContribution: Double,
                                    positive: (Int) -> Bool, parts: [(String, [Int])]) throws -> [Score] {
        guard let scale else { return [] }
        let low = Double(scale.min)
        let high = Double(scale.max)
        // Item number → contribution, as pairs: a questionnaire has a few dozen items at most, and this runs once per
        // response set (a dictionary's hashing was most of scoring's time).
        var contributions: [(number: Int, value: Double)] = []
        contributions.reserveCapacity(items.count)
        var missingItems: [Int] = []
        for item in items {
            if let value = answers[item.number]?.value {
                contributions.append((item.number, positive(item.number) ? value - low : high - value))
            } else if missing == .centre {
                contributions.append((item.number, maxContribution / 2))
            } else {
                missingItems.append(item.number)
            }
        }
        if !missingItems.isEmpty {
            let name = scoreIDs.first ?? id
            if missing == .refuse { throw ScoringError.missingItems(instrument: name, items: missingItems) }
            if missingItems.count > 1 {
                throw ScoringError.tooManyMissingToProrate(instrument: name, items: missingItems, allowed: 1)
            }
        }
        return parts.compactMap { id, numbers in
            var sum = 0.0
            var answered = 0
            for number in numbers {
                guard let contribution = contributions.first(where: { $0.number == number }) else { continue }
                sum += contribution.value
                answered += 1
            }
            guard answered > 0 else { return nil }
            let value = sum * 100 / (maxContribution * Double(answered))
            return Score(id: id, value: value, answered: answered, of: numbers.count)
        }
    }

    private func nasaTLX(_ answers: ItemSlots, missing: MissingPolicy) throws -> [Score] {
        let ratings = Array(items.prefix(6)).map(\.number)
        let weights = Array(items.dropFirst(6).prefix(6)).map(\.number)
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
                guard let item = item(number), let range = range(of: item) else { continue }
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
}

/// A response set's answers laid out by item number: what scoring and a report's counts look up a dozen times per
/// set, without hashing (a dictionary's hashing was a tenth of scoring a large study). Reused between sets.
struct ItemSlots {
    /// Item numbers up to this are slots; any other (no instrument has one) is kept aside, so a stray number in a
    /// stored set never sizes an array.
    static let slotLimit = 1_024
    private var slots: [Answer?] = []
    private var used: [Int] = []
    private var others: [Int: Answer] = [:]

    /// Holds `answers`, and nothing else.
    mutating func load(_ answers: [Int: Answer]) {
        for number in used { slots[number] = nil }
        used.removeAll(keepingCapacity: true)
        if !others.isEmpty { others.removeAll() }
        for (number, answer) in answers {
            guard number >= 0, number <= Self.slotLimit else { others[number] = answer; continue }
            if number >= slots.count { slots.append(contentsOf: repeatElement(nil, count: number + 1 - slots.count)) }
            slots[number] = answer
            used.append(number)
        }
    }

    subscript(number: Int) -> Answer? {
        number >= 0 && number < slots.count ? slots[number] : number > Self.slotLimit || number < 0 ? others[number] : nil
    }
}
