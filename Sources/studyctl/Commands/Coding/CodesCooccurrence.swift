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

struct CodesCooccurrence: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cooccur", abstract: words("Category × category: participants who raised both (diagonal: who raised each), or passages that occur together."),
        discussion: words("""
            By default the unit is the participant: how many raised both categories. With --overlap, --within N or \
            --same-turn the unit is the coded passage: how many pairs of passages, one coded A and one coded B, \
            overlap (an excerpt coded both counts once), lie at most N words apart in one transcript, or lie in one \
            turn; the diagonal is the passages coded each. Passages outside any transcript meet only themselves.
            """))

    @Flag(help: ArgumentHelp(words("Count passages that overlap, not participants.")))
    var overlap = false

    @Option(help: ArgumentHelp(words("Count passages that overlap or lie at most N words apart in one transcript, not participants."), valueName: "N"))
    var within: Int?

    @Flag(help: ArgumentHelp(words("Count passages that lie in one turn of a transcript (or overlap), not participants.")))
    var sameTurn = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    struct JSON: Encodable {
        var categories: [String]
        var participants: [[Int]]?
        var passages: [[Int]]?
        var unit: String
        var within: Int?
    }

    func validate() throws {
        if [overlap, within != nil, sameTurn].filter({ $0 }).count > 1 { throw Refusal("Please give one of --overlap, --within and --same-turn.") }
        if let within, within < 0 { throw Refusal("--within takes a number of words, 0 or more.") }
    }

    var proximity: Proximity? {
        if let within { return .within(words: within) }
        if sameTurn { return .sameTurn }
        return overlap ? .overlap : nil
    }

    func run() throws {
        let language = Voice.language
        guard let proximity else {
            let dataset = try study.withStudy { try $0.codingDataset(coder: coder.coder) }
            coder.warnIfSeveral(dataset)
            let matrix = CodeAnalysis.cooccurrence(dataset.segments, categories: dataset.categories)
            if output.json { return try printJSON(JSON(categories: dataset.categories, participants: matrix, unit: "participant"), command: "codes cooccur") }
            let table = ResultTable.cooccurrence(categories: dataset.categories, matrix: matrix, language: language)
            return print(TextRenderer.render(table, title: false), terminator: "")
        }
        let material = try study.withStudy { try $0.quoteMaterial(coder: coder.coder) }
        if coder.coder == nil, Set(material.passages.compactMap(\.coder)).count > 1 {
            note("counting the codes of every coder (\(Set(material.passages.compactMap(\.coder)).sorted().joined(separator: ", "))); choose one with --coder")
        }
        sayLeftOut(material.leftOut)
        let categories = material.categories.map(\.name)
        let matrix = PassageCooccurrence.matrix(material.passages, categories: categories, proximity: proximity, transcripts: material.transcripts)
        if output.json {
            return try printJSON(JSON(categories: categories, passages: matrix, unit: sameTurn ? "same-turn" : within != nil ? "within" : "overlap",
                                      within: within), command: "codes cooccur")
        }
        var table = ResultTable.cooccurrence(categories: categories, matrix: matrix, language: language)
        let rule: Sentence = switch proximity {
        case .overlap: "Passages: pairs of coded passages, one in each category, that overlap (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        case let .within(n): "Passages: pairs of coded passages, one in each category, that overlap or lie at most \(String(n)) words apart in one transcript (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        case .sameTurn: "Passages: pairs of coded passages, one in each category, that lie in one turn of a transcript or overlap (an excerpt coded in both counts once); the diagonal is the passages coded in each category."
        }
        table.notes = [rule.text(language)]
        print(TextRenderer.render(table, title: false), terminator: "")
    }
}
