import Surveys
import Wording

extension ResultTable {
    /// The reason a one-sample test is undefined, in `language`.
    public static func undefinedTest(_ reason: String, _ language: StudyLanguage) -> String {
        Sentence(stringLiteral: reason).text(language)
    }

    /// Per group (and task) and overall, each score's n, mean, SD, median, range, modes, 95 % t interval, the norm
    /// with the one-sample t-test against it and its verdict. `name` gives a score's label (its id by default).
    public static func scoreSummary(_ report: ScoreReport, language: StudyLanguage, name: (String) -> String = { $0 }) -> ResultTable {
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
            let groupName = ScoreGroupLabel.prefix(group, language) + (overall ? Term.all.text(language) : group.name)
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

/// What goes before a score group's name: its task and, when the study's sets have several occasions, its occasion
/// ("T1 ", "pós ", "T1 pós "): a participant's sets of two occasions are never in one group, and each row says which.
public enum ScoreGroupLabel {
    public static func prefix(_ group: ScoreReport.Group, _ language: StudyLanguage) -> String {
        (group.task.map { "\($0) " } ?? "") + (group.occasion.map { "\(MeasurementKey(key: $0).label(none: Term.no_occasion.text(language))) " } ?? "")
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
