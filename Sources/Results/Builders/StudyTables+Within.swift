import Foundation
import Gaze
import QualCoding
import Statistics
import Surveys
import Wording

// The within-subject tables: each score compared across occasions or conditions, the pairs, the mixed ANOVA.
extension StudyTables {
    /// The columns a set's measurement key becomes: `occasion`, then one per condition factor any set of the study
    /// was answered under.
    static func measurementColumns(_ s: StudyData) -> MeasurementColumns {
        MeasurementColumns(keys: s.questionnaires.flatMap(\.report.occasions))
    }

    /// A measurement key's cells under `occasion` and each factor of `columns` (all empty for none).
    static func measurementCells(_ key: String?, _ columns: MeasurementColumns) -> [Value] {
        guard let key else { return Array(repeating: .empty, count: 1 + columns.factors.count) }
        let measurement = MeasurementKey(key: key)
        return [.text(measurement.occasion)] + columns.factors.map { Value(measurement.level(of: $0)) }
    }

    /// How the within-subject tables' factor reads for people: "occasion" in the study's language, a condition as named.
    static func factorDisplay(_ s: StudyData) -> [String: String] {
        var words = [MeasurementKey.occasionFactor: Term.occasion.text(s.info.language)]
        for factor in s.questionnaires.flatMap({ $0.within.map(\.factor) }) where words[factor] == nil { words[factor] = s.labels.factor(factor) }
        return words
    }

    /// The levels of the within-subject factors by their labels ("versão atual" for `atual`, an occasion's label).
    static func levelDisplay(_ s: StudyData) -> [String: String] {
        var words: [String: String] = [:]
        for questionnaire in s.questionnaires {
            for design in questionnaire.within {
                for item in design.comparisons {
                    for level in item.comparison.levels where words[level] == nil {
                        words[level] = WithinWording.levelName(level, of: design.factor, s.info.language, labels: s.labels)
                    }
                }
            }
        }
        return words
    }

    /// Every comparison of a score's levels within participants, one row per instrument × factor × task × stratum
    /// × score: the levels compared, the complete blocks and those left out, the means per level, and each test's
    /// statistics (two levels: paired t and Wilcoxon; more: the repeated-measures ANOVA with Greenhouse–Geisser and
    /// Mauchly, and Friedman), empty where a test does not apply or is not defined. Levels and means are listed in
    /// order, separated by ";".
    static func withinComparisons(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        let measurement = measurementColumns(s)
        let style = NumberStyle(language)
        var rows: [[Value]] = []
        // The workbook shows the levels and means as people read them ("pré → pós", "55,23 → 62,50").
        var levelsShown: [String: String] = [:], meansShown: [String: String] = [:]
        for questionnaire in s.questionnaires {
            for design in questionnaire.within {
                for item in design.comparisons {
                    let c = item.comparison
                    let t = c.pairedT, w = c.wilcoxon, a = c.anova, f = c.friedman
                    levelsShown[c.levels.joined(separator: ";")] = WithinWording.levelList(c.levels, of: design.factor, language, labels: s.labels)
                    meansShown[c.means.map { "\($0)" }.joined(separator: ";")] = c.means.map { style.number($0) }.joined(separator: " → ")
                    rows.append([.text(questionnaire.definition.id), .text(design.factor), Value(item.task)] + measurementCells(item.stratum, measurement)
                        + [.text(item.scoreID), .text(c.levels.joined(separator: ";")), .count(c.complete), .count(c.leftOut),
                           .text(c.means.map { "\($0)" }.joined(separator: ";")),
                           Value(t?.t), Value(t?.df), Value(t?.p), Value(t?.meanDifference), Value(t?.ci95?.lowerBound), Value(t?.ci95?.upperBound), Value(t?.dz),
                           Value(w?.statistic), Value(w?.p), Value(w?.method.rawValue), Value(w?.rankBiserial), Value(w?.zeros),
                           Value(a?.f), Value(a?.df1), Value(a?.df2), Value(a?.p), Value(a?.epsilon), Value(a?.pGreenhouseGeisser), Value(a?.mauchlyW),
                           Value(a?.mauchlyChiSquared), Value(a?.mauchlyP), Value(a?.generalisedEtaSquared),
                           Value(f?.chiSquared), Value(f?.df), Value(f?.p), Value(f?.kendallW)])
                }
            }
        }
        let statistics: [Term] = [.paired_t, .paired_df, .paired_p, .mean_difference, .ci95_low, .ci95_high, .dz, .wilcoxon_t, .wilcoxon_p,
                                  .wilcoxon_method, .rank_biserial, .zero_differences, .anova_f, .anova_df1, .anova_df2, .anova_p, .gg_epsilon, .gg_p,
                                  .mauchly_w, .mauchly_chi2, .mauchly_p, .generalised_eta2, .friedman_chi2, .friedman_df, .friedman_p, .kendall_w]
        // The interval is the paired difference's: its ends are headed so.
        func heading(_ term: Term) -> String {
            switch term {
            case .ci95_low: return Term.ci95_difference.text(language) + " ↓"
            case .ci95_high: return Term.ci95_difference.text(language) + " ↑"
            default: return term.text(language)
            }
        }
        var table = ResultTable(exported: "within_comparisons", sheet: "Within participants", about: "each score's levels compared within participants (occasions, conditions), one row per factor, task, stratum and score: complete blocks, those left out, means, paired t and Wilcoxon for two levels, repeated-measures ANOVA (Greenhouse–Geisser, Mauchly) and Friedman for more", language: s.info.language,
                              columns: ResultTable.names([.instrument, .factor, .task, .occasion]) + measurement.factors
                                + ResultTable.names([.score, .levels, .n_complete, .left_out, .means] + statistics),
                              rows: rows)
        // The factors as the study names them.
        table.label([Term.instrument, .factor, .task, .occasion].map { $0.text(language) } + measurement.factors
            + ([Term.score, .levels, .n_complete, .left_out, .means] + statistics).map(heading))
        let shift = measurement.factors.count
        let methods = [PairedComparison.WilcoxonMethod.exact, .permutation, .normal].map { ($0.rawValue, WithinWording.method($0).text(language)) }
        table.word([1: factorDisplay(s), 4 + shift: scoreNames(s), 5 + shift: levelsShown, 8 + shift: meansShown,
                         18 + shift: Dictionary(uniqueKeysWithValues: methods)])
        return table
    }

