import Foundation
import Wording

/// How an instrument's answers become scores: one type per rule, each in its own file beside this one, registered in
/// `ScoringFormulas` under the id an instrument file names it by (`"scoring": "sus"`).
///
/// Everything that differs from one rule to another is asked of the formula — its scores, their ranges, which items
/// are recoded, the scoring itself, what a definition needs, the report's methods sentence, its norms — so the rest of
/// studyctl never tests which rule an instrument has. A new rule is one new file and one `ScoringFormulas.register`.
public protocol ScoringFormula: Sendable {
    /// The rule's name as an instrument file and the study store it ("sus", "nasa-tlx"); never changes once used.
    var id: String { get }
    /// What the rule computes, as `instrument show` says it ("the SUS formula").
    var summary: Sentence { get }
    /// The works the formula comes from, as a reader would look them up ("" for a rule that computes nothing).
    var reference: String { get }
    /// The ids of the scores it produces for `instrument`, in reporting order.
    func scoreIDs(of instrument: InstrumentDefinition) -> [String]
    /// The range score `id` can take, for cutting confidence intervals to it; `nil` when unknown.
    func scoreRange(_ id: String, of instrument: InstrumentDefinition) -> ClosedRange<Double>?
    /// Whether an item's answers are recoded before scoring (reverse-worded items).
    func isRecoded(_ item: ItemDefinition, of instrument: InstrumentDefinition) -> Bool
    /// Every score of one response set. Throws `ScoringError` when `missing` does not allow for the unanswered items.
    func score(_ answers: ItemSlots, missing: MissingPolicy, of instrument: InstrumentDefinition) throws -> [Score]
    /// What `instrument` lacks for this rule (item count, scale), each problem naming the field; empty when it fits.
    func problems(of instrument: InstrumentDefinition) -> [Sentence]
    /// The report's methods sentence for `instrument`: what was applied and how it was scored, with its citations.
    func methods(of instrument: InstrumentDefinition, language: StudyLanguage, citing: MethodsCitations) -> Sentence
    /// Whether each of the instrument's subscales is a score of its own, whose internal consistency (α) is reported.
    var scoresSubscales: Bool { get }
    /// The scale a chart of the scores is drawn on.
    var scoreScale: ScoreScale { get }
    /// The items a participant rates on the screen (NASA-TLX's weights come from a procedure of their own).
    func ratedItems(of instrument: InstrumentDefinition) -> [ItemDefinition]
    /// The step of a numeric item's slider on the participant's screen.
    func ratingStep(_ item: ItemDefinition, range: ClosedRange<Double>) -> Double
    /// A published reference value for score `id` when the instrument file gives none (the SUS's 68).
    func publishedNorm(_ id: String, of instrument: InstrumentDefinition) -> Double?
    /// The bibliography keys of the published norms, when the instrument's own entry names none.
    var normSources: [String] { get }
    /// Whether score `id` lies on the SUS's 0–100 scale, so the SUS's grades, adjectives and acceptability read it.
    func isOnSUSScale(_ id: String, of instrument: InstrumentDefinition) -> Bool
    /// The score that is a SUS score in its own right: drawn in the SUS's grade bins, its grade told after `respond`.
    func gradedScore(of instrument: InstrumentDefinition) -> String?
}

/// The scale a chart draws a formula's scores on.
public enum ScoreScale: Sendable, Hashable {
    /// Each score is a mean of answered items, on the instrument's own Likert scale (PSSUQ, SEQ).
    case items
    /// 0 to 100 (SUS, UMUX, UMUX-Lite).
    case percent
    /// From 0, as high as the values go (sums, NASA-TLX).
    case open
}

/// The report's citations, handed to a formula writing its methods sentence; each call lists the work it cites.
public struct MethodsCitations {
    /// The instrument's own citation (a built-in one's work, else its reference text).
    public var instrument: () -> String
    /// One work by its bibliography key: "(Brooke, 1996)".
    public var work: (String) -> String
    /// Several works in one parenthesis.
    public var works: ([String]) -> String

    public init(instrument: @escaping () -> String, work: @escaping (String) -> String, works: @escaping ([String]) -> String) {
        self.instrument = instrument
        self.work = work
        self.works = works
    }
}

extension ScoringFormula {
    public func isRecoded(_ item: ItemDefinition, of instrument: InstrumentDefinition) -> Bool { item.reversed }
    public func problems(of instrument: InstrumentDefinition) -> [Sentence] { [] }
    public var scoresSubscales: Bool { false }
    public var scoreScale: ScoreScale { .open }
    public func ratedItems(of instrument: InstrumentDefinition) -> [ItemDefinition] { instrument.items }
    public func ratingStep(_ item: ItemDefinition, range: ClosedRange<Double>) -> Double { 1 }
    public func publishedNorm(_ id: String, of instrument: InstrumentDefinition) -> Double? { nil }
    public var normSources: [String] { [] }
    public func isOnSUSScale(_ id: String, of instrument: InstrumentDefinition) -> Bool { id == "SUS-equivalent" }
    public func gradedScore(of instrument: InstrumentDefinition) -> String? { nil }
}

