import Foundation
import Surveys

/// One comparison of a task's measure between levels (of a condition) or groups (of participants), in the words every
/// `--json` uses for the same things (docs/json.md, "Shared vocabulary"): the levels and, per level, `n` and the
/// `typical` value; the test by machine name with its `statistic`, `df`, `p` and `pHolm`; the effect (B against A)
/// with its `ci` at `confidence`. Time, errors, completion and the SEQ, within or between participants, two levels or
/// several, all have this one shape; a key that does not apply is `null` (or `[]` for `pairs`).
public struct TaskComparisonEntry: Encodable, Sendable, Equatable {
    public var task: String
    /// `time`, `total`, `errors`, `completion` or `seq`.
    public var measure: String
    /// The condition or the attribute whose levels (groups) are compared.
    public var factor: String
    /// `within` (the same participants under every level) or `between` (different participants).
    public var design: String
    /// The levels of the conditions varying within participants that a between-group comparison was made within
    /// (`--at`), factor → level; empty when there are none.
    public var cell: [String: String]
    /// The levels (groups) compared, A first.
    public var levels: [String]
    /// Per level: the participants whose values were compared (within participants the same ones under each).
    public var n: [Int]
    /// Per level: geometric mean time (s), mean errors, completion rate (0–1) or mean SEQ.
    public var typical: [Double?]
    /// `paired-t`, `welch-t`, `friedman`, `mcnemar-exact`, `cochran-q`, `n-1-two-proportion` or `fisher-exact`.
    public var test: String
    /// t, χ² (Friedman), z (N − 1), Q (Cochran) or McNemar's min(only A, only B); `null` for Fisher's exact test or an
    /// undefined test.
    public var statistic: Double?
    public var df: Double?
    public var p: Double?
    /// Holm's adjustment over the comparisons of two levels made together (`pairs`); a comparison of two levels made
    /// alone is its own family (`p`); `null` for a test over several levels.
    public var pHolm: Double?
    /// B against A: `ratio` (B / A of geometric means, times), `difference` (B − A: errors, SEQ, completion rates) or
    /// `kendall-w` (Friedman).
    public var effectName: String?
    public var effect: Double?
    /// The effect's interval [low, high] at `confidence`; `null` where there is none.
    public var ci: [Double]?
    /// The level of every interval (0.95 or 0.90).
    public var confidence: Double
    /// Hedges' g of B − A (time on the log scale) between groups by Welch's t-test; else `null`.
    public var hedgesG: Double?
    /// Participants with values under some of the levels only, out of a comparison within participants.
    public var leftOut: Int
    /// Participants with several attempts under one level: their mean enters (time, errors), or their first outcome
    /// (completion).
    public var severalAttempts: Int
    /// Completion: per level, the participants who completed the task; else `null`.
    public var completed: [Int]?
    /// McNemar: per level, the participants who completed the task under that level only (the discordant pairs).
    public var completedOnly: [Int]?
    /// Completion between groups: the smallest expected count, which chose the N − 1 test or Fisher's.
    public var smallestExpected: Double?
    /// Three levels or more: every pair of levels, each in this shape (its own `pairs` empty).
    public var pairs: [TaskComparisonEntry]

    init(task: String, measure: String, factor: String, design: String, cell: [String: String] = [:], levels: [String], n: [Int],
         typical: [Double?], test: String, statistic: Double?, df: Double?, p: Double?, pHolm: Double?, effectName: String?,
         effect: Double?, ci: ClosedRange<Double>?, confidence: Double, hedgesG: Double? = nil, leftOut: Int, severalAttempts: Int,
         completed: [Int]? = nil, completedOnly: [Int]? = nil, smallestExpected: Double? = nil, pairs: [TaskComparisonEntry] = []) {
        self.task = task
        self.measure = measure
        self.factor = factor
        self.design = design
        self.cell = cell
        self.levels = levels
        self.n = n
        self.typical = typical
        self.test = test
        self.statistic = statistic
        self.df = df
        self.p = p
        self.pHolm = pHolm
        self.effectName = effectName
        self.effect = effect
        self.ci = ci.map { [$0.lowerBound, $0.upperBound] }
        self.confidence = confidence
        self.hedgesG = hedgesG
        self.leftOut = leftOut
        self.severalAttempts = severalAttempts
        self.completed = completed
        self.completedOnly = completedOnly
        self.smallestExpected = smallestExpected
        self.pairs = pairs
    }

    /// Two levels of time, total or errors: paired within participants, Welch's between (`hedgesG` then given).
    public init(_ c: TaskComparison, factor: String, hedgesG: Double? = nil) {
        let paired = c.test.design == .paired
        self.init(task: c.task, measure: c.measure.rawValue, factor: factor, design: paired ? "within" : "between",
                  levels: [c.levelA, c.levelB], n: [c.test.nA, c.test.nB], typical: [c.typicalA, c.typicalB],
                  test: paired ? "paired-t" : "welch-t", statistic: c.test.t, df: c.test.df, p: c.test.p, pHolm: c.test.p,
                  effectName: c.measure == .errors ? "difference" : "ratio", effect: c.effect, ci: c.effectCI, confidence: c.confidence,
                  hedgesG: paired ? nil : hedgesG, leftOut: c.leftOut, severalAttempts: c.averaged)
    }

