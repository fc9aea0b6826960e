import ArgumentParser
import Results
import Figures
import Foundation
import QualCoding
import Reports
import StudyStore
import Surveys
import Wording
import Tabular

struct CodesWords: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words", abstract: words("The most frequent words of the coded passages (or of the transcripts), stop words left out."),
        discussion: words("""
            Words are counted in the coded passages (each spoken word once, where excerpts overlap or nest), or with --transcripts in the participants' \
            words of every interview transcript (the moderator's turns left out). Stop words come from \
            templates/stopwords (the study's language). Example: studyctl codes words --category \
            "Informações Insuficientes" --by level --top 15 --figure palavras.png
            """))

    @Option(help: ArgumentHelp(words("Only passages in this category; repeat for several."), valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp(words("Also count per group of a participant attribute (e.g. level)."), valueName: "attribute"))
    var by: String?

    @Option(help: ArgumentHelp(words("How many words to show."), valueName: "N"))
    var top: Int = 20

    @Flag(help: ArgumentHelp(words("Count the words of the whole transcripts (the participants' turns), not of the coded passages.")))
    var transcripts = false

    @Option(help: ArgumentHelp(words("Also draw the words as a bar chart: .png, .svg or .pdf."), valueName: "file"))
    var figure: String?

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if top < 1 { throw Refusal("--top takes a number of words, 1 or more.") }
        if transcripts && !category.isEmpty { throw Refusal("Please give --category or --transcripts, not both: a category selects coded passages.") }
        if let figure, Figure.Format(rawValue: URL(fileURLWithPath: figure).pathExtension.lowercased()) == nil {
            throw Refusal("The figure must be a .png, .svg or .pdf file: \(figure).")
        }
    }

    func run() throws {
        let language = Voice.language
        let (material, studyLanguage) = try study.withStudy { (try $0.quoteMaterial(coder: coder.coder), try $0.info().language) }
        try material.checkCategories(category)
        if !transcripts { sayLeftOut(material.leftOut) }
        var groups: [String: String] = [:]
        var groupOrder: [String] = []
        if let by {
            groupOrder = material.valueOrders.first { $0.key.caseInsensitiveCompare(by) == .orderedSame }?.value ?? []
            guard material.attributes.values.contains(where: { $0.keys.contains { $0.caseInsensitiveCompare(by) == .orderedSame } }) else {
                throw Refusal("No participant attribute '\(by)' (attributes: \(Set(material.attributes.values.flatMap(\.keys)).sorted().joined(separator: ", "))).")
            }
            for (participant, values) in material.attributes {
                if let value = values.first(where: { $0.key.caseInsensitiveCompare(by) == .orderedSame })?.value { groups[participant] = value }
            }
        }
        var texts: [(participant: String, text: String)] = []
        if transcripts {
            for interview in material.interviews { if let text = material.transcripts[interview.document] { texts.append((interview.participant, text.participantWords)) } }
        } else {
            let selected = QuoteSelection.select(material.passages, query: QuoteQuery(categories: category), attributes: material.attributes)
            texts = WordFrequency.codedTexts(selected, transcripts: material.transcripts)
        }
        guard let frequency = WordFrequency(texts: texts, language: studyLanguage, group: groups, groupOrder: groupOrder, top: top) else {
            throw Refusal("The stop-word list of the study's language is missing from studyctl's templates (templates/stopwords).")
        }
        if output.json { return try printJSON(frequency, command: "codes words") }
        let table = ResultTable.wordFrequency(frequency, attribute: by, transcripts: transcripts, language: language)
        if csv {
            print(CSVRenderer.render(table), terminator: "")
        } else {
            print(TextRenderer.render(table, title: false), terminator: "")
        }
        if let figure {
            let title = (transcripts ? "Most frequent words of the transcripts" : category.isEmpty ? "Most frequent words of the coded passages"
                         : "Most frequent words: \(category.joined(separator: ", "))" as Sentence).text(language)
            let drawing = BarFigure.horizontal(labels: frequency.rows.map(\.word), values: frequency.rows.map(\.count), title: title,
                                                 valueTitle: ("Occurrences" as Sentence).text(language))
            // `validate()` refused any other extension.
            guard let format = Figure.Format(rawValue: URL(fileURLWithPath: figure).pathExtension.lowercased()) else {
                throw Refusal("The figure must be a .png, .svg or .pdf file: \(figure).")
            }
            try AtomicOutput.file(figure) { try drawing.write(to: $0, format: format) }
            say("Wrote \(figure).")
        }
    }
}
