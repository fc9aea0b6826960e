import Surveys
import Wording

/// A response set the quality checks flagged (`ResponseQuality`), as the report, workbook and CSV list it.
/// In `quality --json` (docs/json.md) a set is `{participant, task, occasion, flags}`.
public struct FlaggedResponseSet: Sendable, Equatable, Encodable {
    enum CodingKeys: String, CodingKey { case participant, task, occasion, flags }

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

/// `quality ID` (docs/json.md): one questionnaire's response sets checked, the rules that flag a set (rule → what it
/// says, in words), the sets flagged and each item's answered, unanswered and not-applicable counts. Its `--json` and
/// its terminal tables come from this one value.
public struct QualityDocument: Encodable, Sendable, Equatable {
    public var instrument: String
    /// The response sets checked.
    public var responseSets: Int
    /// The rules that could flag this questionnaire's sets (a timing rule only where the sets carry their times).
    public var rules: [String: String]
    public var flagged: [FlaggedResponseSet]
    public var items: [ResponseQuality.ItemCounts]

    public init(instrument definition: InstrumentDefinition, responseSets: Int, timed: Bool, flagged: [FlaggedResponseSet],
                items: [ResponseQuality.ItemCounts]) {
        instrument = definition.id
        self.responseSets = responseSets
        rules = Dictionary(ResponseQuality.rules(for: definition, timed: timed).map { ($0.rawValue, ResponseQuality.statement($0).description) },
                           uniquingKeysWith: { first, _ in first })
        self.flagged = flagged
        self.items = items
    }

    /// The flagged sets, one row per flag, and the answers per item (either left out when empty).
    public func tables(language: StudyLanguage) -> [ResultTable] {
        (flagged.isEmpty ? [] : [ResultTable.responseQuality(flagged, instrumentColumn: false, language: language)])
            + (items.isEmpty ? [] : [ResultTable.itemAnswers(items, language: language)])
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
