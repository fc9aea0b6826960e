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

struct CodesMatrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix", abstract: words("Category × participant: codes per participant (0 where none)."))

    @Flag(help: ArgumentHelp(words("Show presence (1) or absence (0) instead of counts.")))
    var presence = false

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder) }
        coder.warnIfSeveral(dataset)
        let document = CodeMatrixDocument(
            participants: dataset.participantOrder, categories: dataset.categories,
            counts: CodeAnalysis.matrix(dataset.segments, categories: dataset.categories, participants: dataset.participantOrder),
            themes: dataset.tree.themes,
            themeCounts: CodeAnalysis.themeMatrix(dataset.segments, tree: dataset.tree, participants: dataset.participantOrder),
            members: dataset.tree.members(of:))
        if output.json { return try printJSON(document, command: "codes matrix") }
        func matrix(totals: Bool) -> ResultTable { document.table(presence: presence, totals: totals, language: Voice.language) }
        if csv { return print(CSVRenderer.render(matrix(totals: false)), terminator: "") }
        print(TextRenderer.render(matrix(totals: true), title: false), terminator: "")
        if !document.themes.isEmpty {
            say(presence ? "A theme's row: 1 where the participant raised the theme or any category under it; its total counts each participant once."
                : "A theme's row: the codes of the theme and of every category under it, each code once.")
        }
    }
}
