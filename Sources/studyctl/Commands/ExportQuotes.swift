import ArgumentParser
import Foundation
import QualCoding
import Reports
import Results
import StudyStore
import Surveys
import Wording

struct ExportQuotes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quotes", abstract: words("Write the selected quotes for a results chapter: .docx, .odt, .md or .html."),
        discussion: words("""
            The coded passages that code list would select, grouped by theme and category, each with its participant \
            and attributes, its code and the words around it (--context, default 1s: the sentence before and \
            after). Quotations follow the study's language: ABNT NBR 10520 in Portuguese (more than three lines as a \
            block indented 4 cm in smaller type, without quotation marks; shorter ones in double quotation marks), \
            APA in English (40 words or more as a block quotation). The format is the file's extension. Attributes \
            marked identifying ('studyctl participant import --identifying', 'studyctl participant attribute NAME --identifying') are never \
            cited; --redact FILE masks its names everywhere the document prints words, with or without \
            --pseudonymise. --pseudonymise also masks the speakers' names (a speaker mapped to a participant as \
            that participant's pseudonym, the moderator and speakers not mapped as […]) and the names kept in \
            identifying attributes, wherever the quotes and their contexts say them.

            --studies writes the quotes of several studies in one document (each opened read-only): categories, \
            themes and attributes are matched by name in each study ignoring case and accents, as 'studyctl search' \
            matches them, and each participant is named with their study (release-4.1/P3). --search keeps the quotes \
            holding its words, as 'studyctl search' finds them.

            Example: studyctl export quotes iniciantes.docx --category "Informações Insuficientes" --where level=Iniciante
            """))

    @Argument(help: ArgumentHelp(words("The document to write: .docx, .odt, .md or .html."), valueName: "file"))
    var file: String

    @OptionGroup var filter: QuoteFilterOptions

    @Option(help: ArgumentHelp(words("Words around each excerpt: a number of words (30 or 30w) or of sentences (1s) on each side."), valueName: "N|Nw|Ns"))
    var context: ContextSize = .sentences(1)

    @Option(help: ArgumentHelp(words("The participant attributes each quote cites, comma-separated ('none': the participant's code alone); default: the study's choice (the workspace's Quotes tab), else every attribute."),
                               valueName: "names"))
    var cite: String?

    @Flag(help: ArgumentHelp(words("Replace a document already at that path.")))
    var force = false

    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var across: StudiesOption

    @Option(help: ArgumentHelp(words("Only the quotes holding these words, as 'studyctl search' finds them (word, word*, \"a phrase\", OR, NOT)."),
                               valueName: "query"))
    var search: String?

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if QuoteFormat(path: file) == nil { throw Refusal("The quotes are written as .docx, .odt, .md or .html; '\(file)' is none of them.") }
    }

    func run() throws {
        if !force, FileManager.default.fileExists(atPath: file) { throw ExportXlsx.Exists(path: file) }
        if !across.studies.isEmpty || search != nil { return try exportAcross() }
        var (material, info, labels) = try pseudonyms.withStudy(study) { (try $0.quoteMaterial(coder: filter.coder.coder), try $0.info(), try $0.labels()) }
        try filter.check(material)
        if let cite {
            let names = cite.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? []
                : cite.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let known = material.attributeChoices.map(\.name)
            material.citation = try names.map { name in
                guard let found = known.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                    throw Refusal("Please name participant attributes in --cite: '\(name)' is none (attributes: \(known.joined(separator: ", "))).")
                }
                return found
            }
        }
        sayLeftOut(material.leftOut)
        if pseudonyms.pseudonymise {
            let speakers = try study.withStudy(signOfLife: false) { try $0.speakerNames() }
            if !speakers.isEmpty {
                note("speakers' names masked in the quotes and their contexts (as their participant's pseudonym, else […]): \(speakers.joined(separator: ", "))")
            }
        }
        let book = QuoteBook(material, query: filter.query(material.categories), context: context)
        let language = info.language
        let title = ("Quotes: \(info.title)" as Sentence).text(language)
        // The selection as typed (--where name=…) is masked as the study's words are.
        let selection = StudyDatabase.masked(filter.describe(book, codebook: material.categories, labels: labels).text(language), names: try pseudonyms.redactedNames())
        // validate() refused a file of no known format.
        guard let format = QuoteFormat(path: file) else { throw Refusal("The quotes are written as .docx, .odt, .md or .html; '\(file)' is none of them.") }
        try QuoteDocument.write(book, title: title, selection: selection, language: language, to: file, format: format, labels: labels)
        let printed = Set(book.themes.flatMap(\.categories).flatMap(\.quotes).flatMap(\.attributes).map(\.name))
        for name in printed.sorted() where IdentifyingNames.looksIdentifying(name) {
            note("the quotes cite the attribute '\(name)', named like a person's name or contact; if it identifies people, 'studyctl participant attribute \(name) --identifying' leaves it out of every quote")
        }
        say(filter.describe(book, codebook: material.categories, labels: labels))
        say(.wrote(file))
    }
}
