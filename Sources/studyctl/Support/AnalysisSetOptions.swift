import ArgumentParser
import StudyStore
import Surveys
import Wording

/// `--exclude` and `--exclude-flagged`: who the analyses take, with one meaning in `score`, `tasks summary`,
/// `tasks compare`, `report` and `export` (`AnalysisSet`).
struct AnalysisSetOptions: ParsableArguments {
    @Option(help: ArgumentHelp(words("Leave these participants out of the questionnaire and task analyses (codes separated by commas), and say so."), valueName: "P1,P2"))
    var exclude: String?

    @Flag(name: .customLong("exclude-flagged"),
          help: ArgumentHelp(words("Leave out every participant a quality check flags (a contradictory, straight-lined or too fast response set in any questionnaire, or a task time under 25 % of the task's median), and say who.")))
    var excludeFlagged = false

    var codes: [String] {
        (exclude ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The analysis set of `database`.
    func load(_ database: StudyDatabase) throws -> AnalysisSet {
        try database.analysisSet(exclude: codes, excludeFlagged: excludeFlagged)
    }

    /// Says on standard error who is left out (or that nobody is, when it was asked), and who is flagged but kept.
    func announce(_ set: AnalysisSet) {
        if set.leavesOutSomeone {
            note(set.statement)
        } else if excludeFlagged {
            note("--exclude-flagged: no participant is flagged; nobody was left out")
        }
    }
}
