import Statistics
import Surveys
import Wording

extension NumberStyle {
    /// "p = 0,008" or "p < 0,001", as a test's line says it.
    public func pEquals(_ value: Double) -> String {
        let shown = p(value)
        return shown.hasPrefix("<") ? "p \(shown)" : "p = \(shown)"
    }
}

/// The words of a comparison within participants (`ScoreReport.withinComparisons`, `mixedComparisons`), said alike by
/// `score --within … --compare` and the report: one place for each sentence, so the terminal and the document agree.
public enum WithinWording {
    static func isOccasion(_ factor: String) -> Bool { factor.caseInsensitiveCompare(MeasurementKey.occasionFactor) == .orderedSame }

    /// "occasions" or "levels of protótipo" (the condition by its label).
    public static func plural(_ factor: String, labels: StudyLabels = .plain) -> Sentence {
        isOccasion(factor) ? "occasions" : "levels of \(labels.factor(factor))"
    }

    /// "with every occasion" or "with every level of protótipo".
    public static func every(_ factor: String, labels: StudyLabels = .plain) -> Sentence {
        isOccasion(factor) ? "with every occasion" : "with every level of \(labels.factor(factor))"
    }

    /// Why a participant was left out: "a set on some occasions only", "a set under some levels of protótipo only".
    public static func some(_ factor: String, labels: StudyLabels = .plain) -> Sentence {
        isOccasion(factor) ? "a set on some occasions only" : "a set under some levels of \(labels.factor(factor)) only"
    }

    /// The factor's name for people: "occasion" in the report's language, or the condition's label.
    public static func factorName(_ factor: String, labels: StudyLabels = .plain) -> Sentence {
        isOccasion(factor) ? "occasion" : Sentence(verbatim: labels.factor(factor))
    }

    /// A level as people read it: "(no occasion)" for sets answered without one; an occasion or a condition's
    /// level (of `factor`) by its label.
    public static func levelName(_ level: String, of factor: String = MeasurementKey.occasionFactor, _ language: StudyLanguage,
                                 labels: StudyLabels = .plain) -> String {
        if level.isEmpty { return Term.no_occasion.text(language) }
        return isOccasion(factor) ? labels.occasion(level) : labels.level(level, of: factor)
    }

    /// "pré → pós".
    public static func levelList(_ levels: [String], of factor: String = MeasurementKey.occasionFactor, _ language: StudyLanguage,
                                 labels: StudyLabels = .plain) -> String {
        levels.map { levelName($0, of: factor, language, labels: labels) }.joined(separator: " → ")
    }

    /// What the comparisons of `factor` take in, said before them.
    public static func heading(factor: String, levels: [String], language: StudyLanguage, labels: StudyLabels = .plain) -> Sentence {
        let names = levelList(levels, of: factor, language, labels: labels)
        return isOccasion(factor)
            ? "Occasions compared within participants (\(names)): only participants with a set on every occasion enter."
            : "Levels of \(labels.factor(factor)) compared within participants (\(names)): only participants with a set under every level enter."
    }

    /// The same for a mixed design, the participants grouped by `by`.
    public static func mixedHeading(by: String, factor: String, levels: [String], language: StudyLanguage, labels: StudyLabels = .plain) -> Sentence {
        let names = levelList(levels, of: factor, language, labels: labels)
        return isOccasion(factor)
            ? "Groups by \(labels.attribute(by)) × occasions (\(names)), within participants: only participants with a set on every occasion enter."
            : "Groups by \(labels.attribute(by)) × levels of \(labels.factor(factor)) (\(names)), within participants: only participants with a set under every level enter."
    }

