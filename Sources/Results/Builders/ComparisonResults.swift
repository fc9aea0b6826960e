import Gaze
import Statistics
import Surveys
import Wording

extension ResultTable {
    /// The pairwise tests after a comparison of three groups or more, one row per pair: the mean difference with
    /// Games–Howell's t, df and p (after Welch's ANOVA), the mean-rank difference with Dunn's z and Holm-adjusted p
    /// (after Kruskal–Wallis). Empty when the comparison has no post-hoc test.
    public static func postHoc(_ comparison: GroupComparison, score: String, id: String, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: id, title: Phrase.postHocTitle(score: score).text(language), language: language,
                                columns: [Column(.group_a, .text, language), Column(.group_b, .text, language),
                                          Column(.mean_difference, .number(decimals: 2), language), Column(.games_howell_t, .number(decimals: 2), language),
                                          Column(.games_howell_df, .number(decimals: 1), language), Column(.games_howell_p, .pValue, language),
                                          Column(.rank_difference, .number(decimals: 2), language), Column(.dunn_z, .number(decimals: 2), language),
                                          Column(.dunn_p_holm, .pValue, language)])
        let gamesHowell = comparison.postHoc.first { $0.name == "games-howell" }
        let dunn = comparison.postHoc.first { $0.name == "dunn-holm" }
        guard let pairs = (gamesHowell ?? dunn)?.pairs else { return table }
        for pair in pairs {
            let gh = gamesHowell?.pairs.first { $0.a == pair.a && $0.b == pair.b }
            let d = dunn?.pairs.first { $0.a == pair.a && $0.b == pair.b }
            table.append([.text(pair.a), .text(pair.b), Value(gh?.difference), Value(gh?.statistic), Value(gh?.df), Value(p: gh?.p),
                          Value(d?.difference), Value(d?.statistic), Value(p: d?.pAdjusted)])
        }
        return table
    }
}

extension ResultTable {
    /// A test's name for people: "Welch's t" / "t de Welch".
    public static func testName(_ name: String, _ language: StudyLanguage) -> String {
        let names = ["welch-t": "Welch's t", "mann-whitney-u": "Mann–Whitney U", "welch-anova": "Welch's ANOVA", "kruskal-wallis": "Kruskal–Wallis H",
                     "hedges-g": "Hedges' g", "rank-biserial-r": "rank-biserial r", "epsilon-squared": "ε²", "games-howell": "Games–Howell",
                     "dunn-holm": "Dunn (Holm)"]
        guard let english = names[name] else { return name }
        return Sentence(Sentence(stringLiteral: english), context: "test name").text(language)
    }

    /// Every between-group comparison of a score: the groups with their n, each omnibus test with its statistic,
    /// df, p and effect size (or why none could be run).
    /// `labels` and `by`: the measurement and the groups (values of the attribute `by`) as people call them.
    public static func groupComparisons(_ comparisons: [ScoreReport.ScoreComparison], language: StudyLanguage, labels: StudyLabels = .plain,
                                        by: String? = nil, name: (String) -> String = { $0 }) -> ResultTable {
        let style = NumberStyle(language)
        var table = ResultTable(id: "comparisons", title: "", language: language,
                                columns: [Column(.score, .text, language), Column(.group, .text, language), Column(.test, .text, language),
                                          Column(.statistic, .number(decimals: 2), language), Column(.df, .text, language),
                                          Column(.p, .pValue, language), Column(.effect_size, .text, language)])
        for item in comparisons {
            let label = item.prefix(noOccasion: Term.no_occasion.text(language), labels: labels) + name(item.scoreID)
            let groups = item.comparison.groups.map { group in "\(by.map { labels.value(group.name, of: $0) } ?? group.name) (\(group.n))" }
                .joined(separator: ", ")
            if item.comparison.tests.isEmpty {
                let reason = item.comparison.undefinedReason ?? ""
                table.append([.text(label), .text(groups), .text(Sentence(stringLiteral: reason).text(language)),
                              .empty, .empty, .empty, .empty])
            }
            for test in item.comparison.tests {
                let df = test.df.map { style.number($0, decimals: $0 == $0.rounded() ? 0 : 1) }.joined(separator: language.record.listSeparator)
                let effect = test.effect.map { "\(testName(test.effectName ?? "", language)) = \(style.number($0))" }
                table.append([.text(label), .text(groups), .text(testName(test.name, language)), .number(test.statistic), .text(df),
                              .pValue(test.p), Value(effect)])
            }
        }
        return table
    }

