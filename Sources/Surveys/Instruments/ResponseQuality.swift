import Foundation
import Wording

/// Checks of a response set before it is scored: a flag names the rule that raised it, and nothing is ever left
/// out silently (`score --exclude-flagged` says what it left out).
public struct QualityFlag: Sendable, Equatable, Codable {
    public enum Rule: String, Sendable, Codable, CaseIterable {
        /// Agreed (or disagreed) with both the positive and the negative statements of an alternating instrument.
        case contradictory
        /// The same answer to every item.
        case straightLined
    }
    public var rule: Rule
    /// Contradictory: the mean answer to the positive and to the negative items, and the scale's midpoint.
    public var positiveMean: Double?
    public var negativeMean: Double?
    public var midpoint: Double?
    /// Straight-lined: how many answers, all of `value`.
    public var answers: Int?
    public var value: Double?

    /// What the answers were, in the rule's terms, numbers written by `number` (the output language's style).
    public func detail(_ number: (Double) -> String) -> Sentence {
        switch rule {
        case .contradictory:
            return "positive items \(number(positiveMean ?? 0)), negative items \(number(negativeMean ?? 0)), midpoint \(number(midpoint ?? 0))"
        case .straightLined:
            return "\(answers ?? 0) answers, all \(number(value ?? 0))"
        }
    }
}

public enum ResponseQuality {
    /// The rule's short name, as tables name it.
    public static func name(_ rule: QualityFlag.Rule) -> Sentence {
        switch rule {
        case .contradictory: return "contradictory"
        case .straightLined: return "straight-lined"
        }
    }

    /// The rules that can flag a response set of `definition`: contradiction needs Likert items of both tones,
    /// straight-lining five Likert items or more.
    public static func rules(for definition: InstrumentDefinition) -> [QualityFlag.Rule] {
        let likert = definition.items.filter { $0.kind == .likert }
        var rules: [QualityFlag.Rule] = []
        if definition.scale != nil, likert.filter(\.reversed).count >= 2, likert.filter({ !$0.reversed }).count >= 2 { rules.append(.contradictory) }
        if likert.count >= 5 { rules.append(.straightLined) }
        return rules
    }

    /// The rules as a report states them.
    public static func statement(_ rule: QualityFlag.Rule) -> Sentence {
        switch rule {
        case .contradictory:
            return "contradictory: on an instrument that alternates positive and negative statements, the mean answer to the positive items and the mean answer to the negative items both lie at least one point above the scale's midpoint (agreeing with opposite statements) or both at least one point below it; at least two answers of each tone. Sauro & Lewis (2011) found such miscoded forms in about one SUS in ten; MeasuringU's SUS package flags the same pattern."
        case .straightLined:
            return "straight-lined: the same answer to every item, five items or more answered."
        }
    }

    /// The flags a response set raises (answers on the canonical orientation, before reversed items are recoded).
    public static func flags(_ answers: [Int: Answer], definition: InstrumentDefinition) -> [QualityFlag] {
        var flags: [QualityFlag] = []
        let likert = definition.items.filter { $0.kind == .likert }
        let values: [(item: ItemDefinition, value: Double)] = likert.compactMap { item in
            if case let .value(value)? = answers[item.number] { return (item, value) }
            return nil
        }
        if let scale = definition.scale {
            let middle = Double(scale.min + scale.max) / 2
            let positive = values.filter { !$0.item.reversed }.map(\.value)
            let negative = values.filter { $0.item.reversed }.map(\.value)
            if positive.count >= 2, negative.count >= 2 {
                let p = positive.reduce(0, +) / Double(positive.count)
                let n = negative.reduce(0, +) / Double(negative.count)
                if (p >= middle + 1 && n >= middle + 1) || (p <= middle - 1 && n <= middle - 1) {
                    flags.append(QualityFlag(rule: .contradictory, positiveMean: p, negativeMean: n, midpoint: middle))
                }
            }
        }
        if values.count >= 5, let first = values.first?.value, values.allSatisfy({ $0.value == first }) {
            flags.append(QualityFlag(rule: .straightLined, answers: values.count, value: first))
        }
        return flags
    }

    /// Answered, unanswered and N/A counts per item over a set of responses.
    public struct ItemCounts: Sendable, Equatable, Codable {
        public var item: Int
        public var answered = 0
        public var missing = 0
        public var notApplicable = 0
    }

    /// Adds one response set to per-item counts (in the instrument's item order).
    public static func count(_ answers: [Int: Answer], definition: InstrumentDefinition, into counts: inout [ItemCounts]) {
        if counts.isEmpty { counts = definition.items.map { ItemCounts(item: $0.number) } }
        for index in counts.indices {
            switch answers[counts[index].item] {
            case .notApplicable?: counts[index].notApplicable += 1
            case nil: counts[index].missing += 1
            case let .text(text)? where text.trimmingCharacters(in: .whitespaces).isEmpty: counts[index].missing += 1
            default: counts[index].answered += 1
            }
        }
    }
}
