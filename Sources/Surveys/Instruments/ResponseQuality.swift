import Foundation
import Wording

/// Checks of a response set before it is scored: a flag names the rule that raised it, and nothing is ever left
/// out silently (`--exclude-flagged` leaves the flagged participants out of the questionnaire and task analyses and says who: `AnalysisSet`).
public struct QualityFlag: Sendable, Equatable, Codable {
    public enum Rule: String, Sendable, Codable, CaseIterable {
        /// Agreed (or disagreed) with both the positive and the negative statements of an alternating instrument.
        case contradictory
        /// The same answer to every item.
        case straightLined
        /// Submitted faster than anyone reading the items could (the form export's start and submission times).
        case tooFast
    }
    public var rule: Rule
    /// Contradictory: the mean answer to the positive and to the negative items, and the scale's midpoint.
    public var positiveMean: Double?
    public var negativeMean: Double?
    public var midpoint: Double?
    /// Straight-lined: how many answers, all of `value`.
    public var answers: Int?
    public var value: Double?
    /// Too fast: how long the form took, in seconds (`answers` is then the items answered).
    public var seconds: Double? = nil

    /// What the answers were, in the rule's terms, numbers written by `number` (the output language's style).
    public func detail(_ number: (Double) -> String) -> Sentence {
        switch rule {
        case .contradictory:
            return "positive items \(number(positiveMean ?? 0)), negative items \(number(negativeMean ?? 0)), midpoint \(number(midpoint ?? 0))"
        case .straightLined:
            return "\(answers ?? 0) answers, all \(number(value ?? 0))"
        case .tooFast:
            return "\(number(seconds ?? 0)) s for \(answers ?? 0) answers, \(number(value ?? 0)) s each"
        }
    }
}

public enum ResponseQuality {
    /// The rule's short name, as tables name it.
    public static func name(_ rule: QualityFlag.Rule) -> Sentence {
        switch rule {
        case .contradictory: return "contradictory"
        case .straightLined: return "straight-lined"
        case .tooFast: return "too fast"
        }
    }

    /// Fewer seconds per answered item than this flag a form as too fast: Huang, J. L., Curran, P. G., Keeney, J.,
    /// Poposki, E. M. & DeShon, R. P. (2012). Detecting and deterring insufficient effort responding to surveys.
    /// Journal of Business and Psychology 27(1), 99–114 — 2 s per item, the cutoff their data supported.
    public static let secondsPerItem = 2.0

    /// The rules that can flag a response set of `definition`: contradiction needs Likert items of both tones,
    /// straight-lining five Likert items or more.
    /// With `timed`, some sets carry the form's start and submission times, and the too-fast check applies.
    public static func rules(for definition: InstrumentDefinition, timed: Bool = false) -> [QualityFlag.Rule] {
        let likert = definition.items.filter { $0.kind == .likert }
        var rules: [QualityFlag.Rule] = []
        if definition.scale != nil, likert.filter(\.reversed).count >= 2, likert.filter({ !$0.reversed }).count >= 2 { rules.append(.contradictory) }
        if likert.count >= 5 { rules.append(.straightLined) }
        if timed { rules.append(.tooFast) }
        return rules
    }

    /// The rules as a report states them.
    public static func statement(_ rule: QualityFlag.Rule) -> Sentence {
        switch rule {
        case .contradictory:
            return "contradictory: on an instrument that alternates positive and negative statements, the mean answer to the positive items and the mean answer to the negative items both lie at least one point above the scale's midpoint (agreeing with opposite statements) or both at least one point below it; at least two answers of each tone. Sauro & Lewis (2011) found such miscoded forms in about one SUS in ten; MeasuringU's SUS package flags the same pattern."
        case .straightLined:
            return "straight-lined: the same answer to every item, five items or more answered."
        case .tooFast:
            return "too fast: submitted in less than 2 seconds per answered item, from the form's start to its submission time as the export gives them (Huang et al. 2012)."
        }
    }

    /// The flags a response set raises (answers on the canonical orientation, before reversed items are recoded).
    /// - Parameter seconds: how long the form took (`FormDuration`), when the export says.
    public static func flags(_ answers: [Int: Answer], definition: InstrumentDefinition, seconds: Double? = nil) -> [QualityFlag] {
        Checker(definition).flags(answers, seconds: seconds)
    }

    /// The rules applied to many response sets of one instrument: what they need of the definition (its Likert items'
    /// numbers and tones, its scale's midpoint) is read once, not once per set.
    public struct Checker: Sendable {
        let likert: [(number: Int, reversed: Bool)]
        let middle: Double?

        public init(_ definition: InstrumentDefinition) {
            likert = definition.items.filter { $0.kind == .likert }.map { ($0.number, $0.reversed) }
            middle = definition.scale.map { Double($0.min + $0.max) / 2 }
        }

