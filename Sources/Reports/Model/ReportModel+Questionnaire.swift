import Figures
import Foundation
import Gaze
import QualCoding
import Results
import Statistics
import StudyBasics
import StudyStore
import Surveys
import Wording

extension ReportModel {
    /// One questionnaire's part of the report, built in steps that each fill their part of `Questionnaire`: its
    /// quality checks and scores, its norms, its comparisons, then its answers, figures and reliability.
    struct QuestionnairePart {
        let q: StudyData.Questionnaire
        let s: StudyData
        let language: StudyLanguage
        let citations: CitationList
        /// Whether the per-participant tables stand beside the report (a streaming snapshot).
        let apart: Bool
        let appendix: AppendixPlacement

        var d: InstrumentDefinition { q.definition }
        var ids: [String] { d.scoreIDs }
        var shortName: String { d.id.uppercased() }
        var sets: Int { q.report.overall.reduce(0) { $0 + $1.n } }
        var style: NumberStyle { NumberStyle(language) }
        var level: String { String(Int((s.confidence * 100).rounded())) }
        // Portuguese reports name scores in Portuguese only ("Utilidade do sistema"); English ones keep the
        // published abbreviation beside the name ("System usefulness (SysUse)").
        func label(_ id: String) -> String { ScoreNames.name(id, d, language, long: true) }
        func number(_ value: Double?, _ decimals: Int = 2) -> String { LocalNumber.format(value, decimals: decimals, language: language) }
        func percent(_ share: Double?) -> String { LocalNumber.percent(share, language: language) }

        /// The questionnaire's part, every step in turn.
        func build(model: inout ReportModel, chart: (String, Figure, String) -> Chart) -> Questionnaire {
            var questionnaire = Questionnaire(id: d.id, title: d.title.text(language),
                                              intro: Phrase.instrumentIntro(reference: citations.cite(instrument: d), sets: sets, lowerIsBetter: d.lowerIsBetter).text(language))
            questionnaire.n = String(sets)
            qualityAndScores(&questionnaire, model: &model, chart: chart)
            norms(&questionnaire, model: &model, chart: chart)
            comparisons(&questionnaire, model: &model, chart: chart)
            answersAndFigures(&questionnaire, model: &model, chart: chart)
            return questionnaire
        }

