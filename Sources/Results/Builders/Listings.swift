import Surveys
import Tabular
import Wording

/// The command line's listings of what a study holds (participants, instruments, tasks, attempts, sessions), as
/// `ResultTable`s: headers in the study's language, numbers right-aligned, a missing value a blank cell.
extension ResultTable {
    /// `participant list`: each participant's code and attributes, numbers with the language's decimal mark and
    /// written as they were stored (2,5 in Portuguese), text as it was typed; each attribute headed by its label and
    /// a labelled value shown by its label (`labels`), as the report shows them.
    public static func participants(_ roster: ParticipantRoster, language: StudyLanguage, labels: StudyLabels = .plain) -> ResultTable {
        let record = language.record
        var table = ResultTable(id: "participants", title: Term.participants.text(language), language: language,
                                columns: [Column(.participant, .text, language)]
                                    + roster.attributes.map { Column($0.name, labels.attribute($0.name), $0.type == .number ? .figure : .text).showingMissing() })
        for participant in roster.participants {
            table.append([.text(participant.code)] + roster.attributes.map { attribute -> Value in
                guard let value = participant.value(of: attribute.name) else { return .empty }
                return .text(attribute.type == .number ? record.decimal(value.display) : labels.value(value.display, of: attribute.name))
            })
        }
        return table
    }

