import Statistics
import StudyBasics
import Surveys
import Wording

extension ResultTable {
    /// The reason a one-sample test is undefined, in `language`.
    public static func undefinedTest(_ reason: String, _ language: StudyLanguage) -> String {
        Sentence(stringLiteral: reason).text(language)
    }

    /// Per group (and task) and overall, each score's n, mean, SD, median, range, modes, 95 % t interval, the norm
    /// with the one-sample t-test against it and its verdict. `name` gives a score's label (its id by default).
    public static func scoreSummary(_ report: ScoreReport, language: StudyLanguage, name: (String) -> String = { $0 },
                                    labels: StudyLabels = .plain, groupBy: String? = nil) -> ResultTable {
        let style = NumberStyle(language)
        var table = ResultTable(id: "\(report.instrument.id)_summary", title: Phrase.scoreSummaryTitle(report.instrument.id.uppercased()).text(language),
                                language: language,
                                columns: [Column(.group, .text, language), Column(.score, .text, language), Column(.n, .count, language),
                                          Column(.mean, .number(decimals: 2), language), Column(.sd, .number(decimals: 2), language),
                                          Column(.median, .number(decimals: 2), language), Column(.min, .number(decimals: 2), language),
                                          Column(.max, .number(decimals: 2), language), Column(.mode, .text, language),
                                          Column(.ci95, .interval(decimals: 2), language), Column(.norm, .number(decimals: 2), language),
                                          Column(.t, .number(decimals: 2), language), Column(.p, .pValue, language), Column(.verdict, .prose, language)])
        var clipped = false
        for group in report.groups + report.overall {
            let overall = group.name == ScoreReport.allName
            let groupName = ScoreGroupLabel.prefix(group, language, labels: labels)
                + (overall ? Term.all.text(language) : groupBy.map { labels.value(group.name, of: $0) } ?? group.name)
            for item in group.summaries {
                let s = item.statistics
                clipped = clipped || item.ciClipped
                let verdict = item.testUndefined.map { undefinedTest($0, language) }
                    ?? item.normVerdict.map { $0 == .untested ? "" : $0.text(language) }
                table.append([.text(groupName), .text(name(item.scoreID)), .count(s.n), .number(s.mean), Value(s.sd), .number(s.median),
                              .number(s.min), .number(s.max), .text(s.modes.map { style.number($0) }.joined(separator: " ")),
                              Value(s.ci95), Value(item.norm), item.testUndefined == nil ? Value(item.test?.t) : .empty, Value(p: item.test?.p),
                              Value(verdict)], emphasised: overall)
                if item.ciClipped { table.marked[table.rows.count - 1] = [9] }
            }
        }
        if clipped { table.notes.append(Phrase.intervalClipped.text(language)) }
        return table
    }
}