    /// "T1 pós SUS": the task, what else the compared sets' measurement holds, and the score's name.
    public static func label(task: String?, stratum: String, score: String, labels: StudyLabels = .plain) -> String {
        let rest = labels.measurement(stratum, none: "")
        return [task ?? "", rest, score].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The Wilcoxon p's method.
    public static func method(_ method: PairedComparison.WilcoxonMethod) -> Sentence {
        switch method {
        case .exact: "exact"
        case .permutation: "exact over every sign pattern, as there are ties or zeros"
        case .normal: "normal approximation with the tie correction"
        }
    }

    /// The Wilcoxon p's method in a table's cell.
    public static func shortMethod(_ method: PairedComparison.WilcoxonMethod) -> Sentence {
        switch method {
        case .exact: "exact"
        case .permutation: "exact, ties"
        case .normal: "normal approx."
        }
    }

    /// A line of a comparison, indented as the terminal prints it.
    public struct Line: Sendable {
        public var indent: Int
        public var sentence: Sentence
    }

    /// "95" or "90": the level of a comparison's intervals, as its sentences say it ("90% CI").
    static func level(_ confidence: Double) -> String { String(Int((confidence * 100).rounded())) }

    /// Mauchly's test as the repeated-measures ANOVA's line says it: W and p; W = 0, χ² = ∞, p = 0 on a singular
    /// covariance; not defined, and why, with fewer complete participants than levels.
    static func mauchly(_ a: PairedComparison.RepeatedMeasuresANOVA, participants: Int, levels: Int, _ style: NumberStyle) -> Sentence {
        if a.mauchlySingular {
            return "Mauchly's W = 0, χ² = ∞, p = 0 (the covariance of the levels' differences is singular: sphericity maximally violated)"
        }
        guard let w = a.mauchlyW, let p = a.mauchlyP else {
            return "Mauchly's test not defined (n − 1 = \(participants - 1) is less than k − 1 = \(levels - 1): fewer complete participants than levels leave the covariance singular whatever the data)"
        }
        return "Mauchly's W = \(style.number(w, decimals: 3)), \(style.pEquals(p))"
    }

    /// One comparison of a score's levels: who entered and the means, who was left out, then each test (two levels:
    /// paired t and Wilcoxon; more: repeated-measures ANOVA, Friedman, and each pair with Holm's adjustment), the
    /// intervals at the comparison's `confidence`.
    public static func lines(_ comparison: PairedComparison, label: String, factor: String, language: StudyLanguage,
                             pairs: Bool = true, labels: StudyLabels = .plain) -> [Line] {
        let style = NumberStyle(language)
        let level = level(comparison.confidence)
        let means = comparison.means.map { style.number($0) }.joined(separator: " → ")
        var lines = [Line(indent: 0, sentence: Sentence("\(label): \(comparison.complete) participants \(every(factor, labels: labels)), means \(means)"))]
        if comparison.leftOut > 0 { lines.append(Line(indent: 2, sentence: Sentence("Left out (\(some(factor, labels: labels))): \(comparison.leftOut)"))) }
        if let t = comparison.pairedT, let ci = t.ci95 {
            lines.append(Line(indent: 2, sentence: Sentence("Paired t-test: t(\(t.df)) = \(style.number(t.t)); \(style.pEquals(t.p)); dz = \(style.number(t.dz)); mean difference \(style.number(t.meanDifference)), \(level)% CI \(style.interval(ci.lowerBound, ci.upperBound))")))
        } else if comparison.levels.count == 2 {
            lines.append(Line(indent: 2, sentence: Sentence("Paired t-test: not defined (fewer than two pairs, or every difference the same)")))
        }
        if let w = comparison.wilcoxon {
            lines.append(Line(indent: 2, sentence: Sentence("Wilcoxon signed-rank: T = \(style.number(w.statistic, decimals: 1)); \(style.pEquals(w.p)) (\(method(w.method))); r = \(style.number(w.rankBiserial)) (matched-pairs rank-biserial); zero differences left out: \(w.zeros)")))
        }
        if let a = comparison.anova {
            let sphericity = mauchly(a, participants: comparison.complete, levels: comparison.levels.count, style)
            lines.append(Line(indent: 2, sentence: Sentence("Repeated-measures ANOVA: F(\(a.df1), \(a.df2)) = \(style.number(a.f)); \(style.pEquals(a.p)); Greenhouse–Geisser ε = \(style.number(a.epsilon, decimals: 3)), corrected \(style.pEquals(a.pGreenhouseGeisser)); \(sphericity); generalised η² = \(style.number(a.generalisedEtaSquared, decimals: 3))")))
        } else if comparison.levels.count > 2 {
            lines.append(Line(indent: 2, sentence: Sentence("Repeated-measures ANOVA: not defined (fewer than two complete blocks, or no variation within participants)")))
        }
        if let f = comparison.friedman {
            lines.append(Line(indent: 2, sentence: Sentence("Friedman: χ²(\(f.df)) = \(style.number(f.chiSquared)); \(style.pEquals(f.p)); Kendall's W = \(style.number(f.kendallW))")))
        }
        if pairs {
            for pair in comparison.pairs {
                let a = levelName(pair.a, of: factor, language, labels: labels), b = levelName(pair.b, of: factor, language, labels: labels)
                let interval = pair.t.ci95.map { style.interval($0.lowerBound, $0.upperBound) } ?? "–"
                lines.append(Line(indent: 4, sentence: Sentence("\(a) → \(b): paired t(\(pair.t.df)) = \(style.number(pair.t.t)); Holm-adjusted \(style.pEquals(pair.pHolm)); dz = \(style.number(pair.t.dz)); mean difference \(style.number(pair.t.meanDifference)), \(level)% CI \(interval)")))
            }
        }
        return lines
    }

    /// The name of a mixed ANOVA's source: "between groups (nível)", "between occasions", "interaction".
    public static func sourceName(_ name: String, factor: String, by: String, labels: StudyLabels = .plain) -> Sentence {
        sourceNames(factor: factor, by: by, labels: labels)[name] ?? Sentence(verbatim: name)
    }

    /// The sources by their machine names (`MixedComparison.Source.name`).
    static func sourceNames(factor: String, by: String, labels: StudyLabels = .plain) -> [String: Sentence] {
        ["between": Sentence("between groups (\(labels.attribute(by)))"), "within": Sentence("between \(plural(factor, labels: labels))"), "interaction": Sentence("interaction")]
    }

    /// The Greenhouse–Geisser p of a mixed ANOVA's within source (or interaction), with three levels or more.
    public static func correctedP(_ source: MixedComparison.Source, _ comparison: MixedComparison) -> (epsilon: Double, p: Double)? {
        guard let p = source.pGreenhouseGeisser, let epsilon = comparison.epsilon else { return nil }
        return (epsilon, p)
    }

    /// A mixed design's comparison: who entered, who was left out, and the groups left out of the ANOVA.
    public static func mixedHeader(_ comparison: MixedComparison, label: String, factor: String, labels: StudyLabels = .plain) -> [Line] {
        var lines = [Line(indent: 0, sentence: Sentence("\(label): \(comparison.complete) participants \(every(factor, labels: labels))"))]
        if comparison.leftOut > 0 { lines.append(Line(indent: 2, sentence: Sentence("Left out (\(some(factor, labels: labels))): \(comparison.leftOut)"))) }
        if !comparison.groupsLeftOut.isEmpty {
            lines.append(Line(indent: 2, sentence: groupsLeftOut(comparison)))
        }
        return lines
    }

    /// "Groups left out of the mixed ANOVA (no participant with every level): 60+".
    public static func groupsLeftOut(_ comparison: MixedComparison) -> Sentence {
        Sentence(count: comparison.groupsLeftOut.count,
                 one: "Group left out of the mixed ANOVA (no participant with every level): \(comparison.groupsLeftOut.joined(separator: ", "))",
                 other: "Groups left out of the mixed ANOVA (no participant with every level): \(comparison.groupsLeftOut.joined(separator: ", "))")
    }

    /// A mixed design's comparison as one paragraph of a document (its cells are in their table).
    public static func mixedParagraph(_ comparison: MixedComparison, label: String, factor: String, by: String, language: StudyLanguage,
                                      labels: StudyLabels = .plain) -> String {
        (mixedHeader(comparison, label: label, factor: factor, labels: labels) + mixedLines(comparison, factor: factor, by: labels.attribute(by), language: language, labels: labels))
            .map { $0.sentence.text(language) }.joined(separator: ". ") + "."
    }

    /// Each source of a mixed ANOVA, as a line.
    public static func mixedLines(_ comparison: MixedComparison, factor: String, by: String, language: StudyLanguage, labels: StudyLabels = .plain) -> [Line] {
        let style = NumberStyle(language)
        return comparison.sources.map { source in
            var sentence: Sentence = "Mixed ANOVA, \(sourceName(source.name, factor: factor, by: by, labels: labels)): F(\(source.df1), \(source.df2)) = \(style.number(source.f)); \(style.pEquals(source.p)); partial η² = \(style.number(source.partialEtaSquared, decimals: 3))"
            if let corrected = correctedP(source, comparison) {
                sentence = sentence + "; " + Sentence("Greenhouse–Geisser ε = \(style.number(corrected.epsilon, decimals: 3)), corrected \(style.pEquals(corrected.p))")
            }
            return Line(indent: 2, sentence: sentence)
        }
    }

    /// A comparison as one paragraph of a document: its lines (the pairs are in their table) as sentences.
    public static func paragraph(_ comparison: PairedComparison, label: String, factor: String, language: StudyLanguage,
                                 labels: StudyLabels = .plain) -> String {
        lines(comparison, label: label, factor: factor, language: language, pairs: false, labels: labels)
            .map { $0.sentence.text(language) }.joined(separator: ". ") + "."
    }
}

extension ResultTable {
    /// The compared cells' first columns: the task (per-task instruments) and what else the sets' measurement holds.
    private static func leadColumns(tasks: Bool, strata: Bool, language: StudyLanguage) -> [Column] {
        (tasks ? [Column(.task, .text, language)] : []) + (strata ? [Column(.measurement, .text, language)] : [])
    }

