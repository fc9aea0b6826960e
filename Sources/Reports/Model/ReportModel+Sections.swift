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
    /// The tasks section: the summary per task (and group), its figures, the benchmarks, the comparisons between
    /// conditions and between groups.
    static func tasksSection(_ s: StudyData, language: StudyLanguage, citations: CitationList, model: inout ReportModel,
                             chart: (String, Figure, String) -> Chart) {
        func number(_ value: Double?, _ decimals: Int = 2) -> String { LocalNumber.format(value, decimals: decimals, language: language) }
        func percent(_ share: Double?) -> String { LocalNumber.percent(share, language: language) }
        let level = String(Int((s.confidence * 100).rounded()))
        let penalties = Set(s.tasks.compactMap { task in task.penaltySeconds.map { "\(task.key): \(number($0, 1)) s" } })
        // One value per participant in each row and figure (a participant's several trials never count as several
        // people): the rule under the table, and in each figure's caption.
        var summaryTable = ResultTable.taskSummary(s.taskSummary, factors: s.taskGroupNames, language: language, labels: s.labels, attribute: s.groupAttribute)
        summaryTable.notes += ResultTable.taskSummaryNotes(s.taskSummary, successfulOnly: false, document: true).map { $0.text(language) }
        model.tasks.table = model.place(summaryTable)
        model.hasTasks = !s.taskSummary.isEmpty
        var taskCharts: [Chart] = []
        if !s.taskSummary.isEmpty {
            let taskKeys = NaturalOrder.distinct(s.taskSummary.map(\.task), preferring: s.tasks.map(\.key))
            let groupKeys = NaturalOrder.distinct(s.taskSummary.map { $0.group.joined(separator: " · ") })
            func row(_ task: String, _ group: String) -> TaskSummaryRow? {
                s.taskSummary.first { $0.task == task && $0.group.joined(separator: " · ") == group }
            }
            let groupNames = Charts.taskGroupNames(s.taskSummary.map(\.group), language: language, groupings: s.taskGroupNames,
                                                   labels: s.labels, attribute: s.groupAttribute)
            func series(_ value: (TaskSummaryRow) -> (Double?, ClosedRange<Double>?)) -> [Charts.MeanSeries] {
                groupKeys.map { group in
                    let values = taskKeys.map { task in row(task, group).map(value) ?? (nil, nil) }
                    return Charts.MeanSeries(name: groupNames[group] ?? group, means: values.map(\.0), intervals: values.map(\.1))
                }
            }
            let conditionNote = s.factors.isEmpty ? nil : (("Conditions: " as Sentence).text(language)) + s.factors.map { s.labels.factor($0.name) }.joined(separator: " · ")
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
            var table = ResultTable.groupTaskComparisons(groups, language: language, labels: s.labels)
            table.notes = ResultTable.groupTaskNotes(groups, language: language, cite: { citations.cite($0) })
            model.tasks.comparisonTables += model.place(table)
            model.tasks.comparisons = groupTaskSentences(groups, language: language, labels: s.labels).map { Value(value: $0) }
        }
        for table in taskComparisons(s, language: language) { model.tasks.comparisonTables += model.place(table) }
    }

    /// The coding section: the codebook, the categories' shares (per group), their quotes, the agreement between coders.
    static func codingSection(_ s: StudyData, language: StudyLanguage, citations: CitationList, quoteAmount: QuoteAmount,
                              appendix: AppendixPlacement, model: inout ReportModel, chart: (String, Figure, String) -> Chart) {
        func number(_ value: Double?, _ decimals: Int = 2) -> String { LocalNumber.format(value, decimals: decimals, language: language) }
        func percent(_ share: Double?) -> String { LocalNumber.percent(share, language: language) }
        let style = NumberStyle(language)
        func toAppendix(_ table: ResultTable) { model.addToAppendix(table, placement: appendix, language: language) }
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
                                    columns: [Column(.participant, .text, language), Column(Term.group.rawValue, s.groupLabel ?? Term.group.text(language), .text),
                                              Column(.code, .prose, language), Column(.category, .text, language)])
            for code in s.codes.filter({ s.primaryCoder == nil || $0.coder == s.primaryCoder }).sorted(by: {
                let a = s.group(of: $0.participant) ?? ""
                let b = s.group(of: $1.participant) ?? ""
                if a != b { return NaturalOrder.areInIncreasingOrder(a, b, preferring: s.groupOrder) }
                if $0.participant != $1.participant { return NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
                return $0.id < $1.id
            }) {
                codes.append([.text(code.participant), Results.Value(s.group(of: code.participant).map(s.groupValue)), .text(code.code),
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
                if let attribute = s.groupAttribute { columns.append(Column("group", s.labels.attribute(attribute), .text)) }
                columns.append(Column(.excerpt, .prose, language))
                var every = ResultTable(id: Self.allQuotesID, title: ("All quotes by category" as Sentence).text(language), language: language, columns: columns)
                for category in s.categories {
                    for code in primary.filter({ $0.categories.contains(category.name) }) {
                        var row: [Results.Value] = [.text(category.name), .text(code.participant)]
                        if s.groupAttribute != nil { row.append(Results.Value(s.group(of: code.participant).map(s.groupValue))) }
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
    }

    /// A per-participant table into the appendix: inline, or beside the report as a CSV file named in the appendix.
    mutating func addToAppendix(_ table: ResultTable, placement: AppendixPlacement, language: StudyLanguage) {
        guard !table.isEmpty else { return }
        hasAppendix = true
        switch placement {
        case .inline:
            appendix.tables += place(table)
        case .separate:
            appendixTables.append(table)
            appendix.files.append(Value(value: ("\(table.title): tables/\(table.id).csv, beside this report." as Sentence).text(language)))
        }
    }

    /// The sentences over the table of what changed between the groups: which differences hold after Holm's
    /// correction (each with its groups named and its direction), or that none does, and how many were tested.
    static func groupTaskSentences(_ groups: GroupTaskComparisons, language: StudyLanguage, labels: StudyLabels = .plain) -> [String] {
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
            let effect: Sentence = row.hedgesG.map { "g = \(style.number($0)): \(ResultTable.direction(row, labels: labels, grouping: groups.grouping))" } ?? ResultTable.direction(row, labels: labels, grouping: groups.grouping)
            let p = style.p(row.pHolm)
            let holm = p.hasPrefix("<") ? "p (Holm) \(p)" : "p (Holm) = \(p)"
            // The cell a comparison was made in, where the tasks were done under several levels: T1 (protótipo: atual).
            let task = row.cell.isEmpty ? row.task
                : "\(row.task) (\(zip(groups.strata, row.cell).map { "\(labels.factor($0)): \(labels.level($1, of: $0))" }.joined(separator: ", ")))"
            return "\(task) \(measure(row)) (\(labels.value(row.groupA, of: groups.grouping)) vs \(labels.value(row.groupB, of: groups.grouping)): \(values); \(effect); \(holm))"
        }
        let sentence: Sentence
        if holding.isEmpty {
            sentence = family == 1 ? "The difference tested between the groups of \(labels.attribute(groups.grouping)) is not significant (p ≥ 0.05)."
                : "None of the \(family) differences tested between the groups of \(labels.attribute(groups.grouping)) is significant after Holm's correction (p ≥ 0.05)."
        } else {
            sentence = family == 1 ? "Between the groups of \(groups.grouping): \(said(holding[0]))."
                : "Of the \(family) differences tested between the groups of \(labels.attribute(groups.grouping)), these hold after Holm's correction (p < 0.05): \(Sentence.joined(holding.map(said), separator: "; "))."
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
    static func withinSection(_ design: StudyData.WithinDesign, q: StudyData.Questionnaire, s: StudyData,
                              language: StudyLanguage, model: inout ReportModel) -> Within {
        let d = q.definition
        let shortName = d.id.uppercased()
        func name(_ id: String) -> String { ScoreNames.name(id, d, language) }
        let factor = design.factor
        let base = "\(d.id)_within_\(idPart(factor))"
        let levels = WithinWording.levelList(design.levels, of: factor, language, labels: s.labels)
        var within = Within(heading: ("Within participants: \(WithinWording.factorName(factor, labels: s.labels)) (\(levels))" as Sentence).text(language),
                            intro: WithinWording.heading(factor: factor, levels: design.levels, language: language, labels: s.labels).text(language))
        var table = ResultTable.withinComparisons(design.comparisons, factor: factor, levels: design.levels, instrument: shortName, id: base,
                                                  language: language, name: name, labels: s.labels)
        if let paired = design.comparisons.first(where: { $0.comparison.levels.count == 2 }) {
            let pair = paired.comparison.levels.map { WithinWording.levelName($0, of: factor, language, labels: s.labels) }
            table.notes.append(("The mean difference is \(pair[1]) minus \(pair[0]); dz is the mean difference over the standard deviation of the differences. Wilcoxon T: the signed-rank test, its p exact, exact over every sign pattern where there are ties or zero differences, or from the normal approximation; r is the matched-pairs rank-biserial correlation." as Sentence).text(language))
        }
        if design.comparisons.contains(where: { $0.comparison.levels.count > 2 }) {
            table.notes.append(("RM-ANOVA: repeated-measures ANOVA, with the generalised η² (η²G); Greenhouse–Geisser: the F test on both degrees of freedom multiplied by ε; Mauchly's W tests sphericity; Kendall's W is Friedman's effect size." as Sentence).text(language))
        }
        within.table = model.place(table)
        within.sentences = design.comparisons.map { item in
            let label = WithinWording.label(task: item.task, stratum: item.stratum, score: name(item.scoreID), labels: s.labels)
            return Value(value: WithinWording.paragraph(item.comparison, label: label, factor: factor, language: language, labels: s.labels))
        }
        within.pairs = model.place(ResultTable.withinPairs(design.comparisons, factor: factor, instrument: shortName, id: base + "_pairs",
                                                           language: language, name: name, labels: s.labels))
        if !design.mixed.isEmpty, let by = s.groupAttribute {
            within.mixedIntro = [Value(value: WithinWording.mixedHeading(by: by, factor: factor, levels: design.levels, language: language, labels: s.labels).text(language))]
            within.mixedCells = model.place(ResultTable.mixedCells(design.mixed, factor: factor, by: by, instrument: shortName, id: base + "_mixed_cells",
                                                                   language: language, name: name, labels: s.labels))
            within.mixed = model.place(ResultTable.mixedANOVA(design.mixed, factor: factor, by: by, instrument: shortName, id: base + "_mixed",
                                                              language: language, name: name, labels: s.labels))
            within.mixedSentences = design.mixed.map { item in
                let label = WithinWording.label(task: item.task, stratum: item.stratum, score: name(item.scoreID), labels: s.labels)
                return Value(value: WithinWording.mixedParagraph(item.comparison, label: label, factor: factor, by: by, language: language, labels: s.labels))
            }
        }
        return within
    }

    /// How many participants were enough: problem discovery over the categories (Lewis 2001) and code saturation
    /// with Guest, Namey & Chen's (2020) suggested base 4, run 2 and 5 % threshold, each with its figure.
    static func sampleSize(_ s: StudyData, language: StudyLanguage, citations: CitationList, model: inout ReportModel,
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
    static func gazeSection(_ s: StudyData, language: StudyLanguage, citations: CitationList, model: inout ReportModel,
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

    /// The report's tables of `StudyTables.conditionComparisons`, one per condition.
    static func taskComparisons(_ s: StudyData, language: StudyLanguage) -> [ResultTable] {
        StudyTables.conditionComparisons(s).map { ResultTable.taskComparisons($0, language: language, labels: s.labels) }
    }

    /// The year the data were collected: of the last response set submitted, else of the study's creation — the
    /// year ABNT's source line gives ("Fonte: dados da pesquisa (2025)."), not the year the report is written.
    /// Imports store submission times in ISO 8601; a time a study stored before as the form wrote it
    /// ("18/11/2026 17:34:56") is read for its year too (the year is the same whichever order day and month are in).
    static func collectionYear(_ s: StudyData) -> String {
        let years = s.questionnaires.flatMap { $0.sets.compactMap(\.submitted) }.compactMap { text in
            (FormTimestamp.parse(text, order: .dayFirst) ?? FormTimestamp.parse(text, order: .monthFirst))?.year
        }
        return years.max().map(String.init) ?? String(s.info.created.prefix(4))
    }
}