        /// The quality checks before the scores, and the scores per participant (to the appendix).
        func qualityAndScores(_ questionnaire: inout Questionnaire, model: inout ReportModel, chart: (String, Figure, String) -> Chart) {
            func toAppendix(_ table: ResultTable) { model.addToAppendix(table, placement: appendix, language: language) }
            // Quality checks before the scores: every flag said, with its rule; nothing left out of the scores.
            let flaggedSets = q.flagged.count
            let applicable = ResponseQuality.rules(for: d, timed: q.timed)
            if !applicable.isEmpty {
                let stated = applicable.map { rule -> String in
                    let text = ResponseQuality.statement(rule).text(language)
                    return text.prefix(1).uppercased() + text.dropFirst()
                }.joined(separator: " ")
                // Participants this instrument's checks flagged and the analysis set left out: said here too, so the
                // section and the summary's count agree.
                let leftOut = s.analysis.flags.filter { flag in
                    guard case let .responses(instrument, _) = flag.source else { return false }
                    return instrument == d.id && !s.analysis.includes(flag.participant)
                }.map(\.participant)
                var intro = (flaggedSets == 0
                    ? Sentence("No response set was flagged by the quality checks.")
                    : Sentence("\(flaggedSets) of \(q.setCount) response sets were flagged by the quality checks and scored as answered.")).text(language)
                if !leftOut.isEmpty {
                    let list = NaturalOrder.distinct(leftOut).joined(separator: ", ")
                    let one = Set(leftOut).count == 1
                    intro = (flaggedSets == 0
                        ? (one ? Sentence("No response set of the participants analysed was flagged by the quality checks; the participant whose set was flagged (\(list)) was left out of the analyses.")
                               : Sentence("No response set of the participants analysed was flagged by the quality checks; the \(String(Set(leftOut).count)) whose sets were flagged (\(list)) were left out of the analyses."))
                        : Sentence("\(flaggedSets) of \(q.setCount) response sets of the participants analysed were flagged by the quality checks and scored as answered; the \(String(Set(leftOut).count)) participants whose sets were flagged and left out of the analyses: \(list).")).text(language)
                }
                questionnaire.qualityIntro = [Value(value: intro + " " + stated)]
        }
        if flaggedSets > 0 {
            if apart {
                // A large study's report lists no participant: the flagged sets are in the table beside it.
                questionnaire.qualityIntro.append(Value(value: Sentence("The flagged response sets are in tables/response_quality.csv, beside this report.").text(language)))
            } else {
                questionnaire.quality = model.place(ResultTable.responseQuality(q.flagged, language: language))
            }
        }
        if !ids.isEmpty {
            if apart { questionnaire.apart = [Value(value: Phrase.scoresApart(rows: sets, file: ReportModel.scoresFile).text(language))] }
            var columns = [Column(.participant, .text, language)]
            if d.perTask { columns.append(Column(.task, .text, language)) }
            // Sets of several occasions: each row names its occasion, and every mean is per occasion.
            let byOccasion = q.report.pooledOccasions
            // Named as people read it ("pós · protótipo: B"), headed "Occasion / condition" when sets carry conditions.
            let conditioned = q.report.occasions.contains { !MeasurementKey(key: $0).conditions.isEmpty }
            let occasioned = q.report.occasions.contains { !MeasurementKey(key: $0).occasion.isEmpty }
            if byOccasion {
                columns.append(Column(Term.occasion.rawValue, (conditioned ? (occasioned ? Term.measurement : Term.condition) : Term.occasion).text(language), .text))
            }
            if !q.report.groups.isEmpty { columns.append(Column(Term.group.rawValue, s.groupLabel ?? Term.group.text(language), .text)) }
            let lead = columns.count
            columns += ids.map { Column(StudyText.key($0).replacingOccurrences(of: " ", with: "_"), label($0), .number(decimals: 2)) }
            var table = ResultTable(id: "\(d.id)_scores", title: Phrase.scoresTitle(shortName).text(language), language: language, columns: columns)
            for row in q.report.rows {
                var cells: [Results.Value] = [.text(row.participant)]
                if d.perTask { cells.append(Results.Value(row.task)) }
                if byOccasion { cells.append(.text(s.labels.measurement(row.occasion, none: Term.no_occasion.text(language)))) }
                if !q.report.groups.isEmpty { cells.append(Results.Value(row.group.map(s.groupValue))) }
                table.append(cells + ids.map { Results.Value(row.value($0)) })
            }
            func means(_ group: ScoreReport.Group, _ title: String) {
                let cells = [Results.Value.text(title)] + Array(repeating: Results.Value.empty, count: lead - 1)
                table.append(cells + ids.map { id in Results.Value(group.summaries.first { $0.scoreID == id }?.statistics.mean) }, emphasised: true)
            }
            for group in q.report.groups {
                means(group, Phrase.groupMean(group: ScoreGroupLabel.prefix(group, language, labels: s.labels) + s.groupValue(group.name), n: group.n).text(language))
            }
            if q.report.overall.count == 1, let overall = q.report.overall.first {
                means(overall, Phrase.overallMean(n: overall.n).text(language))
            } else {
                // A per-task instrument (or sets of several occasions): a mean per task and occasion — the
                // condition a session asked it under — never one "overall" mean of one task, nor of a participant's
                // answers to several tasks or conditions.
                for overall in q.report.overall where overall.n > 0 {
                    means(overall, Phrase.groupMean(group: ScoreGroupLabel.label(overall, name: nil, language, labels: s.labels), n: overall.n).text(language))
                }
            }
            let norm = { (id: String) in d.norms?.values[id] ?? d.formula.publishedNorm(id, of: d) }
            if ids.contains(where: { norm($0) != nil }) {
                table.append([.text(Term.norm.text(language))] + Array(repeating: .empty, count: lead - 1)
                    + ids.map { Results.Value(norm($0)) })
            }
            toAppendix(table)
        }
        }