    private static func leadCells(task: String?, stratum: String, tasks: Bool, strata: Bool, labels: StudyLabels = .plain) -> [Value] {
        (tasks ? [Value(task)] : []) + (strata ? [Value(stratum.isEmpty ? nil : labels.measurement(stratum, none: ""))] : [])
    }

    /// The column of a mean difference's interval at `confidence`: `ci95_difference` ("95% CI of the difference"),
    /// or `ci90_difference` and its words at 90 %.
    private static func differenceInterval(_ confidence: Double, _ language: StudyLanguage) -> Column {
        let level = WithinWording.level(confidence)
        guard level != "95" else { return Column(.ci95_difference, .interval(decimals: 2), language) }
        return Column("ci\(level)_difference", Sentence("\(level)% CI of the difference").text(language), .interval(decimals: 2))
    }

    /// A df cell: "2; 22" in Portuguese, "2, 22" in English, whole numbers without decimals.
    private static func dfText(_ values: [Double], _ language: StudyLanguage) -> String {
        let style = NumberStyle(language)
        return values.map { style.number($0, decimals: $0 == $0.rounded() ? 0 : 2) }.joined(separator: language.record.listSeparator)
    }

    /// A score's levels of one within-subject factor compared within participants, one block of rows per task,
    /// stratum and score: the complete blocks (n), those left out, the means per level, and one row per test —
    /// two levels: the paired t-test (mean difference, its 95 % interval, dz) and the Wilcoxon signed-rank test
    /// (matched-pairs rank-biserial r, and how its p was found); more: the repeated-measures ANOVA (generalised η²),
    /// its Greenhouse–Geisser correction, Mauchly's test and Friedman's χ² (Kendall's W). `name` gives a score's label.
    public static func withinComparisons(_ items: [WithinScoreComparison], factor: String, levels: [String], instrument: String,
                                         id: String, language: StudyLanguage, name: (String) -> String = { $0 }, labels: StudyLabels = .plain) -> ResultTable {
        let style = NumberStyle(language)
        let tasks = items.contains { $0.task != nil }
        let strata = items.contains { !$0.stratum.isEmpty }
        let two = items.contains { $0.comparison.levels.count == 2 }
        var columns = leadColumns(tasks: tasks, strata: strata, language: language)
        columns += [Column(.score, .text, language), Column(.n, .count, language), Column(.left_out, .count, language),
                    Column(Term.means.rawValue, "\(Term.means.text(language)) (\(WithinWording.levelList(levels, of: factor, language, labels: labels)))", .text),
                    Column(.test, .text, language), Column(.statistic, .number(decimals: 2), language), Column(.df, .text, language),
                    Column(.p, .pValue, language)]
        let confidence = items.first?.comparison.confidence ?? 0.95
        if two { columns += [Column(.mean_difference, .number(decimals: 2), language), differenceInterval(confidence, language)] }
        columns.append(Column(.effect_size, .text, language))
        let title = Sentence("Within participants: \(instrument) by \(WithinWording.factorName(factor, labels: labels)) (\(WithinWording.levelList(levels, of: factor, language, labels: labels)))")
        var table = ResultTable(id: id, title: title.text(language), language: language, columns: columns)
        for item in items {
            let c = item.comparison
            var first = true
            func row(_ test: Sentence, _ statistic: Double?, _ df: [Double], _ p: Double?, difference: Double? = nil,
                     interval: ClosedRange<Double>? = nil, effect: String?) {
                // A comparison's further tests leave its first cells blank (not "–": nothing is missing there).
                var cells = first ? leadCells(task: item.task, stratum: item.stratum, tasks: tasks, strata: strata, labels: labels) : Array(repeating: .text(""), count: (tasks ? 1 : 0) + (strata ? 1 : 0))
                if first {
                    let means = zip(c.levels, c.means).map { level, mean in
                        (c.levels == levels ? "" : WithinWording.levelName(level, of: factor, language, labels: labels) + " ") + style.number(mean)
                    }.joined(separator: " → ")
                    cells += [.text(name(item.scoreID)), .count(c.complete), .count(c.leftOut), Value(means.isEmpty ? nil : means)]
                } else {
                    cells += Array(repeating: .text(""), count: 4)
                }
                cells += [.text(test.text(language)), Value(statistic), Value(df.isEmpty ? nil : dfText(df, language)), Value(p: p)]
                if two { cells += [Value(difference), Value(interval)] }
                cells.append(Value(effect))
                table.append(cells)
                first = false
            }
            let undefined: Sentence = "not defined"
            if c.levels.count == 2 {
                if let t = c.pairedT {
                    row(Sentence("Paired t"), t.t, [Double(t.df)], t.p, difference: t.meanDifference, interval: t.ci95, effect: "dz = \(style.number(t.dz))")
                } else {
                    row(Sentence("Paired t"), nil, [], nil, effect: ("not defined (fewer than two pairs, or every difference the same)" as Sentence).text(language))
                }
                if let w = c.wilcoxon {
                    row(Sentence("Wilcoxon T (\(WithinWording.shortMethod(w.method)))"), w.statistic, [], w.p, effect: "r = \(style.number(w.rankBiserial))")
                } else {
                    row(Sentence("Wilcoxon T"), nil, [], nil, effect: undefined.text(language))
                }
            } else {
                if let a = c.anova {
                    row(Sentence("RM-ANOVA F"), a.f, [Double(a.df1), Double(a.df2)], a.p,
                        effect: "η²G = \(style.number(a.generalisedEtaSquared, decimals: 3))")
                    row(Sentence("Greenhouse–Geisser (ε = \(style.number(a.epsilon, decimals: 3)))"), a.f,
                        [a.epsilon * Double(a.df1), a.epsilon * Double(a.df2)], a.pGreenhouseGeisser, effect: nil)
                    if let undefined = a.mauchlyUndefined {
                        row(Sentence("Mauchly's W"), nil, [], nil, effect: Sentence("not defined (\(undefined))").text(language))
                    } else {
                        let chi = a.mauchlyChiSquared.map { $0.isFinite ? style.number($0) : "∞" } ?? "–"
                        row(Sentence("Mauchly's W"), a.mauchlyW, [Double(a.mauchlyDF)], a.mauchlyP, effect: "χ² = \(chi)")
                    }
                } else {
                    row(Sentence("RM-ANOVA F"), nil, [], nil,
                        effect: ("not defined (fewer than two complete blocks, or no variation within participants)" as Sentence).text(language))
                }
                if let f = c.friedman {
                    row(Sentence("Friedman's χ²"), f.chiSquared, [Double(f.df)], f.p, effect: ("Kendall's W = \(style.number(f.kendallW))" as Sentence).text(language))
                } else {
                    row(Sentence("Friedman's χ²"), nil, [], nil,
                        effect: ("not defined (fewer than two complete blocks, or every participant ranks the levels alike)" as Sentence).text(language))
                }
            }
        }
        return table
    }

