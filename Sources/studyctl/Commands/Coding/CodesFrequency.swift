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
        if output.json { return try printJSON(FrequencyDocument(table, attribute: by, denominatorBase: denominator.rawValue), command: "codes freq") }
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