        public func flags(_ answers: [Int: Answer], seconds: Double? = nil) -> [QualityFlag] {
            var flags: [QualityFlag] = []
            let answered = answers.count  // N/A is an answer too: the item was read
            if let seconds, answered > 0, seconds / Double(answered) < secondsPerItem {
                flags.append(QualityFlag(rule: .tooFast, answers: answered, value: seconds / Double(answered), seconds: seconds))
            }
            // The Likert answers in item order: their sums per tone, and whether all are the same.
            var positiveSum = 0.0, positiveCount = 0, negativeSum = 0.0, negativeCount = 0
            var values = 0
            var first = 0.0
            var same = true
            for (number, reversed) in likert {
                guard case let .value(value)? = answers[number] else { continue }
                if values == 0 { first = value } else if value != first { same = false }
                values += 1
                if reversed { negativeSum += value; negativeCount += 1 } else { positiveSum += value; positiveCount += 1 }
            }
            if let middle, positiveCount >= 2, negativeCount >= 2 {
                let p = positiveSum / Double(positiveCount)
                let n = negativeSum / Double(negativeCount)
                if (p >= middle + 1 && n >= middle + 1) || (p <= middle - 1 && n <= middle - 1) {
                    flags.append(QualityFlag(rule: .contradictory, positiveMean: p, negativeMean: n, midpoint: middle))
                }
            }
            if values >= 5, same {
                flags.append(QualityFlag(rule: .straightLined, answers: values, value: first))
            }
            return flags
        }
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

/// How long a form took, from the start and submission times a form export gives, as it wrote them: LimeSurvey's
/// "2026-11-24 09:15:02", Microsoft Forms' "11/24/26 9:15:02 AM" or "24/11/2026 09:15:02". Day and month are read
/// in the same order in both times; where the order is ambiguous, the reading that gives the shortest duration that
/// is not negative is taken (a form is filled in within a day, so the readings agree unless it crosses midnight).
public enum FormDuration {
    public static func seconds(from started: String?, to submitted: String?) -> Double? {
        guard let started, let submitted else { return nil }
        var best: Double?
        for order in [Order.yearFirst, .monthFirst, .dayFirst] {
            guard let a = instant(started, order), let b = instant(submitted, order), b >= a else { continue }
            if b - a < best ?? .infinity { best = b - a }
        }
        return best
    }

    /// Whether `later` was written after `earlier` (form time stamps as `seconds(from:to:)` reads them), or nil
    /// when either cannot be read or the two readings of an ambiguous day and month disagree.
    public static func isLater(_ later: String?, than earlier: String?) -> Bool? {
        guard let later, let earlier else { return nil }
        var answers: Set<Bool> = []
        for order in [Order.yearFirst, .dayFirst, .monthFirst] {
            if let a = instant(earlier, order), let b = instant(later, order) { answers.insert(b > a) }
        }
        return answers.count == 1 ? answers.first : nil
    }

    enum Order { case yearFirst, monthFirst, dayFirst }

    /// Seconds since 1970-01-01 of a date and time written with `order`, or nil when it does not read so.
    static func instant(_ text: String, _ order: Order) -> Double? {
        var groups: [String] = []
        var current = ""
        for character in text {
            if character.isASCII, character.isNumber { current.append(character) } else if !current.isEmpty { groups.append(current); current = "" }
        }
        if !current.isEmpty { groups.append(current) }
        // No part of a date or time has more than four digits: a longer one (a stray number, a year past 9999) is
        // not a time, and would overflow the arithmetic below.
        guard groups.count >= 5, groups.prefix(6).allSatisfy({ $0.count <= 4 }) else { return nil }
        let numbers = groups.prefix(6).compactMap { Int($0) }
        let yearFirst = groups[0].count == 4
        guard yearFirst == (order == .yearFirst) else { return nil }
        var (year, month, day): (Int, Int, Int)
        switch order {
        case .yearFirst: (year, month, day) = (numbers[0], numbers[1], numbers[2])
        case .monthFirst: (year, month, day) = (numbers[2], numbers[0], numbers[1])
        case .dayFirst: (year, month, day) = (numbers[2], numbers[1], numbers[0])
        }
        if year < 100 { year += 2000 }
        var hour = numbers[3]
        let minute = numbers[4], second = numbers.count > 5 ? numbers[5] : 0
        let lower = text.lowercased()
        if lower.contains("pm") || lower.contains("p.m.") { if hour < 12 { hour += 12 } } else if lower.contains("am") || lower.contains("a.m."), hour == 12 { hour = 0 }
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        // Days from the civil date (Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second)
    }
}