    /// Three levels or more: every pair of levels by the paired t-test, its p adjusted by Holm (1979).
    public static func withinPairs(_ items: [WithinScoreComparison], factor: String, instrument: String, id: String,
                                   language: StudyLanguage, name: (String) -> String = { $0 }, labels: StudyLabels = .plain) -> ResultTable {
        let tasks = items.contains { $0.task != nil }
        let strata = items.contains { !$0.stratum.isEmpty }
        let title = Sentence("Within participants: \(instrument), pairs of \(WithinWording.plural(factor, labels: labels)) (paired t-tests with Holm's adjustment)")
        var table = ResultTable(id: id, title: title.text(language), language: language,
                                columns: leadColumns(tasks: tasks, strata: strata, language: language)
                                    + [Column(.score, .text, language), Column(.level_a, .text, language), Column(.level_b, .text, language),
                                       Column(.n, .count, language), Column(.mean_difference, .number(decimals: 2), language),
                                       differenceInterval(items.first?.comparison.confidence ?? 0.95, language), Column(.t, .number(decimals: 2), language),
                                       Column(.df, .count, language), Column(.p, .pValue, language), Column(.p_holm, .pValue, language),
                                       Column(.dz, .number(decimals: 2), language)])
        for item in items {
            for pair in item.comparison.pairs {
                table.append(leadCells(task: item.task, stratum: item.stratum, tasks: tasks, strata: strata, labels: labels)
                    + [.text(name(item.scoreID)), .text(WithinWording.levelName(pair.a, of: factor, language, labels: labels)), .text(WithinWording.levelName(pair.b, of: factor, language, labels: labels)),
                       .count(pair.t.n), .number(pair.t.meanDifference), Value(pair.t.ci95), .number(pair.t.t), .count(pair.t.df),
                       .pValue(pair.t.p), .pValue(pair.pHolm), .number(pair.t.dz)])
            }
        }
        if !table.isEmpty { table.notes = [("The difference is the second level's mean minus the first's." as Sentence).text(language)] }
        return table
    }

