import Foundation
import Gaze
import QualCoding
import Results
import StudyStore
import Surveys
import Wording

extension ResultTable {
    /// A table of the study's export (a workbook sheet, a CSV file named `id`): its columns by machine name, each
    /// labelled by its catalog term (`Term`'s raw value is the machine name) or, for a name the study gives (an
    /// attribute, a condition), as named.
    init(exported id: String, sheet: Sentence, about: Sentence, language: StudyLanguage, columns names: [String],
         rows: [[Value]] = [], source: RowSource? = nil) {
        let columns = names.map { name in Column(name, Term(rawValue: name)?.text(language) ?? name, .text) }
        self.init(id: id, title: sheet.text(language), language: language, columns: columns, rows: rows)
        self.source = source
        self.sheet = Sheet(sheet, about: about, language)
        typeColumns()
    }

    /// An exported table as long as the study: its rows read from the study as they are written.
    init(exported id: String, sheet: Sentence, about: Sentence, language: StudyLanguage, columns names: [String], hasRows: Bool,
         read: @escaping @Sendable (_ row: ([Value]) throws -> Void) throws -> Void) {
        self.init(exported: id, sheet: sheet, about: about, language: language, columns: names, source: RowSource(hasRows: hasRows, read: read))
    }

    /// Gives each text column the kind of its first value: a count, a number, or text.
    mutating func typeColumns() {
        for index in columns.indices where columns[index].kind == .text {
            guard let value = rows.lazy.map({ $0[index] }).first(where: { $0 != .empty }) else { continue }
            switch value {
            case .count: columns[index].kind = .count
            case .number: columns[index].kind = .number(decimals: 2)
            default: break
            }
        }
    }

    /// Labels the columns, in order, where the table's words are not the terms'.
    mutating func label(_ labels: [String]) {
        for (index, label) in labels.enumerated() where index < columns.count { columns[index].label = label }
    }

    /// How machine words read for people, per column (the workbook shows "Todos" where the CSV keeps `all`).
    mutating func word(_ wordings: [Int: [String: String]]) {
        for (index, words) in wordings where index < columns.count { columns[index].wording.merge(words) { _, new in new } }
    }

    /// The table with its score intervals named and labelled at `confidence` (`ci95_low` → `ci90_low`, "IC 95 %" →
    /// "IC 90 %"): for tables whose intervals were computed at the snapshot's level. Unchanged at 0.95.
    func atConfidence(_ confidence: Double) -> ResultTable {
        let level = String(Int((confidence * 100).rounded()))
        guard level != "95" else { return self }
        var table = self
        for index in table.columns.indices where table.columns[index].name.contains("ci95") {
            table.columns[index].name = table.columns[index].name.replacingOccurrences(of: "ci95", with: "ci" + level)
            table.columns[index].label = table.columns[index].label.replacingOccurrences(of: "95", with: level)
        }
        return table
    }
}

/// The study as tidy tables: one row per observation, one column per variable (for R, SPSS, Excel).
public enum StudyTables {
    /// A table of the results model as a sheet of the study's workbook.
    static func sheet(_ table: ResultTable, _ name: Sentence, about: Sentence) -> ResultTable {
        var table = table
        table.sheet = Sheet(name, about: about, table.language)
        return table
    }

    public static func make(_ snapshot: StudySnapshot) -> [ResultTable] {
        // The within-subject tables only for a study whose sets vary within participants (occasions, conditions).
        let within = snapshot.questionnaires.contains { !$0.within.isEmpty }
            ? [withinComparisons(snapshot), withinPairs(snapshot), mixedANOVA(snapshot)].filter { !$0.isEmpty } : []
        var tables = [study(snapshot), participants(snapshot), responses(snapshot), scores(snapshot), summary(snapshot), items(snapshot),
                      quality(snapshot), benchmarks(snapshot), comparisons(snapshot)] + within
            + [attempts(snapshot), taskSummary(snapshot), taskBenchmarks(snapshot), taskComparisons(snapshot), codebook(snapshot), excerpts(snapshot), frequencies(snapshot)]
            + agreement(snapshot) + [discovery(snapshot), saturation(snapshot), memos(snapshot)]
        if !snapshot.gazeRecordings.isEmpty {
            tables += [gazeRecordings(snapshot), aoiMetrics(snapshot), aoiSummary(snapshot), fixations(snapshot)]
        }
        return tables
    }

    static func gazeRecordings(_ s: StudySnapshot) -> ResultTable {
        ResultTable(exported: "gaze_recordings", sheet: "Gaze recordings", about: "per participant × media: samples, share invalid, fixations, fixation filter", language: s.info.language,
                  columns: ["participant", s.groupAttribute ?? "group", "media", "recording", "samples", "invalid_share", "fixations", "fixation_filter"],
                  rows: s.gazeRecordings.map {
                      [.text($0.participant), Value(s.group(of: $0.participant)), .text($0.media), .text($0.recording), .count($0.samples),
                       .number($0.invalidShare), .count($0.fixations), .text($0.filter)]
                  })
    }

    static func aoiMetrics(_ s: StudySnapshot) -> ResultTable {
        ResultTable(exported: "aoi_metrics", sheet: "AOI metrics", about: "per participant × media × AOI: Tobii's metrics, in ms", language: s.info.language,
                  columns: ["participant", s.groupAttribute ?? "group", "media", "recording", "aoi", "time_to_first_fixation_ms", "fixations_before",
                            "first_fixation_ms", "total_fixation_ms", "fixation_count", "visit_count", "total_visit_ms", "average_fixation_ms"],
                  rows: s.gazeMetrics.map { row in
                      let m = row.metrics
                      return [.text(row.participant), Value(s.group(of: row.participant)), .text(row.media), .text(row.recording), .text(m.aoi),
                              Value(m.timeToFirstFixation), Value(m.fixationsBefore), Value(m.firstFixationDuration), .number(m.totalFixationDuration),
                              .count(m.fixationCount), .count(m.visitCount), .number(m.totalVisitDuration), Value(m.averageFixationDuration)]
                  })
    }

