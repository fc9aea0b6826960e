import Figures
import Foundation
import Gaze
import QualCoding
import Results
import StudyBasics
import StudyStore
import Surveys
import Wording

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
    /// at the end, or with `appendix: .separate` beside the report as CSV files (`appendixTables`). `detail` says how
    /// much the document holds (`Detail`); the tables left out are not numbered.
    public static func build(_ s: StudyData, language: StudyLanguage,
                             chartFolder: String? = nil, appendix: AppendixPlacement = .inline,
                             quotes quoteAmount: QuoteAmount = .three, detail: Detail = .full) -> (ReportModel, [ChartFile]) {
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

        var model = ReportModel(
            title: s.info.title, language: language.rawValue, generated: String(ISO8601DateFormatter().string(from: Date()).prefix(10)),
            intro: "", t: ReportModel.headings(language))
        model.year = collectionYear(s)
        func toAppendix(_ table: ResultTable) { model.addToAppendix(table, placement: appendix, language: language) }

        // Participants. A study too large to list (a streaming snapshot) has its per-participant tables beside the
        // report as CSV files; the counts and summaries stay in it.
        let apart = s.isStreaming
        model.profile.count = Phrase.participantCount(s.participantCount).text(language)
        var groupCounts: [(name: String, count: Int)] = []
        if let attribute = s.groupAttribute {
            var counts: [String: Int] = [:]
            if s.isStreaming {
                counts = s.groupCounts
            } else {
                for participant in s.roster.participants { counts[participant.value(of: attribute)?.display ?? ScoreReport.noGroup, default: 0] += 1 }
            }
            let total = counts.values.reduce(0, +)
            // The groups are the keys of `counts`.
            groupCounts = NaturalOrder.distinct(Array(counts.keys), preferring: s.groupOrder).map { ($0, counts[$0, default: 0]) }
            let attributeLabel = s.labels.attribute(attribute)
            var table = ResultTable(id: "participants_by_group", title: Phrase.participantsByGroupTitle(attributeLabel).text(language), language: language,
                                    columns: [Column("group", attributeLabel, .text), Column(.participants, .count, language),
                                              Column(.share, .percent(decimals: 0), language)])
            for (name, count) in groupCounts { table.append([.text(s.groupValue(name)), .count(count), .percent(Double(count) / Double(max(total, 1)))]) }
            model.profile.groups = model.place(table)
            if !groupCounts.isEmpty {
                model.profile.chart = [chart("participants-by-group",
                    Charts.columns(labels: groupCounts.map { s.groupValue($0.name) }, values: groupCounts.map { Double($0.count) }, xTitle: attributeLabel,
                                   yTitle: Term.participants.text(language)),
                    Phrase.participantsByGroupTitle(attributeLabel).text(language))]
            }
        }
        if apart {
            model.profile.apart = [Value(value: Phrase.attributesApart(rows: s.participantCount, file: ReportModel.participantsFile).text(language))]
        } else {
            let attributes = s.roster.attributes.map(\.name)
            var table = ResultTable(id: "participants", title: Phrase.participantsTitle.text(language), language: language,
                                    columns: [Column(.participant, .text, language)] + attributes.map { Column(StudyText.key($0), s.labels.attribute($0), .text) })
            for participant in s.roster.participants {
                let values = participant.valuesByName
                table.append([.text(participant.code)] + attributes.map { name in
                    switch values[StudyText.key(name)] {
                    case let .number(value)?: return .text(value == value.rounded() ? NumberParser.format(value) : number(value, 1))
                    case let .text(text)?: return .text(s.labels.value(text, of: name))
                    case nil: return .empty
                    }
                })
            }
            toAppendix(table)
        }

        // Questionnaires.
        let questionnaires = s.questionnaires.map { q in
            QuestionnairePart(q: q, s: s, language: language, citations: citations, apart: apart, appendix: appendix).build(model: &model, chart: chart)
        }
        model.questionnaires = questionnaires
        model.hasQuestionnaires = !model.questionnaires.isEmpty

        // Tasks.
        tasksSection(s, language: language, citations: citations, model: &model, chart: chart)

        // Coding.
        codingSection(s, language: language, citations: citations, quoteAmount: quoteAmount, appendix: appendix, model: &model, chart: chart)

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
        model.buildSummary(s, language: language, citations: citations, detail: appendix == .separate && detail == .standard ? .full : detail, chart: chart)
        model.keep(detail, appendix: appendix)
        model.methods = Methods.paragraphs(s, language: language, citations: citations).map { Value(value: $0) }
        // The works the tables' notes and the sentences shared with the terminal mention in a fixed form are listed
        // too: every text of the model is read (the formats write each mention in the style, `Mentions`).
        for table in model.tables {
            for note in table.notes { citations.noteMentions(in: note) }
            citations.noteMentions(in: table.title)
        }
        func visit(_ value: Any) {
            if let text = value as? String { citations.noteMentions(in: text); return }
            if value is ResultTable { return }
            for child in Mirror(reflecting: value).children { visit(child.value) }
        }
        visit(model)
        // Last, so every work cited anywhere above is in the list.
        model.references = citations.entries.map { Value(value: $0) }
        model.citationForms = citations.forms
        model.verbatimReferences = citations.verbatim
        model.hasReferences = !model.references.isEmpty
        return (model, charts)
    }
}

extension ReportModel {
    /// Leaves out what `detail` does not hold: below `full`, the appendix of per-participant tables (kept as CSV
    /// files beside the report when it is placed apart); in `brief`, also the sections of each questionnaire, the
    /// tasks, the interviews, the agreement, the eye tracking and the memos.
    /// The appendix table of every quote (`report --quotes all`).
    static let allQuotesID = "all_quotes"

    mutating func keep(_ detail: Detail, appendix placement: AppendixPlacement) {
        guard detail != .full else { return }
        if placement == .inline {
            // Every quote (`--quotes all`) was asked for: it stays, the per-participant tables go.
            appendix.tables = appendix.tables.filter { tables[$0.index].id == Self.allQuotesID }
            hasAppendix = !appendix.tables.isEmpty
        }
        guard detail == .brief else { return }
        questionnaires = []
        hasQuestionnaires = false
        hasTasks = false
        tasks = Tasks()
        hasCoding = false
        coding = Coding()
        hasAgreement = false
        agreement = []
        hasGaze = false
        gaze = Gaze()
        hasMemos = false
        memos = []
        profile.attributes = []
    }
}