    /// One score's mixed-design cells (`score --by ATTR --within F --compare`): per group and level, the complete
    /// blocks' n, mean and SD; the groups of `by` by their labels, under the attribute's.
    public static func mixedCells(_ comparison: MixedComparison, factor: String, by: String? = nil, language: StudyLanguage,
                                  labels: StudyLabels = .plain) -> ResultTable {
        let levelLabel = WithinWording.isOccasion(factor) ? Term.occasion.text(language) : labels.factor(factor)
        let group = by.map { Column("group", labels.attribute($0), .text) } ?? Column(.group, .text, language)
        var table = ResultTable(id: "mixed_cells", title: "", language: language,
                                columns: [group, Column("level", levelLabel, .text), Column(.n, .count, language),
                                          Column(.mean, .number(decimals: 2), language), Column(.sd, .number(decimals: 2), language)])
        for cell in comparison.cells {
            table.append([.text(by.map { labels.value(cell.group, of: $0) } ?? cell.group), .text(WithinWording.levelName(cell.level, of: factor, language, labels: labels)), .count(cell.n), .number(cell.mean), Value(cell.sd)])
        }
        return table
    }

    /// A mixed design's cells: per group of `by` and level of `factor`, the complete blocks' n, mean and SD.
    public static func mixedCells(_ items: [MixedScoreComparison], factor: String, by: String, instrument: String, id: String,
                                  language: StudyLanguage, name: (String) -> String = { $0 }, labels: StudyLabels = .plain) -> ResultTable {
        let tasks = items.contains { $0.task != nil }
        let strata = items.contains { !$0.stratum.isEmpty }
        let levels = items.first?.comparison.levels ?? []
        let title = Sentence("Mixed design: \(instrument) by \(labels.attribute(by)) × \(WithinWording.factorName(factor, labels: labels)) (\(WithinWording.levelList(levels, of: factor, language, labels: labels))), means of the participants with every level")
        let levelLabel = WithinWording.isOccasion(factor) ? Term.occasion.text(language) : labels.factor(factor)
        var table = ResultTable(id: id, title: title.text(language), language: language,
                                columns: leadColumns(tasks: tasks, strata: strata, language: language)
                                    + [Column(.score, .text, language), Column("group", labels.attribute(by), .text), Column("level", levelLabel, .text),
                                       Column(.n, .count, language), Column(.mean, .number(decimals: 2), language), Column(.sd, .number(decimals: 2), language)])
        for item in items {
            for cell in item.comparison.cells {
                table.append(leadCells(task: item.task, stratum: item.stratum, tasks: tasks, strata: strata, labels: labels)
                    + [.text(name(item.scoreID)), .text(labels.value(cell.group, of: by)), .text(WithinWording.levelName(cell.level, of: factor, language, labels: labels)), .count(cell.n),
                       .number(cell.mean), Value(cell.sd)])
            }
        }
        return table
    }

