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
            let document = CooccurrenceDocument(categories: dataset.categories, participants: matrix)
            if output.json { return try printJSON(document, command: "codes cooccur") }
            return print(TextRenderer.render(document.table(language: language), title: false), terminator: "")
        }
        let material = try study.withStudy { try $0.quoteMaterial(coder: coder.coder) }
        if coder.coder == nil, Set(material.passages.compactMap(\.coder)).count > 1 {
            note("counting the codes of every coder (\(Set(material.passages.compactMap(\.coder)).sorted().joined(separator: ", "))); choose one with --coder")
        }
        sayLeftOut(material.leftOut)
        let categories = material.categories.map(\.name)
        let matrix = PassageCooccurrence.matrix(material.passages, categories: categories, proximity: proximity, transcripts: material.transcripts)
        let document = CooccurrenceDocument(categories: categories, passages: matrix, proximity: proximity)
        if output.json { return try printJSON(document, command: "codes cooccur") }
        print(TextRenderer.render(document.table(language: language), title: false), terminator: "")
    }
}
