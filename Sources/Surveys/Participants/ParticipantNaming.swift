/// Rules for the names researchers give participants and their attributes.
public enum ParticipantNaming {
    /// Why `code` cannot name a participant, or `nil` when it can (`P1`, `dev-03`, `U12`).
    public static func problem(withCode code: String) -> String? {
        if code.isEmpty { return "a participant code cannot be empty" }
        if TextSafety.storedLength(code) > 64 {
            return "a participant code has at most 64 characters (it has \(TextSafety.storedLength(code)) code points)"
        }
        if let problem = TextSafety.nameProblem(code) { return "a participant code cannot be stored as typed: \(problem)" }
        if code.contains(where: { $0.isWhitespace || $0.isNewline }) {
            return "a participant code cannot contain spaces"
        }
        return nil
    }

    /// Why `name` cannot name an attribute, or `nil` when it can (`years_ios`, `Anos de experiência`).
    public static func problem(withAttributeName name: String) -> String? {
        if name.isEmpty { return "an attribute name cannot be empty" }
        if TextSafety.storedLength(name) > 64 {
            return "an attribute name has at most 64 characters (it has \(TextSafety.storedLength(name)) code points)"
        }
        if name.first!.isWhitespace || name.last!.isWhitespace {
            return "an attribute name cannot start or end with a space"
        }
        if name.contains("=") { return "an attribute name cannot contain '='" }
        if let problem = TextSafety.nameProblem(name) { return "an attribute name cannot be stored as typed: \(problem)" }
        return nil
    }
}