    /// `participant derive`: how many participants each label of the derived attribute got.
    public static func derivation(_ summary: DerivationSummary, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "derivation", title: summary.attribute, language: language,
                                columns: [Column("label", summary.attribute, .text),
                                          Column(Term.participants.rawValue, Term.participants.text(language).lowercased(), .count)])
        for (label, count) in summary.counts { table.append([.text(label), .count(count)]) }
        return table
    }

    /// `instrument list`: every instrument the study can use, built in or its own, with its response sets.
    public static func instruments(_ instruments: [InstrumentSummary], language: StudyLanguage) -> ResultTable {
        let origins = ["built_in": ("built in" as Sentence).text(language), "custom": ("custom" as Sentence).text(language)]
        var table = ResultTable(id: "instruments", title: Term.instruments.text(language), language: language,
                                columns: [Column("id", "id", .text), Column("title", ("title" as Sentence).text(language), .text),
                                          Column("version", ("version" as Sentence).text(language), .text),
                                          Column(Term.items.rawValue, Term.items.text(language).lowercased(), .count),
                                          Column(Term.origin.rawValue, Term.origin.text(language).lowercased(), .text).worded(origins),
                                          Column(Term.response_sets.rawValue, Term.response_sets.text(language).lowercased(), .count)])
        for instrument in instruments {
            table.append([.text(instrument.id), .text(instrument.titles.text(language)), .text(instrument.version), .count(instrument.items),
                          .text(instrument.builtin ? "built_in" : "custom"), .count(instrument.responseSets)])
        }
        return table
    }

    /// `task list`: the tasks in order, with their penalty and target time ("2 s"), error opportunities and
    /// recorded attempts.
    public static func tasks(_ tasks: [TaskInfo], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        var table = ResultTable(id: "tasks", title: Term.tasks.text(language), language: language,
                                columns: [Column("order", word("order"), .count), Column(Term.task.rawValue, word("task"), .text),
                                          Column("title", word("title"), .text), Column(Term.penalty.rawValue, word("penalty"), .figure).showingMissing(),
                                          Column("target", word("target"), .figure).showingMissing(),
                                          Column("error_opportunities", word("error opportunities"), .count).showingMissing(),
                                          Column(Term.attempts.rawValue, word("attempts"), .count)])
        func seconds(_ value: Double?) -> Value { value.map { .text(NumberParser.format($0) + " s") } ?? .empty }
        for task in tasks {
            table.append([.count(task.position), .text(task.key), .text(task.title), seconds(task.penaltySeconds), seconds(task.targetSeconds),
                          Value(task.errorOpportunities), .count(task.attempts)])
        }
        return table
    }

    /// `attempt list`: every attempt with its conditions (one column per factor, headed by the factor's label, each
    /// level by its label), trial, time ("1:05,7"), errors, outcome, help and note.
    public static func attempts(_ attempts: [AttemptRecord], factors: [String], language: StudyLanguage, labels: StudyLabels = .plain) -> ResultTable {
        let outcomes = Dictionary(uniqueKeysWithValues: Outcome.allCases.map { ($0.rawValue, Sentence(stringLiteral: $0.rawValue).text(language)) })
        var table = ResultTable(id: "attempts", title: Term.attempts.text(language), language: language,
                                columns: [Column(.participant, .text, language), Column(.task, .text, language)]
                                    + factors.map { Column($0, labels.factor($0), .text).showingMissing() }
                                    + [Column(.trial, .count, language), Column(.time, .figure, language).showingMissing(),
                                       Column(.errors, .count, language).showingMissing(), Column(.outcome, .text, language).worded(outcomes).showingMissing(),
                                       Column(.assisted, .text, language).worded(["yes": ("yes" as Sentence).text(language)]).showingMissing(),
                                       Column(.note, .text, language).showingMissing()])
        let record = language.record
        for attempt in attempts {
            table.append([.text(attempt.participant), .text(attempt.task)] + factors.map { factor in Value(attempt.conditions[factor].map { labels.level($0, of: factor) }) }
                         + [.count(attempt.trial), Value(attempt.seconds.map { record.decimal(Surveys.Duration.format($0)) }), Value(attempt.errors),
                            Value(attempt.outcome?.rawValue), attempt.assisted ? .text("yes") : .empty, Value(attempt.note)])
        }
        return table
    }

    /// `session list`: every session, open and ended, with its condition, local begin and end times and the
    /// tasks finished in it.
    public static func sessions(_ sessions: [SessionRecord], language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        var table = ResultTable(id: "sessions", title: Term.sessions.text(language), language: language,
                                columns: [Column(Term.participant.rawValue, word("Participant"), .text), Column("session", word("Session"), .count),
                                          Column(Term.condition.rawValue, word("Condition"), .text), Column("began", word("Began"), .text),
                                          Column("ended", word("Ended"), .text), Column(Term.attempts.rawValue, word("Attempts"), .count)])
        for session in sessions {
            table.append([.text(session.participant), .count(session.number),
                          session.occasion.isEmpty ? .empty : .text(MeasurementKey(key: session.occasion).conditionText),
                          .text(LocalTime.text(session.started)), .text(session.ended.map(LocalTime.text) ?? word("open")),
                          .count(session.state.finished.count)])
        }
        return table
    }

    /// The tasks finished in one session (`session show`, the logger's last screen): trial, time, errors, help,
    /// outcome, the per-task questionnaire's mean answer (its column named by `afterTask`) and the total with the
    /// penalty where a task has one.
    public static func sessionTasks(_ lines: [SessionTaskLine], afterTask: String?, language: StudyLanguage) -> ResultTable {
        func word(_ sentence: Sentence) -> String { sentence.text(language) }
        let penalties = lines.contains { $0.total != nil }
        let words = ["yes": word("yes"), "no": word("no")]
        let outcomes = Dictionary(uniqueKeysWithValues: Outcome.allCases.map { ($0.rawValue, Sentence(stringLiteral: $0.rawValue).text(language)) })
        var columns = [Column(Term.task.rawValue, word("Task"), .text), Column(Term.trial.rawValue, word("Trial"), .count),
                       Column(Term.time_s.rawValue, word("Time (s)"), .number(decimals: 1)), Column(Term.errors.rawValue, word("Errors"), .count),
                       Column(Term.assisted.rawValue, word("Assisted"), .text).worded(words),
                       Column(Term.outcome.rawValue, word("Outcome"), .text).worded(outcomes)]
        if let afterTask { columns.append(Column(afterTask, afterTask.uppercased(), .number(decimals: 0))) }
        if penalties { columns.append(Column(Term.total_s.rawValue, word("Total (s)"), .number(decimals: 1))) }
        var table = ResultTable(id: "session_tasks", title: Term.tasks.text(language), language: language, columns: columns)
        for line in lines {
            var row: [Value] = [.text(line.task), Value(line.trial), .number(line.seconds), .count(line.errors),
                                .text(line.assisted ? "yes" : "no"), .text(line.outcome.rawValue)]
            if afterTask != nil { row.append(line.questionnaire.map(Value.number) ?? .empty) }
            if penalties { row.append(line.total.map(Value.number) ?? .empty) }
            table.append(row)
        }
        return table
    }
}