    /// Per item: the item and its text (ʳ: recoded before scoring), n, mean and SD, recoded mean and SD, the
    /// answers per scale point and the N/A answers; a per-task instrument's items per task (a first column).
    public static func items(_ report: ScoreReport, language: StudyLanguage) -> ResultTable {
        let points = report.items.first?.distribution.map(\.point) ?? []
        let perTask = report.items.contains { $0.task != nil }
        var table = ResultTable(id: "\(report.instrument.id)_items", title: Phrase.itemsTitle(report.instrument.id.uppercased()).text(language),
                                language: language,
                                columns: (perTask ? [Column(.task, .text, language)] : [])
                                    + [Column(.item, .prose, language), Column(.n, .count, language), Column(.mean, .number(decimals: 2), language),
                                          Column(.sd, .number(decimals: 2), language), Column(.recoded_mean, .number(decimals: 2), language),
                                          Column(.recoded_sd, .number(decimals: 2), language)]
                                    + points.map { Column("point_\($0)", String($0), .count) } + [Column(.not_applicable, .count, language)])
        for item in report.items {
            table.append((perTask ? [Value(item.task)] : []) + [.text("\(item.item)\(item.reversed ? "ʳ" : ""). \(item.text.text(language))"), .count(item.n),
                          Value(item.raw?.mean), Value(item.raw?.sd), item.reversed ? Value(item.recoded?.mean) : .empty,
                          item.reversed ? Value(item.recoded?.sd) : .empty]
                         + points.map { point in .count(item.distribution.first { $0.point == point }?.count ?? 0) } + [.count(item.notApplicable)])
        }
        return table
    }
}

extension ResultTable {
    /// The mean scan-path similarity of one media (1 − d/max(|a|,|b|), d the Levenshtein distance between AOI
    /// visit sequences; Brandt & Stark 1997) over all pairs, or within each group and between groups.
    public static func scanPathSimilarity(_ similarity: ScanPath.Similarity, media: String, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "scan_path_similarity", title: Phrase.scanPathTitle(media).text(language), language: language,
                                columns: [Column(.comparison, .text, language), Column(.pairs, .count, language),
                                          Column(.mean_similarity, .number(decimals: 2), language)])
        for group in similarity.groups {
            let name = group.name.isEmpty ? Phrase.allPairs.text(language)
                : group.within ? Phrase.withinGroup(group.name).text(language) : Phrase.betweenGroups(group.name).text(language)
            table.append([.text(name), .count(group.pairs), Value(group.mean)])
        }
        table.notes = [Phrase.scanPathNote.text(language)]
        return table
    }

    /// Every pair's scan-path similarity on one media: a row and a column per participant, empty where both
    /// paths are empty (`gaze similarity`, its `--csv`).
    public static func scanPathMatrix(_ similarity: ScanPath.Similarity, media: String, language: StudyLanguage) -> ResultTable {
        let columns = [Column(Term.participant.rawValue, "", .text)] + similarity.participants.map { Column($0, $0, .number(decimals: 2)) }
        var table = ResultTable(id: "scan_path_matrix", title: Phrase.scanPathTitle(media).text(language), language: language, columns: columns)
        for (index, participant) in similarity.participants.enumerated() {
            table.append([.text(participant)] + similarity.values[index].map { Value($0) })
        }
        return table
    }
}
