import Foundation
import GRDB
import StudyBasics
import Surveys

extension StudyDatabase {
    /// The participants the analyses take (`AnalysisSet`): `exclude` names those to leave out (each must be in the
    /// study: an unknown code is refused, naming the known ones), `excludeFlagged` leaves out those a quality check
    /// flags. The flags are found either way (a reader is told who is flagged even when nobody is left out): every
    /// questionnaire's response sets (`ResponseQuality`) and every task time (`TaskTimeQuality`).
    /// `findingFlags: false` skips reading every set for its flags (then `excludeFlagged` leaves nobody out).
    public func analysisSet(exclude: [String] = [], excludeFlagged: Bool = false, findingFlags: Bool = true,
                            speeder: SpeederRule = .standard) throws -> AnalysisSet {
        let named = try read { db in
            try exclude.map { code -> String in
                let id = try Self.participantID(db, code: code)
                return try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]) ?? code
            }
        }
        return AnalysisSet(named: named, excludeFlagged: excludeFlagged, flags: findingFlags ? try qualityFlags(speeder: speeder) : [],
                           speeder: speeder)
    }

    /// Every participant a quality check flags, with why: per instrument, the rules that flagged their response sets;
    /// then how many of their task times are too short.
    public func qualityFlags(speeder: SpeederRule = .standard) throws -> [AnalysisSet.Flag] {
        var flags: [AnalysisSet.Flag] = []
        for summary in try instruments() where summary.responseSets > 0 {
            var checker: ResponseQuality.Checker?
            var rules: [String: [QualityFlag.Rule]] = [:]
            var details: [String: [QualityFlag]] = [:]
            var order: [String] = []
            try forEachResponseSet(instrument: summary.id) { set in
                guard let checker else { return }
                let found = checker.flags(set.answers, seconds: FormDuration.seconds(from: set.started, to: set.submitted))
                guard !found.isEmpty else { return }
                if rules[set.participant] == nil { order.append(set.participant) }
                for flag in found where !(rules[set.participant] ?? []).contains(flag.rule) {
                    rules[set.participant, default: []].append(flag.rule)
                    details[set.participant, default: []].append(flag)
                }
            } start: { definition in
                checker = ResponseQuality.Checker(definition)
            }
            // `order` lists the keys of `rules`, each once.
            flags += order.map { AnalysisSet.Flag(participant: $0, source: .responses(instrument: summary.id, rules: rules[$0] ?? []), details: details[$0] ?? []) }
        }
        let observations = try attempts().map {
            TaskObservation(participant: $0.participant, task: $0.task, seconds: $0.seconds, errors: $0.errors, outcome: $0.outcome, assisted: $0.assisted)
        }
        let fast = Dictionary(grouping: TaskTimeQuality.flags(observations, rule: speeder), by: \.participant)
        let timed = Dictionary(grouping: observations.filter { $0.seconds != nil }, by: \.participant)
        for participant in NaturalOrder.distinct(Array(fast.keys)) {
            flags.append(AnalysisSet.Flag(participant: participant, source: .taskTimes(flagged: fast[participant]?.count ?? 0, timed: timed[participant]?.count ?? 0)))
        }
        return flags.sorted { NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
    }
}

extension StudyDatabase {
    /// The study's analysis plan under the options asked (`AnalysisPlan`), resolved once for a run: the attribute
    /// whose groups are compared (`groupBy`, refused with the known ones when the study has no such attribute; without
    /// it the first derived attribute when `defaultGrouping`), the conditions done within participants found in the
    /// data, the analysis set (`analysisSet`) with what an attempt with no outcome counts as, the missing-item policy
    /// and the intervals' level.
    public func analysisPlan(groupBy: String? = nil, defaultGrouping: Bool = true, exclude: [String] = [], excludeFlagged: Bool = false,
                             findingFlags: Bool = true, speeder: SpeederRule = .standard, abandoned: AbandonedPolicy = .failure,
                             missing: MissingPolicy = .refuse, confidence: Double = 0.95) throws -> AnalysisPlan {
        let attributes = try attributeDefinitions()
        var between: AnalysisPlan.Between?
        if let groupBy {
            guard let found = attributes.first(where: { $0.name.caseInsensitiveCompare(groupBy) == .orderedSame }) else {
                throw StoreError.unknownAttribute(name: groupBy, known: attributes.map(\.name))
            }
            between = AnalysisPlan.Between(attribute: found.name, order: Self.declaredOrder(found), named: true)
        } else if defaultGrouping, let derived = attributes.first(where: { $0.rule != nil }) {
            between = AnalysisPlan.Between(attribute: derived.name, order: Self.declaredOrder(derived), named: false)
        }
        var set = try analysisSet(exclude: exclude, excludeFlagged: excludeFlagged, findingFlags: findingFlags, speeder: speeder)
        set.abandoned = abandoned
        let (withinTasks, withinQuestionnaires, occasions) = try withinFactors()
        return AnalysisPlan(between: between, factors: try factors().map { AnalysisPlan.Factor(name: $0.name, levels: $0.levels) },
                            withinTasks: withinTasks, withinQuestionnaires: withinQuestionnaires, occasions: occasions,
                            set: set, missing: missing, confidence: confidence)
    }

    /// The levels of a derived attribute in its rule's order; empty for an attribute typed in.
    static func declaredOrder(_ attribute: AttributeDefinition) -> [String] {
        attribute.rule.flatMap { try? DerivationRule(parsing: $0) }?.clauses.map(\.label) ?? []
    }

    /// The conditions some participant did one task under two levels of; those some participant answered one
    /// questionnaire (at one task) under two levels of; and whether someone answered one on two occasions.
    func withinFactors() throws -> (tasks: [String], questionnaires: [String], occasions: Bool) {
        try read { db in
            let tasks = try String.fetchAll(db, sql: """
                SELECT f.name FROM factor f WHERE EXISTS (
                    SELECT 1 FROM attempt_condition c JOIN task_attempt a ON a.id = c.attempt_id
                    WHERE c.factor_id = f.id GROUP BY a.participant_id, a.task_id HAVING COUNT(DISTINCT c.level_id) > 1)
                ORDER BY f.id
                """)
            // A set's conditions live in its measurement key; only the participants with two keys are read (the
            // unique index holds one set per participant, instrument, task and key), and none when no set has a key.
            let keyed = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM response_set WHERE occasion <> '')") ?? false
            let keys = !keyed ? [] : try String.fetchAll(db, sql: """
                SELECT GROUP_CONCAT(occasion, char(31)) FROM response_set
                GROUP BY participant_id, instrument_id, ifnull(task_id, 0) HAVING COUNT(*) > 1
                """)
            var questionnaires: [String] = []
            var occasions = false
            for group in keys {
                let measurements = group.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { MeasurementKey(key: String($0)) }
                if Set(measurements.map(\.occasion)).count > 1 { occasions = true }
                let factors = NaturalOrder.distinct(measurements.flatMap { $0.conditions.map(\.factor) })
                for factor in factors where !questionnaires.contains(factor) {
                    let levels = Set(measurements.map { key in key.conditions.first { $0.factor == factor }?.level ?? "" })
                    if levels.count > 1 { questionnaires.append(factor) }
                }
            }
            let declared = try String.fetchAll(db, sql: "SELECT name FROM factor ORDER BY id")
            let inOrder = declared.filter { name in questionnaires.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
            return (tasks, inOrder, occasions)
        }
    }
}