    /// A mixed design's ANOVA: per score, the groups of `by` (between), the levels of `factor` (within) and their
    /// interaction, each with F, df, p and partial η²; the Greenhouse–Geisser ε and corrected p of the within
    /// sources with three levels or more.
    public static func mixedANOVA(_ items: [MixedScoreComparison], factor: String, by: String, instrument: String, id: String,
                                  language: StudyLanguage, name: (String) -> String = { $0 }, labels: StudyLabels = .plain) -> ResultTable {
        let tasks = items.contains { $0.task != nil }
        let strata = items.contains { !$0.stratum.isEmpty }
        let corrected = items.contains { $0.comparison.levels.count > 2 }
        let title = Sentence("Mixed ANOVA: \(instrument) by \(labels.attribute(by)) (between participants) × \(WithinWording.factorName(factor, labels: labels)) (within participants)")
        var columns = leadColumns(tasks: tasks, strata: strata, language: language)
            + [Column(.score, .text, language), Column(.n, .count, language), Column(.left_out, .count, language),
               Column(.variation_source, .text, language), Column("f", "F", .number(decimals: 2)), Column(.df, .text, language),
               Column(.p, .pValue, language), Column(.partial_eta_squared, .number(decimals: 3), language)]
        if corrected { columns += [Column(.gg_epsilon, .number(decimals: 3), language), Column(.p_gg, .pValue, language)] }
        var table = ResultTable(id: id, title: title.text(language), language: language, columns: columns)
        for item in items {
            let c = item.comparison
            if c.sources.isEmpty {
                var cells = leadCells(task: item.task, stratum: item.stratum, tasks: tasks, strata: strata, labels: labels)
                cells += [.text(name(item.scoreID)), .count(c.complete), .count(c.leftOut),
                          .text(("not tested (each group needs participants with every level, and more participants than groups)" as Sentence).text(language)),
                          .empty, .empty, .empty, .empty]
                if corrected { cells += [.empty, .empty] }
                table.append(cells)
                continue
            }
            if !c.groupsLeftOut.isEmpty {
                let label = WithinWording.label(task: item.task, stratum: item.stratum, score: name(item.scoreID), labels: labels)
                table.notes.append(label + ": " + WithinWording.groupsLeftOut(c).text(language))
            }
            for (index, source) in c.sources.enumerated() {
                var cells = index == 0 ? leadCells(task: item.task, stratum: item.stratum, tasks: tasks, strata: strata, labels: labels)
                    : Array(repeating: .text(""), count: (tasks ? 1 : 0) + (strata ? 1 : 0))
                cells += index == 0 ? [.text(name(item.scoreID)), .count(c.complete), .count(c.leftOut)] : Array(repeating: .text(""), count: 3)
                cells += [.text(WithinWording.sourceName(source.name, factor: factor, by: by, labels: labels).text(language)), .number(source.f),
                          .text(dfText([Double(source.df1), Double(source.df2)], language)), .pValue(source.p), .number(source.partialEtaSquared)]
                if corrected {
                    let gg = WithinWording.correctedP(source, c)
                    cells += [Value(gg?.epsilon), Value(p: gg?.p)]
                }
                table.append(cells)
            }
        }
        return table
    }
}
