import Wording

/// How a task log's outcome cell is read, the words of remote-testing tools included.
///
/// Unmoderated tools report more than success and failure. Maze groups testers' paths by mission outcome:
/// "Direct success" (the expected path), "Indirect success" (another path that still reached the final screen),
/// "Give up / Bounce" and, for live-website tests, "Mission unfinished" (help.maze.co, "Understanding your live
/// website test results" and "Creating multiple expected paths for missions"). UserZoom and UserTesting logs say
/// "Success", "Failure", "Abandoned" or "Gave up", and "Skipped" for a task not attempted.
///
/// The readings:
/// - an indirect success is a success: the participant reached the goal, which is what a completion rate counts
///   (Sauro 2011's 78 % average is of tasks completed, not of expected paths taken); it is kept in the attempt's
///   note ("indirect success", "sucesso indireto") so the path can still be told apart. Reading it as partial would lower the
///   completion rate for a detour the tool itself calls a success.
/// - gave up, give up / bounce, bounce: a failure, noted "gave up": the participant stopped without reaching the
///   goal, which Maze's mission results and Sauro & Lewis (2016, ch. 4) count as not completed.
/// - abandoned, mission unfinished: an attempt without an outcome, noted "abandoned"; the analyses count it as a
///   failure unless the researcher leaves such attempts out (`AbandonedPolicy`), and say which they did.
/// - skipped: not an attempt; the row is left out and counted.
public enum OutcomeReading: Sendable, Equatable {
    case outcome(Outcome, note: String?)
    case abandoned
    case skipped

    /// The note an indirect success keeps on its attempt (a key; `noteText` words it in the study's language).
    public static let indirectNote = "indirect success"
    /// The note an abandoned attempt keeps.
    public static let abandonedNote = "abandoned"
    /// The note a give-up keeps (a failure).
    public static let gaveUpNote = "gave up"

    /// A reading's note as the study keeps it, in the study's language: "sucesso indireto", "abandonada" in a
    /// Portuguese study.
    public static func noteText(_ note: String, language: StudyLanguage) -> String {
        guard note == indirectNote || note == abandonedNote || note == gaveUpNote else { return note }
        return Sentence(Sentence(stringLiteral: note), context: "attempt note").text(language)
    }

    /// The reading of an outcome cell, or nil when the text is no outcome studyctl knows.
    public init?(_ text: String) {
        let folded = AnswerReader.fold(text)
        if let outcome = Outcome(loose: folded) {
            self = .outcome(outcome, note: nil)
            return
        }
        // In this order, as a word may mean two things in two languages.
        let known = { (meaning: String) in Vocabulary.knownSet("outcome." + meaning).contains(folded) }
        if known("directSuccess") {
            self = .outcome(.success, note: nil)
        } else if known("indirectSuccess") {
            self = .outcome(.success, note: Self.indirectNote)
        } else if known("partialSuccess") {
            self = .outcome(.partial, note: nil)
        } else if known("gaveUp") {
            self = .outcome(.fail, note: Self.gaveUpNote)
        } else if known("abandoned") {
            self = .abandoned
        } else if known("skipped") {
            self = .skipped
        } else {
            return nil
        }
    }
}