/// The formulas studyctl knows, by id: the built-in ones, then any registered (a test's own formula).
public enum ScoringFormulas {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [any ScoringFormula] = [
        SUSFormula(), UMUXFormula(), UMUXLiteFormula(), MeanFormula(), SumFormula(), NASATLXFormula(), NoScoreFormula(),
    ]

    /// The formula named `id` in an instrument file, if one is registered.
    public static func formula(_ id: String) -> (any ScoringFormula)? {
        lock.withLock { known.first { $0.id == id } }
    }

    /// Every registered formula, the built-in ones first in the order the documentation lists them.
    public static var all: [any ScoringFormula] {
        lock.withLock { known }
    }

    /// Every registered formula's id, as a refusal lists them ("sus, umux, umux-lite, mean, sum, nasa-tlx, none").
    public static var ids: [String] { all.map(\.id) }

    /// Makes `formula` known to instrument files by its id. Returns false (and keeps the one known) when the id is taken.
    @discardableResult
    public static func register(_ formula: any ScoringFormula) -> Bool {
        lock.withLock {
            guard !known.contains(where: { $0.id == formula.id }) else { return false }
            known.append(formula)
            return true
        }
    }
}

/// An instrument's scoring rule as its file names it: the id, stored as that string, and the formula it stands for.
public struct ScoringRule: Sendable, Hashable, Codable, CustomStringConvertible {
    public let formula: any ScoringFormula

    public init(_ formula: any ScoringFormula) {
        self.formula = formula
    }

    /// The rule's id as a file writes it.
    public var rawValue: String { formula.id }
    public var description: String { formula.id }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let formula = ScoringFormulas.formula(id) else {
            // Worded as Foundation words an unknown enum case, which the instrument loader turns into "is not one of …".
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot initialize ScoringRule from invalid String value \(id)")
        }
        self.formula = formula
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(formula.id)
    }

    /// The rule of an instrument file that names none: the mean of the answered items.
    static let unnamed = ScoringRule(MeanFormula())

    public static func == (lhs: ScoringRule, rhs: ScoringRule) -> Bool { lhs.formula.id == rhs.formula.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(formula.id) }
}

extension InstrumentDefinition {
    /// The formula that scores this instrument.
    public var formula: any ScoringFormula { scoring.formula }

    /// The (id, items) pairs a formula scoring each subscale (or all scored items, with none) works on.
    public var scoredParts: [(String, [Int])] {
        subscales.isEmpty ? [("Score", scoredItems.map(\.number))] : subscales.map { ($0.id, $0.items) }
    }

    /// What a formula with a fixed number of Likert items on a fixed scale finds wrong with this definition.
    func fixedLikertProblems(count: Int, points: Int, _ name: String) -> [Sentence] {
        let likert = items.filter { $0.kind == .likert }
        var problems: [Sentence] = []
        if items.count != count || likert.count != count {
            problems.append("scoring \"\(scoring.rawValue)\": \(name) has exactly \(count) likert items; this file has \(likert.count) of \(items.count)")
        }
        if let scale, scale.points != points {
            problems.append("scoring \"\(scoring.rawValue)\": \(name) uses a \(points)-point scale; scale.points is \(scale.points)")
        }
        return problems
    }

    /// Scores from item contributions on a 0…`maxContribution` scale, each part as Σ contributions × 100 /
    /// (`maxContribution` × answered) (the SUS family). `positive` says which items contribute x − min (the others
    /// max − x). With missing items: `centre` counts the centre contribution; `prorate` scales the answered ones, for
    /// at most one missing item (Lewis & Sauro 2017).
    func contributionScores(_ answers: ItemSlots, missing: MissingPolicy, maxContribution: Double,
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

    /// The range of a mean or a sum of the items in score `id` (a subscale, or all scored items); `nil` when an
    /// item has no range.
    func itemRange(_ id: String, summed: Bool) -> ClosedRange<Double>? {
        let numbers = subscales.first { $0.id == id }?.items ?? scoredItems.map(\.number)
        let ranges = numbers.compactMap { item($0).flatMap { range(of: $0) } }
        guard ranges.count == numbers.count, let first = ranges.first else { return nil }
        if summed { return ranges.reduce(0) { $0 + $1.lowerBound }...ranges.reduce(0) { $0 + $1.upperBound } }
        return ranges.reduce(first.lowerBound) { min($0, $1.lowerBound) }...ranges.reduce(first.upperBound) { max($0, $1.upperBound) }
    }

    /// The instrument's citation in a methods sentence that reads "… applied (citation);": empty, bracketed, or as is.
    func citedInBrackets(_ citing: MethodsCitations) -> String {
        let reference = citing.instrument()
        return reference.isEmpty ? "" : reference.hasPrefix("(") ? " " + reference : " (\(reference))"
    }
}
