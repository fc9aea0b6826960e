import Foundation
import StudyBasics
import Wording

/// Who enters the analyses: every participant but those named (`--exclude P034,…`) and, when asked
/// (`--exclude-flagged`), those a quality check flags — a flagged response set in any questionnaire
/// (`ResponseQuality`) or a task time under a quarter of the task's median (`TaskTimeQuality`). The same set in
/// `score`, `tasks summary`, `tasks compare`, `report` and `export`; a participant is the unit, so one left out is
/// left out of every questionnaire and task table (the interviews' coding and eye tracking keep everybody).
public struct AnalysisSet: Sendable, Equatable {
    /// Why a participant is flagged.
    public struct Flag: Sendable, Equatable {
        public enum Source: Sendable, Equatable {
            /// Response sets of one instrument, with the rules that flagged them.
            case responses(instrument: String, rules: [QualityFlag.Rule])
            /// Task times too short: how many of the participant's timed attempts.
            case taskTimes(flagged: Int, timed: Int)
        }

        public var participant: String
        public var source: Source
        /// For response sets: what tripped each rule, the first set each rule flagged (`QualityFlag.detail`).
        public var details: [QualityFlag]

        public init(participant: String, source: Source, details: [QualityFlag] = []) {
            self.participant = participant
            self.source = source
            self.details = details
        }
    }

    /// The participants named to leave out, as the study spells them.
    public var named: [String]
    public var excludeFlagged: Bool
    /// Every flag found, by participant in natural order (whether or not they are left out).
    public var flags: [Flag]
    /// What an attempt with no outcome counts as in completion (`--abandoned`).
    public var abandoned: AbandonedPolicy
    /// When a task time is too short (`--speeder`); the flags were found by it.
    public var speeder: SpeederRule

    public init(named: [String] = [], excludeFlagged: Bool = false, flags: [Flag] = [], abandoned: AbandonedPolicy = .failure,
                speeder: SpeederRule = .standard) {
        self.named = named
        self.excludeFlagged = excludeFlagged
        self.flags = flags
        self.abandoned = abandoned
        self.speeder = speeder
    }

    /// Everybody enters.
    public static let everybody = AnalysisSet()

    /// The participants left out: those named, and the flagged ones when asked.
    public var excluded: Set<String> {
        var set = Set(named)
        if excludeFlagged { set.formUnion(flags.map(\.participant)) }
        return set
    }

    public var leavesOutSomeone: Bool { !excluded.isEmpty }

    public func includes(_ participant: String) -> Bool { !excluded.contains(participant) }

    /// The flagged participants, in natural order.
    public var flagged: [String] { NaturalOrder.distinct(flags.map(\.participant)) }

    /// What flagged one participant: "SUS: too fast; task times: 5 of 5 under 25 % of the task's median".
    public func reasons(_ participant: String) -> Sentence {
        let parts = flags.filter { $0.participant == participant }.map { flag -> Sentence in
            switch flag.source {
            case let .responses(instrument, rules):
                let names = Sentence.joined(rules.map { ResponseQuality.name($0) }, separator: ", ")
                return "\(instrument.uppercased()): \(names)"
            case let .taskTimes(flagged, timed):
                return speeder == .standard ? "task times: \(flagged) of \(timed) under 25 % of the task's median"
                    : "task times: \(flagged) of \(timed) \(speeder.description)"
            }
        }
        return Sentence.joined(parts, separator: "; ")
    }

    /// The participants left out, each with why: "P034 (named); P012 (flagged: SUS: too fast)". Empty when nobody is.
    public var leftOutList: Sentence {
        let named = Set(self.named)
        let parts = NaturalOrder.distinct(Array(excluded)).map { participant -> Sentence in
            named.contains(participant) ? "\(participant) (named with --exclude)" : "\(participant) (flagged: \(reasons(participant)))"
        }
        return Sentence.joined(parts, separator: "; ")
    }

    /// Who the analysis took, for a `--json` document (`analysisSet`): everyone left out with why, the flagged, and the
    /// rules in force, in English words as the document's keys are.
    public var document: Document {
        let named = Set(self.named)
        return Document(
            excluded: NaturalOrder.distinct(Array(excluded)).map { participant in
                Document.Left(participant: participant, reason: named.contains(participant) ? "named" : "flagged",
                              detail: named.contains(participant) ? nil : reasons(participant).text(.en))
            },
            flagged: flagged, excludeFlagged: excludeFlagged, abandoned: abandoned.rawValue, speeder: speeder.description.text(.en))
    }

    /// `document`'s shape.
    public struct Document: Sendable, Encodable {
        public struct Left: Sendable, Encodable {
            public var participant: String
            /// "named" (--exclude) or "flagged" (--exclude-flagged).
            public var reason: String
            /// What flagged them.
            public var detail: String?
        }
        public var excluded: [Left]
        public var flagged: [String]
        public var excludeFlagged: Bool
        public var abandoned: String
        public var speeder: String
    }

    /// The rule in one sentence, for the methods and the command line.
    public var statement: Sentence {
        let excluded = self.excluded
        if excluded.isEmpty {
            return flags.isEmpty ? "Every participant enters the analyses; no quality check flagged anyone."
                : "Every participant enters the analyses, the flagged ones as recorded: \(flaggedList)."
        }
        return excluded.count == 1 ? "1 participant is left out of the questionnaire and task analyses: \(leftOutList)."
            : "\(excluded.count) participants are left out of the questionnaire and task analyses: \(leftOutList)."
    }

    /// "P012 (SUS: too fast), P034 (task times: 5 of 5 …)".
    public var flaggedList: Sentence {
        Sentence.joined(flagged.map { "\($0) (\(reasons($0)))" as Sentence }, separator: "; ")
    }

    /// The quality rules behind `--exclude-flagged`, for a reader, with the task-time rule in force.
    public var flagRuleStatement: Sentence {
        speeder == .standard ? Self.flagRule
            : "A participant is flagged when a quality check flags one of their response sets (contradictory, straight-lined or submitted too fast) or one of their task times is \(speeder.description) (the speeder rule set for this analysis)."
    }

    /// The quality rules behind `--exclude-flagged` under the standard task-time rule, for a reader.
    public static let flagRule: Sentence = "A participant is flagged when a quality check flags one of their response sets (contradictory, straight-lined or submitted too fast) or one of their task times is under 25 % of the task's median time (over every timed attempt at the task, when it has at least 3)."
}
