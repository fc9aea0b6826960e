import Foundation
import Statistics
import Wording

/// What a comparison of groups of participants (between subjects) measures for a task.
public enum GroupTaskMeasure: String, Sendable, Codable, CaseIterable {
    /// Completion (success = completed; partial success and failure = not): each participant's first attempt with an
    /// outcome.
    case completion
    /// Task time on the log scale: each participant's geometric mean time.
    case time
    /// Errors: each participant's mean per attempt.
    case errors
    /// The SEQ answer (Sauro & Dumas 2009): each participant's mean answer to the task.
    case seq
}

/// One task compared between two groups of different participants, one value per participant:
/// - completion by Campbell's (2007) 'N − 1' two-proportion test, or Fisher's exact test when an expected count is
///   under 1, with the adjusted-Wald interval of the difference (Agresti & Caffo 2000) — `IndependentProportions`;
/// - time by Welch's t-test on the logs of each participant's geometric mean time (Welch 1947; Sauro & Lewis 2016,
///   ch. 5), the difference given back as the ratio of geometric means B / A with its interval;
/// - errors and SEQ by Welch's t-test on each participant's mean, the difference B − A with its interval.
/// The effect is always B against A; Hedges' g = J·(x̄_B − x̄_A)/s_pooled with J = 1 − 3/(4(n_A + n_B) − 9)
/// (Hedges 1981), on the log scale for time, so a negative g says B is lower than A.
public struct GroupTaskComparison: Sendable, Equatable, Codable {
    public var task: String
    /// The levels of the factors varying within participants that the comparison was made under, in
    /// `GroupTaskComparisons.strata`'s order (empty when nothing varies within participants).
    public var cell: [String] = []
    public var measure: GroupTaskMeasure
    public var groupA: String
    public var groupB: String
    /// Participants with a value in each group.
    public var nA: Int
    public var nB: Int
    /// Completion rate, geometric mean time (s), mean errors or mean SEQ per group.
    public var typicalA: Double
    public var typicalB: Double
    /// B − A (completion as a proportion, errors, SEQ) or B / A (time).
    public var effect: Double
    public var effectCI: ClosedRange<Double>
    /// "n-1-two-proportion", "fisher-exact" or "welch-t".
    public var test: String
    /// z or t (B against A); `nil` for Fisher's exact test.
    public var statistic: Double?
    public var df: Double?
    public var p: Double
    /// Holm's adjustment over every comparison of the family it was made in (`GroupTaskComparisons`); `p` alone.
    public var pHolm: Double
    /// Hedges' g of B − A (time on the log scale); `nil` for completion.
    public var hedgesG: Double?
    /// Completion: successes per group.
    public var successesA: Int?
    public var successesB: Int?
    /// Completion: the smallest expected count, which chose the test.
    public var smallestExpected: Double?
    /// The level of `effectCI` (0.95 or 0.90).
    public var confidence = 0.95

    /// Which group is higher on the measure's scale (`nil` when they are equal).
    public var higher: String? {
        typicalA == typicalB ? nil : typicalB > typicalA ? groupB : groupA
    }

    /// Completion compared; `nil` when a group has no participant with an outcome.
    public static func completion(task: String, groupA: String, groupB: String, a: [Bool], b: [Bool],
                                  confidence: Double = 0.95) -> GroupTaskComparison? {
        guard let test = IndependentProportions(successesA: a.filter { $0 }.count, nA: a.count, successesB: b.filter { $0 }.count, nB: b.count,
                                                confidence: confidence)
        else { return nil }
        return GroupTaskComparison(task: task, cell: [], measure: .completion, groupA: groupA, groupB: groupB, nA: a.count, nB: b.count,
                                   typicalA: test.rateA, typicalB: test.rateB, effect: test.difference, effectCI: test.ci95,
                                   test: test.test.rawValue, statistic: test.z, df: nil, p: test.p, pHolm: test.p, hedgesG: nil,
                                   successesA: test.successesA, successesB: test.successesB, smallestExpected: test.smallestExpected,
                                   confidence: confidence)
    }