/// How a score group is named: its task and, when the study's sets have several measurements, its occasion and
/// conditions ("T1 · ", "pós · ", "T1 · protótipo: atual · "): a participant's sets of two measurements are never in
/// one group, and each row says which.
public enum ScoreGroupLabel {
    /// A group of scores named for a reader: its task, its measurement ("pós · protótipo: atual") and its group's
    /// name, each part named and kept apart ("T1 · protótipo: atual · 18 a 39 anos"), so two series of one chart or
    /// two rows of one table never read alike. `name` nil: the task and measurement alone.
    public static func label(_ group: ScoreReport.Group, name: String?, _ language: StudyLanguage, labels: StudyLabels = .plain) -> String {
        let measurement = group.occasion.map { labels.measurement($0, none: Term.no_occasion.text(language)) }
        return [group.task, measurement, name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The task and measurement before a group's name ("T1 · pós · "), or "" when the group has neither.
    public static func prefix(_ group: ScoreReport.Group, _ language: StudyLanguage, labels: StudyLabels = .plain) -> String {
        let lead = label(group, name: nil, language, labels: labels)
        return lead.isEmpty ? "" : lead + " · "
    }
}

/// Names of scores in a language: a subscale's own name ("Utilidade do sistema"), a built-in score's translated
/// name ("Aprendizagem" for Learnability) in Portuguese; the published abbreviation in English ("SysUse"), or the
/// name with it beside (`long`: "System usefulness (SysUse)").
public enum ScoreNames {
    public static func name(_ id: String, _ definition: InstrumentDefinition, _ language: StudyLanguage, long: Bool = false) -> String {
        if let subscale = definition.subscales.first(where: { $0.id == id }) {
            // English names a subscale by its id (the sources' word); another language by the instrument's own wording.
            if language != .en { return subscale.name.text(language) }
            return long ? "\(subscale.name.text(language)) (\(id))" : id
        }
        // The instruments' score names ("Raw TLX") are English ids, worded by the catalog in context "score name".
        return Sentence(Sentence(stringLiteral: id), context: "score name").text(language)
    }
}

/// The tables of `score --csv`: tidy, one row per scored set or per group and score, under machine names, for R
/// and SPSS. Written by `CSVRenderer` like every other table.
extension ResultTable {
    /// Each scored set's scores in a row: participant, task, the measurement's columns (occasion, each condition
    /// factor), the group (`by`, else "group") and a column per score, named by its id. Rows are added as the sets
    /// are scored (`scoreRowCells`), not held.
    public static func scoreRows(_ definition: InstrumentDefinition, by: String?, measurements: MeasurementColumns,
                                 language: StudyLanguage) -> ResultTable {
        let columns = [Column(.participant, .text, language), Column(.task, .text, language)]
            + measurements.header.map { Column($0, $0, .text) }
            + [by.map { Column($0, $0, .text) } ?? Column(.group, .text, language)]
            + definition.scoreIDs.map { Column($0, ScoreNames.name($0, definition, language), .number(decimals: 2)) }
        return ResultTable(id: "\(definition.id)_participant_scores", title: Phrase.scoresTitle(definition.id.uppercased()).text(language),
                           language: language, columns: columns)
    }

    /// One set's row of `scoreRows`.
    public static func scoreRowCells(_ row: ScoreReport.Row, scoreIDs: [String], measurements: MeasurementColumns) -> [Value] {
        var cells: [Value] = [.text(row.participant), Value(row.task)]
        cells.reserveCapacity(4 + measurements.factors.count + scoreIDs.count)
        if !measurements.isEmpty { cells += measurements.cells(row.occasion).map(Value.text) }
        cells.append(Value(row.group))
        for id in scoreIDs { cells.append(Value(row.value(id))) }
        return cells
    }

    /// `score`'s table of each participant's scores, for the terminal: participant, task (an instrument asked per
    /// task), measurement (`occasion`), the group attribute `by`, each score, and each SUS-scale score's adjective
    /// and acceptability; a missing score a blank cell. `nil` when the instrument has no score. Its rows come from
    /// `scoreParticipantCells`, one per scored set, as a score of a million participants streams them.
    /// `conditions`: the measurements name conditions too, so the column is headed "Occasion / condition", never
    /// "Occasion" over a prototype.
    public static func scoreParticipants(_ definition: InstrumentDefinition, occasion: Bool, conditions: Bool = false, by: String?,
                                         language: StudyLanguage, labels: StudyLabels = .plain) -> ResultTable? {
        let ids = definition.scoreIDs
        guard !ids.isEmpty else { return nil }
        var columns = [Column(.participant, .text, language)]
        if definition.perTask { columns.append(Column(.task, .text, language).showingMissing()) }
        if occasion { columns.append(Column(conditions ? .measurement : .occasion, .text, language)) }
        if let by { columns.append(Column(StudyText.key(by), labels.attribute(by), .text).showingMissing()) }
        columns += ids.map { Column($0, ScoreNames.name($0, definition, language), .number(decimals: 2)).showingMissing() }
        for id in ids where ScoreReport.isOnSUSScale(id, definition) {
            columns += [Column(Term.adjective.rawValue + "_" + id, Term.adjective.text(language), .text).showingMissing(),
                        Column(Term.acceptability.rawValue + "_" + id, Term.acceptability.text(language), .text).showingMissing()]
        }
        return ResultTable(id: "\(definition.id)_participant_scores", title: Phrase.scoresTitle(definition.id.uppercased()).text(language),
                           language: language, columns: columns)
    }

    /// One scored set's row of `scoreParticipants` (`grouped`: the table has the `by` column, the attribute `by`),
    /// the measurement and the group as people call them (`labels`).
    public static func scoreParticipantCells(_ row: ScoreReport.Row, _ definition: InstrumentDefinition, occasion: Bool, grouped: Bool,
                                             language: StudyLanguage, labels: StudyLabels = .plain, by: String? = nil) -> [Value] {
        let ids = definition.scoreIDs
        var cells: [Value] = [.text(row.participant)]
        cells.reserveCapacity(4 + 3 * ids.count)
        if definition.perTask { cells.append(Value(row.task)) }
        if occasion { cells.append(.text(labels.measurement(MeasurementKey(key: row.occasion), none: Term.no_occasion.text(language)))) }
        if grouped { cells.append(Value(row.group.map { group in by.map { labels.value(group, of: $0) } ?? group })) }
        // The value as it is, even when not finite: the table shows "–" for it, as for no score it shows nothing.
        for id in ids { cells.append(row.value(id).map(Value.number) ?? .empty) }
        for id in ids where ScoreReport.isOnSUSScale(id, definition) {
            if let meaning = row.meanings[id] {
                cells += [.text(meaning.adjective.name(language)), .text(meaning.acceptability.name(language))]
            } else {
                cells += [.empty, .empty]
            }
        }
        return cells
    }

    /// Per group (and task, and measurement) and overall, each score's descriptive statistics, 95 % interval, norm
    /// with its one-sample t-test, and the SUS grade, adjective and acceptability of the mean, as machine values
    /// (`score --csv --summary`).
    public static func scoreSummaryData(_ report: ScoreReport, measurements: MeasurementColumns, language: StudyLanguage) -> ResultTable {
        let number = Column.Kind.number(decimals: 2)
        let columns = [Column(.group, .text, language), Column(.task, .text, language)]
            + measurements.header.map { Column($0, $0, .text) }
            + [Column(.score, .text, language), Column(.n, .count, language), Column(.mean, number, language), Column(.sd, number, language),
               Column(.median, number, language), Column(.min, number, language), Column(.max, number, language),
               Column(.ci95, .interval(decimals: 2), language), Column(.norm, number, language), Column(.t, number, language),
               Column(.df, .count, language), Column(.p, .pValue, language), Column(.grade, .text, language),
               Column(.adjective, .text, language), Column(.acceptability, .text, language)]
        var table = ResultTable(id: "\(report.instrument.id)_summary", title: Phrase.scoreSummaryTitle(report.instrument.id.uppercased()).text(language),
                                language: language, columns: columns)
        for group in report.groups + report.overall {
            let measured: [Value] = measurements.isEmpty ? [] : measurements.cells(group.occasion ?? "").map(Value.text)
            for item in group.summaries {
                let s = item.statistics
                table.append([.text(group.name), Value(group.task)] + measured
                             + [.text(item.scoreID), .count(s.n), Value(s.mean), Value(s.sd), Value(s.median), Value(s.min), Value(s.max),
                                Value(s.ci95), Value(item.norm), Value(item.test?.t), Value(item.test?.df), Value(p: item.test?.p),
                                Value(item.meaning?.grade.grade), Value(item.meaning?.adjective.en), Value(item.meaning?.acceptability.rawValue)])
            }
        }
        return table
    }
}

extension ResultTable {
    /// One choice item's answers in a group: each choice's count and percentage of the answers, then "N/A" when
    /// some said the item did not apply (`score` on a Sim/Não/Talvez or multiple-choice item).
    public static func choiceTally(_ tally: ScoreReport.Tally, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "item_\(tally.item)_answers", title: "\(tally.item). \(tally.text.text(language))", language: language,
                                columns: [Column("answer", Phrase.answer.text(language), .text), Column(.n, .count, language),
                                          Column(.share, .number(decimals: 1), language)])
        for (choice, count) in tally.counts { table.append([.text(choice.label.text(language)), .count(count), .number(tally.percent(count))]) }
        if tally.notApplicable > 0 { table.append([.text("N/A"), .count(tally.notApplicable), .text("")]) }
        return table
    }
}

extension ResultTable {
    /// The columns that say what a SUS-scale mean means (Sauro & Lewis 2016; Bangor, Kortum & Miller 2009): its grade,
    /// the grades its interval spans, the grade's percentile range, the mean's percentile rank, the adjective and the
    /// acceptability — the end of `score`'s grades table and of the report's SUS summary alike.
    public static func meaningColumns(_ language: StudyLanguage) -> [Column] {
        [Column(.grade, .text, language), Column(.grade_ci95, .text, language), Column(.percentiles, .text, language),
         Column(.percentile_rank, .count, language), Column(.adjective, .text, language), Column(.acceptability, .text, language)]
    }

