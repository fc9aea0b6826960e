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

    struct JSON: Encodable {
        var participants: [String]
        var categories: [String]
        var counts: [[Int]]
        var presence: [[Int]]
        /// Each theme's row: codes of the theme and every category under it, each code once.
        var themes: [Theme]
        struct Theme: Encodable { var theme: String; var categories: [String]; var counts: [Int]; var presence: [Int] }
    }

    func run() throws {
        let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder) }
        coder.warnIfSeveral(dataset)
        let counts = CodeAnalysis.matrix(dataset.segments, categories: dataset.categories, participants: dataset.participantOrder)
        let shown = presence ? counts.map { $0.map { $0 > 0 ? 1 : 0 } } : counts
        let themes = dataset.tree.themes
        let themeCounts = CodeAnalysis.themeMatrix(dataset.segments, tree: dataset.tree, participants: dataset.participantOrder)
        let themeShown = presence ? themeCounts.map { $0.map { $0 > 0 ? 1 : 0 } } : themeCounts
        if output.json {
            return try printJSON(JSON(participants: dataset.participantOrder, categories: dataset.categories, counts: counts,
                                      presence: counts.map { $0.map { $0 > 0 ? 1 : 0 } },
                                      themes: zip(themes, themeCounts).map { theme, row in
                                          .init(theme: theme, categories: dataset.tree.members(of: theme), counts: row, presence: row.map { $0 > 0 ? 1 : 0 })
                                      }), command: "codes matrix")
        }
        func matrix(totals: Bool) -> ResultTable {
            ResultTable.codeMatrix(categories: dataset.categories, participants: dataset.participantOrder, counts: shown, themes: themes,
                                   themeCounts: themeShown, totals: totals, language: Voice.language)
        }
        if csv { return print(CSVRenderer.render(matrix(totals: false)), terminator: "") }
        print(TextRenderer.render(matrix(totals: true), title: false), terminator: "")
        if !themes.isEmpty {
            say(presence ? "A theme's row: 1 where the participant raised the theme or any category under it; its total counts each participant once."
                : "A theme's row: the codes of the theme and of every category under it, each code once.")
        }
    }
}