    static func aoiSummary(_ s: StudySnapshot) -> ResultTable {
        let metrics: [(String, KeyPath<GazeSummaryRow, Descriptive?>)] = [
            ("ttff", \.timeToFirstFixation), ("first_fixation", \.firstFixationDuration), ("total_fixation", \.totalFixationDuration),
            ("fixation_count", \.fixationCount), ("visit_count", \.visitCount), ("total_visit", \.totalVisitDuration)]
        var columns = ["media", "aoi", s.groupAttribute ?? "group", "participants", "fixated", "percent_fixated"]
        for (name, _) in metrics { columns += ["\(name)_n", "\(name)_mean", "\(name)_sd", "\(name)_ci_low", "\(name)_ci_high"] }
        var table = ResultTable(exported: "aoi_summary", sheet: "AOI summary", about: "per AOI and group: percentage fixated, means with 95% CI", language: s.info.language, columns: columns, rows: s.gazeSummary.map { row in
            var cells: [Value] = [.text(row.media), .text(row.aoi), .text(row.group ?? "all"), .count(row.participants), .count(row.fixated),
                                 .number(row.percentFixated)]
            for (_, path) in metrics {
                let d = row[keyPath: path]
                cells += [.count(d?.n ?? 0), Value(d?.mean), Value(d?.sd), Value(d?.ci95?.lowerBound), Value(d?.ci95?.upperBound)]
            }
            return cells
        })
        table.word([2: ["all": Term.all.text(s.info.language)]])
        return table
    }

    /// One row per fixation with a logical column per AOI (TRUE, FALSE, or empty — NA in R — for an AOI of another
    /// media), the columns eyetrackingR's `make_eyetrackingr_data` asks for: participant, trial (the media), time
    /// from the media's onset, trackloss (always FALSE: fixations are valid gaze) and the AOI columns.
    static func fixations(_ s: StudySnapshot) -> ResultTable {
        var names: [String] = []
        for (_, aoi) in s.gazeAOIs where !names.contains(aoi.name) { names.append(aoi.name) }
        let columns = ["participant", s.groupAttribute ?? "group", "media", "recording", "fixation", "time_ms", "start_ms", "end_ms",
                       "duration_ms", "x", "y", "trackloss"] + names.map { "aoi_" + $0 }
        var rows: [[Value]] = []
        for set in s.gazeFixations {
            let areas = s.gazeAOIs.filter { $0.media.caseInsensitiveCompare(set.media) == .orderedSame }.map(\.aoi)
            for fixation in set.fixations {
                var row: [Value] = [.text(set.participant), Value(s.group(of: set.participant)), .text(set.media), .text(set.recording),
                                   .count(fixation.index), .number(fixation.start - set.onset), .number(fixation.start),
                                   .number(fixation.start + fixation.duration), .number(fixation.duration), .number(fixation.x), .number(fixation.y),
                                   .text("FALSE")]
                for name in names {
                    row.append(areas.first { $0.name == name }.map { .text($0.contains(fixation) ? "TRUE" : "FALSE") } ?? .empty)
                }
                rows.append(row)
            }
        }
        return ResultTable(exported: "gaze_fixations", sheet: "Fixations", about: "one row per fixation with a TRUE/FALSE column per AOI (eyetrackingR)", language: s.info.language, columns: columns, rows: rows)
    }

    /// The columns a set's measurement key becomes: `occasion`, then one per condition factor any set of the study
    /// was answered under.
    static func measurementColumns(_ s: StudySnapshot) -> MeasurementColumns {
        MeasurementColumns(keys: s.questionnaires.flatMap(\.report.occasions))
    }

    /// A measurement key's cells under `occasion` and each factor of `columns` (all empty for none).
    static func measurementCells(_ key: String?, _ columns: MeasurementColumns) -> [Value] {
        guard let key else { return Array(repeating: .empty, count: 1 + columns.factors.count) }
        let measurement = MeasurementKey(key: key)
        return [.text(measurement.occasion)] + columns.factors.map { Value(measurement.level(of: $0)) }
    }

    /// How the within-subject tables' factor reads for people: "occasion" in the study's language, a condition as named.
    static func factorDisplay(_ s: StudySnapshot) -> [String: String] {
        [MeasurementKey.occasionFactor: Term.occasion.text(s.info.language)]
    }

    /// Every comparison of a score's levels within participants, one row per instrument × factor × task × stratum
    /// × score: the levels compared, the complete blocks and those left out, the means per level, and each test's
    /// statistics (two levels: paired t and Wilcoxon; more: the repeated-measures ANOVA with Greenhouse–Geisser and
    /// Mauchly, and Friedman), empty where a test does not apply or is not defined. Levels and means are listed in
    /// order, separated by ";".
    static func withinComparisons(_ s: StudySnapshot) -> ResultTable {
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
                    levelsShown[c.levels.joined(separator: ";")] = WithinWording.levelList(c.levels, language)
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
        let statistics: [(String, String)] = [
            ("paired_t", "t"), ("paired_df", Term.df.text(language)), ("paired_p", "p"),
            ("mean_difference", Term.mean_difference.text(language)), ("ci95_low", Term.ci95_difference.text(language) + " ↓"),
            ("ci95_high", Term.ci95_difference.text(language) + " ↑"), ("dz", "dz"),
            ("wilcoxon_t", ("Wilcoxon T" as Sentence).text(language)), ("wilcoxon_p", ("Wilcoxon p" as Sentence).text(language)),
            ("wilcoxon_method", ("Wilcoxon p method" as Sentence).text(language)),
            ("rank_biserial", ResultTable.testName("rank-biserial-r", language)), ("zero_differences", ("Zero differences" as Sentence).text(language)),
            ("anova_f", ("ANOVA F" as Sentence).text(language)), ("anova_df1", ("ANOVA df (factor)" as Sentence).text(language)),
            ("anova_df2", ("ANOVA df (error)" as Sentence).text(language)), ("anova_p", ("ANOVA p" as Sentence).text(language)),
            ("gg_epsilon", Term.gg_epsilon.text(language)), ("gg_p", Term.p_gg.text(language)),
            ("mauchly_w", ("Mauchly's W" as Sentence).text(language)), ("mauchly_chi2", ("Mauchly's χ²" as Sentence).text(language)),
            ("mauchly_p", ("Mauchly's p" as Sentence).text(language)), ("generalised_eta2", ("Generalised η²" as Sentence).text(language)),
            ("friedman_chi2", ("Friedman's χ²" as Sentence).text(language)), ("friedman_df", ("Friedman's df" as Sentence).text(language)),
            ("friedman_p", ("Friedman's p" as Sentence).text(language)), ("kendall_w", ("Kendall's W" as Sentence).text(language)),
        ]
        var table = ResultTable(exported: "within_comparisons", sheet: "Within participants", about: "each score's levels compared within participants (occasions, conditions), one row per factor, task, stratum and score: complete blocks, those left out, means, paired t and Wilcoxon for two levels, repeated-measures ANOVA (Greenhouse–Geisser, Mauchly) and Friedman for more", language: s.info.language,
                              columns: ["instrument", "factor", "task", "occasion"] + measurement.factors
                                + ["score", "levels", "n_complete", "left_out", "means"] + statistics.map(\.0),
                              rows: rows)
        table.label([Term.instrument.text(language), ("Factor" as Sentence).text(language), Term.task.text(language), Term.occasion.text(language)]
            + measurement.factors + [Term.score.text(language), ("Levels" as Sentence).text(language), Term.n.text(language),
                                     Term.left_out.text(language), Term.means.text(language)] + statistics.map(\.1))
        let shift = measurement.factors.count
        let methods = [PairedComparison.WilcoxonMethod.exact, .permutation, .normal].map { ($0.rawValue, WithinWording.method($0).text(language)) }
        table.word([1: factorDisplay(s), 4 + shift: scoreNames(s), 5 + shift: levelsShown, 8 + shift: meansShown,
                         18 + shift: Dictionary(uniqueKeysWithValues: methods)])
        return table
    }