    /// A mean's meaning as the cells of `meaningColumns`.
    public static func meaningCells(_ meaning: ScoreReport.SUSMeaning, language: StudyLanguage) -> [Value] {
        [.text(meaning.grade.grade), Value(meaning.gradeSpan?.text(language)), .text(meaning.grade.percentiles),
         .count(meaning.percentileRank), .text(meaning.adjective.name(language)), .text(meaning.acceptability.name(language))]
    }

    /// Each group's and the overall mean of every SUS-scale score with its meaning (`score`'s grades table); `name`
    /// words a score's identifier.
    public static func scoreMeanings(_ report: ScoreReport, language: StudyLanguage, name: (String) -> String,
                                     labels: StudyLabels = .plain, groupBy: String? = nil) -> ResultTable {
        var table = ResultTable(id: "grades", title: "", language: language,
                                columns: [Column(.group, .text, language), Column(.score, .text, language),
                                          Column(.mean, .number(decimals: 2), language)] + meaningColumns(language))
        for group in report.groups + report.overall {
            let label = ScoreGroupLabel.prefix(group, language, labels: labels)
                + (group.name == ScoreReport.allName ? Term.all.text(language) : groupBy.map { labels.value(group.name, of: $0) } ?? group.name)
            for item in group.summaries {
                guard let meaning = item.meaning else { continue }
                table.append([.text(label), .text(name(item.scoreID)), .number(item.statistics.mean)] + meaningCells(meaning, language: language))
            }
        }
        return table
    }

