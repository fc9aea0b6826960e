import Wording

/// What an attempt with no outcome counts as when completion is computed: an attempt abandoned ("Abandoned",
/// "Mission unfinished") or logged without an outcome.
///
/// By default it is a failure: the participant tried the task and did not complete it, and a completion rate is the
/// share of those who tried who completed (Sauro & Lewis 2016, ch. 4: "a task failure … includes … giving up";
/// Maze's mission results count a give-up or bounce as not completed). Leaving such attempts out (`exclude`)
/// raises the rate with every participant who stopped, so it is a choice the researcher makes and the outputs say.
/// A task for which no attempt has an outcome has no completion rate either way (the study logs times only).
public enum AbandonedPolicy: String, Sendable, Equatable, CaseIterable, Codable {
    /// An attempt with no outcome is a failure (the default).
    case failure
    /// An attempt with no outcome is left out of completion's denominator.
    case exclude

    /// How completion is counted under this policy, for a table's note and the methods.
    public var completionNote: Sentence {
        switch self {
        case .failure:
            return "Completion: successes over every participant who attempted the task, by their first attempt; an attempt with no outcome (abandoned or unfinished) counts as a failure, as does giving up; abandoned counts those participants (--abandoned exclude leaves them out of the denominator)."
        case .exclude:
            return "Completion: successes over the participants with an outcome (their first attempt with one); abandoned counts the participants with no outcome recorded, left out of the denominator as asked (--abandoned exclude); giving up counts as a failure."
        }
    }
}

extension AbandonedPolicy {
    /// The same rule for a document a reader holds (a report, a thesis chapter): said without a command line.
    public var documentNote: Sentence {
        switch self {
        case .failure:
            return "Completion: successes over every participant who attempted the task, by their first attempt; an attempt with no outcome (abandoned or unfinished) counts as a failure, as does giving up; abandoned counts those participants."
        case .exclude:
            return "Completion: successes over the participants with an outcome (their first attempt with one); abandoned counts the participants with no outcome recorded, left out of the denominator as the researcher chose; giving up counts as a failure."
        }
    }
}

extension TaskDataset {
    /// The dataset as the analysis set takes it: the attempts and SEQ answers of the participants `set` includes,
    /// and every attempt with no outcome, in a task with some outcome recorded, marked abandoned and (under the
    /// default policy) made a failure.
    public func prepared(for set: AnalysisSet) -> TaskDataset {
        var copy = restricted(to: set)
        let withOutcome = Set(copy.observations.filter { $0.outcome != nil }.map(\.task))
        for index in copy.observations.indices where copy.observations[index].outcome == nil && withOutcome.contains(copy.observations[index].task) {
            copy.observations[index].abandoned = true
            if set.abandoned == .failure { copy.observations[index].outcome = .fail }
        }
        copy.abandoned = set.abandoned
        return copy
    }
}
