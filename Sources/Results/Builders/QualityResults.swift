import Surveys
import Wording

/// A response set the quality checks flagged (`ResponseQuality`), as the report, workbook and CSV list it.
public struct FlaggedResponseSet: Sendable, Equatable {
    public var instrument: String
    public var participant: String
    public var task: String?
    /// The set's measurement key (occasion, conditions); "" when it has none.
    public var occasion: String
    public var flags: [QualityFlag]

    public init(instrument: String, participant: String, task: String?, occasion: String = "", flags: [QualityFlag]) {
        self.instrument = instrument
        self.participant = participant
        self.task = task
        self.occasion = occasion
        self.flags = flags
    }
}

extension ResultTable {
    /// The response sets the quality checks flagged, one row per flag with the rule and the answers that raised it.
    /// Nothing here is left out of a score: the table says which answers the checks doubt.
    /// `instrumentColumn: false` for one questionnaire's table (`quality`); an occasion column when any flagged
    /// set has an occasion or conditions, so that one participant's two sets are told apart.
    public static func responseQuality(_ flagged: [FlaggedResponseSet], instrumentColumn: Bool = true, language: StudyLanguage) -> ResultTable {
        let style = NumberStyle(language)
        let measured = flagged.contains { !$0.occasion.isEmpty }
        let columns = (instrumentColumn ? [Column(.instrument, .text, language)] : [])
            + [Column(.participant, .text, language), Column(.task, .text, language)]
            + (measured ? [Column(.occasion, .text, language)] : [])
            + [Column("rule", Sentence("Rule").text(language), .text), Column("answers", Sentence("Answers").text(language), .text)]
        var table = ResultTable(id: "response_quality", title: Sentence("Response sets flagged by the quality checks").text(language), language: language,
                                columns: columns)
        for entry in flagged {
            for flag in entry.flags {
                table.append((instrumentColumn ? [.text(entry.instrument)] : []) + [.text(entry.participant), Value(entry.task)]
                             + (measured ? [Value(entry.occasion.isEmpty ? nil : MeasurementKey(key: entry.occasion).readable(none: ""))] : [])
                             + [.text(ResponseQuality.name(flag.rule).text(language)),
                                .text(flag.detail { style.number($0, decimals: $0 == $0.rounded() ? 0 : 2) }.text(language))])
            }
        }
        return table
    }

    /// Each item's answered, unanswered and not-applicable counts over the checked response sets.
    public static func itemAnswers(_ counts: [ResponseQuality.ItemCounts], language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "item_answers", title: Sentence("Answers per item").text(language), language: language,
                                columns: [Column(.item, .count, language), Column(.answered, .count, language),
                                          Column("unanswered", Sentence("Unanswered").text(language), .count),
                                          Column(.not_applicable, .count, language)])
        for count in counts { table.append([.count(count.item), .count(count.answered), .count(count.missing), .count(count.notApplicable)]) }
        return table
    }
}
