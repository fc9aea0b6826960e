import Foundation
import GRDB
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
            flags += order.map { AnalysisSet.Flag(participant: $0, source: .responses(instrument: summary.id, rules: rules[$0]!), details: details[$0] ?? []) }
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