    /// Three levels or more: each pair of levels by the paired t-test, its p adjusted by Holm (1979).
    static func withinPairs(_ s: StudySnapshot) -> ResultTable {
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
                              columns: ["instrument", "factor", "task", "occasion"] + measurement.factors
                                + ["score", "level_a", "level_b", "n", "mean_difference", "ci95_low", "ci95_high", "t", "df", "p", "p_holm", "dz"],
                              rows: rows)
        table.label([Term.instrument.text(language), ("Factor" as Sentence).text(language), Term.task.text(language), Term.occasion.text(language)]
            + measurement.factors + [Term.score, .level_a, .level_b, .n, .mean_difference].map { $0.text(language) }
            + [Term.ci95_difference.text(language) + " ↓", Term.ci95_difference.text(language) + " ↑"]
            + [Term.t, .df, .p, .p_holm, .dz].map { $0.text(language) })
        table.word([1: factorDisplay(s), 4 + measurement.factors.count: scoreNames(s)])
        return table
    }

    /// A mixed design (the grouping attribute between participants, a factor within): per score, the mixed ANOVA's
    /// sources (`between`, `within`, `interaction`) with F, df, p and partial η², and the Greenhouse–Geisser ε and
    /// corrected p of the within sources with three levels or more.
    static func mixedANOVA(_ s: StudySnapshot) -> ResultTable {
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
                              columns: ["instrument", "factor", "between", "task", "occasion"] + measurement.factors
                                + ["score", "n_complete", "left_out", "source", "f", "df1", "df2", "p", "partial_eta2", "gg_epsilon", "gg_p"],
                              rows: rows)
        table.label([Term.instrument.text(language), ("Factor" as Sentence).text(language), ("Between participants" as Sentence).text(language),
                        Term.task.text(language), Term.occasion.text(language)] + measurement.factors
            + [Term.score, .n, .left_out, .variation_source].map { $0.text(language) }
            + ["F", ("df (effect)" as Sentence).text(language), ("df (error)" as Sentence).text(language)]
            + [Term.p, .partial_eta_squared, .gg_epsilon, .p_gg].map { $0.text(language) })
        let by = s.groupAttribute ?? ""
        // The within source's words name its factor: with several factors in the table, they say "within participants".
        let factors = Array(Set(s.questionnaires.flatMap { $0.within.filter { !$0.mixed.isEmpty }.map(\.factor) }))
        let withinName = factors.count == 1 ? WithinWording.sourceName("within", factor: factors[0], by: by).text(language)
            : ("within participants" as Sentence).text(language)
        let display: [Int: [String: String]] = [
            1: factorDisplay(s), 5 + measurement.factors.count: scoreNames(s),
            8 + measurement.factors.count: ["between": WithinWording.sourceName("between", factor: "", by: by).text(language), "within": withinName,
                                            "interaction": WithinWording.sourceName("interaction", factor: "", by: by).text(language)],
        ]
        table.word(display)
        return table
    }

    static func study(_ s: StudySnapshot) -> ResultTable {
        let counts: [(String, Int)] = [
            ("participants", s.participantCount), ("questionnaires", s.questionnaires.count),
            ("response sets", s.questionnaires.reduce(0) { $0 + $1.setCount }), ("tasks", s.tasks.count),
            ("task attempts", s.attempts.count), ("categories", s.categories.count), ("codes", s.codes.count), ("memos", s.memos.count),
        ]
        var rows: [[Value]] = [
            [.text("title"), .text(s.info.title)], [.text("language"), .text(s.info.language.rawValue)],
            [.text("created"), .text(s.info.created)], [.text("grouped by"), Value(s.groupAttribute)],
        ]
        rows += counts.map { [.text($0.0), .count($0.1)] }
        var table = ResultTable(exported: "study", sheet: "Study", about: "title, language and what the study holds", language: s.info.language, columns: ["field", "value"], rows: rows)
        // The CSV keeps the machine names; the workbook shows each field in the study's language.
        let fields: [String: Sentence] = ["title": "title", "language": "language", "created": "created", "grouped by": "grouped by",
                                          "participants": "participants", "questionnaires": "questionnaires", "response sets": "response sets",
                                          "tasks": "tasks", "task attempts": "task attempts", "categories": "categories", "codes": "codes",
                                          "memos": "memos"]
        table.word([0: fields.mapValues { $0.text(s.info.language) }])
        return table
    }

    static func participants(_ s: StudySnapshot) -> ResultTable {
        let names = s.roster.attributes.map(\.name)
        if let study = s.streamingFrom {
            let analysis = s.analysis
            return ResultTable(exported: "participants", sheet: "Participants", about: "one row per participant with their attributes", language: s.info.language, columns: ["participant"] + names, hasRows: s.participantCount > 0) { emit in
                try study.forEachParticipant { code, values in
                    guard analysis.includes(code) else { return }
                    try emit([.text(code)] + names.map { name in
                        switch values[StudyText.key(name)] {
                        case let .number(number)?: return .number(number)
                        case let .text(text)?: return .text(text)
                        case nil: return .empty
                        }
                    })
                }
            }
        }
        let rows = s.roster.participants.map { participant -> [Value] in
            let values = participant.valuesByName
            return [.text(participant.code)] + names.map { name in
                switch values[StudyText.key(name)] {
                case let .number(number)?: return .number(number)
                case let .text(text)?: return .text(text)
                case nil: return .empty
                }
            }
        }
        return ResultTable(exported: "participants", sheet: "Participants", about: "one row per participant with their attributes", language: s.info.language, columns: ["participant"] + names, rows: rows)
    }

    static func responses(_ s: StudySnapshot) -> ResultTable {
        // The occasion, then a column per condition factor the sets were answered under (a tidy variable each).
        let measurement = measurementColumns(s)
        let columns = ["participant", "instrument", "task", "occasion"] + measurement.factors
            + ["item", "value", "answer", "not_applicable", "orientation", "submitted"]
        @Sendable func rows(of set: StoredResponseSet, _ definition: InstrumentDefinition, _ emit: ([Value]) throws -> Void) rethrows {
            let measured = measurementCells(set.occasion, measurement)
            for item in definition.items {
                guard let answer = set.answers[item.number] else { continue }
                var value = Value.empty
                var text = Value.empty
                var na = 0
                switch answer {
                case let .value(number): value = .number(number)
                case .notApplicable: na = 1
                case let .choice(key): text = .text(key)
                case let .text(answerText): text = .text(answerText)
                }
                try emit([.text(set.participant), .text(definition.id), Value(set.task)] + measured
                         + [.count(item.number), value, text, .count(na), .text(set.orientation.rawValue), Value(set.submitted)])
            }
        }
        // The orientation as the CSV keeps it (canonical, inverted), worded in the workbook.
        let orientations: [String: Sentence] = ["canonical": "canonical", "inverted": "inverted"]
        let display = [8 + measurement.factors.count: orientations.mapValues { $0.text(s.info.language) }]
        if let study = s.streamingFrom {
            let definitions = s.questionnaires.map(\.definition)
            let analysis = s.analysis
            var table = ResultTable(exported: "responses", sheet: "Responses", about: "every answer, one row per item (long format)", language: s.info.language, columns: columns, hasRows: s.questionnaires.contains { $0.setCount > 0 }) { emit in
                for definition in definitions {
                    try study.forEachResponseSet(instrument: definition.id) { set in
                        if analysis.includes(set.participant) { try rows(of: set, definition, emit) }
                    }
                }
            }
            table.word(display)
            return table
        }
        var all: [[Value]] = []
        for questionnaire in s.questionnaires {
            for set in questionnaire.sets { rows(of: set, questionnaire.definition) { all.append($0) } }
        }
        var table = ResultTable(exported: "responses", sheet: "Responses", about: "every answer, one row per item (long format)", language: s.info.language, columns: columns, rows: all)
        table.word(display)
        return table
    }

    static func scores(_ s: StudySnapshot) -> ResultTable {
        // The occasion last: a tidy column for R and SPSS ("" where the set has none), after the columns the display maps;
        // then a column per condition factor the sets were answered under.
        let measurement = measurementColumns(s)
        let columns = ["participant", s.groupAttribute ?? "group", "instrument", "task", "score", "value", "items_answered", "items", "occasion"]
            + measurement.factors
        @Sendable func cells(_ row: ScoreReport.Row, group: String?, _ definition: InstrumentDefinition, _ emit: ([Value]) throws -> Void) rethrows {
            let measured = measurementCells(row.occasion, measurement)
            for score in row.scores {
                try emit([.text(row.participant), Value(group), .text(definition.id),
                          Value(row.task), .text(score.id), .number(score.value), .count(score.answered), .count(score.of)] + measured)
            }
        }
        let names = scoreNames(s)
        if let spool = s.scoreRows {
            // The rows the summaries were built from, kept at load (a set that could not be scored has none).
            let definitions = s.questionnaires.map(\.definition)
            var table = ResultTable(exported: "scores", sheet: "Scores", about: "each participant's scores per instrument", language: s.info.language, columns: columns, hasRows: spool.count > 0) { emit in
                try spool.forEach { instrument, row in try cells(row, group: row.group, definitions[instrument], emit) }
            }
            table.word([4: names])
            return table
        }
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for row in questionnaire.report.rows { cells(row, group: s.group(of: row.participant), questionnaire.definition) { rows.append($0) } }
        }
        var table = ResultTable(exported: "scores", sheet: "Scores", about: "each participant's scores per instrument", language: s.info.language, columns: columns, rows: rows)
        table.word([4: names])
        return table
    }

    static func summary(_ s: StudySnapshot) -> ResultTable {
        let measurement = measurementColumns(s)
        var rows: [[Value]] = []
        // The CSV holds the machine values `score --summary --csv` prints; the workbook shows them in the study's language.
        var adjectives: [String: String] = [:]
        var acceptabilities: [String: String] = [:]
        for questionnaire in s.questionnaires {
            for group in questionnaire.report.groups + questionnaire.report.overall {
                for item in group.summaries {
                    let st = item.statistics
                    if let meaning = item.meaning {
                        adjectives[meaning.adjective.en] = meaning.adjective.name(s.info.language)
                        acceptabilities[meaning.acceptability.rawValue] = meaning.acceptability.name(s.info.language)
                    }
                    rows.append([.text(questionnaire.definition.id), .text(group.name), Value(group.task)] + measurementCells(group.occasion, measurement)
                                 + [.text(item.scoreID), .count(st.n), .number(st.mean), Value(st.sd), .number(st.median), .number(st.min), .number(st.max),
                                 Value(st.ci95?.lowerBound), Value(st.ci95?.upperBound), Value(item.norm), Value(item.test?.t),
                                 Value(item.test?.df), Value(item.test?.p), Value(item.meaning?.grade.grade), Value(item.meaning?.adjective.en),
                                 Value(item.meaning?.acceptability.rawValue)])
                }
            }
        }
        let shift = measurement.factors.count
        var table = ResultTable(exported: "summary", sheet: "Summary", about: "per group and overall: n, mean, SD, 95% CI, test against the norm, grade", language: s.info.language,
                              columns: ["instrument", "group", "task", "occasion"] + measurement.factors
                                + ["score", "n", "mean", "sd", "median", "min", "max", "ci95_low", "ci95_high", "norm", "t", "df", "p", "grade", "adjective",
                                   "acceptability"],
                              rows: rows)
        table.word([1: [ScoreReport.allName: Term.all.text(s.info.language)], 4 + shift: scoreNames(s), 18 + shift: adjectives,
                         19 + shift: acceptabilities])
        return table.atConfidence(s.confidence)
    }

    /// Every score id of the study's instruments with its name in the study's language.
    static func scoreNames(_ s: StudySnapshot) -> [String: String] {
        var names: [String: String] = [:]
        for questionnaire in s.questionnaires {
            for id in questionnaire.definition.scoreIDs { names[id] = ScoreNames.name(id, questionnaire.definition, s.info.language) }
        }
        return names
    }

    /// Per item of every questionnaire: n, mean and SD raw and (for recoded items) recoded, and the count of each
    /// scale point, tidy: one row per item and point; a per-task instrument's items per task (`task`, empty
    /// otherwise), each participant's answer to a task counted once there.
    static func items(_ s: StudySnapshot) -> ResultTable {
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for item in questionnaire.report.items {
                let base: [Value] = [.text(questionnaire.definition.id), Value(item.task), .count(item.item), .text(item.text.text(s.info.language)),
                                    .count(item.reversed ? 1 : 0), .count(item.n), .count(item.notApplicable),
                                    Value(item.raw?.mean), Value(item.raw?.sd), Value(item.reversed ? item.recoded?.mean : nil),
                                    Value(item.reversed ? item.recoded?.sd : nil)]
                if item.distribution.isEmpty {
                    rows.append(base + [.empty, .empty])
                }
                for (point, count) in item.distribution { rows.append(base + [.count(point), .count(count)]) }
            }
        }
        return ResultTable(exported: "items", sheet: "Items", about: "per item (and task, for a per-task instrument): n, mean, SD (recoded too) and the count of each scale point", language: s.info.language,
                         columns: ["instrument", "task", "item", "text", "recoded", "n", "not_applicable", "mean", "sd", "recoded_mean", "recoded_sd",
                                   "point", "count"],
                         rows: rows)
    }

    static func attempts(_ s: StudySnapshot) -> ResultTable {
        let factors = s.factors.map(\.name)
        let penalties = Dictionary(s.tasks.compactMap { task in task.penaltySeconds.map { (task.key, $0) } }, uniquingKeysWith: { first, _ in first })
        let rows = s.attempts.map { attempt -> [Value] in
            let total = penalties[attempt.task].flatMap { penalty in attempt.seconds.map { $0 + Double(attempt.errors ?? 0) * penalty } }
            return [.text(attempt.participant), .text(attempt.task)] + factors.map { Value(attempt.conditions[$0]) }
                + [.count(attempt.trial), Value(attempt.seconds), Value(attempt.errors), Value(total), Value(attempt.outcome?.rawValue),
                   .count(attempt.assisted ? 1 : 0), Value(attempt.note)]
        }
        var table = ResultTable(exported: "attempts", sheet: "Tasks", about: "every task attempt: time, errors, outcome", language: s.info.language,
                              columns: ["participant", "task"] + factors + ["trial", "time_s", "errors", "total_s", "outcome", "assisted", "note"],
                              rows: rows)
        // The outcome's stored words (machine names) shown in the study's language; the CSV keeps them as stored.
        let outcomes = ["success", "partial", "fail"]
        let shown = outcomes.map { Sentence(Sentence(stringLiteral: $0), context: "outcome").text(s.info.language) }
        if shown != outcomes { table.word([6 + factors.count: Dictionary(uniqueKeysWithValues: zip(outcomes, shown))]) }
        return table
    }

    /// Every response set the quality checks flag, one row per flag: the rule by its machine name (worded in the
    /// workbook) and the numbers that raised it; the sets are scored as answered.
    static func quality(_ s: StudySnapshot) -> ResultTable {
        let language = s.info.language
        var rows: [[Value]] = []
        for entry in s.questionnaires.flatMap(\.flagged) {
            for flag in entry.flags {
                rows.append([.text(entry.instrument), .text(entry.participant), Value(entry.task), .text(flag.rule.rawValue),
                             Value(flag.positiveMean), Value(flag.negativeMean), Value(flag.midpoint), flag.answers.map { .count($0) } ?? .empty,
                             Value(flag.value), Value(flag.seconds)])
            }
        }
        var table = ResultTable(exported: "response_quality", sheet: "Quality", about: "response sets the quality checks flag (contradictory, straight-lined), with the rule; scored as answered", language: s.info.language,
                              columns: ["instrument", "participant", "task", "rule", "positive_mean", "negative_mean", "midpoint", "answers", "value", "seconds"],
                              rows: rows)
        table.label([Term.instrument.text(language), Term.participant.text(language), Term.task.text(language),
                        Sentence("Rule").text(language), Sentence("Positive items (mean)").text(language),
                        Sentence("Negative items (mean)").text(language), Sentence("Midpoint").text(language),
                        Sentence("Answers").text(language), Sentence("Value").text(language), Sentence("Seconds").text(language)])
        table.word([3: Dictionary(uniqueKeysWithValues: QualityFlag.Rule.allCases.map { ($0.rawValue, ResponseQuality.name($0).text(language)) })])
        return table
    }

    /// Per questionnaire, group and score with a published reference: the mean with its 95 % t interval and margin,
    /// the norm and where it comes from; on the SUS scale the curved grade of the mean and of the interval's ends,
    /// its percentile range, the mean's percentile rank and adjective, and under 20 respondents the seeded BCa interval
    /// (as `score` prints it).
    static func benchmarks(_ s: StudySnapshot) -> ResultTable {
        let language = s.info.language
        let measurement = measurementColumns(s)
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            let source = questionnaire.definition.norms?.source.text(language)
            for group in questionnaire.report.groups + questionnaire.report.overall {
                for item in group.summaries where item.norm != nil || item.meaning != nil {
                    let st = item.statistics
                    var bca: Bootstrap.Interval?
                    if item.meaning != nil, st.n < 20 {
                        let overall = group.name == ScoreReport.allName
                        let values = questionnaire.report.rows.filter { (overall || $0.group == group.name) && $0.task == group.task && (group.occasion == nil || $0.occasion == group.occasion) }
                            .compactMap { $0.value(item.scoreID) }
                        if values.count == st.n { bca = Bootstrap.meanBCa(values) }
                    }
                    let meaning = item.meaning
                    rows.append([.text(questionnaire.definition.id), .text(group.name), Value(group.task)] + measurementCells(group.occasion, measurement)
                                 + [.text(item.scoreID), .count(st.n), .number(st.mean), Value(st.ci95?.lowerBound), Value(st.ci95?.upperBound), Value(st.marginOfError95),
                                 Value(item.norm), Value(item.norm == nil ? nil : source), Value(meaning?.grade.grade), Value(meaning?.gradeAtLow?.grade),
                                 Value(meaning?.gradeAtHigh?.grade), Value(meaning?.grade.percentiles), Value(meaning?.percentileRank), Value(meaning?.adjective.en),
                                 Value(meaning?.adjectiveAtLow?.en), Value(meaning?.adjectiveAtHigh?.en),
                                 Value(bca?.low), Value(bca?.high), bca.map { .count($0.resamples) } ?? .empty, bca.map { .count(Int($0.seed)) } ?? .empty])
                }
            }
        }
        let shift = measurement.factors.count
        var table = ResultTable(exported: "benchmarks", sheet: "Benchmarks", about: "per score with a published reference: mean, 95% CI and margin, norm and its source; SUS-scale grade of the mean and of the CI's ends, percentile range and the mean's percentile rank, adjective, BCa interval under 20 respondents", language: s.info.language,
                              columns: ["instrument", "group", "task", "occasion"] + measurement.factors + ["score", "n", "mean", "ci95_low", "ci95_high", "margin95", "norm", "norm_source",
                                        "grade", "grade_ci95_low", "grade_ci95_high", "percentiles", "percentile_rank", "adjective", "adjective_ci95_low", "adjective_ci95_high", "bca95_low", "bca95_high",
                                        "bca_resamples", "bca_seed"],
                              rows: rows)
        table.label([Term.instrument.text(language), Term.group.text(language), Term.task.text(language), Term.occasion.text(language)] + measurement.factors
            + [Term.score.text(language),
                        Term.n.text(language), Term.mean.text(language), Term.ci95.text(language) + " ↓", Term.ci95.text(language) + " ↑",
                        Sentence("± 95% margin").text(language), Term.norm.text(language), Term.source.text(language), Term.grade.text(language),
                        Sentence("Grade at the CI's low end").text(language), Sentence("Grade at the CI's high end").text(language),
                        Term.percentiles.text(language), Term.percentile_rank.text(language), Term.adjective.text(language), Sentence("Adjective at the CI's low end").text(language),
                        Sentence("Adjective at the CI's high end").text(language), Sentence("BCa 95% CI ↓").text(language),
                        Sentence("BCa 95% CI ↑").text(language), Sentence("BCa resamples").text(language), Sentence("BCa seed").text(language)])
        let adjectives = Dictionary(SUSInterpretation.adjectives.map { ($0.en, $0.name(language)) }, uniquingKeysWith: { a, _ in a })
        table.word([1: [ScoreReport.allName: Term.all.text(language)], 4 + shift: scoreNames(s), 17 + shift: adjectives, 18 + shift: adjectives,
                         19 + shift: adjectives])
        return table.atConfidence(s.confidence)
    }

    /// The agreement of the first two coders (as the report's table), when two or more coded the same excerpts.
    static func agreement(_ s: StudySnapshot) -> [ResultTable] {
        s.agreement.flatMap { report -> [ResultTable] in
            [sheet(ResultTable.agreement(report, language: s.info.language), "Agreement", about: "per category and overall: percent agreement, Cohen's κ with its 95% CI, Krippendorff's α with its bootstrap 95% CI, Gwet's AC1, Brennan–Prediger")]
                + (report.coverage.map { [agreementExcerpts($0, language: s.info.language)] } ?? [])
        }
    }

    /// Which of the coders' excerpts the agreement compared and which it left out: one row per kind (machine names
    /// in the CSV, worded in the workbook) and coder — `compared` (coded by two coders or more with the same
    /// bounds), `one_coder` (coded by that coder only), `other_bounds` (that coder's excerpt overlaps another
    /// coder's with other bounds) — with the excerpts and their share of all the coders coded.
    static func agreementExcerpts(_ coverage: AgreementCoverage, language: StudyLanguage) -> ResultTable {
        func share(_ n: Int) -> Value { coverage.excerpts > 0 ? .number(Double(n) / Double(coverage.excerpts)) : .empty }
        var rows: [[Value]] = [[.text("compared"), .text(coverage.coders.joined(separator: ", ")), .count(coverage.compared), share(coverage.compared)]]
        for line in coverage.leftOut { rows.append([.text("one_coder"), .text(line.coder), .count(line.onlyThisCoder), share(line.onlyThisCoder)]) }
        for line in coverage.leftOut { rows.append([.text("other_bounds"), .text(line.coder), .count(line.otherBounds), share(line.otherBounds)]) }
        rows.append([.text("all"), .text(coverage.coders.joined(separator: ", ")), .count(coverage.excerpts), share(coverage.excerpts)])
        var table = ResultTable(exported: "agreement_excerpts", sheet: "Agreement excerpts", about: "the excerpts the agreement compared (coded by both coders with the same bounds) and those it left out: coded by one coder only, or overlapping another coder's excerpt with other bounds; 'codes agreement --levels' or '--unitizing' compare those", language: language, columns: ["excerpts", "coder", "count", "share"], rows: rows)
        table.label([Term.excerpts.text(language), Term.coder.text(language), Term.count.text(language), Term.share.text(language)])
        let names: [(String, Sentence)] = [
            ("compared", "Compared: coded by two coders or more with the same bounds"),
            ("one_coder", "Left out: coded by this coder only"),
            ("other_bounds", "Left out: this coder's, overlapping another coder's excerpt with other bounds"),
            ("all", "All the coders' excerpts"),
        ]
        table.word([0: Dictionary(uniqueKeysWithValues: names.map { ($0.0, $0.1.text(language)) })])
        return table
    }

    /// Lewis's (2001) problem discovery over the interviews' categories: one row per measure, machine names in the
    /// CSV, worded in the workbook.
    static func discovery(_ s: StudySnapshot) -> ResultTable {
        let language = s.info.language
        var rows: [[Value]] = []
        var names: [String: String] = [:]
        if let d = ProblemDiscovery(raised: s.interviews) {
            let measures: [(String, Sentence, Double)] = [
                ("participants", "Participants (n)", Double(d.participants)), ("categories_found", "Categories found (N)", Double(d.problems)),
                ("found_once", "Raised by one participant only (N₁)", Double(d.foundOnce)),
                ("p_observed", "p observed (mean of the matrix)", d.pEstimated), ("p_deflated", "p deflated, (p − 1/n)(1 − 1/n)", d.pDeflated),
                ("p_good_turing", "p Good–Turing, p / (1 + N₁/N)", d.pGoodTuring), ("p_adjusted", "p adjusted (mean of the two; Lewis 2001)", d.pAdjusted),
                ("expected_share_found", "Expected share found by these participants, 1 − (1 − p)ⁿ", d.foundShare),
                ("estimated_total", "Estimated categories in all", d.estimatedTotal),
                ("participants_for_80", "Participants to find \(NumberStyle(language).percent(0.8))", Double(d.participantsNeeded(goal: 0.8))),
                ("participants_for_90", "Participants to find \(NumberStyle(language).percent(0.9))", Double(d.participantsNeeded(goal: 0.9))),
                ("participants_for_95", "Participants to find \(NumberStyle(language).percent(0.95))", Double(d.participantsNeeded(goal: 0.95))),
            ]
            for (name, label, value) in measures {
                rows.append([.text(name), .number(value)])
                names[name] = label.text(language)
            }
        }
        var table = ResultTable(exported: "problem_discovery", sheet: "Discovery", about: "problem discovery over the interviews' categories (Lewis 2001): p and its adjustments, share expected found, participants per goal", language: s.info.language, columns: ["measure", "value"], rows: rows)
        table.label([Term.measure.text(language), Term.estimate.text(language)])
        table.word([0: names])
        return table
    }

    /// Code saturation over the interviews in order (Guest, Namey & Chen 2020; base 4, run 2, ≤ 5 %).
    static func saturation(_ s: StudySnapshot) -> ResultTable {
        let saturation = Saturation(sequence: s.interviews, base: 4, run: 2, threshold: 0.05)
        let order: Sentence = "Interviews in the participants' order (P1, P2, …; --order to choose an attribute)."
        var table = sheet(ResultTable.saturation(saturation, order: order.text(s.info.language), language: s.info.language), "Saturation", about: "per interview in order: categories raised for the first time, distinct so far, and each run's new share of the base (Guest, Namey & Chen 2020)")
        if saturation.baseCodes == 0 { table.rows = [] }
        return table
    }

    static func taskSummary(_ s: StudySnapshot) -> ResultTable {
        sheet(ResultTable.taskSummary(s.taskSummary, factors: s.taskGroupNames, language: s.info.language, detail: true), "Task summary", about: "per task and condition, one value per participant: completion with adjusted-Wald CI, times, errors")
    }

    /// Each task (and group) against the completion and SEQ benchmarks, as the report's executive summary gives them.
    /// The components SUM leaves out keep their machine names in the CSV (`time;errors`) and are worded in the workbook.
    static func taskBenchmarks(_ s: StudySnapshot) -> ResultTable {
        let language = s.info.language
        var table = sheet(ResultTable.taskBenchmarks(s.taskSummary, factors: s.taskGroupNames, language: language, detail: true), "Task benchmarks", about: "per task and group: completion against 78 % (one-sided binomial mid-p or normal approximation, adjusted-Wald CI) and SEQ against 5.5 (one-sided one-sample t, t CI), each with its side, p and traffic light")
        if let column = table.columns.firstIndex(where: { $0.name == "sum_left_out" }) {
            var worded: [String: String] = [:]
            for row in s.taskSummary {
                guard let omitted = row.singleUsabilityMetric?.omitted, !omitted.isEmpty else { continue }
                worded[omitted.map(\.rawValue).joined(separator: ";")] = omitted.map { ResultTable.componentLabel($0, language) }.joined(separator: ", ")
            }
            table.columns[column].wording = worded
        }
        return table
    }

    /// Each condition's levels compared per task (the report's tables with their details, one condition after the
    /// other, named in a first column), then the tasks compared between the groups of the grouping attribute (named
    /// in `by`; `GroupTaskComparisons`): the measure and the test by machine name, worded in the workbook. Every
    /// effect is B against A (`level_a`, `level_b`); `higher` names the group with the higher value, and `hedges_g`
    /// (B − A) is given for the groups' Welch tests.
    static func taskComparisons(_ s: StudySnapshot) -> ResultTable {
        let language = s.info.language
        let empty = ConditionTaskComparisons(factor: "", levels: [], taskOrder: [], observations: [], confidence: s.confidence, level: { _ in nil })
        let ci = "ci" + String(Int((s.confidence * 100).rounded()))
        let conditions = ReportModel.conditionComparisons(s)
        let tables = conditions.map { ResultTable.taskComparisons($0, language: language, detail: true) }
        let template = tables.first ?? ResultTable.taskComparisons(empty, language: language, detail: true)
        let extra = [Column(.n_a, .count, language), Column(.n_b, .count, language), Column(.hedges_g, .number(decimals: 2), language),
                     Column(.higher, .text, language)]
        var merged = ResultTable(id: template.id, title: template.title, language: language,
                                 columns: [Column(.condition, .text, language), Column(.by, .text, language)] + template.columns + extra)
        for (table, comparisons) in zip(tables, conditions) {
            for row in table.rows { merged.append([.text(comparisons.factor), .empty] + row + Array(repeating: .empty, count: extra.count)) }
        }
        if let groups = s.taskGroups {
            let names = merged.columns.map(\.name)
            for row in groups.rows {
                var cells: [String: Value] = [
                    "by": .text(groups.grouping), "task": .text(row.task), "measure": .text(row.measure.rawValue), "test": .text(row.test),
                    "levels": .text("\(row.groupA);\(row.groupB)"), "n": .count(row.nA + row.nB), "left_out": .count(0),
                    "level_a": .text(row.groupA), "level_b": .text(row.groupB), "typical_a": .number(row.typicalA), "typical_b": .number(row.typicalB),
                    "effect": .number(row.effect), ci: Value(row.effectCI), "statistic": Value(row.statistic), "df": Value(row.df),
                    "p": .pValue(row.p), "p_holm": .pValue(row.pHolm), "n_a": .count(row.nA), "n_b": .count(row.nB),
                    "hedges_g": Value(row.hedgesG), "higher": Value(row.higher)]
                if let a = row.successesA, let b = row.successesB { cells["completed"] = .text("\(a);\(b)") }
                merged.append(names.map { cells[$0] ?? .empty })
            }
        }
        var table = sheet(merged, "Task comparisons", about: "every level of each condition per task: time as a ratio of geometric means, errors as a difference, paired or Welch's t, Friedman with Holm-adjusted pairs for three levels or more; completion by McNemar's exact test or Cochran's Q")
        let measures = ["time", "errors", "completion", "seq"]
        let tests = ["paired-t", "welch-t", "friedman", "mcnemar-exact", "cochran-q", "n-1-two-proportion", "fisher-exact"]
        if let measure = table.columns.firstIndex(where: { $0.name == "measure" }), let test = table.columns.firstIndex(where: { $0.name == "test" }) {
            table.word([measure: Dictionary(uniqueKeysWithValues: measures.map { ($0, ResultTable.measureLabel($0, language)) }),
                             test: Dictionary(uniqueKeysWithValues: tests.map { ($0, ResultTable.taskTestLabel($0, language)) })])
        }
        return table
    }

    /// Every between-group comparison of a score: the omnibus tests, then the pairwise post-hoc tests (Games–Howell,
    /// Dunn with Holm's adjustment) for three groups or more.
    static func comparisons(_ s: StudySnapshot) -> ResultTable {
        let language = s.info.language
        // A study whose sets have occasions or conditions compares the groups per measurement: the rows name it, in
        // columns after the others (`occasion` and one per condition factor).
        let measurement = measurementColumns(s)
        let measured = !measurement.isEmpty
        var rows: [[Value]] = []
        for questionnaire in s.questionnaires {
            for item in questionnaire.report.comparisons {
                let measuredCells = measured ? measurementCells(item.occasion, measurement) : []
                // Two groups: the test names them (its statistic and effect are A against B), and the higher one.
                let groups = item.comparison.groups
                let pair = groups.count == 2
                let higher: Value = pair && groups[0].mean != groups[1].mean ? .text(groups[0].mean > groups[1].mean ? groups[0].name : groups[1].name) : .empty
                for test in item.comparison.tests {
                    rows.append([.text(questionnaire.definition.id), Value(item.task), .text(item.scoreID), .text(test.name),
                                 pair ? .text(groups[0].name) : .empty, pair ? .text(groups[1].name) : .empty,
                                 .number(test.statistic), Value(test.df.first), Value(test.df.count > 1 ? test.df[1] : nil), .number(test.p), .empty,
                                 Value(test.effectName), Value(test.effect), higher] + measuredCells)
                }
                for postHoc in item.comparison.postHoc {
                    for pair in postHoc.pairs {
                        rows.append([.text(questionnaire.definition.id), Value(item.task), .text(item.scoreID), .text(postHoc.name), .text(pair.a),
                                     .text(pair.b), .number(pair.statistic), Value(pair.df), .empty, .number(pair.p), Value(pair.pAdjusted),
                                     .text(postHoc.name == "games-howell" ? "mean_difference" : "mean_rank_difference"), .number(pair.difference),
                                     pair.difference == 0 ? .empty : .text(pair.difference > 0 ? pair.a : pair.b)] + measuredCells)
                    }
                }
            }
        }
        var table = ResultTable(exported: "comparisons", sheet: "Comparisons", about: "between groups, per score: Welch / Mann–Whitney or Welch's ANOVA / Kruskal–Wallis, and the pairwise Games–Howell and Dunn (Holm) tests", language: s.info.language,
                              columns: ["instrument", "task", "score", "test", "group_a", "group_b", "statistic", "df", "df2", "p", "p_adjusted",
                                        "effect", "effect_value", "higher"] + (measured ? ["occasion"] + measurement.factors : []), rows: rows)
        let terms: [Term?] = [.instrument, .task, .score, .test, .group_a, .group_b, .statistic, .df, nil, .p, .p_adjusted, .effect_size, .value, .higher]
        table.label(terms.map { $0?.text(language) ?? ("df (denominator)" as Sentence).text(language) }
            + (measured ? [Term.occasion.text(language)] + measurement.factors : []))
        let tests = ["welch-t", "mann-whitney-u", "welch-anova", "kruskal-wallis", "games-howell", "dunn-holm", "hedges-g", "rank-biserial-r",
                     "epsilon-squared"]
        let effects = ["mean_difference": Term.mean_difference.text(language), "mean_rank_difference": Term.rank_difference.text(language)]
        table.word([2: scoreNames(s), 3: Dictionary(uniqueKeysWithValues: tests.map { ($0, ResultTable.testName($0, language)) }),
                         11: effects.merging(Dictionary(uniqueKeysWithValues: tests.map { ($0, ResultTable.testName($0, language)) })) { a, _ in a }])
        return table
    }

    static func codebook(_ s: StudySnapshot) -> ResultTable {
        ResultTable(exported: "codebook", sheet: "Codebook", about: "categories with origin, definition, theme and use", language: s.info.language, columns: ["category", "origin", "definition", "theme", "codes", "participants"],
                  rows: s.categories.map { [.text($0.name), .text($0.origin), Value($0.definition), Value($0.theme), .count($0.codes), .count($0.participants)] })
    }

    static func excerpts(_ s: StudySnapshot) -> ResultTable {
        var rows: [[Value]] = []
        for code in s.codes {
            for category in code.categories.isEmpty ? [""] : code.categories {
                rows.append([.count(Int(code.id)), .text(code.participant), Value(s.group(of: code.participant)), .text(code.excerpt),
                             .text(code.code), .count(code.inVivo ? 1 : 0), .text(category), Value(code.coder), Value(code.spanStart), Value(code.spanEnd),
                             Value(code.startTime.map { Int(($0 * 1000).rounded()) }), Value(code.endTime.map { Int(($0 * 1000).rounded()) })])
            }
        }
        // When the excerpt was said (milliseconds from the recording's start), where its transcript has times.
        return ResultTable(exported: "excerpts", sheet: "Excerpts", about: "coded excerpts with their in-vivo codes", language: s.info.language,
                         columns: ["code_id", "participant", s.groupAttribute ?? "group", "excerpt", "code", "in_vivo", "category", "coder",
                                   "span_start", "span_end", "start_ms", "end_ms"],
                         rows: rows)
    }

    static func frequencies(_ s: StudySnapshot) -> ResultTable {
        var rows: [[Value]] = []
        for row in s.frequencies.rows {
            rows.append([.text(row.category), .text("all"), .count(row.overall.segments), .count(row.overall.participants),
                         .count(row.overall.denominator), .number(row.overall.share)])
            for (group, count) in zip(s.frequencies.groups, row.groups) {
                rows.append([.text(row.category), .text(group), .count(count.segments), .count(count.participants),
                             .count(count.denominator), .number(count.share)])
            }
        }
        // A theme's total (each participant once), its name marked so that no category's name is taken for it.
        for theme in s.frequencies.themes {
            for (group, count) in [("all", theme.overall)] + zip(s.frequencies.groups, theme.groups).map({ ($0, $1) }) {
                rows.append([.text("theme:" + theme.theme), .text(group), .count(count.segments), .count(count.participants),
                             .count(count.denominator), .number(count.share)])
            }
        }
        var table = ResultTable(exported: "category_frequencies", sheet: "Category frequencies", about: "per category: segments, participants and share", language: s.info.language,
                              columns: ["category", "group", "segments", "participants", "denominator", "share"], rows: rows)
        table.word([1: ["all": Term.all.text(s.info.language)],
                         0: Dictionary(s.frequencies.themes.map { ("theme:" + $0.theme, Sentence("Theme \($0.theme), in all").text(s.info.language)) },
                                       uniquingKeysWith: { a, _ in a })])
        return table
    }

    static func memos(_ s: StudySnapshot) -> ResultTable {
        var table = ResultTable(exported: "memos", sheet: "Memos", about: "analytic memos", language: s.info.language, columns: ["memo", "on", "text", "coder", "created"],
                              rows: s.memos.map { [.count(Int($0.id)), .text($0.on), .text($0.text), Value($0.coder), .text($0.created)] })
        // What a memo is on, as the CSV keeps it (study, participant:P4, category:NAME, code:12), said in the workbook.
        table.word([1: Dictionary(s.memos.map(\.on).map { on -> (String, String) in
            let parts = on.split(separator: ":", maxSplits: 1).map(String.init)
            let said: Sentence
            switch (parts.first, parts.count > 1 ? parts[1] : "") {
            case ("study"?, _): said = "the study"
            case let ("participant"?, name): said = "participant \(name)"
            case let ("category"?, name): said = "category \(name)"
            case let ("code"?, name): said = "code \(name)"
            default: said = Sentence(verbatim: on)
            }
            return (on, said.text(s.info.language))
        }, uniquingKeysWith: { first, _ in first })])
        return table
    }
}