    /// A measure compared by Welch's t-test; `values` are per participant (for time, their geometric means in
    /// seconds, compared as logs). `nil` when a group has fewer than two values or nothing varies.
    public static func welch(task: String, measure: GroupTaskMeasure, groupA: String, groupB: String, a: [Double], b: [Double],
                             confidence: Double = 0.95) -> GroupTaskComparison? {
        let logs = measure == .time
        let x = logs ? a.filter { $0 > 0 }.map { log($0) } : a
        let y = logs ? b.filter { $0 > 0 }.map { log($0) } : b
        guard x.count >= 2, y.count >= 2, let test = TwoConditionComparison(a: x, b: y, confidence: confidence),
              let sa = Descriptive(x), let sb = Descriptive(y), let sdA = sa.sd, let sdB = sb.sd else { return nil }
        let n1 = Double(x.count), n2 = Double(y.count)
        let pooled = (((n1 - 1) * sdA * sdA + (n2 - 1) * sdB * sdB) / (n1 + n2 - 2)).squareRoot()
        let g = pooled > 0 ? (sb.mean - sa.mean) / pooled * (1 - 3 / (4 * (n1 + n2) - 9)) : nil
        let scale: (Double) -> Double = logs ? { exp($0) } : { $0 }
        return GroupTaskComparison(task: task, cell: [], measure: measure, groupA: groupA, groupB: groupB, nA: x.count, nB: y.count,
                                   typicalA: scale(sa.mean), typicalB: scale(sb.mean), effect: scale(test.difference),
                                   effectCI: scale(test.ci95.lowerBound)...scale(test.ci95.upperBound), test: "welch-t",
                                   statistic: test.t, df: test.df, p: test.p, pHolm: test.p, hedgesG: g, confidence: confidence)
    }
}

/// Every task compared between the groups of a participant attribute (or a condition no one did two levels of): per
/// task and pair of groups, completion, time, errors and SEQ (`GroupTaskComparison`), one value per participant —
/// "what changed" between two releases of a quarterly benchmark. With many tests the chance of a false alarm grows,
/// so every p-value is also given adjusted by Holm's (1979) step-down method over the whole family (every row).
///
/// When the participants did the tasks under several levels of a condition (a within-subjects factor: two
/// prototypes, two devices), the groups are compared within each level — each combination of levels is a cell, and
/// a participant gives one value per cell — never on a value averaged over the levels, which would mix the
/// conditions into a number of neither and hide a difference between them.
public struct GroupTaskComparisons: Sendable, Equatable {
    /// The attribute (or condition) whose groups are compared.
    public var grouping: String
    /// The groups, in order; every pair is compared (A before B).
    public var groups: [String]
    /// The factors varying within participants whose levels make each row's `cell`, in order.
    public var strata: [String] = []
    public var rows: [GroupTaskComparison]
    /// Participants whose value in a row is the mean of several attempts (trials): at most one per participant and row.
    public var averaged = 0
    /// The level of every row's interval (0.95 or 0.90).
    public var confidence = 0.95

