import Figures
import Foundation
import Gaze
import QualCoding
import StudyStore
import Surveys

/// An SVG chart file the report refers to.
/// A chart to write: its file name without extension and the figure, drawn to SVG, PNG and PDF.
public struct ChartFile: Sendable, Equatable {
    public var name: String
    public var figure: Figure
}

extension ReportModel {
    /// Builds the report's data and its charts from a study snapshot.
    public static func build(_ s: StudySnapshot, language: StudyLanguage, agreement: [AgreementReport] = [],
                             chartFolder: String? = nil) -> (ReportModel, [ChartFile]) {
        // Each language has its own charts (their labels are in that language): charts/pt-BR, charts/en.
        let chartFolder = chartFolder ?? "charts/\(language.rawValue)"
        let pt = language == .ptBR
        func number(_ value: Double?, _ decimals: Int = 2) -> String { LocalNumber.format(value, decimals: decimals, language: language) }
        func percent(_ share: Double?) -> String { LocalNumber.percent(share, language: language) }
        var charts: [ChartFile] = []
        // Works cited in the report (instruments, methods), listed at the end in the language's style.
        let citations = CitationList(language: language)
        func chart(_ name: String, _ figure: Figure, _ caption: String) -> Chart {
            charts.append(ChartFile(name: name, figure: figure))
            return Chart(file: "\(chartFolder)/\(name).svg", caption: caption)
        }

        // Participants. A study too large to list (a streaming snapshot) has its per-participant tables beside the
        // report as CSV files; the counts and summaries stay in it.
        let apart = s.streamingFrom != nil
        let attributes = s.roster.attributes.map(\.name)
        let profileRows = s.roster.participants.map { participant in
            let values = participant.valuesByName
            return ParticipantRow(code: participant.code, cells: attributes.map { name in
                switch values[StudyText.key(name)] {
                case let .number(value)?: return Value(value: value == value.rounded() ? NumberParser.format(value) : number(value, 1))
                case let .text(text)?: return Value(value: text)
                case nil: return Value(value: "")
                }
            })
        }
        var groupCounts: [GroupCount] = []
        if let attribute = s.groupAttribute {
            var counts: [String: Int] = [:]
            if s.streamingFrom != nil {
                counts = s.groupCounts
            } else {
                for participant in s.roster.participants { counts[participant.value(of: attribute)?.display ?? ScoreReport.noGroup, default: 0] += 1 }
            }
            let total = counts.values.reduce(0, +)
            groupCounts = NaturalOrder.distinct(Array(counts.keys), preferring: s.groupOrder).map { name in
                GroupCount(name: name, count: String(counts[name]!), share: percent(Double(counts[name]!) / Double(max(total, 1))))
            }
        }
        var profile = Profile(attributes: attributes.map { Named(name: $0) }, rows: profileRows, hasGroups: s.groupAttribute != nil,
                              groupAttribute: s.groupAttribute ?? "", groups: groupCounts)
        if apart { profile.apart = [TableApart(file: ReportModel.participantsFile, rows: String(s.participantCount))] }
        if let attribute = s.groupAttribute, !groupCounts.isEmpty {
            let counts = groupCounts.map { Double($0.count) ?? 0 }
            profile.chart = [chart("participants-by-group",
                Charts.columns(labels: groupCounts.map(\.name), values: counts, xTitle: attribute, yTitle: pt ? "Participantes" : "Participants"),
                pt ? "Participantes por \(attribute)" : "Participants by \(attribute)")]
        }

        // Questionnaires.
        let questionnaires = s.questionnaires.map { q -> Questionnaire in
            let d = q.definition
            let ids = d.scoreIDs
            // Portuguese reports name scores in Portuguese only ("Utilidade do sistema"); English ones keep the
            // published abbreviation beside the name ("System usefulness (SysUse)").
            func label(_ id: String) -> String {
                d.subscales.first { $0.id == id }.map { pt ? $0.name.text(language) : "\($0.name.text(language)) (\(id))" } ?? scoreName(id, language)
            }
            let names = ids.map { Named(name: label($0)) }
            let rows = q.report.rows.map { row in
                ScoreRow(participant: row.participant, group: row.group ?? "", task: row.task ?? "",
                         cells: ids.map { Value(value: number(row.value($0))) })
            }
            func groupRow(_ group: ScoreReport.Group) -> GroupRow {
                GroupRow(name: (group.task.map { "\($0) " } ?? "") + (group.name == ScoreReport.allName ? (pt ? "Todos" : "All") : group.name),
                         n: String(group.n), cells: ids.map { id in Value(value: number(group.summaries.first { $0.scoreID == id }?.statistics.mean)) })
            }
            let overall = q.report.overall.first.map(groupRow) ?? GroupRow(name: pt ? "Todos" : "All", n: "0", cells: [])
            let normRow = GroupRow(name: pt ? "Norma" : "Norm", n: "", cells: ids.map { Value(value: number(d.norms?.values[$0] ?? (d.scoring == .sus && $0 == "SUS" ? SUSInterpretation.benchmark : nil))) })
            let norms: [NormRow] = (q.report.overall.first?.summaries ?? []).compactMap { summary in
                guard let norm = summary.norm else { return nil }
                let comparison = summary.testUndefined.map { pt ? ($0.hasPrefix("no variation") ? "sem variação: teste indefinido" : "menos de dois escores: teste indefinido") : $0 }
                    ?? summary.normVerdict?.text(language) ?? ""
                return NormRow(score: label(summary.scoreID), norm: number(norm), mean: number(summary.statistics.mean),
                               ci: summary.statistics.ci95.map { "[\(number($0.lowerBound)); \(number($0.upperBound))]" } ?? "–",
                               t: summary.test.map { "t(\($0.df)) = \(number($0.t))" } ?? "–",
                               p: summary.test.map { $0.p < 0.001 ? "< 0,001".replacingOccurrences(of: ",", with: pt ? "," : ".") : number($0.p, 3) } ?? "–",
                               comparison: comparison)
            }
            var sus: [SUSRow] = []
            if d.scoring == .sus || ids.contains("SUS-equivalent") {
                let scoreID = d.scoring == .sus ? "SUS" : "SUS-equivalent"
                for group in q.report.groups + q.report.overall {
                    guard let summary = group.summaries.first(where: { $0.scoreID == scoreID }), let meaning = summary.meaning else { continue }
                    let st = summary.statistics
                    sus.append(SUSRow(group: group.name == ScoreReport.allName ? (pt ? "Todos" : "All") : group.name, n: String(st.n),
                                      mean: number(st.mean), sd: number(st.sd), median: number(st.median), min: number(st.min), max: number(st.max),
                                      mode: st.modes.isEmpty ? "–" : st.modes.map { number($0) }.joined(separator: "; "),
                                      ci: st.ci95.map { "[\(number($0.lowerBound)); \(number($0.upperBound))]" } ?? "–",
                                      grade: meaning.grade.grade, percentiles: meaning.grade.percentiles,
                                      adjective: meaning.adjective.name(language), acceptability: meaning.acceptability.name(language)))
                }
            }
            let alpha = q.report.alphas.first { $0.scale == ScoreReport.allName }.map {
                "α = \(number($0.alpha.alpha, 3)) (\($0.alpha.items) " + (pt ? "itens, \($0.alpha.cases) conjuntos completos)" : "items, \($0.alpha.cases) complete sets)")
            } ?? ""
            // Choice items: over every response set (for a per-task instrument, every task together).
            let allTallies = q.report.overall.flatMap(\.tallies)
            let choices = (q.report.overall.first?.tallies ?? []).map { first in
                let same = allTallies.filter { $0.item == first.item }
                let answered = same.reduce(0) { $0 + $1.answered }
                return ChoiceItem(item: String(first.item), text: first.text.text(language), answered: String(answered),
                                  options: first.counts.indices.map { index in
                                      let count = same.reduce(0) { $0 + $1.counts[index].count }
                                      return ChoiceOptionRow(label: first.counts[index].choice.label.text(language), count: String(count),
                                                             percent: LocalNumber.format(answered == 0 ? 0 : Double(count) / Double(answered) * 100, decimals: 1, language: language) + (pt ? " %" : "%"))
                                  })
            }
            // A per-task instrument of choice items (one evaluation per component, say): the first choice's share per
            // task and item, with adjusted-Wald intervals, as a table and a figure.
            var taskChoiceHeaders: [Named] = []
            var taskChoiceRows: [ScoreRow] = []
            var taskChoiceChart: Chart?
            if d.perTask, let firstTask = q.report.overall.first, !firstTask.tallies.isEmpty {
                let items = firstTask.tallies.map(\.item)
                let firstLabel = firstTask.tallies[0].counts.first?.choice.label.text(language) ?? ""
                taskChoiceHeaders = items.map { Named(name: "\(pt ? "Item" : "Item") \($0): \(firstLabel)") }
                func cell(_ tally: ScoreReport.Tally?) -> (Value, Double?, ClosedRange<Double>?) {
                    guard let tally, tally.answered > 0, let rate = CompletionRate(successes: tally.counts.first?.count ?? 0, attempts: tally.answered) else {
                        return (Value(value: "–"), nil, nil)
                    }
                    return (Value(value: "\(rate.successes)/\(rate.attempts) (\(LocalNumber.percent(rate.rate, language: language)))"),
                            rate.rate * 100, (rate.ci95.lowerBound * 100)...(rate.ci95.upperBound * 100))
                }
                var series = items.map { Charts.MeanSeries(name: "Item \($0)", means: [], intervals: []) }
                // Tasks in the study's order (the components as the study presented them).
                let order = s.tasks.map(\.key)
                let byTask = q.report.overall.sorted { (order.firstIndex(of: $0.task ?? "") ?? .max) < (order.firstIndex(of: $1.task ?? "") ?? .max) }
                for group in byTask {
                    let cells = items.map { item in cell(group.tallies.first { $0.item == item }) }
                    taskChoiceRows.append(ScoreRow(participant: group.task ?? "", group: "", task: group.task ?? "", cells: cells.map(\.0)))
                    for index in items.indices {
                        series[index].means.append(cells[index].1)
                        series[index].intervals.append(cells[index].2)
                    }
                }
                let totals = items.map { item -> Value in
                    let same = allTallies.filter { $0.item == item }
                    let yes = same.reduce(0) { $0 + ($1.counts.first?.count ?? 0) }
                    let answered = same.reduce(0) { $0 + $1.answered }
                    return Value(value: "\(yes)/\(answered) (\(LocalNumber.percent(answered == 0 ? nil : Double(yes) / Double(answered), decimals: 1, language: language)))")
                }
                taskChoiceRows.append(ScoreRow(participant: pt ? "Todos" : "All", group: "", task: "", cells: totals))
                taskChoiceChart = chart("\(d.id)-by-task",
                    Charts.means(categories: byTask.map { $0.task ?? "" }, series: series, norms: [], maximum: 100,
                                 yTitle: pt ? "\(firstLabel) (%, IC 95 %)" : "\(firstLabel) (%, 95% CI)", normLabel: "", note: nil,
                                 valueText: { number($0, 0) }),
                    pt ? "Porcentagem de respostas \"\(firstLabel)\" por \(d.id == "codeforall-component" ? "componente" : "tarefa") e item, com intervalo de Wald ajustado de 95 %"
                       : "Share of \"\(firstLabel)\" answers per task and item, with adjusted-Wald 95% intervals")
            }
            let open = q.report.texts.map { OpenAnswer(item: String($0.item), participant: $0.participant, text: $0.text) }

            var questionnaireCharts: [Chart] = []
            if d.scoring == .sus {
                let bins = Histogram.susBins(q.report.values(of: "SUS"))
                questionnaireCharts.append(chart("\(d.id)-distribution",
                    Charts.columns(labels: bins.map(\.label), values: bins.map { Double($0.count) },
                                   xTitle: pt ? "Escore SUS" : "SUS score", yTitle: pt ? "Participantes" : "Participants"),
                    pt ? "Distribuição dos escores SUS" : "Distribution of SUS scores"))
            }
            if let scale = d.scale {
                let items = d.items.filter { $0.kind == .likert }
                if !items.isEmpty {
                    let points = (scale.min...scale.max).map { point in scale.anchor(point, language: language).map { "\(point) \($0)" } ?? String(point) }
                    let counts = items.map { item in
                        (scale.min...scale.max).map { point in
                            q.report.items.first { $0.item == item.number }?.distribution.first { $0.point == point }?.count ?? 0
                        }
                    }
                    questionnaireCharts.append(chart("\(d.id)-likert",
                        Charts.divergingLikert(items: items.map { "\(pt ? "Item" : "Item") \($0.number)" + (d.isRecoded($0) ? "ʳ" : "") },
                                               points: points, counts: counts, lowIsPositive: d.lowerIsBetter,
                                               axisTitle: pt ? "Porcentagem das respostas (discordância à esquerda, concordância à direita)"
                                                             : "Share of answers (disagreement to the left, agreement to the right)"),
                        pt ? "Distribuição das respostas por item, em barras divergentes (ʳ: item de redação negativa; textos na tabela por item)"
                           : "Answers per item as diverging stacked bars (ʳ: negatively worded item; item texts in the per-item table)"))
                }
            }
            let scored = ids.filter { id in q.report.overall.first?.summaries.contains { $0.scoreID == id } == true }
            if !q.report.groups.isEmpty, !scored.isEmpty, q.report.groups.allSatisfy({ $0.task == nil }) {
                let maximum: Double? = d.scale.map { Double($0.max) }.flatMap { d.scoring == .mean ? $0 : nil } ?? ((d.scoring == .sus || d.scoring == .umux || d.scoring == .umuxLite) ? 100 : nil)
                let minimum = d.scoring == .mean ? Double(d.scale?.min ?? 0) : 0
                let series = q.report.groups.map { group in
                    Charts.MeanSeries(name: group.name,
                                      means: scored.map { id in group.summaries.first { $0.scoreID == id }?.statistics.mean },
                                      intervals: scored.map { id in group.summaries.first { $0.scoreID == id }?.statistics.ci95 })
                }
                let norms = scored.map { id in d.norms?.values[id] ?? (d.scoring == .sus && id == "SUS" ? SUSInterpretation.benchmark : nil) }
                questionnaireCharts.append(chart("\(d.id)-by-group",
                    Charts.means(categories: scored.map(label), series: series, norms: norms, minimum: minimum, maximum: maximum,
                                 yTitle: pt ? "Média (IC 95 %)" : "Mean (95% CI)", normLabel: pt ? "Norma" : "Norm",
                                 note: d.lowerIsBetter ? (pt ? "Valores menores são melhores." : "Lower is better.") : nil,
                                 valueText: { number($0, 1) }),
                    pt ? "Escores médios por grupo, com intervalo de confiança de 95 % e a norma" : "Mean scores by group with 95% confidence intervals and the norm"))
            }
            let points = q.report.items.first?.distribution.map(\.point) ?? []
            let itemRows = q.report.items.map { item in
                ItemRow(number: String(item.item), text: item.text.text(language), recoded: item.reversed, n: String(item.n),
                        mean: number(item.raw?.mean), sd: number(item.raw?.sd), recodedMean: item.reversed ? number(item.recoded?.mean) : "–",
                        counts: points.map { point in Value(value: String(item.distribution.first { $0.point == point }?.count ?? 0)) })
            }
            var questionnaire = Questionnaire(
                id: d.id, title: d.title.text(language), reference: citations.cite(instrument: d), n: String(q.report.overall.reduce(0) { $0 + $1.n }), lowerIsBetter: d.lowerIsBetter,
                hasScores: !ids.isEmpty, scoreHeaders: names, rows: rows, perTask: d.perTask, hasGroups: !q.report.groups.isEmpty,
                groupRows: q.report.groups.map(groupRow), overall: overall, hasNorms: !norms.isEmpty, normSource: d.norms?.source.text(language) ?? (d.scoring == .sus ? "Sauro & Lewis (2016)" : ""),
                norms: norms, normRow: normRow, isSUS: !sus.isEmpty, sus: sus, alpha: alpha, hasAlpha: !alpha.isEmpty, hasChoices: !choices.isEmpty, choices: choices,
                hasOpenAnswers: !open.isEmpty, openAnswers: open, charts: questionnaireCharts,
                unscored: q.report.unscored.map { Value(value: $0) }, hasUnscored: !q.report.unscored.isEmpty)
            questionnaire.shortName = d.id.uppercased()
            questionnaire.hasTaskChoices = !taskChoiceRows.isEmpty
            questionnaire.taskChoiceHeaders = taskChoiceHeaders
            questionnaire.taskChoiceRows = taskChoiceRows
            questionnaire.taskChoiceChart = taskChoiceChart.map { [$0] } ?? []
            if apart && !ids.isEmpty { questionnaire.rowsApart = [TableApart(file: ReportModel.scoresFile, rows: questionnaire.n)] }
            if !taskChoiceRows.isEmpty {
                questionnaire.itemKey = d.items.filter { $0.kind == .choice }.map { Value(value: "Item \($0.number): \($0.text.text(language))") }
            }
            questionnaire.hasItems = !itemRows.isEmpty
            questionnaire.itemPoints = points.map { Named(name: String($0)) }
            questionnaire.items = itemRows
            return questionnaire
        }

        // Tasks.
        let penalties = Set(s.tasks.compactMap { task in task.penaltySeconds.map { "\(task.key): \(number($0, 1)) s" } })
        let taskRows = s.taskSummary.map { row in
            TaskRow(task: row.task, conditions: row.group.map { Value(value: $0) }, attempts: String(row.attempts), successes: String(row.successes),
                    completion: percent(row.completion?.rate),
                    completionCI: row.completion.map { "[\(percent($0.ci95.lowerBound)); \(percent($0.ci95.upperBound))]" } ?? "–",
                    timeMean: number(row.time?.mean, 1), timeMedian: number(row.time?.median, 1), geometricMean: number(row.time?.geometricMean?.value, 1),
                    geometricCI: row.time?.geometricMean?.ci95.map { "[\(number($0.lowerBound, 1)); \(number($0.upperBound, 1))]" } ?? "–",
                    totalMean: number(row.total?.mean, 1), errorsMean: number(row.errorsMean), errorsSD: number(row.errorsSD),
                    errorsTotal: String(row.errorsTotal), assisted: String(row.assisted), seq: number(row.seqMean))
        }
        var taskCharts: [Chart] = []
        if !s.taskSummary.isEmpty {
            let taskKeys = NaturalOrder.distinct(s.taskSummary.map(\.task), preferring: s.tasks.map(\.key))
            let groupKeys = NaturalOrder.distinct(s.taskSummary.map { $0.group.joined(separator: " · ") })
            func row(_ task: String, _ group: String) -> TaskSummaryRow? {
                s.taskSummary.first { $0.task == task && $0.group.joined(separator: " · ") == group }
            }
            func series(_ value: (TaskSummaryRow) -> (Double?, ClosedRange<Double>?)) -> [Charts.MeanSeries] {
                groupKeys.map { group in
                    let values = taskKeys.map { task in row(task, group).map(value) ?? (nil, nil) }
                    return Charts.MeanSeries(name: group.isEmpty ? (pt ? "Todos" : "All") : group, means: values.map(\.0), intervals: values.map(\.1))
                }
            }
            let conditionNote = s.factors.isEmpty ? nil : (pt ? "Condições: " : "Conditions: ") + s.factors.map(\.name).joined(separator: " · ")
            taskCharts.append(chart("task-completion",
                Charts.means(categories: taskKeys, series: series { ($0.completion.map { $0.rate * 100 }, $0.completion.map { ($0.ci95.lowerBound * 100)...($0.ci95.upperBound * 100) }) },
                             norms: [], maximum: 100, yTitle: pt ? "Conclusão (%, IC 95 %)" : "Completion (%, 95% CI)", normLabel: "",
                             note: conditionNote, valueText: { number($0, 0) }),
                pt ? "Taxa de conclusão por tarefa, com intervalo de Wald ajustado de 95 % (Sauro & Lewis, 2005)"
                   : "Completion rate per task with adjusted-Wald 95% confidence intervals (Sauro & Lewis, 2005)"))
            if s.taskSummary.contains(where: { $0.time?.geometricMean != nil }) {
                taskCharts.append(chart("task-time",
                    Charts.means(categories: taskKeys, series: series { ($0.time?.geometricMean?.value, $0.time?.geometricMean?.ci95) },
                                 norms: [], maximum: nil, yTitle: pt ? "Tempo (s, média geométrica)" : "Time (s, geometric mean)", normLabel: "",
                                 note: conditionNote, valueText: { number($0, 0) }),
                    pt ? "Tempo por tarefa: média geométrica com intervalo de confiança de 95 % (escala logarítmica)"
                       : "Time per task: geometric mean with 95% confidence interval (computed on the log scale)"))
            }
            if s.taskSummary.contains(where: { $0.errorsMean != nil }) {
                taskCharts.append(chart("task-errors",
                    Charts.means(categories: taskKeys, series: series { row in
                        guard let mean = row.errorsMean else { return (nil, nil) }
                        guard let sd = row.errorsSD, row.attempts > 1 else { return (mean, nil) }
                        let half = StudentT.quantile(0.975, df: Double(row.attempts - 1)) * sd / Double(row.attempts).squareRoot()
                        return (mean, max(0, mean - half)...(mean + half))
                    }, norms: [], maximum: nil, yTitle: pt ? "Erros por tentativa (média, IC 95 %)" : "Errors per attempt (mean, 95% CI)", normLabel: "",
                                 note: conditionNote, valueText: { number($0, 1) }),
                    pt ? "Erros por tarefa: média por tentativa com intervalo de confiança de 95 %" : "Errors per task: mean per attempt with 95% confidence interval"))
            }
        }
        var tasks = Tasks(factors: s.factors.map { Named(name: $0.name) }, rows: taskRows, hasTotals: s.taskSummary.contains { $0.total != nil },
                          penaltyNote: penalties.isEmpty ? "" : (pt ? "Tempo total = tempo + erros × penalidade (" : "Total time = time + errors × penalty (")
                            + penalties.sorted().joined(separator: ", ") + (pt ? " por erro)." : " per error)."))
        tasks.charts = taskCharts

        // Coding.
        let codebook = s.categories.map {
            CodebookRow(name: $0.name, origin: $0.origin == "emergent" ? (pt ? "Emergente" : "Emergent") : $0.origin, definition: $0.definition ?? "",
                        theme: $0.theme ?? "", codes: String($0.codes), participants: String($0.participants), unused: $0.codes == 0)
        }
        let frequencyGroups = s.frequencies.groups
        var shareChart: Chart?
        let usedRows = s.frequencies.rows
        if !s.codes.isEmpty {
            shareChart = chart("category-shares",
                Charts.horizontalBars(labels: usedRows.map(\.category), values: usedRows.map { $0.overall.share * 100 }, maximum: 100,
                                      valueText: { LocalNumber.format($0, decimals: 0, language: language) + (pt ? " %" : "%") },
                                      axisTitle: pt ? "Participantes entrevistados que citaram a categoria (%)" : "Interviewed participants raising the category (%)"),
                pt ? "Porcentagem de participantes que citaram cada categoria" : "Share of participants raising each category")
        }
        let shares = Shares(
            denominator: String(s.frequencies.participants),
            groups: frequencyGroups.enumerated().map { index, name in
                GroupCount(name: name, count: String(s.frequencies.rows.first?.groups[index].denominator ?? 0), share: "")
            },
            rows: usedRows.map { row in
                ShareRow(category: row.category, segments: String(row.overall.segments), participants: String(row.overall.participants),
                         share: percent(row.overall.share),
                         groups: row.groups.map { ShareGroup(participants: String($0.participants), share: percent($0.share)) })
            },
            chart: shareChart, coder: s.primaryCoder)
        let codeRows = s.codes.filter { s.primaryCoder == nil || $0.coder == s.primaryCoder }.sorted {
            let a = s.group(of: $0.participant) ?? ""
            let b = s.group(of: $1.participant) ?? ""
            if a != b { return NaturalOrder.areInIncreasingOrder(a, b, preferring: s.groupOrder) }
            if $0.participant != $1.participant { return NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
            return $0.id < $1.id
        }.map { CodeRow(participant: $0.participant, group: s.group(of: $0.participant) ?? "", code: $0.code, category: $0.categories.joined(separator: "; ")) }
        let agreements = agreement.map { report in
            var entry = Agreement(coders: report.coders.joined(separator: ", "), units: String(report.units),
                      rows: report.categories.map { line in
                          AgreementRow(category: line.category, agreement: percent(line.percentAgreement),
                                       kappa: number(line.kappas.first?.kappa, 3), alpha: number(line.alpha, 3))
                      },
                      overall: AgreementRow(category: pt ? "Geral" : "Overall", agreement: percent(report.overall.percentAgreement),
                                            kappa: number(report.overall.kappas.first?.kappa, 3), alpha: number(report.overall.alpha, 3)),
                      method: report.overallMethod)
            let lines = report.categories + [report.overall]
            entry.chart = [chart("agreement",
                Charts.means(categories: lines.map { $0.category == "overall" ? (pt ? "Geral" : "Overall") : $0.category },
                             series: [Charts.MeanSeries(name: pt ? "κ de Cohen" : "Cohen's κ", means: lines.map { $0.kappas.first?.kappa }, intervals: lines.map { _ in nil }),
                                      Charts.MeanSeries(name: pt ? "α de Krippendorff" : "Krippendorff's α", means: lines.map(\.alpha), intervals: lines.map { _ in nil })],
                             norms: lines.map { _ in 0.8 }, maximum: 1, yTitle: pt ? "Coeficiente" : "Coefficient",
                             normLabel: pt ? "Limiar 0,80" : "Threshold 0.80", note: nil, valueText: { number($0, 2) }),
                pt ? "Concordância entre codificadores por categoria: κ de Cohen e α de Krippendorff, com o limiar de 0,80 \(citations.cite("krippendorff2004"))"
                   : "Agreement between coders per category: Cohen's κ and Krippendorff's α, with the 0.80 threshold \(citations.cite("krippendorff2004"))")]
            return entry
        }

        // What a memo is about, in the report's language: "study", "participant:P4", "code:12", "category:NAME".
        func memoTarget(_ on: String) -> String {
            let parts = on.split(separator: ":", maxSplits: 1).map(String.init)
            let kinds = pt ? ["study": "Estudo", "participant": "Participante", "code": "Código", "category": "Categoria"]
                           : ["study": "Study", "participant": "Participant", "code": "Code", "category": "Category"]
            let kind = kinds[parts[0]] ?? parts[0]
            return parts.count == 2 ? "\(kind) \(parts[1])" : kind
        }
        let memos = s.memos.map { Memo(on: memoTarget($0.on), text: $0.text, coder: $0.coder, created: String($0.created.prefix(10))) }
        let methods = Methods.paragraphs(s, language: language, citations: citations)
        var model = ReportModel(
            title: s.info.title, language: language.rawValue, generated: String(ISO8601DateFormatter().string(from: Date()).prefix(10)),
            file: URL(fileURLWithPath: s.path).lastPathComponent, participantCount: String(s.participantCount), profile: profile,
            questionnaires: questionnaires, hasQuestionnaires: !questionnaires.isEmpty, hasTasks: !taskRows.isEmpty, tasks: tasks,
            hasCoding: !s.categories.isEmpty, codebook: codebook, shares: shares, codes: codeRows, hasAgreement: !agreements.isEmpty,
            agreement: agreements, hasMemos: !memos.isEmpty, memos: memos, methods: methods.map { Value(value: $0) }, references: citations.entries.map { Value(value: $0) })
        model.hasReferences = !model.references.isEmpty
        if !s.gazeRecordings.isEmpty {
            model.hasGaze = true
            // Its captions cite only works the methods paragraph already cites, so the reference list is complete.
            model.gaze = gazeSection(s, language: language, citations: citations, chart: chart)
        }
        return (model, charts)
    }

    /// The eye-tracking section: data quality, AOI metrics per AOI (and group), a heat map and a scan path per media.
    static func gazeSection(_ s: StudySnapshot, language: StudyLanguage, citations: CitationList,
                            chart: (String, Figure, String) -> Chart) -> Gaze {
        let pt = language == .ptBR
        func number(_ value: Double?, _ decimals: Int = 0) -> String { LocalNumber.format(value, decimals: decimals, language: language) }
        func interval(_ d: Descriptive?) -> String { d?.ci95.map { "[\(number($0.lowerBound)); \(number($0.upperBound))]" } ?? "" }
        var gaze = Gaze()
        gaze.quality = s.gazeRecordings.map {
            GazeQualityRow(media: $0.media, participant: $0.participant, samples: String($0.samples),
                           invalid: LocalNumber.percent($0.invalidShare, language: language), fixations: String($0.fixations))
        }
        gaze.filters = Array(Set(s.gazeRecordings.map(\.filter))).sorted().joined(separator: "; ")
        gaze.grouped = s.groupAttribute != nil
        gaze.groupAttribute = s.groupAttribute ?? ""
        gaze.rows = s.gazeSummary.map { row in
            GazeAOIRow(media: row.media, aoi: row.aoi, group: row.group ?? "", n: String(row.participants),
                       fixated: LocalNumber.percent(row.percentFixated / 100, language: language),
                       ttff: number(row.timeToFirstFixation?.mean), ttffCI: interval(row.timeToFirstFixation),
                       total: number(row.totalFixationDuration?.mean), totalCI: interval(row.totalFixationDuration),
                       count: number(row.fixationCount?.mean, 1), visits: number(row.visitCount?.mean, 1))
        }
        gaze.note = pt
            ? "Definições da Tobii: tempo até a primeira fixação a partir do início da mídia, média entre quem fixou a AOI; duração total das fixações, média entre todos que viram a mídia; uma fixação conta para a AOI quando seu centro está nela (nas AOIs das colunas de acerto da exportação, quando a Tobii a marcou). Intervalos de confiança de 95 % pela distribuição t, limitados a 0."
            : "Tobii's definitions: time to first fixation from the media's onset, mean over those who fixated the AOI; total fixation duration, mean over everyone who saw the media; a fixation counts for an AOI when its centre lies in it (for AOIs from the export's hit columns, when Tobii marked it). 95 % confidence intervals from the t distribution, clipped at 0."
        let media = Array(Set(s.gazeFixations.map(\.media))).sorted()
        for name in media {
            let sets = s.gazeFixations.filter { $0.media == name }
            let all = sets.flatMap(\.fixations)
            guard !all.isEmpty, let stimulus = try? GazePictures.stimulus(image: s.gazeImages[name], fixations: all) else { continue }
            let base = GazePictures.fileName((name as NSString).deletingPathExtension)
            let selection = GazePictures.Selection(name: "all", label: pt ? "todos os participantes" : "all participants",
                                                   recordings: sets.map { ($0.participant, $0.fixations) })
            if let maps = try? GazePictures.maps(selection, media: name, stimulus: stimulus, weight: .duration, language: language) {
                gaze.figures.append(chart("gaze-\(base)-heatmap", maps.heat,
                    pt ? "Mapa de calor de \(name): fixações de todos os participantes ponderadas pela duração \(citations.cite("dalmaijer2014"))"
                       : "Heat map of \(name): every participant's fixations weighted by duration \(citations.cite("dalmaijer2014"))"))
            }
            if let first = sets.first {
                let example = GazePictures.Selection(name: first.participant, label: (pt ? "participante " : "participant ") + first.participant,
                                                     recordings: [(first.participant, first.fixations)])
                let areas = s.gazeAOIs.filter { $0.media.caseInsensitiveCompare(name) == .orderedSame }.map(\.aoi)
                gaze.figures.append(chart("gaze-\(base)-scanpath", GazePictures.scanPath(example, media: name, stimulus: stimulus, simplified: false,
                                                                                         aois: areas, first: 20, language: language),
                    pt ? "Caminho do olhar de \(first.participant) em \(name): as primeiras 20 fixações" : "Scan path of \(first.participant) on \(name): the first 20 fixations"))
            }
        }
        return gaze
    }

    /// Names of the built-in scores that are not subscales, in the report's language.
    static func scoreName(_ id: String, _ language: StudyLanguage) -> String {
        guard language == .ptBR else { return id }
        let names = ["Learnability": "Aprendizagem", "Usability": "Usabilidade", "Raw TLX": "TLX bruto",
                     "Weighted TLX": "TLX ponderado", "SUS-equivalent": "Equivalente SUS", "Score": "Escore"]
        return names[id] ?? id
    }

}
