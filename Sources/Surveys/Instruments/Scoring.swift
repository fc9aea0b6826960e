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
        formula.isRecoded(item, of: self)
    }

    /// The range a score can take, for cutting confidence intervals to it; `nil` when unknown.
    public func scoreRange(_ id: String) -> ClosedRange<Double>? {
        formula.scoreRange(id, of: self)
    }

    /// The ids of the scores this instrument produces, in reporting order.
    public var scoreIDs: [String] {
        formula.scoreIDs(of: self)
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

    /// Computes every score of one response set, by the instrument's formula (each formula's file gives its source).
    public func score(_ answers: [Int: Answer], missing: MissingPolicy = .refuse) throws -> [Score] {
        var dense = ItemSlots()
        dense.load(answers)
        return try score(dense, missing: missing)
    }

    /// `score` over answers laid out by item number (what a report scoring many sets keeps between them).
    func score(_ answers: ItemSlots, missing: MissingPolicy = .refuse) throws -> [Score] {
        try formula.score(answers, missing: missing, of: self)
    }
}

/// A response set's answers laid out by item number: what scoring and a report's counts look up a dozen times per
/// set, without hashing (a dictionary's hashing was a tenth of scoring a large study). Reused between sets. A formula
/// reads a response set's answers from it by item number.
public struct ItemSlots: Sendable {
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

    /// The answer to item `number`, if it has one.
    public subscript(number: Int) -> Answer? {
        number >= 0 && number < slots.count ? slots[number] : number > Self.slotLimit || number < 0 ? others[number] : nil
    }
}
