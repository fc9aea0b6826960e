import Foundation
import Wording

/// How a task attempt ended.
public enum Outcome: String, Sendable, Codable, CaseIterable {
    case success
    case partial
    case fail

    /// Reads outcomes as logs write them: 1/true, 0/false, or a word of any known language meaning success,
    /// partial or fail (`outcome.success`… in the vocabularies: success/sucesso/sim/yes, partial/parcial,
    /// fail/falha/não/no).
    public init?(loose text: String) {
        let folded = AnswerReader.fold(text)
        if folded == "1" || folded == "true" || Vocabulary.knownSet("outcome.success").contains(folded) {
            self = .success
        } else if Vocabulary.knownSet("outcome.partial").contains(folded) {
            self = .partial
        } else if folded == "0" || folded == "false" || Vocabulary.knownSet("outcome.fail").contains(folded) {
            self = .fail
        } else {
            return nil
        }
    }
}

/// Reads yes/no flags (assisted) as logs write them.
public enum YesNo {
    /// 1/true/x, 0/false/blank, or a word of any known language (`assisted.yes`, `assisted.no`: sim/yes/assisted,
    /// não/no/sem ajuda).
    public static func parse(_ text: String) -> Bool? {
        let folded = AnswerReader.fold(text)
        if folded == "1" || folded == "true" || folded == "x" || Vocabulary.knownSet("assisted.yes").contains(folded) { return true }
        if folded.isEmpty || folded == "0" || folded == "false" || Vocabulary.knownSet("assisted.no").contains(folded) { return false }
        return nil
    }
}

/// One attempt as the task statistics read it.
public struct TaskObservation: Sendable {
    public var participant: String
    public var task: String
    /// The values of the grouping attributes and factors, in the order asked for.
    public var group: [String]
    public var seconds: Double?
    public var errors: Int?
    public var outcome: Outcome?
    public var assisted: Bool
    /// Recorded with no outcome (abandoned, or never logged) in a task others have outcomes in: a failure in `outcome`
    /// under the default `AbandonedPolicy`, no outcome when such attempts are left out.
    public var abandoned = false

    public init(participant: String, task: String, group: [String] = [], seconds: Double?, errors: Int?,
                outcome: Outcome?, assisted: Bool = false) {
        self.participant = participant
        self.task = task
        self.group = group
        self.seconds = seconds
        self.errors = errors
        self.outcome = outcome
        self.assisted = assisted
    }

    /// Time plus a penalty per error: total = time + errors × penalty (as studies of game controls report).
    public func total(penalty: Double) -> Double? {
        guard let seconds else { return nil }
        return seconds + Double(errors ?? 0) * penalty
    }
}

/// One answer of the per-task questionnaire (the SEQ) as the task statistics read it: whose, about which task,
/// under which condition levels (read from the response set's occasion, "aparelho=celular", which a session stores
/// and `respond --occasion` types), and the value (the set's mean answer).
public struct TaskAnswer: Sendable, Equatable {
    public var participant: String
    public var task: String
    /// Factor name → level; empty when the set's occasion names none.
    public var conditions: [String: String]
    public var value: Double

    public init(participant: String, task: String, conditions: [String: String] = [:], value: Double) {
        self.participant = participant
        self.task = task
        self.conditions = conditions
        self.value = value
    }
}