        /// Each score against its published norm, and the SUS's grades, percentiles and adjectives.
        func norms(_ questionnaire: inout Questionnaire, model: inout ReportModel, chart: (String, Figure, String) -> Chart) {
            func toAppendix(_ table: ResultTable) { model.addToAppendix(table, placement: appendix, language: language) }
            // Each test against the norm over one sample of one answer per participant: per task and occasion for a
            // per-task instrument (the SEQ of T1 under one device), never a participant's several answers pooled.
            let severalSamples = q.report.overall.count > 1
            let normSummaries = q.report.overall.filter { $0.n > 0 }.flatMap { overall in
                overall.summaries.filter { $0.norm != nil }.map { (prefix: severalSamples ? ScoreGroupLabel.prefix(overall, language, labels: s.labels) : "", summary: $0) }
        }
        if !normSummaries.isEmpty {
            // The norms' works cited in the report's style (and listed in the references); a custom instrument's
            // own source text as written.
            let keys = Bibliography.normSources[d.id] ?? d.formula.normSources
            let source = keys.isEmpty ? d.norms?.source.text(language) ?? "" : citations.citeInside(keys)
            questionnaire.normsIntro = [Value(value: Phrase.normsIntro(source: source).text(language))]
            var table = ResultTable(id: "\(d.id)_norms", title: Phrase.normsTitle(shortName).text(language), language: language,
                                    columns: [Column(.score, .text, language), Column(.mean, .number(decimals: 2), language),
                                              Column(.ci95, .interval(decimals: 2), language), Column(.norm, .number(decimals: 2), language),
                                              Column(.test, .text, language), Column(.p, .pValue, language), Column(.verdict, .prose, language)])
            for (prefix, summary) in normSummaries {
                let verdict = summary.testUndefined.map { Sentence(stringLiteral: $0).text(language) }
                    ?? summary.normVerdict?.text(language) ?? ""
                table.append([.text(prefix + label(summary.scoreID)), .number(summary.statistics.mean), Results.Value(summary.statistics.ci95),
                              Results.Value(summary.norm), Results.Value(summary.test.map { "t(\($0.df)) = \(number($0.t))" }),
                              Results.Value(p: summary.test?.p), .text(verdict)])
            }
            if severalSamples {
                table.notes.append((d.perTask
                    ? "One row per task and occasion (a session asks the questionnaire under its condition): each mean and test has one answer per participant."
                    : q.report.occasions.contains { !MeasurementKey(key: $0).conditions.isEmpty }
                        ? "One row per occasion or condition level: each mean and test has one answer per participant."
                        : "One row per occasion: each mean and test has one answer per participant." as Sentence).text(language))
            }
            questionnaire.norms = model.place(table.atConfidence(s.confidence))
        }
        if let scoreID = ids.first(where: { d.formula.isOnSUSScale($0, of: d) }) {
            var table = ResultTable(id: "\(d.id)_sus_summary", title: Phrase.susSummaryTitle.text(language), language: language,
                                    columns: [Column(.group, .text, language), Column(.n, .count, language), Column(.mean, .number(decimals: 2), language),
                                              Column(.sd, .number(decimals: 2), language), Column(.median, .number(decimals: 2), language),
                                              Column(.min, .number(decimals: 2), language), Column(.max, .number(decimals: 2), language),
                                              Column(.mode, .text, language), Column(.ci95, .interval(decimals: 2), language)]
                                        + ResultTable.meaningColumns(language))
            for group in q.report.groups + q.report.overall {
                guard let summary = group.summaries.first(where: { $0.scoreID == scoreID }), let meaning = summary.meaning else { continue }
                let st = summary.statistics
                let overall = group.name == ScoreReport.allName
                table.append([.text(ScoreGroupLabel.prefix(group, language, labels: s.labels) + (overall ? Term.all.text(language) : s.groupValue(group.name))), .count(st.n), .number(st.mean), Results.Value(st.sd),
                              .number(st.median), .number(st.min), .number(st.max),
                              .text(st.modes.isEmpty ? "–" : st.modes.map { number($0) }.joined(separator: "; ")), Results.Value(st.ci95)]
                             + ResultTable.meaningCells(meaning, language: language), emphasised: overall)
            }
            table.notes = [Phrase.susGradeSource.text(language)]
            // Under the overall mean, what `score` says under its own: the precision, the adjectives its interval spans
            // and, under 20 respondents, the seeded BCa interval beside the t interval (the same builder).
            if q.report.overall.count == 1, let overall = q.report.overall.first?.summaries.first(where: { $0.scoreID == scoreID }),
               overall.statistics.marginOfError95 != nil {
                let name = scoreID == "SUS" ? "SUS" : ScoreNames.name(scoreID, d, language)
                let values = q.report.rows.compactMap { $0.value(scoreID) }
                table.notes += ResultTable.meanMeaningNotes(overall, name: name, values: values, language: language).map { $0.text(language) }
            }
            questionnaire.sus = model.place(table.atConfidence(s.confidence))
        }
        }

