import StudyBasics
import Wording

/// Rules for the names researchers give participants and their attributes.
public enum ParticipantNaming {
    /// Why `code` cannot name a participant, or `nil` when it can (`P1`, `dev-03`, `U12`).
    public static func problem(withCode code: String) -> Sentence? {
        StudyText.problem(code, as: .participantCode)?.reason
    }

    /// Why `name` cannot name an attribute, or `nil` when it can (`years_ios`, `Anos de experiência`).
    public static func problem(withAttributeName name: String) -> Sentence? {
        StudyText.problem(name, as: .attributeName)?.reason
    }
}