    /// Three levels or more: each pair of levels by the paired t-test, its p adjusted by Holm (1979).
    static func withinPairs(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        let measurement = measurementColumns(s)
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for design in questionnaire.within {
                for item in design.comparisons {
                    for pair in item.comparison.pairs {
                        rows.append([.text(questionnaire.definition.id), .text(design.factor), Value(item.task)] + measurementCells(item.stratum, measurement)
                            + [.text(item.scoreID), .text(pair.a), .text(pair.b), .count(pair.t.n), .number(pair.t.meanDifference),
                               Value(pair.t.ci95?.lowerBound), Value(pair.t.ci95?.upperBound), .number(pair.t.t), .count(pair.t.df), .number(pair.t.p),
                               .number(pair.pHolm), .number(pair.t.dz)])
                    }
                }
            }
        }
        var table = ResultTable(exported: "within_pairs", sheet: "Pairs (Holm)", about: "three levels or more: each pair of levels by the paired t-test, p adjusted by Holm", language: s.info.language,
                              columns: ResultTable.names([.instrument, .factor, .task, .occasion]) + measurement.factors
                                + ResultTable.names([.score, .level_a, .level_b, .n, .mean_difference, .ci95_low, .ci95_high, .t, .df, .p, .p_holm, .dz]),
                              rows: rows)
        table.label([Term.instrument, .factor, .task, .occasion].map { $0.text(language) } + measurement.factors + [Term.score, .level_a, .level_b, .n, .mean_difference].map { $0.text(language) }
            + [Term.ci95_difference.text(language) + " ↓", Term.ci95_difference.text(language) + " ↑"]
            + [Term.t, .df, .p, .p_holm, .dz].map { $0.text(language) })
        let levels = levelDisplay(s)
        table.word([1: factorDisplay(s), 4 + measurement.factors.count: scoreNames(s), 5 + measurement.factors.count: levels,
                    6 + measurement.factors.count: levels])
        return table
    }

    /// A mixed design (the grouping attribute between participants, a factor within): per score, the mixed ANOVA's
    /// sources (`between`, `within`, `interaction`) with F, df, p and partial η², and the Greenhouse–Geisser ε and
    /// corrected p of the within sources with three levels or more.
    static func mixedANOVA(_ s: StudyData) -> ResultTable {
        let language = s.info.language
        let measurement = measurementColumns(s)
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for design in questionnaire.within {
                for item in design.mixed {
                    for source in item.comparison.sources {
                        let corrected = WithinWording.correctedP(source, item.comparison)
                        rows.append([.text(questionnaire.definition.id), .text(design.factor), Value(s.groupAttribute), Value(item.task)]
                            + measurementCells(item.stratum, measurement)
                            + [.text(item.scoreID), .count(item.comparison.complete), .count(item.comparison.leftOut), .text(source.name),
                               .number(source.f), .count(source.df1), .count(source.df2), .number(source.p), .number(source.partialEtaSquared),
                               Value(corrected?.epsilon), Value(corrected?.p)])
                    }
                }
            }
        }
        var table = ResultTable(exported: "mixed_anova", sheet: "Mixed ANOVA", about: "groups between participants × a factor within: F, df, p and partial η² of the groups, the factor and their interaction, Greenhouse–Geisser with three levels or more", language: s.info.language,
                              columns: ResultTable.names([.instrument, .factor, .between, .task, .occasion]) + measurement.factors
                                + ResultTable.names([.score, .n_complete, .left_out, .source, .f, .df1, .df2, .p, .partial_eta2, .gg_epsilon, .gg_p]),
                              rows: rows)
        // The factors as the study names them; the source of variation, and the error's df (the denominator's elsewhere).
        table.label([Term.instrument, .factor, .between, .task, .occasion].map { $0.text(language) } + measurement.factors
            + [Term.score, .n_complete, .left_out, .variation_source, .f, .df1].map { $0.text(language) } + [("df (error)" as Sentence).text(language)]
            + [Term.p, .partial_eta2, .gg_epsilon, .gg_p].map { $0.text(language) })
        let by = s.groupAttribute ?? ""
        // The within source's words name its factor: with several factors in the table, they say "within participants".
        let factors = Array(Set(s.questionnaires.flatMap { $0.within.filter { !$0.mixed.isEmpty }.map(\.factor) }))
        let withinName = factors.count == 1 ? WithinWording.sourceName("within", factor: factors[0], by: by, labels: s.labels).text(language)
            : ("within participants" as Sentence).text(language)
        let display: [Int: [String: String]] = [
            1: factorDisplay(s), 2: by.isEmpty ? [:] : [by: s.labels.attribute(by)], 5 + measurement.factors.count: scoreNames(s),
            8 + measurement.factors.count: ["between": WithinWording.sourceName("between", factor: "", by: by, labels: s.labels).text(language), "within": withinName,
                                            "interaction": WithinWording.sourceName("interaction", factor: "", by: by, labels: s.labels).text(language)],
        ]
        table.word(display)
        return table
    }
}