        /// Group and within-participant comparisons, and a per-task instrument's choice shares.
        func comparisons(_ questionnaire: inout Questionnaire, model: inout ReportModel, chart: (String, Figure, String) -> Chart) {
            func toAppendix(_ table: ResultTable) { model.addToAppendix(table, placement: appendix, language: language) }
            // Group comparisons of each score: Welch and its rank-based counterpart, as `score --by --compare` prints them,
            // with the pairwise post-hoc tests for three groups or more.
            // With sets of several occasions or conditions, one comparison per measurement, each naming it ("pós SUS").
            for comparison in q.report.comparisons where comparison.task == nil && comparison.comparison.groups.count >= 2 {
                let score = comparison.prefix(noOccasion: Term.no_occasion.text(language), labels: s.labels) + label(comparison.scoreID)
                questionnaire.comparisons.append(Value(value: comparison.comparison.renamed(s.groupValue).sentence(score: score, language: language)))
                questionnaire.comparisonTables += model.place(ResultTable.postHoc(comparison.comparison, score: score,
                                                                                  id: "\(d.id)_post_hoc", language: language))
        }
        // The same participants under several levels of a factor (occasions, a condition): compared within
        // participants, as `score --within FACTOR --compare` prints it; with groups, the mixed design too.
        questionnaire.within = q.within.map { design in
            withinSection(design, q: q, s: s, language: language, model: &model)
        }
        // A per-task instrument of choice items (one evaluation per component, say): the first choice's share per
        // task and item, with adjusted-Wald intervals, as a table and a figure.
        var taskChoiceChart: Chart?
        let allTallies = q.report.overall.flatMap(\.tallies)
        if d.perTask, let firstTask = q.report.overall.first, !firstTask.tallies.isEmpty {
            let items = firstTask.tallies.map(\.item)
            let firstLabel = firstTask.tallies[0].counts.first?.choice.label.text(language) ?? ""
            var table = ResultTable(id: "\(d.id)_by_task", title: Phrase.taskChoicesTitle(d.title.text(language)).text(language), language: language,
                                    columns: [Column(.task, .text, language)]
                                        + items.map { Column("item_\($0)", "\(Term.item.text(language)) \($0): \(firstLabel)", .text) })
            func cell(_ yes: Int, _ answered: Int, decimals: Int = 0) -> (Results.Value, Double?, ClosedRange<Double>?) {
                guard answered > 0, let rate = CompletionRate(successes: yes, attempts: answered) else { return (.empty, nil, nil) }
                return (.text("\(yes)/\(answered) (\(style.percent(rate.rate, decimals: decimals)))"),
                        rate.rate * 100, (rate.ci95.lowerBound * 100)...(rate.ci95.upperBound * 100))
            }
            var series = items.map { Charts.MeanSeries(name: "\(Term.item.text(language)) \($0)", means: [], intervals: []) }
            // Tasks in the study's order (the components as the study presented them).
            let order = s.tasks.map(\.key)
            let byTask = q.report.overall.sorted { (order.firstIndex(of: $0.task ?? "") ?? .max) < (order.firstIndex(of: $1.task ?? "") ?? .max) }
            for group in byTask {
                let cells = items.map { item -> (Results.Value, Double?, ClosedRange<Double>?) in
                    let tally = group.tallies.first { $0.item == item }
                    return cell(tally?.counts.first?.count ?? 0, tally?.answered ?? 0)
                }
                table.append([Results.Value(group.task)] + cells.map(\.0))
                for index in items.indices {
                    series[index].means.append(cells[index].1)
                    series[index].intervals.append(cells[index].2)
                }
            }
            table.append([.text(("All answers" as Sentence).text(language))] + items.map { item in
                let same = allTallies.filter { $0.item == item }
                return cell(same.reduce(0) { $0 + ($1.counts.first?.count ?? 0) }, same.reduce(0) { $0 + $1.answered }, decimals: 1).0
            }, emphasised: true)
            // The last row tallies answers (a participant once per task), never taken as a sample of people.
            table.notes.append(("The last row counts the answers over every task, each participant once per task: a tally of evaluations, not of participants, and no interval is drawn for it." as Sentence).text(language))
            questionnaire.taskChoices = model.place(table)
            questionnaire.itemKey = d.items.filter { $0.kind == .choice }.map { Value(value: "\(Term.item.text(language)) \($0.number): \($0.text.text(language))") }
            taskChoiceChart = chart("\(d.id)-by-task",
                Charts.means(categories: byTask.map { $0.task ?? "" }, series: series, norms: [], maximum: 100,
                             yTitle: ("\(firstLabel) (%, 95% CI)" as Sentence).text(language), normLabel: "", note: nil,
                             valueText: { number($0, 0) }),
                (d.id == "codeforall-component"
                    ? "Share of \"\(firstLabel)\" answers per component and item, with adjusted-Wald 95% intervals" as Sentence
                    : "Share of \"\(firstLabel)\" answers per task and item, with adjusted-Wald 95% intervals").text(language))
        }
        questionnaire.taskChoiceChart = taskChoiceChart.map { [$0] } ?? []
        }

