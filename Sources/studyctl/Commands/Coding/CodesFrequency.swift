import ArgumentParser
import Results
import Figures
import Foundation
import Templates
import QualCoding
import Reports
import StudyStore
import Surveys
import Wording
import Tabular

struct CodesFrequency: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freq",
        abstract: words("Per category: coded segments, participants who raised it, and their share."),
        discussion: words("""
            The share's denominator is the participants who were interviewed — those with words in an interview \
            transcript (a focus group's speakers each count) or a coded excerpt outside any transcript — (or those \
            of the group, with --by); --denominator study takes every participant of the study instead. The output \
            states it. Session logs are not interviews: their codes are left out, as are codes on the moderator's \
            words, and a note says how many. Categories never used are listed with zero. Sorted by share.
            """))

    @Option(help: ArgumentHelp(words("What the share is taken over: interviewed (default) or study."), valueName: "base"))
    var denominator: ShareDenominator = .interviewed

    @Option(help: ArgumentHelp(words("Also per group of a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder, groupedBy: by) }
        coder.warnIfSeveral(dataset)
        // Each coder's own count beside every coder's when several coded and none was chosen.
        let coders = coder.coder == nil && dataset.coders.count > 1 ? dataset.coders : []
        let table = CodeAnalysis.frequencies(dataset.segments, categories: dataset.categories, participants: dataset.denominator(denominator),
                                             groupOrder: dataset.groupOrder, tree: dataset.tree, coders: coders)
        if output.json { return try printJSON(FrequencyJSON(table, attribute: by, denominator: denominator), command: "codes freq") }
        if csv { return print(CSVRenderer.render(ResultTable.categoryFrequencyRows(table, language: Voice.language)), terminator: "") }
        let language = Voice.language
        print(TextRenderer.render(ResultTable.categoryFrequencies(table, language: language), title: false), terminator: "")
        let perGroup = by.flatMap { by in table.rows.first.map { first in
            "\(by): " + zip(table.groups, first.groups).map { "\($0.0) \($0.1.denominator)" }.joined(separator: ", ")
        } }
        print("")
        say(.sharesDenominator(participants: table.participants, study: denominator == .study, all: dataset.participants.count, perGroup: perGroup))
    }
}

/// `codes freq --json` (docs/json.md): each group's counts carry the group's name and attribute.
struct FrequencyJSON: Encodable {
    struct Count: Encodable {
        var attribute: String?
        var name: String
        var segments: Int
        var participants: Int
        var share: Double
        var denominator: Int
    }
    struct Row: Encodable {
        var category: String
        var overall: CategoryCount
        var groups: [Count]
        /// Each coder's own count, when several coded and none was chosen.
        var byCoder: [CoderCount]?
    }
    struct CoderCount: Encodable { var coder: String; var segments: Int; var participants: Int; var share: Double; var denominator: Int }
    /// A theme's total: each participant once, however many of its categories they raised.
    struct Theme: Encodable { var theme: String; var categories: [String]; var overall: CategoryCount; var groups: [Count] }

    var groupedBy: String?
    var themes: [Theme]
    var coders: [String]?
    var denominatorBase: String
    var participants: Int
    var groupOrder: [String]
    var rows: [Row]

    init(_ table: FrequencyTable, attribute: String?, denominator: ShareDenominator) {
        groupedBy = attribute
        denominatorBase = denominator.rawValue
        participants = table.participants
        groupOrder = table.groups
        func counts(_ groups: [CategoryCount]) -> [Count] {
            zip(table.groups, groups).map { name, count in
                Count(attribute: attribute, name: name, segments: count.segments, participants: count.participants, share: count.share,
                      denominator: count.denominator)
            }
        }
        rows = table.rows.map { row in
            Row(category: row.category, overall: row.overall, groups: counts(row.groups),
                byCoder: table.coders.isEmpty ? nil : zip(table.coders, row.byCoder).map {
                    CoderCount(coder: $0, segments: $1.segments, participants: $1.participants, share: $1.share, denominator: $1.denominator)
                })
        }
        themes = table.themes.map { Theme(theme: $0.theme, categories: $0.categories, overall: $0.overall, groups: counts($0.groups)) }
        coders = table.coders.isEmpty ? nil : table.coders
    }
}
