import ArgumentParser
import StudyStore
import Surveys
import Wording

extension AbandonedPolicy: ExpressibleByArgument {}

/// `--exclude` and `--exclude-flagged`: who the analyses take, with one meaning in `score`, `tasks summary`,
/// `tasks compare`, `report` and `export` (`AnalysisSet`).
struct AnalysisSetOptions: ParsableArguments {
    @Option(help: ArgumentHelp(words("Leave these participants out of the questionnaire and task analyses (codes separated by commas), and say so."), valueName: "P1,P2"))
    var exclude: String?

    @Flag(name: .customLong("exclude-flagged"),
          help: ArgumentHelp(words("Leave out every participant a quality check flags (a contradictory, straight-lined or too fast response set in any questionnaire, or a task time under 25 % of the task's median), and say who.")))
    var excludeFlagged = false

    @Option(help: ArgumentHelp(words("What an attempt with no outcome (abandoned, unfinished, not logged) counts as in completion: failure (the default; giving up always does) or exclude (left out of the denominator, and said)."), valueName: "failure|exclude"))
    var abandoned: AbandonedPolicy = .failure

    @Option(help: ArgumentHelp(words("When a task time is too short, for --exclude-flagged and the flags said: \"under 25% of median\" (the default: a share of the task's median time) or \"under 5s\" (seconds)."), valueName: "rule"))
    var speeder: String?

    /// The speeder rule asked for (the standard one when none is), or a refusal naming the text.
    func speederRule() throws -> SpeederRule {
        guard let speeder else { return .standard }
        do { return try SpeederRule(parsing: speeder) } catch { throw Refusal(error.message) }
    }

    var codes: [String] {
        (exclude ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The analysis set of `database`.
    func load(_ database: StudyDatabase) throws -> AnalysisSet {
        try plan(database, defaultGrouping: false).set
    }

    /// The run's analysis plan (`AnalysisPlan`): these options with the grouping, missing-item policy and level asked,
    /// resolved once against the study. `findingFlags: false` reads no response set for its flags when nobody can
    /// be left out by them.
    func plan(_ database: StudyDatabase, groupBy: String? = nil, defaultGrouping: Bool, missing: MissingPolicy = .refuse,
              confidence: Double = 0.95, findingFlags: Bool = true) throws -> AnalysisPlan {
        try database.analysisPlan(groupBy: groupBy, defaultGrouping: defaultGrouping, exclude: codes, excludeFlagged: excludeFlagged,
                                  findingFlags: findingFlags, speeder: try speederRule(), abandoned: abandoned,
                                  missing: missing, confidence: confidence)
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
