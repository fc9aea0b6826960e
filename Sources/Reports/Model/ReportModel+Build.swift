import Wording
import Figures
import Foundation
import Gaze
import QualCoding
import StudyStore
import Results
import Surveys

/// An SVG chart file the report refers to.
/// A chart to write: its file name without extension and the figure, drawn to SVG, PNG and PDF.
public struct ChartFile: Sendable, Equatable {
    public var name: String
    public var figure: Figure
}

extension ReportModel {
    /// Builds the report's data and its charts from a study snapshot.
    ///
    /// The per-participant tables (the participants, each questionnaire's scores per participant) go to the appendix
    /// at the end, or with `appendix: .separate` beside the report as CSV files (`appendixTables`).
    public static func build(_ s: StudySnapshot, language: StudyLanguage,
                             chartFolder: String? = nil, appendix: AppendixPlacement = .inline,
                             quotes quoteAmount: QuoteAmount = .three) -> (ReportModel, [ChartFile]) {
        // Each language has its own charts (their labels are in that language): charts/pt-BR, charts/en.
        let chartFolder = chartFolder ?? "charts/\(language.rawValue)"
        func number(_ value: Double?, _ decimals: Int = 2) -> String { LocalNumber.format(value, decimals: decimals, language: language) }
        func percent(_ share: Double?) -> String { LocalNumber.percent(share, language: language) }
        var charts: [ChartFile] = []
        // Works cited in the report (instruments, methods), listed at the end in the language's style.
        let citations = CitationList(language: language)
        func chart(_ name: String, _ figure: Figure, _ caption: String) -> Chart {
            charts.append(ChartFile(name: name, figure: figure))
            return Chart(file: "\(chartFolder)/\(name).svg", caption: caption)
        }

        let style = NumberStyle(language)
        var model = ReportModel(
            title: s.info.title, language: language.rawValue, generated: String(ISO8601DateFormatter().string(from: Date()).prefix(10)),
            intro: "", t: ReportModel.headings(language))
        model.year = collectionYear(s)
        let level = String(Int((s.confidence * 100).rounded()))
        func toAppendix(_ table: ResultTable) {
            guard !table.isEmpty else { return }
            model.hasAppendix = true
            switch appendix {
            case .inline:
                model.appendix.tables += model.place(table)
            case .separate:
                model.appendixTables.append(table)
                model.appendix.files.append(Value(value: ("\(table.title): tables/\(table.id).csv, beside this report." as Sentence).text(language)))
            }
        }

        // Participants. A study too large to list (a streaming snapshot) has its per-participant tables beside the
        // report as CSV files; the counts and summaries stay in it.
        let apart = s.streamingFrom != nil
        model.profile.count = Phrase.participantCount(s.participantCount).text(language)
        var groupCounts: [(name: String, count: Int)] = []
        if let attribute = s.groupAttribute {
            var counts: [String: Int] = [:]
            if s.streamingFrom != nil {
                counts = s.groupCounts
            } else {
                for participant in s.roster.participants { counts[participant.value(of: attribute)?.display ?? ScoreReport.noGroup, default: 0] += 1 }
            }
            let total = counts.values.reduce(0, +)
            groupCounts = NaturalOrder.distinct(Array(counts.keys), preferring: s.groupOrder).map { ($0, counts[$0]!) }
            var table = ResultTable(id: "participants_by_group", title: Phrase.participantsByGroupTitle(attribute).text(language), language: language,
                                    columns: [Column("group", attribute, .text), Column(.participants, .count, language),
                                              Column(.share, .percent(decimals: 0), language)])
            for (name, count) in groupCounts { table.append([.text(name), .count(count), .percent(Double(count) / Double(max(total, 1)))]) }
            model.profile.groups = model.place(table)
            if !groupCounts.isEmpty {
                model.profile.chart = [chart("participants-by-group",
                    Charts.columns(labels: groupCounts.map(\.name), values: groupCounts.map { Double($0.count) }, xTitle: attribute,
                                   yTitle: Term.participants.text(language)),
                    Phrase.participantsByGroupTitle(attribute).text(language))]
            }
        }
        if apart {
            model.profile.apart = [Value(value: Phrase.attributesApart(rows: s.participantCount, file: ReportModel.participantsFile).text(language))]
        } else {
            let attributes = s.roster.attributes.map(\.name)
            var table = ResultTable(id: "participants", title: Phrase.participantsTitle.text(language), language: language,
                                    columns: [Column(.participant, .text, language)] + attributes.map { Column(StudyText.key($0), $0, .text) })
            for participant in s.roster.participants {
                let values = participant.valuesByName
                table.append([.text(participant.code)] + attributes.map { name in
                    switch values[StudyText.key(name)] {
                    case let .number(value)?: return .text(value == value.rounded() ? NumberParser.format(value) : number(value, 1))
                    case let .text(text)?: return .text(text)
                    case nil: return .empty
                    }
                })
            }
            toAppendix(table)
        }

        // Questionnaires.
        let questionnaires = s.questionnaires.map { q -> Questionnaire in
            let d = q.definition
            let ids = d.scoreIDs
            let shortName = d.id.uppercased()
            // Portuguese reports name scores in Portuguese only ("Utilidade do sistema"); English ones keep the
            // published abbreviation beside the name ("System usefulness (SysUse)").
            func label(_ id: String) -> String { ScoreNames.name(id, d, language, long: true) }
            let sets = q.report.overall.reduce(0) { $0 + $1.n }
            var questionnaire = Questionnaire(id: d.id, title: d.title.text(language),
                                              intro: Phrase.instrumentIntro(reference: citations.cite(instrument: d), sets: sets, lowerIsBetter: d.lowerIsBetter).text(language))
            questionnaire.n = String(sets)
            // Quality checks before the scores: every flag said, with its rule; nothing left out of the scores.
            let flaggedSets = q.flagged.count
            let applicable = ResponseQuality.rules(for: d, timed: q.timed)
            if !applicable.isEmpty {
                let stated = applicable.map { rule -> String in
                    let text = ResponseQuality.statement(rule).text(language)
                    return text.prefix(1).uppercased() + text.dropFirst()
                }.joined(separator: " ")
                questionnaire.qualityIntro = [Value(value: (flaggedSets == 0
                    ? Sentence("No response set was flagged by the quality checks.")
                    : Sentence("\(flaggedSets) of \(q.setCount) response sets were flagged by the quality checks and scored as answered.")).text(language)
                    + " " + stated)]
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
                // Named as people read it ("pós · protótipo=B"), headed "Occasion / condition" when sets carry conditions.
                let conditioned = q.report.occasions.contains { !MeasurementKey(key: $0).conditions.isEmpty }
                if byOccasion { columns.append(Column(Term.occasion.rawValue, (conditioned ? Term.measurement : Term.occasion).text(language), .text)) }
                if !q.report.groups.isEmpty { columns.append(Column(.group, .text, language)) }
                let lead = columns.count
                columns += ids.map { Column(StudyText.key($0).replacingOccurrences(of: " ", with: "_"), label($0), .number(decimals: 2)) }
                var table = ResultTable(id: "\(d.id)_scores", title: Phrase.scoresTitle(shortName).text(language), language: language, columns: columns)
                for row in q.report.rows {
                    var cells: [Results.Value] = [.text(row.participant)]
                    if d.perTask { cells.append(Results.Value(row.task)) }
                    if byOccasion { cells.append(.text(MeasurementKey(key: row.occasion).label(none: Term.no_occasion.text(language)))) }
                    if !q.report.groups.isEmpty { cells.append(Results.Value(row.group)) }
                    table.append(cells + ids.map { Results.Value(row.value($0)) })
                }
                func means(_ group: ScoreReport.Group, _ title: String) {
                    let cells = [Results.Value.text(title)] + Array(repeating: Results.Value.empty, count: lead - 1)
                    table.append(cells + ids.map { id in Results.Value(group.summaries.first { $0.scoreID == id }?.statistics.mean) }, emphasised: true)
                }
                for group in q.report.groups {
                    means(group, Phrase.groupMean(group: ScoreGroupLabel.prefix(group, language) + group.name, n: group.n).text(language))
                }
                if q.report.overall.count == 1, let overall = q.report.overall.first {
                    means(overall, Phrase.overallMean(n: overall.n).text(language))
                } else {
                    // A per-task instrument (or sets of several occasions): a mean per task and occasion — the
                    // condition a session asked it under — never one "overall" mean of one task, nor of a participant's
                    // answers to several tasks or conditions.
                    for overall in q.report.overall where overall.n > 0 {
                        means(overall, Phrase.groupMean(group: ScoreGroupLabel.prefix(overall, language).trimmingCharacters(in: .whitespaces), n: overall.n).text(language))
                    }
                }
                if ids.contains(where: { d.norms?.values[$0] != nil }) || d.scoring == .sus {
                    table.append([.text(Term.norm.text(language))] + Array(repeating: .empty, count: lead - 1)
                        + ids.map { Results.Value(d.norms?.values[$0] ?? (d.scoring == .sus && $0 == "SUS" ? SUSInterpretation.benchmark : nil)) })
                }
                toAppendix(table)
            }
            // Each test against the norm over one sample of one answer per participant: per task and occasion for a
            // per-task instrument (the SEQ of T1 under one device), never a participant's several answers pooled.
            let severalSamples = q.report.overall.count > 1
            let normSummaries = q.report.overall.filter { $0.n > 0 }.flatMap { overall in
                overall.summaries.filter { $0.norm != nil }.map { (prefix: severalSamples ? ScoreGroupLabel.prefix(overall, language) : "", summary: $0) }
            }
            if !normSummaries.isEmpty {
                // The norms' works cited in the report's style (and listed in the references); a custom instrument's
                // own source text as written.
                let keys = Bibliography.normSources[d.id] ?? (d.scoring == .sus ? ["sauro2016"] : [])
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
                        : "One row per occasion: each mean and test has one answer per participant." as Sentence).text(language))
                }
                questionnaire.norms = model.place(table.atConfidence(s.confidence))
            }
            if d.scoring == .sus || ids.contains("SUS-equivalent") {
                let scoreID = d.scoring == .sus ? "SUS" : "SUS-equivalent"
                var table = ResultTable(id: "\(d.id)_sus_summary", title: Phrase.susSummaryTitle.text(language), language: language,
                                        columns: [Column(.group, .text, language), Column(.n, .count, language), Column(.mean, .number(decimals: 2), language),
                                                  Column(.sd, .number(decimals: 2), language), Column(.median, .number(decimals: 2), language),
                                                  Column(.min, .number(decimals: 2), language), Column(.max, .number(decimals: 2), language),
                                                  Column(.mode, .text, language), Column(.ci95, .interval(decimals: 2), language),
                                                  Column(.grade, .text, language), Column(.grade_ci95, .text, language),
                                                  Column(.percentiles, .text, language), Column(.percentile_rank, .count, language),
                                                  Column(.adjective, .text, language), Column(.acceptability, .text, language)])
                for group in q.report.groups + q.report.overall {
                    guard let summary = group.summaries.first(where: { $0.scoreID == scoreID }), let meaning = summary.meaning else { continue }
                    let st = summary.statistics
                    let overall = group.name == ScoreReport.allName
                    table.append([.text(ScoreGroupLabel.prefix(group, language) + (overall ? Term.all.text(language) : group.name)), .count(st.n), .number(st.mean), Results.Value(st.sd),
                                  .number(st.median), .number(st.min), .number(st.max),
                                  .text(st.modes.isEmpty ? "–" : st.modes.map { number($0) }.joined(separator: "; ")), Results.Value(st.ci95),
                                  .text(meaning.grade.grade), Results.Value(meaning.gradeSpan?.text(language)), .text(meaning.grade.percentiles),
                                  .count(meaning.percentileRank), .text(meaning.adjective.name(language)), .text(meaning.acceptability.name(language))],
                                 emphasised: overall)
                }
                table.notes = [Phrase.susGradeSource.text(language)]
                if q.report.overall.count == 1, let overall = q.report.overall.first?.summaries.first(where: { $0.scoreID == scoreID }),
                   let margin = overall.statistics.marginOfError95 {
                    table.notes.append(Phrase.precision(score: scoreID == "SUS" ? "SUS" : ScoreNames.name(scoreID, d, language), n: overall.statistics.n,
                                                        margin: number(margin)).text(language))
                    if let low = overall.meaning?.adjectiveAtLow, let high = overall.meaning?.adjectiveAtHigh {
                        table.notes.append(Phrase.adjectiveSpan(score: scoreID == "SUS" ? "SUS" : ScoreNames.name(scoreID, d, language), low: low, high: high).text(language))
                    }
                    // Under 20 respondents, the seeded BCa interval beside the t interval, as `score` prints it.
                    let values = q.report.rows.compactMap { $0.value(scoreID) }
                    if overall.statistics.n < 20, values.count == overall.statistics.n, let bca = Bootstrap.meanBCa(values) {
                        let name = scoreID == "SUS" ? "SUS" : ScoreNames.name(scoreID, d, language)
                        table.notes.append(Sentence("With fewer than 20 respondents, the BCa bootstrap 95% CI of the \(name) mean is \(NumberStyle(language).interval(bca.low, bca.high)) (\(bca.resamples) resamples, seed \(bca.seed); Efron 1987): it need not be symmetric and stays inside the scale.").text(language))
                    }
                }
                questionnaire.sus = model.place(table.atConfidence(s.confidence))
            }
            // Group comparisons of each score: Welch and its rank-based counterpart, as `score --by --compare` prints them,
            // with the pairwise post-hoc tests for three groups or more.
            // With sets of several occasions or conditions, one comparison per measurement, each naming it ("pós SUS").
            for comparison in q.report.comparisons where comparison.task == nil && comparison.comparison.groups.count >= 2 {
                let score = comparison.prefix(noOccasion: Term.no_occasion.text(language)) + label(comparison.scoreID)
                questionnaire.comparisons.append(Value(value: comparison.comparison.sentence(score: score, language: language)))
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
            if d.scoring == .sus && !q.report.pooledOccasions {
                let bins = Histogram.susBins(q.report.distributions["SUS"] ?? [:])
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
                let maximum: Double? = d.scale.map { Double($0.max) }.flatMap { d.scoring == .mean ? $0 : nil } ?? ((d.scoring == .sus || d.scoring == .umux || d.scoring == .umuxLite) ? 100 : nil)
                let minimum = d.scoring == .mean ? Double(d.scale?.min ?? 0) : 0
                let series = meanGroups.map { group in
                    Charts.MeanSeries(name: group.name == ScoreReport.allName
                                          ? String(ScoreGroupLabel.prefix(group, language).dropLast()) : ScoreGroupLabel.prefix(group, language) + group.name,
                                      means: scored.map { id in group.summaries.first { $0.scoreID == id }?.statistics.mean },
                                      intervals: scored.map { id in group.summaries.first { $0.scoreID == id }?.statistics.ci95 })
                }
                let norms = scored.map { id in d.norms?.values[id] ?? (d.scoring == .sus && id == "SUS" ? SUSInterpretation.benchmark : nil) }
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
            questionnaire.taskChoiceChart = taskChoiceChart.map { [$0] } ?? []
            return questionnaire
        }
        model.questionnaires = questionnaires
        model.hasQuestionnaires = !model.questionnaires.isEmpty

        // Tasks.
        let penalties = Set(s.tasks.compactMap { task in task.penaltySeconds.map { "\(task.key): \(number($0, 1)) s" } })
        // One value per participant in each row and figure (a participant's several trials never count as several
        // people): the rule under the table, and in each figure's caption.
        var summaryTable = ResultTable.taskSummary(s.taskSummary, factors: s.taskGroupNames, language: language)
        summaryTable.notes.append(Phrase.taskTimesNote(successfulOnly: false).text(language))
        summaryTable.notes.append(ResultTable.abandonedNote.text(language))
        summaryTable.notes.append(("One value per participant in each row: completion by their first attempt there, time by the geometric mean of their times, errors by their mean per attempt, SEQ by the mean of their answers; assisted counts the participants helped in any attempt; attempts and errors (total) count every attempt." as Sentence).text(language))
        let several = s.taskSummary.reduce(0) { $0 + $1.severalAttempts }
        if several > 0 {
            summaryTable.notes.append(("Participants with several attempts in a row (counted once each): \(several)." as Sentence).text(language))
        }
        model.tasks.table = model.place(summaryTable)
        model.hasTasks = !s.taskSummary.isEmpty
        var taskCharts: [Chart] = []
        if !s.taskSummary.isEmpty {
            let taskKeys = NaturalOrder.distinct(s.taskSummary.map(\.task), preferring: s.tasks.map(\.key))
            let groupKeys = NaturalOrder.distinct(s.taskSummary.map { $0.group.joined(separator: " · ") })
            func row(_ task: String, _ group: String) -> TaskSummaryRow? {
                s.taskSummary.first { $0.task == task && $0.group.joined(separator: " · ") == group }
            }
            let groupNames = Charts.taskGroupNames(s.taskSummary.map(\.group), language: language)
            func series(_ value: (TaskSummaryRow) -> (Double?, ClosedRange<Double>?)) -> [Charts.MeanSeries] {
                groupKeys.map { group in
                    let values = taskKeys.map { task in row(task, group).map(value) ?? (nil, nil) }
                    return Charts.MeanSeries(name: groupNames[group] ?? group, means: values.map(\.0), intervals: values.map(\.1))
                }
            }
            let conditionNote = s.factors.isEmpty ? nil : (("Conditions: " as Sentence).text(language)) + s.factors.map(\.name).joined(separator: " · ")
            // Tasks by their titles, wrapped under their columns (a title too long for two lines is given in full in a key).
            let taskTitles = taskKeys.map { key in s.tasks.first { $0.key == key }?.title ?? key }
            taskCharts.append(chart("task-completion",
                Charts.means(categories: taskTitles, series: series { ($0.completion.map { $0.rate * 100 }, $0.completion.map { ($0.ci95.lowerBound * 100)...($0.ci95.upperBound * 100) }) },
                             norms: [], maximum: 100, yTitle: ("Completion (%, \(level)% CI)" as Sentence).text(language), normLabel: "",
                             note: conditionNote, valueText: { number($0, 0) },
                             reference: .init(value: TaskBenchmarks.completion * 100,
                                              label: ("Average completion \(percent(TaskBenchmarks.completion)) (Sauro 2011)" as Sentence).text(language)),
                             wrapCategories: true, categoryKeys: taskKeys),
                ("Completion rate per task with adjusted-Wald \(level)% confidence intervals \(citations.cite("sauro2005")): one outcome per participant, their first attempt; the dashed line is the average completion rate of \(percent(TaskBenchmarks.completion)) over 1,189 tasks (Sauro 2011)" as Sentence).text(language)))
            if s.taskSummary.contains(where: { $0.time?.geometricMean != nil }) {
                taskCharts.append(chart("task-time",
                    Charts.means(categories: taskTitles, series: series { ($0.time?.geometricMean?.value, $0.time?.geometricMean?.ci95) },
                                 norms: [], maximum: nil, yTitle: ("Time (s, geometric mean)" as Sentence).text(language), normLabel: "",
                                 note: conditionNote, valueText: { number($0, 0) }, wrapCategories: true, categoryKeys: taskKeys),
                    ("Time per task: geometric mean with \(level)% confidence interval (computed on the log scale), one time per participant (the geometric mean of their attempts)" as Sentence).text(language)))
            }
            if s.taskSummary.contains(where: { $0.errorsMean != nil }) {
                taskCharts.append(chart("task-errors",
                    Charts.means(categories: taskTitles, series: series { row in
                        guard let mean = row.errorsMean else { return (nil, nil) }
                        // Over the participants (each one's mean errors per attempt), never over the attempts.
                        guard let sd = row.errorsSD, row.errorsN > 1 else { return (mean, nil) }
                        let half = StudentT.quantile(1 - (1 - s.confidence) / 2, df: Double(row.errorsN - 1)) * sd / Double(row.errorsN).squareRoot()
                        return (mean, max(0, mean - half)...(mean + half))
                    }, norms: [], maximum: nil, yTitle: ("Errors (mean per participant, \(level)% CI)" as Sentence).text(language), normLabel: "",
                                 note: conditionNote, valueText: { number($0, 1) }, wrapCategories: true, categoryKeys: taskKeys),
                    ("Errors per task: mean over the participants (each one's mean per attempt) with \(level)% confidence interval" as Sentence).text(language)))
            }
            if s.taskSummary.contains(where: { $0.seqMean != nil }) {
                taskCharts.append(chart("task-seq",
                    // The t interval of the participants' values (one per participant) at the report's level, drawn
                    // within the scale.
                    Charts.means(categories: taskTitles, series: series { row in
                        (row.seqMean, row.seqBenchmark.map { max(1, $0.interval.lowerBound)...min(7, $0.interval.upperBound) })
                    }, norms: [], minimum: 1, maximum: 7,
                                 yTitle: ("SEQ (mean, \(level)% CI; 1–7, 7 = very easy)" as Sentence).text(language), normLabel: "",
                                 note: conditionNote, valueText: { number($0, 1) },
                                 reference: .init(value: TaskBenchmarks.seq, label: ("Average SEQ \(number(TaskBenchmarks.seq, 1)) (Sauro 2012)" as Sentence).text(language)),
                                 wrapCategories: true, categoryKeys: taskKeys),
                    ("SEQ per task: the mean of one value per participant (their answer, or the mean of their answers) on the 1–7 scale with its t confidence interval at \(level) %, and the average of \(number(TaskBenchmarks.seq, 1)) over many tasks (Sauro 2012) as a dashed line" as Sentence).text(language)))
            }
        }
        if !penalties.isEmpty { model.tasks.penaltyNote = [Value(value: Phrase.penaltyRule(penalties.sorted().joined(separator: ", ")).text(language))] }
        model.tasks.charts = taskCharts
        if let groups = s.taskGroups, !groups.rows.isEmpty {
            // What changed between the groups, every task and measure in one table, before the conditions' tables.
            var table = ResultTable.groupTaskComparisons(groups, language: language)
            table.notes = ResultTable.groupTaskNotes(groups, language: language, cite: { citations.cite($0) })
            model.tasks.comparisonTables += model.place(table)
            model.tasks.comparisons = groupTaskSentences(groups, language: language).map { Value(value: $0) }
        }
        for table in taskComparisons(s, language: language) { model.tasks.comparisonTables += model.place(table) }

        // Coding.
        if !s.categories.isEmpty {
            model.hasCoding = true
            var codebook = ResultTable(id: "codebook", title: Phrase.codebookTitle.text(language), language: language,
                                       columns: [Column(.category, .text, language), Column(.origin, .text, language),
                                                 Column(.definition, .prose, language), Column(.theme, .text, language),
                                                 Column(.codes, .count, language), Column(.participants, .text, language)])
            for category in s.categories {
                let origin = category.origin == "emergent" ? Term.emergent.text(language) : category.origin
                let participants = category.codes == 0 ? "\(category.participants) (\(Phrase.notObserved.text(language)))" : String(category.participants)
                codebook.append([.text(category.name), .text(origin), Results.Value(category.definition), Results.Value(category.theme),
                                 .count(category.codes), .text(participants)])
            }
            model.coding.codebook = model.place(codebook)
            let groups = s.frequencies.groups.enumerated().map { index, name in
                "\(name): \(s.frequencies.rows.first?.groups[index].denominator ?? 0)"
            }.joined(separator: "; ")
            model.coding.sharesIntro = Phrase.sharesIntro(denominator: s.frequencies.participants, groups: groups, coder: s.primaryCoder).text(language)
            let shares = ResultTable.categoryFrequencies(s.frequencies, language: language)
            model.coding.shares = model.place(shares)
            if !s.codes.isEmpty {
                let rows = s.frequencies.rows
                model.coding.sharesChart = [chart("category-shares",
                    Charts.horizontalBars(labels: rows.map(\.category), values: rows.map { $0.overall.share * 100 }, maximum: 100,
                                          valueText: { style.percent($0 / 100) },
                                          axisTitle: ("Interviewed participants raising the category (%)" as Sentence).text(language)),
                    ("Share of participants raising each category" as Sentence).text(language))]
            }
            var codes = ResultTable(id: "in_vivo_codes", title: Phrase.inVivoCodesTitle.text(language), language: language,
                                    columns: [Column(.participant, .text, language), Column(.group, .text, language),
                                              Column(.code, .prose, language), Column(.category, .text, language)])
            for code in s.codes.filter({ s.primaryCoder == nil || $0.coder == s.primaryCoder }).sorted(by: {
                let a = s.group(of: $0.participant) ?? ""
                let b = s.group(of: $1.participant) ?? ""
                if a != b { return NaturalOrder.areInIncreasingOrder(a, b, preferring: s.groupOrder) }
                if $0.participant != $1.participant { return NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
                return $0.id < $1.id
            }) {
                codes.append([.text(code.participant), Results.Value(s.group(of: code.participant)), .text(code.code),
                              .text(code.categories.joined(separator: "; "))])
            }
            model.coding.codes = model.place(codes)
            // Quotes per category: the first three excerpts of each (in participant order), the rest in the workbook.
            var quotes = ResultTable(id: "quotes", title: Phrase.quotesTitle.text(language), language: language,
                                     columns: [Column(.category, .text, language), Column(.participant, .text, language),
                                               Column(.excerpt, .prose, language)])
            let primary = s.codes.filter { s.primaryCoder == nil || $0.coder == s.primaryCoder }
                .sorted { NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) || ($0.participant == $1.participant && $0.id < $1.id) }
            for category in s.categories {
                for code in primary.filter({ $0.categories.contains(category.name) }).prefix(3) {
                    quotes.append([.text(category.name), .text(code.participant), .text("“\(code.excerpt)”")])
                }
            }
            if !quotes.isEmpty {
                quotes.notes = [quoteAmount == .all ? ("At most three excerpts per category, in participant order; every excerpt is in the appendix table of all quotes." as Sentence).text(language)
                                : Phrase.quotesNote.text(language)]
            }
            model.coding.quotes = model.place(quotes)
            if quoteAmount == .all {
                // Every quote of every category, for a results chapter to choose from.
                var columns = [Column(.category, .text, language), Column(.participant, .text, language)]
                if let attribute = s.groupAttribute { columns.append(Column("group", attribute, .text)) }
                columns.append(Column(.excerpt, .prose, language))
                var every = ResultTable(id: "all_quotes", title: ("All quotes by category" as Sentence).text(language), language: language, columns: columns)
                for category in s.categories {
                    for code in primary.filter({ $0.categories.contains(category.name) }) {
                        var row: [Results.Value] = [.text(category.name), .text(code.participant)]
                        if s.groupAttribute != nil { row.append(Results.Value(s.group(of: code.participant))) }
                        every.append(row + [.text("“\(code.excerpt)”")])
                    }
                }
                toAppendix(every)
            }
            sampleSize(s, language: language, citations: citations, model: &model, chart: chart)
        }
        let agreements = s.agreement.map { report in
            let coders = report.coders.joined(separator: ", ")
            let table = ResultTable.agreement(report, language: language)
            _ = citations.cite("hayes2007")  // α's interval in the table's note: listed in the references
            var entry = Agreement(heading: Phrase.agreementHeading(coders: coders).text(language), units: Phrase.agreementUnits(report.units).text(language),
                                  table: model.place(table))
            entry.coverage = ((report.coverage?.lines(language) ?? []) + [report.coverage?.hint(language)].compactMap { $0 }).map(Value.init(value:))
            let lines = report.categories + [report.overall]
            entry.chart = [chart("agreement",
                Charts.means(categories: lines.map { $0.category == "overall" ? (("Overall" as Sentence).text(language)) : $0.category },
                             series: [Charts.MeanSeries(name: ("Cohen's κ" as Sentence).text(language), means: lines.map { $0.kappas.first?.kappa }, intervals: lines.map { _ in nil }),
                                      Charts.MeanSeries(name: ("Krippendorff's α" as Sentence).text(language), means: lines.map(\.alpha), intervals: lines.map { _ in nil })],
                             norms: lines.map { _ in 0.8 }, maximum: 1, yTitle: ("Coefficient" as Sentence).text(language),
                             normLabel: ("Threshold 0.80" as Sentence).text(language), note: nil, valueText: { number($0, 2) }),
                ("Agreement between coders per category: Cohen's κ and Krippendorff's α, with the 0.80 threshold \(citations.cite("krippendorff2004"))" as Sentence).text(language))]
            return entry
        }
        model.agreement = agreements
        model.hasAgreement = !model.agreement.isEmpty

        // What a memo is about, in the report's language: "study", "participant:P4", "code:12", "category:NAME".
        model.memos = s.memos.map { memo in
            let parts = memo.on.split(separator: ":", maxSplits: 1).map(String.init)
            let on = Phrase.memoTarget(kind: parts[0], name: parts.count == 2 ? parts[1] : nil).text(language)
            return Value(value: Phrase.memo(on: on, created: String(memo.created.prefix(10)), coder: memo.coder, text: memo.text).text(language))
        }
        model.hasMemos = !model.memos.isEmpty
        model.intro = Phrase.generated(date: model.generated, file: URL(fileURLWithPath: s.path).lastPathComponent).text(language)
        if !s.gazeRecordings.isEmpty {
            model.hasGaze = true
            model.gaze = gazeSection(s, language: language, citations: citations, model: &model, chart: chart)
        }
        model.buildSummary(s, language: language, citations: citations)
        model.methods = Methods.paragraphs(s, language: language, citations: citations).map { Value(value: $0) }
        // The works the tables' notes mention in a fixed form are listed too.
        for table in model.tables {
            for note in table.notes { citations.noteMentions(in: note) }
        }
        for sentence in model.tasks.comparisons { citations.noteMentions(in: sentence.value) }
        // Last, so every work cited anywhere above is in the list.
        model.references = citations.entries.map { Value(value: $0) }
        model.citationForms = citations.forms
        model.verbatimReferences = citations.verbatim
        model.hasReferences = !model.references.isEmpty
        return (model, charts)
    }

    /// The sentences over the table of what changed between the groups: which differences hold after Holm's
    /// correction (each with its groups named and its direction), or that none does, and how many were tested.
    static func groupTaskSentences(_ groups: GroupTaskComparisons, language: StudyLanguage) -> [String] {
        let style = NumberStyle(language)
        let family = groups.rows.count
        let holding = groups.rows.filter { $0.pHolm < 0.05 }
        func measure(_ row: GroupTaskComparison) -> Sentence {
            switch row.measure {
            case .completion: return "completion"
            case .time: return "time"
            case .errors: return "errors"
            case .seq: return "SEQ"
            }
        }
        func said(_ row: GroupTaskComparison) -> Sentence {
            let values: Sentence = row.measure == .completion
                ? "\(style.percent(row.typicalA)) vs \(style.percent(row.typicalB))"
                : row.measure == .time ? "\(style.number(row.typicalA, decimals: 1)) s vs \(style.number(row.typicalB, decimals: 1)) s"
                : "\(style.number(row.typicalA)) vs \(style.number(row.typicalB))"
            let effect: Sentence = row.hedgesG.map { "g = \(style.number($0)): \(ResultTable.direction(row))" } ?? ResultTable.direction(row)
            let p = style.p(row.pHolm)
            let holm = p.hasPrefix("<") ? "p (Holm) \(p)" : "p (Holm) = \(p)"
            return "\(row.task) \(measure(row)) (\(row.groupA) vs \(row.groupB): \(values); \(effect); \(holm))"
        }
        let sentence: Sentence
        if holding.isEmpty {
            sentence = family == 1 ? "The difference tested between the groups of \(groups.grouping) is not significant (p ≥ 0.05)."
                : "None of the \(family) differences tested between the groups of \(groups.grouping) is significant after Holm's correction (p ≥ 0.05)."
        } else {
            sentence = family == 1 ? "Between the groups of \(groups.grouping): \(said(holding[0]))."
                : "Of the \(family) differences tested between the groups of \(groups.grouping), these hold after Holm's correction (p < 0.05): \(Sentence.joined(holding.map(said), separator: "; "))."
        }
        return [sentence.text(language)]
    }

    /// A machine name's part for a factor: ASCII letters and digits ("prototipo" for "protótipo"), for table ids
    /// and LaTeX labels.
    static func idPart(_ factor: String) -> String {
        let folded = factor.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let part = String(folded.unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" })
        return part.isEmpty ? "factor" : part
    }

    /// A questionnaire's levels of one factor compared within participants: the heading, what enters, the table of
    /// the tests with its notes, a sentence per comparison, the pairs with Holm's adjustment; the mixed design's
    /// cells and ANOVA when the participants are grouped.
    static func withinSection(_ design: StudySnapshot.WithinDesign, q: StudySnapshot.Questionnaire, s: StudySnapshot,
                              language: StudyLanguage, model: inout ReportModel) -> Within {
        let d = q.definition
        let shortName = d.id.uppercased()
        func name(_ id: String) -> String { ScoreNames.name(id, d, language) }
        let factor = design.factor
        let base = "\(d.id)_within_\(idPart(factor))"
        let levels = WithinWording.levelList(design.levels, language)
        var within = Within(heading: ("Within participants: \(WithinWording.factorName(factor)) (\(levels))" as Sentence).text(language),
                            intro: WithinWording.heading(factor: factor, levels: design.levels, language: language).text(language))
        var table = ResultTable.withinComparisons(design.comparisons, factor: factor, levels: design.levels, instrument: shortName, id: base,
                                                  language: language, name: name)
        if design.comparisons.contains(where: { $0.comparison.levels.count == 2 }) {
            let pair = design.comparisons.first { $0.comparison.levels.count == 2 }!.comparison.levels.map { WithinWording.levelName($0, language) }
            table.notes.append(("The mean difference is \(pair[1]) minus \(pair[0]); dz is the mean difference over the standard deviation of the differences. Wilcoxon T: the signed-rank test, its p exact, exact over every sign pattern where there are ties or zero differences, or from the normal approximation; r is the matched-pairs rank-biserial correlation." as Sentence).text(language))
        }
        if design.comparisons.contains(where: { $0.comparison.levels.count > 2 }) {
            table.notes.append(("RM-ANOVA: repeated-measures ANOVA, with the generalised η² (η²G); Greenhouse–Geisser: the F test on both degrees of freedom multiplied by ε; Mauchly's W tests sphericity; Kendall's W is Friedman's effect size." as Sentence).text(language))
        }
        within.table = model.place(table)
        within.sentences = design.comparisons.map { item in
            let label = WithinWording.label(task: item.task, stratum: item.stratum, score: name(item.scoreID))
            return Value(value: WithinWording.paragraph(item.comparison, label: label, factor: factor, language: language))
        }
        within.pairs = model.place(ResultTable.withinPairs(design.comparisons, factor: factor, instrument: shortName, id: base + "_pairs",
                                                           language: language, name: name))
        if !design.mixed.isEmpty, let by = s.groupAttribute {
            within.mixedIntro = [Value(value: WithinWording.mixedHeading(by: by, factor: factor, levels: design.levels, language: language).text(language))]
            within.mixedCells = model.place(ResultTable.mixedCells(design.mixed, factor: factor, by: by, instrument: shortName, id: base + "_mixed_cells",
                                                                   language: language, name: name))
            within.mixed = model.place(ResultTable.mixedANOVA(design.mixed, factor: factor, by: by, instrument: shortName, id: base + "_mixed",
                                                              language: language, name: name))
            within.mixedSentences = design.mixed.map { item in
                let label = WithinWording.label(task: item.task, stratum: item.stratum, score: name(item.scoreID))
                return Value(value: WithinWording.mixedParagraph(item.comparison, label: label, factor: factor, by: by, language: language))
            }
        }
        return within
    }

    /// How many participants were enough: problem discovery over the categories (Lewis 2001) and code saturation
    /// with Guest, Namey & Chen's (2020) suggested base 4, run 2 and 5 % threshold, each with its figure.
    static func sampleSize(_ s: StudySnapshot, language: StudyLanguage, citations: CitationList, model: inout ReportModel,
                           chart: (String, Figure, String) -> Chart) {
        let interviews = s.interviews
        if let discovery = ProblemDiscovery(raised: interviews) {
            let goal = 0.9
            let needed = discovery.participantsNeeded(goal: goal)
            model.coding.discovery = model.place(ResultTable.discovery(discovery, language: language))
            model.coding.discoverySummary = Phrase.discoverySummary(p: discovery.pAdjusted, participants: discovery.participants, found: discovery.foundShare,
                                                                    total: discovery.estimatedTotal, goal: goal, needed: needed).text(language)
            model.coding.discoveryChart = [chart("discovery", Charts.discoveryCurve(p: discovery.pAdjusted, observed: discovery.observedShares(interviews),
                                                                                     goal: goal, needed: needed, labels: Charts.discoveryLabels(goal: goal, language: language)),
                ("Categories expected to be found as participants are added, 1 − (1 − p)ⁿ with Lewis's adjusted p, and those found so far \(citations.cite("lewis2001"))" as Sentence).text(language))]
            model.coding.hasSampleSize = true
        }
        let saturation = Saturation(sequence: interviews, base: 4, run: 2, threshold: 0.05)
        if saturation.baseCodes > 0 {
            let order: Sentence = "Interviews in the participants' order (P1, P2, …)."
            model.coding.saturation = model.place(ResultTable.saturation(saturation, order: order.text(language), language: language))
            model.coding.saturationChart = [chart("saturation", Charts.saturation(interviews: saturation.interviews.map(\.participant),
                                                                                   new: saturation.interviews.map(\.new.count),
                                                                                   cumulative: saturation.interviews.map(\.cumulative), base: saturation.base,
                                                                                   saturatedAt: saturation.saturatedAt, labels: Charts.saturationLabels(language)),
                ("Categories raised for the first time in each interview and in all so far, with the base and the point of saturation \(citations.cite("guest2020"))" as Sentence).text(language))]
            model.coding.hasSampleSize = true
        }
    }

    /// The eye-tracking section: data quality, AOI metrics per AOI (and group), a heat map and a scan path per media.
    static func gazeSection(_ s: StudySnapshot, language: StudyLanguage, citations: CitationList, model: inout ReportModel,
                            chart: (String, Figure, String) -> Chart) -> Gaze {
        var gaze = Gaze()
        let quality = ResultTable.gazeQuality(s.gazeRecordings, language: language)
        gaze.quality = model.place(quality)
        gaze.filters = Phrase.fixationFilters(Array(Set(s.gazeRecordings.map(\.filter))).sorted().joined(separator: "; ")).text(language)
        var aois = ResultTable.aoiSummary(s.gazeSummary, group: s.groupAttribute, language: language)
        aois.notes = []
        gaze.aois = model.place(aois)
        gaze.note = Phrase.gazeDefinitions.text(language)
        for name in Array(Set(s.gazeFixations.map(\.media))).sorted() {
            let areas = s.gazeAOIs.filter { $0.media.caseInsensitiveCompare(name) == .orderedSame }.map(\.aoi)
            guard !areas.isEmpty else { continue }
            var participants: [String] = []
            var sequences: [[String]] = []
            for set in s.gazeFixations where set.media == name {
                let visits = ScanPath.visits(set.fixations, aois: areas)
                if let index = participants.firstIndex(of: set.participant) { sequences[index] += visits } else {
                    participants.append(set.participant)
                    sequences.append(visits)
                }
            }
            guard participants.count >= 2 else { continue }
            let groupOf = s.groupAttribute.map { _ in Dictionary(participants.compactMap { p in s.group(of: p).map { (p, $0) } }, uniquingKeysWith: { a, _ in a }) }
            let similarity = ScanPath.Similarity(participants: participants, sequences: sequences, groupOf: groupOf, groupOrder: s.groupOrder)
            _ = citations.cite("brandt1997")  // the note cites it: listed in the references
            gaze.similarity += model.place(ResultTable.scanPathSimilarity(similarity, media: name, language: language))
        }
        let media = Array(Set(s.gazeFixations.map(\.media))).sorted()
        for name in media {
            let sets = s.gazeFixations.filter { $0.media == name }
            let all = sets.flatMap(\.fixations)
            guard !all.isEmpty, let stimulus = try? GazePictures.stimulus(image: s.gazeImages[name], fixations: all) else { continue }
            let base = GazePictures.fileName((name as NSString).deletingPathExtension)
            let selection = GazePictures.Selection(name: "all", label: ("all participants" as Sentence).text(language),
                                                   recordings: sets.map { ($0.participant, $0.fixations) })
            if let maps = try? GazePictures.maps(selection, media: name, stimulus: stimulus, weight: .duration, language: language) {
                gaze.figures.append(chart("gaze-\(base)-heatmap", maps.heat,
                    ("Heat map of \(name): every participant's fixations weighted by duration \(citations.cite("dalmaijer2014"))" as Sentence).text(language)))
            }
            if let first = sets.first {
                let example = GazePictures.Selection(name: first.participant, label: (("participant " as Sentence).text(language)) + first.participant,
                                                     recordings: [(first.participant, first.fixations)])
                let areas = s.gazeAOIs.filter { $0.media.caseInsensitiveCompare(name) == .orderedSame }.map(\.aoi)
                gaze.figures.append(chart("gaze-\(base)-scanpath", GazePictures.scanPath(example, media: name, stimulus: stimulus, simplified: false,
                                                                                         aois: areas, first: 20, language: language),
                    ("Scan path of \(first.participant) on \(name): the first 20 fixations" as Sentence).text(language)))
            }
        }
        return gaze
    }

    /// Each condition's levels compared per task (every level someone did the task under; three or more within
    /// participants), time, errors and completion, as `tasks compare` computes them (`ConditionTaskComparisons`):
    /// one per condition with a task to compare, for the report's tables and the workbook's sheet.
    static func conditionComparisons(_ s: StudySnapshot) -> [ConditionTaskComparisons] {
        s.factors.filter { $0.levels.count >= 2 }.compactMap { factor in
            // The attempts as the task statistics read them, in the order recorded (the first attempt under a level
            // gives the participant's completion there), each with its level of the condition.
            let observations = s.attempts.map { attempt in
                TaskObservation(participant: attempt.participant, task: attempt.task, group: [attempt.conditions[factor.name] ?? ""],
                                seconds: attempt.seconds, errors: attempt.errors, outcome: attempt.outcome, assisted: attempt.assisted)
            }
            let comparisons = ConditionTaskComparisons(factor: factor.name, levels: factor.levels, taskOrder: s.tasks.map(\.key),
                                                       observations: observations, confidence: s.confidence,
                                                       level: { $0.group[0].isEmpty ? nil : $0.group[0] })
            return comparisons.tasks.isEmpty && comparisons.betweenSeveral.isEmpty ? nil : comparisons
        }
    }

    /// The report's tables of `conditionComparisons`, one per condition.
    static func taskComparisons(_ s: StudySnapshot, language: StudyLanguage) -> [ResultTable] {
        conditionComparisons(s).map { ResultTable.taskComparisons($0, language: language) }
    }

    /// The year the data were collected: of the last response set submitted, else of the study's creation — the
    /// year ABNT's source line gives ("Fonte: dados da pesquisa (2025)."), not the year the report is written.
    /// Imports store submission times in ISO 8601; a time a study stored before as the form wrote it
    /// ("18/11/2026 17:34:56") is read for its year too (the year is the same whichever order day and month are in).
    static func collectionYear(_ s: StudySnapshot) -> String {
        let years = s.questionnaires.flatMap { $0.sets.compactMap(\.submitted) }.compactMap { text in
            (FormTimestamp.parse(text, order: .dayFirst) ?? FormTimestamp.parse(text, order: .monthFirst))?.year
        }
        return years.max().map(String.init) ?? String(s.info.created.prefix(4))
    }


}