    /// What is said under the overall mean of a SUS-scale score, the same under `score`'s table and the report's:
    /// how precise it is (the margin of its 95 % interval), the adjectives its interval spans, and, with fewer than
    /// 20 respondents, the BCa bootstrap interval (Efron 1987) of `values` (the respondents' scores) with `seed`.
    public static func meanMeaningNotes(_ item: ScoreReport.Summary, name: String, values: [Double]?, seed: UInt64 = 1,
                                        language: StudyLanguage) -> [Sentence] {
        var notes: [Sentence] = []
        if let margin = item.statistics.marginOfError95 {
            notes.append(Phrase.precision(score: name, n: item.statistics.n, margin: NumberStyle(language).number(margin)).sentence)
        }
        if let meaning = item.meaning, let low = meaning.adjectiveAtLow, let high = meaning.adjectiveAtHigh {
            notes.append(Phrase.adjectiveSpan(score: name, low: low, high: high).sentence)
        }
        if item.statistics.n < 20, let values, values.count == item.statistics.n, let bca = Bootstrap.meanBCa(values, seed: seed) {
            let style = NumberStyle(language)
            notes.append("With fewer than 20 respondents, the BCa bootstrap 95% CI of the \(name) mean is \(style.interval(bca.low, bca.high)) (\(bca.resamples) resamples, seed \(bca.seed); Efron 1987): it need not be symmetric and stays inside the scale.")
        }
        return notes
    }
}