    /// Three levels or more within participants: Friedman's test (Kendall's W its effect), then every pair by the
    /// paired t-test with Holm's adjustment.
    public init(_ w: WithinTaskComparison, factor: String) {
        let n = Array(repeating: w.complete, count: w.levels.count)
        let effectName = w.measure == .errors ? "difference" : "ratio"
        let pairs = w.pairs.map { pair in
            let typical = [pair.levelA, pair.levelB].map { level in w.levels.firstIndex(of: level).map { w.typical[$0] } }
            return TaskComparisonEntry(task: w.task, measure: w.measure.rawValue, factor: factor, design: "within",
                                       levels: [pair.levelA, pair.levelB], n: [w.complete, w.complete], typical: typical, test: "paired-t",
                                       statistic: pair.t, df: Double(pair.df), p: pair.p, pHolm: pair.pHolm, effectName: effectName,
                                       effect: pair.effect, ci: pair.effectCI, confidence: w.confidence, leftOut: w.leftOut,
                                       severalAttempts: w.averaged)
        }
        self.init(task: w.task, measure: w.measure.rawValue, factor: factor, design: "within", levels: w.levels, n: n,
                  typical: w.typical, test: "friedman", statistic: w.friedman?.chiSquared, df: w.friedman.map { Double($0.df) },
                  p: w.friedman?.p, pHolm: nil, effectName: "kendall-w", effect: w.friedman?.kendallW, ci: nil, confidence: w.confidence,
                  leftOut: w.leftOut, severalAttempts: w.averaged, pairs: pairs)
    }

    /// Completion within participants: McNemar's exact test for two levels (the difference of rates B − A its
    /// effect), Cochran's Q for more.
    public init(_ c: CompletionWithin, factor: String, confidence: Double) {
        let n = c.complete
        let rates = c.completed.map { n == 0 ? nil : Double($0) / Double(n) }
        if c.levels.count == 2 {
            let difference = n == 0 ? nil : Double(c.completed[1] - c.completed[0]) / Double(n)
            self.init(task: c.task, measure: "completion", factor: factor, design: "within", levels: c.levels, n: [n, n], typical: rates,
                      test: "mcnemar-exact", statistic: c.mcnemar.map { Double($0.statistic) }, df: nil, p: c.mcnemar?.p, pHolm: c.mcnemar?.p,
                      effectName: "difference", effect: difference, ci: nil, confidence: confidence, leftOut: c.leftOut,
                      severalAttempts: c.firstOfSeveral, completed: c.completed, completedOnly: c.mcnemar.map { [$0.onlyA, $0.onlyB] })
        } else {
            self.init(task: c.task, measure: "completion", factor: factor, design: "within", levels: c.levels,
                      n: Array(repeating: n, count: c.levels.count), typical: rates, test: "cochran-q", statistic: c.cochranQ?.q,
                      df: c.cochranQ.map { Double($0.df) }, p: c.cochranQ?.p, pHolm: nil, effectName: nil, effect: nil, ci: nil,
                      confidence: confidence, leftOut: c.leftOut, severalAttempts: c.firstOfSeveral, completed: c.completed)
        }
    }

    /// Two groups of different participants (completion, time, errors or SEQ; `GroupTaskComparison`), within the
    /// levels `cell` names.
    public init(_ row: GroupTaskComparison, factor: String, cell: [String: String] = [:], severalAttempts: Int = 0) {
        let completion = row.measure == .completion
        let completed = row.successesA.flatMap { a in row.successesB.map { [a, $0] } }
        self.init(task: row.task, measure: row.measure.rawValue, factor: factor, design: "between", cell: cell, levels: [row.groupA, row.groupB],
                  n: [row.nA, row.nB], typical: [row.typicalA, row.typicalB], test: row.test, statistic: row.statistic, df: row.df,
                  p: row.p, pHolm: row.pHolm, effectName: row.measure == .time ? "ratio" : "difference", effect: row.effect,
                  ci: row.effectCI, confidence: row.confidence, hedgesG: row.hedgesG, leftOut: 0, severalAttempts: severalAttempts,
                  completed: completion ? completed : nil, smallestExpected: row.smallestExpected)
    }
}

/// `tasks compare --json` (docs/json.md): the comparison of the measure asked for and, for time, total or errors
/// within participants, the comparison of completion beside it (else `null`) — both `TaskComparisonEntry`.
public struct TaskComparisonDocument: Encodable, Sendable {
    public var comparison: TaskComparisonEntry
    public var completion: TaskComparisonEntry?

    public init(_ comparison: TaskComparisonEntry, completion: TaskComparisonEntry? = nil) {
        self.comparison = comparison
        self.completion = completion
    }

    enum Keys: String, CodingKey { case completion }

    public func encode(to encoder: any Encoder) throws {
        try comparison.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(completion, forKey: .completion)
    }
}