        /// Open answers, choice items, the figures of scores and items, and Cronbach's α.
        func answersAndFigures(_ questionnaire: inout Questionnaire, model: inout ReportModel, chart: (String, Figure, String) -> Chart) {
            func toAppendix(_ table: ResultTable) { model.addToAppendix(table, placement: appendix, language: language) }
            let allTallies = q.report.overall.flatMap(\.tallies)
            if !q.report.texts.isEmpty {
                questionnaire.openAnswersIntro = [Value(value: Phrase.openAnswers.text(language))]
                questionnaire.openAnswers = q.report.texts.map {
                    Value(value: Phrase.openAnswer(participant: $0.participant, item: $0.item, text: $0.text).text(language))
                }
        }
        if !q.report.unscored.isEmpty {
            questionnaire.unscoredIntro = [Value(value: Phrase.unscoredSets.text(language))]
            questionnaire.unscored = q.report.unscoredForReaders.map { Value(value: $0.text(language)) }
        }
        // Choice items: over every response set (for a per-task instrument, every task together).
        for first in q.report.overall.first?.tallies ?? [] {
            let same = allTallies.filter { $0.item == first.item }
            let answered = same.reduce(0) { $0 + $1.answered }
            // Over several tasks or occasions a participant answers once in each: the count is of answers, said so.
            let several = same.count > 1
            let count = several ? ("\(answered) answers" as Sentence).text(language) : "n = \(answered)"
            var table = ResultTable(id: "\(d.id)_item_\(first.item)", title: "\(first.item). \(first.text.text(language)) (\(count))",
                                    language: language,
                                    columns: [Column("answer", Phrase.answer.text(language), .text), Column(.n, .count, language),
                                              Column(.share, .percent(decimals: 1), language)])
            for index in first.counts.indices {
                let count = same.reduce(0) { $0 + $1.counts[index].count }
                table.append([.text(first.counts[index].choice.label.text(language)), .count(count),
                              answered == 0 ? .empty : .percent(Double(count) / Double(answered))])
            }
            questionnaire.choices += model.place(table)
        }
        var questionnaireCharts: [Chart] = []
        // Sets of several occasions: no histogram or per-item chart that would count a participant once per
        // occasion; the means chart below shows each occasion instead.
        if let graded = d.formula.gradedScore(of: d), !q.report.pooledOccasions {
            let bins = Histogram.susBins(q.report.distributions[graded] ?? [:])
            questionnaireCharts.append(chart("\(d.id)-distribution",
                Charts.columns(labels: bins.map(\.label), values: bins.map { Double($0.count) },
                               xTitle: ("SUS score" as Sentence).text(language), yTitle: ("Participants" as Sentence).text(language)),
                ("Distribution of SUS scores" as Sentence).text(language)))
        }
        // Per item answers (none when the sets span several occasions: a participant's answers are never pooled).
        // A per-task instrument's items per task: one bar per task and item, one answer per participant in each.
        // The SEQ (one item per task) is drawn per task in the tasks section, on its 1–7 scale, never as one
        // pooled item here.
        if let scale = d.scale, !q.report.items.isEmpty, d.id != "seq" {
            let likert = Set(d.items.filter { $0.kind == .likert }.map(\.number))
            let items = q.report.items.filter { likert.contains($0.item) }
            if !items.isEmpty {
                // Negatively worded items (SUS's even items) are recoded: their answers are drawn reversed, so a
                // good answer is on the favourable side for every item and the legend speaks of favourability.
                let recoded = items.contains { $0.reversed }
                let favourable = d.lowerIsBetter ? scale.min : scale.max
                let unfavourable = d.lowerIsBetter ? scale.max : scale.min
                let points = (scale.min...scale.max).map { point -> String in
                    if recoded {
                        if point == favourable { return "\(point) " + ("most favourable" as Sentence).text(language) }
                        if point == unfavourable { return "\(point) " + ("least favourable" as Sentence).text(language) }
                        return String(point)
                    }
                    return scale.anchor(point, language: language).map { "\(point) \($0)" } ?? String(point)
                }
                let counts = items.map { item -> [Int] in
                    let row = (scale.min...scale.max).map { point in item.distribution.first { $0.point == point }?.count ?? 0 }
                    return item.reversed ? Array(row.reversed()) : row
                }
                questionnaireCharts.append(chart("\(d.id)-likert",
                    Charts.divergingLikert(items: items.map { (($0.task.map { "\($0) · " }) ?? "") + "\($0.item)\($0.reversed ? "ʳ" : ""). \($0.text.text(language))" },
                                           points: points, counts: counts, lowIsPositive: d.lowerIsBetter,
                                           axisTitle: (recoded ? "Share of answers (unfavourable to the left, favourable to the right; negatively worded items recoded)" as Sentence
                                                               : "Share of answers (disagreement to the left, agreement to the right)").text(language)),
                    (recoded ? (d.perTask ? "Answers per task and item as diverging stacked bars, one answer per participant in each; negatively worded items (ʳ) recoded, so the favourable answer is on the right for every item" as Sentence
                                          : "Answers per item as diverging stacked bars; negatively worded items (ʳ) recoded, so the favourable answer is on the right for every item")
                             : (d.perTask ? "Answers per task and item as diverging stacked bars, one answer per participant in each" as Sentence
                                          : "Answers per item as diverging stacked bars")).text(language)))
            }
        }
        let scored = ids.filter { id in q.report.overall.first?.summaries.contains { $0.scoreID == id } == true }
        let meanGroups = q.report.groups.isEmpty && q.report.pooledOccasions ? q.report.overall : q.report.groups
        if !meanGroups.isEmpty, !scored.isEmpty, meanGroups.allSatisfy({ $0.task == nil }) {
            let maximum: Double?, minimum: Double
            switch d.formula.scoreScale {
            case .items: (minimum, maximum) = (Double(d.scale?.min ?? 0), d.scale.map { Double($0.max) })
            case .percent: (minimum, maximum) = (0, 100)
            case .open: (minimum, maximum) = (0, nil)
            }
            let series = meanGroups.map { group in
                Charts.MeanSeries(name: ScoreGroupLabel.label(group, name: group.name == ScoreReport.allName ? nil : s.groupValue(group.name), language, labels: s.labels),
                                  means: scored.map { id in group.summaries.first { $0.scoreID == id }?.statistics.mean },
                                  intervals: scored.map { id in group.summaries.first { $0.scoreID == id }?.statistics.ci95 })
            }
            let norms = scored.map { id in d.norms?.values[id] ?? d.formula.publishedNorm(id, of: d) }
            questionnaireCharts.append(chart("\(d.id)-by-group",
                Charts.means(categories: scored.map(label), series: series, norms: norms, minimum: minimum, maximum: maximum,
                             yTitle: ("Mean (\(level)% CI)" as Sentence).text(language), normLabel: ("Norm" as Sentence).text(language),
                             note: d.lowerIsBetter ? (("Lower is better." as Sentence).text(language)) : nil,
                             valueText: { number($0, 1) }),
                (q.report.groups.isEmpty ? (q.report.occasions.contains { !MeasurementKey(key: $0).conditions.isEmpty }
                                            ? "Mean scores per occasion and condition with \(level)% confidence intervals and the norm"
                                            : "Mean scores per occasion with \(level)% confidence intervals and the norm")
                                         : "Mean scores by group with \(level)% confidence intervals and the norm" as Sentence).text(language)))
        }
        let points = q.report.items.first?.distribution.map(\.point) ?? []
        if !q.report.items.isEmpty {
            questionnaire.itemsIntro = [Value(value: Phrase.perItemIntro.text(language))]
            // A per-task instrument: each task apart (a participant answers it once per task), never pooled.
            let perTask = q.report.items.contains { $0.task != nil }
            var table = ResultTable(id: "\(d.id)_items", title: Phrase.itemsTitle(shortName).text(language), language: language,
                                    columns: (perTask ? [Column(.task, .text, language)] : [])
                                        + [Column(.item, .prose, language), Column(.n, .count, language), Column(.mean, .number(decimals: 2), language),
                                              Column(.sd, .number(decimals: 2), language), Column(.recoded_mean, .number(decimals: 2), language)]
                                        + points.map { Column("point_\($0)", String($0), .count) })
            for item in q.report.items {
                table.append((perTask ? [Results.Value(item.task)] : []) + [.text("\(item.item)\(item.reversed ? "ʳ" : ""). \(item.text.text(language))"), .count(item.n),
                              Results.Value(item.raw?.mean), Results.Value(item.raw?.sd), item.reversed ? Results.Value(item.recoded?.mean) : .empty]
                             + points.map { point in .count(item.distribution.first { $0.point == point }?.count ?? 0) })
            }
            if perTask {
                table.notes.append(("One row per task and item: each participant's answer to the task counts once there; the tasks are never pooled (a participant would count once per task)." as Sentence).text(language))
            }
            questionnaire.items = model.place(table)
        }
        // Cronbach's α of the whole instrument: per task for a per-task instrument (never over several tasks'
        // sets); for an instrument of one scored item it does not apply, and the report says so.
        for alpha in q.report.alphas where alpha.scale == ScoreReport.allName {
            let text = Phrase.internalConsistency(alpha: "α = \(number(alpha.alpha.alpha, 3))", items: alpha.alpha.items, cases: alpha.alpha.cases).text(language)
            questionnaire.alpha.append(Value(value: alpha.task.map { (("Task \($0):" as Sentence).text(language)) + " " + text } ?? text))
        }
        if !q.report.items.isEmpty && d.scoredItems.count == 1 {
            questionnaire.alpha.append(Value(value: ("Cronbach's α does not apply: the questionnaire has one item." as Sentence).text(language)))
        }
        questionnaire.charts = questionnaireCharts
        }
    }
}
