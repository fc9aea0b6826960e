import Surveys
import Wording

/// A response set the quality checks flagged (`ResponseQuality`), as the report, workbook and CSV list it.
public struct FlaggedResponseSet: Sendable, Equatable {
    public var instrument: String
    public var participant: String
    public var task: String?
    public var flags: [QualityFlag]

    public init(instrument: String, participant: String, task: String?, flags: [QualityFlag]) {
        self.instrument = instrument
        self.participant = participant
        self.task = task
        self.flags = flags
    }
}

extension ResultTable {
    /// The response sets the quality checks flagged, one row per flag with the rule and the answers that raised it.
    /// Nothing here is left out of a score: the table says which answers the checks doubt.
    public static func responseQuality(_ flagged: [FlaggedResponseSet], language: StudyLanguage) -> ResultTable {
        let style = NumberStyle(language)
        var table = ResultTable(id: "response_quality", title: Sentence("Response sets flagged by the quality checks").text(language), language: language,
                                columns: [Column(.instrument, .text, language), Column(.participant, .text, language), Column(.task, .text, language),
                                          Column("rule", Sentence("Rule").text(language), .text),
                                          Column("answers", Sentence("Answers").text(language), .text)])
        for entry in flagged {
            for flag in entry.flags {
                table.append([.text(entry.instrument), .text(entry.participant), Value(entry.task), .text(ResponseQuality.name(flag.rule).text(language)),
                              .text(flag.detail { style.number($0, decimals: $0 == $0.rounded() ? 0 : 2) }.text(language))])
            }
        }
        return table
    }
}
