import Foundation

/// How a task attempt ended.
public enum Outcome: String, Sendable, Codable, CaseIterable {
    case success
    case partial
    case fail

    /// Reads outcomes as logs write them: success/sucesso/sim/yes/1, partial/parcial, fail/falha/não/no/0.
    public init?(loose text: String) {
        switch AnswerReader.fold(text) {
        case "success", "sucesso", "s", "sim", "yes", "y", "1", "true", "ok", "completed", "concluida", "concluido", "completa":
            self = .success
        case "partial", "parcial", "partially", "parcialmente":
            self = .partial
        case "fail", "failure", "failed", "falha", "falhou", "nao", "n", "no", "0", "false", "fracasso":
            self = .fail
        default:
            return nil
        }
    }
}

/// Reads yes/no flags (assisted) as logs write them.
public enum YesNo {
    public static func parse(_ text: String) -> Bool? {
        switch AnswerReader.fold(text) {
        case "yes", "y", "sim", "s", "1", "true", "x", "assisted", "ajudado", "com ajuda": return true
        case "", "no", "n", "nao", "0", "false", "sem ajuda": return false
        default: return nil
        }
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