    /// - Parameters:
    ///   - observations: attempts whose `group[index]` is the participant's group; with `strata`, `group` is the
    ///     participant's group followed by the attempt's level of each stratum's factor.
    ///   - seq: SEQ answers; a participant's group is the one of their attempts at the task (and, with `strata`, the
    ///     answer's cell is the levels it was given under, as `tasks summary` places it).
    ///   - groups: the groups in order (those with no attempt are skipped).
    ///   - strata: the factors varying within participants, each comparison made within each combination of their
    ///     levels (ordered by `strataOrders`).
    public init(grouping: String, groups: [String], taskOrder: [String], observations: [TaskObservation], seq: [TaskAnswer] = [],
                index: Int = 0, strata: [String] = [], strataOrders: [[String]] = [],
                measures: [GroupTaskMeasure] = GroupTaskMeasure.allCases, confidence: Double = 0.95) {
        self.grouping = grouping
        self.confidence = confidence
        self.strata = strata
        let present = groups.filter { group in observations.contains { $0.group.indices.contains(index) && $0.group[index] == group } }
        self.groups = present
        let stratified = !strata.isEmpty
        func cell(_ observation: TaskObservation) -> [String] { stratified ? Array(observation.group.dropFirst(index + 1)) : [] }
        let cells = stratified ? TaskSummary.orderedGroups(observations.map(cell), orders: strataOrders) : [[]]
        let placing = TaskSummary.SEQPlacing(observations, seq: seq, groupFactors: [nil] + strata.map { Optional($0) })
        var rows: [GroupTaskComparison] = []
        for task in taskOrder {
          for level in cells {
            let attempts = observations.filter { $0.task == task && $0.group.indices.contains(index) && cell($0) == level }
            guard !attempts.isEmpty else { continue }
            // Each participant's attempts at the task (in the cell), in the order recorded, with their group.
            var byParticipant: [String: (group: String, attempts: [TaskObservation])] = [:]
            for attempt in attempts {
                byParticipant[attempt.participant, default: (attempt.group[index], [])].attempts.append(attempt)
            }
            let answers = Dictionary(grouping: seq.filter { $0.task == task }, by: \.participant)
            func given(_ participant: String, _ group: String) -> [Double] {
                stratified ? placing.answers(of: participant, task: task, group: [group] + level) : (answers[participant] ?? []).map(\.value)
            }
            func members(_ group: String) -> [(String, [TaskObservation])] {
                byParticipant.filter { $0.value.group == group }.sorted { $0.key < $1.key }.map { ($0.key, $0.value.attempts) }
            }
            for i in present.indices {
                for j in present.indices where j > i {
                    let (a, b) = (members(present[i]), members(present[j]))
                    for measure in measures {
                        func values(_ people: [(String, [TaskObservation])], _ group: String) -> [Double] {
                            people.compactMap { participant, own in
                                switch measure {
                                case .time: return TaskSummary.typical(own.compactMap(\.seconds).filter { $0 > 0 })
                                case .errors:
                                    let counts = own.compactMap(\.errors).map(Double.init)
                                    return counts.isEmpty ? nil : counts.reduce(0, +) / Double(counts.count)
                                case .seq:
                                    let values = given(participant, group)
                                    return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
                                case .completion: return nil
                                }
                            }
                        }
                        var row: GroupTaskComparison?
                        if measure == .completion {
                            func outcomes(_ people: [(String, [TaskObservation])]) -> [Bool] {
                                people.compactMap { _, own in own.first { $0.outcome != nil }?.outcome.map { $0 == .success } }
                            }
                            row = .completion(task: task, groupA: present[i], groupB: present[j], a: outcomes(a), b: outcomes(b),
                                             confidence: confidence)
                        } else {
                            row = .welch(task: task, measure: measure, groupA: present[i], groupB: present[j],
                                         a: values(a, present[i]), b: values(b, present[j]), confidence: confidence)
                        }
                        row?.cell = level
                        if let row { rows.append(row) }
                    }
                    averaged += (a + b).filter { $0.1.count > 1 }.count
                }
            }
          }
        }
        for (index, adjusted) in PostHoc.holm(rows.map(\.p)).enumerated() { rows[index].pHolm = adjusted }
        self.rows = rows
    }

    /// The condition factors among `factors` (by their index in an observation's `group`) that vary within
    /// participants: some participant did a task under two of their levels.
    public static func withinFactors(_ observations: [TaskObservation], indexes: [Int]) -> [Int] {
        indexes.filter { index in
            var seen: [[String]: String] = [:]
            for observation in observations where observation.group.indices.contains(index) {
                let key = [observation.participant, observation.task]
                if let level = seen[key], level != observation.group[index] { return true }
                seen[key] = observation.group[index]
            }
            return false
        }
    }
}
