import ArgumentParser
import Foundation
import Importing
import QualCoding
import Results
import StudyStore
import Surveys
import Tabular
import Wording

struct CodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: words("Code excerpts: add, import, list, move and categorise in-vivo codes."),
        subcommands: [CodeAdd.self, CodeImport.self, CodeList.self, CodeMove.self, CodeCategoryCommand.self, CodeRemove.self,
                      CodeSuggest.self, CodeSuggestions.self])
}

/// A word for a shell: as it is when it needs no quoting, else in single quotes (an undo line to paste back).
func shellWord(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.,:/=@+".unicodeScalars.contains($0) }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

struct CodeCategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category", abstract: words("Put a code in one more category, or take it out of one (a code in two categories)."),
        subcommands: [CodeCategoryAdd.self, CodeCategoryRemove.self])
}

struct CodeCategoryAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Put a code in one more category: its passage counts in each of its categories."),
        discussion: words("""
            The code keeps the categories it is in; 'code move' moves it out of one instead. Example: studyctl code \
            category add 12 "Confiança"
            """))

    @Argument(help: ArgumentHelp(words("The code's number (see 'studyctl code list').")))
    var id: Int64

    @Argument(help: ArgumentHelp(words("The category to add the code to."), valueName: "category"))
    var category: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let name = try study.withStudy { try $0.addCodeCategory(id, category: category) }
        say("Code \(String(id)) is in category \(name) too.")
        say("To undo: studyctl code category remove \(String(id)) \(Sentence(verbatim: shellWord(name)))")
    }
}

struct CodeCategoryRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: words("Take a code out of one of its categories (it keeps the others)."))

    @Argument(help: ArgumentHelp(words("The code's number (see 'studyctl code list').")))
    var id: Int64

    @Argument(help: ArgumentHelp(words("The category to take the code out of."), valueName: "category"))
    var category: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let name = try study.withStudy { try $0.removeCodeCategory(id, category: category) }
        say("Code \(String(id)) is no longer in category \(name).")
        say("To undo: studyctl code category add \(String(id)) \(Sentence(verbatim: shellWord(name)))")
    }
}

struct CodeAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Code an excerpt of what a participant said."),
        discussion: words("""
            The in-vivo code must occur in the excerpt (a match ignoring case and accents is accepted with a \
            note); --descriptive for a code in your own words. When the participant has a transcript, the \
            excerpt must be in it and its position is stored; otherwise the closest passage is shown.

            Example: studyctl code add P4 --excerpt "Senti falta de um direcionamento das interações possíveis" \
              --code "falta de um direcionamento das interações" --category "Interações com dispositivo"
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("The verbatim excerpt (default: the code itself)."), valueName: "text"))
    var excerpt: String?

    @Option(help: ArgumentHelp(words("The code: the participant's own words."), valueName: "text"))
    var code: String

    @Option(help: ArgumentHelp(words("The category; repeat for several."), valueName: "name"))
    var category: [String] = []

    @Option(help: ArgumentHelp(words("Who coded it (for agreement between coders)."), valueName: "name"))
    var coder: String?

    @Option(help: ArgumentHelp(words("An analytic memo on the code."), valueName: "text"))
    var memo: String?

    @Flag(help: ArgumentHelp(words("The code is in the researcher's words, not the participant's.")))
    var descriptive = false

    @Option(help: ArgumentHelp(words("Which of the participant's transcripts, by its label (e.g. a session's log, 'sessão 1')."), valueName: "label"))
    var transcript: String?

    @Option(help: ArgumentHelp(words("Which passage matching the excerpt to code, counted from 1 in the transcript (a phrase said more than once)."),
                               valueName: "n"))
    var occurrence: Int?

    @Option(help: ArgumentHelp(words("The passage: START-END, Unicode character offsets of the transcript (as 'transcript search --json' gives them; 'annotate --at' takes the same), or its words (as --excerpt)."),
                               valueName: "start-end|words"))
    var at: String?

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if category.isEmpty { throw Refusal("Please give the code a category with --category NAME.") }
        if let occurrence, occurrence < 1 { throw Refusal("Please give --occurrence as a number from 1: '\(String(occurrence))' is not one.") }
        let place = at.map(PassageAt.init)
        if occurrence != nil && place?.span != nil { throw Refusal("Please give --occurrence or --at START-END, not both: each says which passage to code.") }
        if let at, place == .badOffsets { throw Refusal("Please give --at as START-END, two offsets with the end past the start: '\(at)' is not.") }
        if excerpt != nil && place?.passageWords != nil { throw Refusal("Please give the passage's words once: with --excerpt or with --at, not both.") }
    }

    func run() throws {
        let place = at.map(PassageAt.init)
        let result = try study.withStudy {
            var entry = CodeEntry(participant: participant, excerpt: excerpt ?? place?.passageWords, code: code, categories: category,
                                  coder: coder, memo: memo, descriptive: descriptive, span: place?.span, transcript: transcript)
            entry.occurrence = occurrence
            return try $0.addCode(entry)
        }
        for line in result.notes { note(line) }
        say(.storedCode(id: result.id, participant: participant, span: result.span.map { "\($0.lowerBound)–\($0.upperBound)" }))
    }
}

struct CodeImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: words("Import coded excerpts from CSV."),
        discussion: words("""
            Columns (found by name): participant, excerpt and/or code (in_vivo_code), category; optional coder \
            and memo. A column named like a participant attribute (e.g. level) is checked against the \
            participant. All or nothing: every bad row is reported with file:line:column.
            """))

    @Argument(help: ArgumentHelp(words("The CSV file."), valueName: "file.csv"), completion: .file(extensions: ["csv", "txt"]))
    var file: String

    @Option(help: ArgumentHelp(words("The coder of rows without a coder column."), valueName: "name"))
    var coder: String?

    @Flag(help: ArgumentHelp(words("The codes are descriptive, not in vivo.")))
    var descriptive = false

    @Option(help: ArgumentHelp(words("The field separator (default: detected)."), valueName: "delimiter"))
    var delimiter: Delimiter?

    @OptionGroup var study: StudyOptions

    func run() throws {
        let summary = try study.withStudy { try $0.importCodes(from: file, coder: coder, descriptive: descriptive, delimiter: delimiter) }
        for line in summary.notes { note(line) }
        if !summary.ignored.isEmpty { note("columns not read: \(summary.ignored.map { "'\($0)'" }.joined(separator: ", "))") }
        say(.importedCodes(codes: summary.codes, excerpts: summary.excerpts, file: file))
    }
}

struct CodeList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: words("List codes with their excerpts and categories, or retrieve quotes with the words around them."),
        discussion: words("""
            With --context, --where, --all-of or --none-of the passages are listed as quotes: each with its \
            participant, attributes, code and categories, and the words around it in its transcript. --context 30 \
            (or 30w) gives 30 words on each side; --context 1s the sentence before and after (a sentence ends at . ! ? \
            … or a line break, so 1s in a transcript with turns is the turn before and after). Passages in session \
            logs and on the moderator's words alone are left out, as the coding analyses leave them.

            Example: studyctl code list --category "Informações Insuficientes" --where level=Iniciante --context 1s
            """))

    @OptionGroup var filter: QuoteFilterOptions

    @Option(help: ArgumentHelp(words("Words around each excerpt: a number of words (30 or 30w) or of sentences (1s) on each side."), valueName: "N|Nw|Ns"))
    var context: ContextSize?

    @Option(help: ArgumentHelp(words("Show a participant attribute beside each code (e.g. level)."), valueName: "attribute"))
    var by: String?

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    var asQuotes: Bool { context != nil || !filter.conditions.isEmpty || filter.allOf != nil || filter.noneOf != nil }

    func run() throws {
        if asQuotes { return try quotes() }
        let (codes, roster, codebook) = try study.withStudy { (try $0.codes(coder: filter.coder.coder), try $0.roster(), try $0.categories()) }
        // A theme's codes are its sub-categories' too, as the Quotes tab and the quotes listing take them.
        let family = CategoryFamily.expanding(filter.category, in: codebook.map { (name: $0.name, theme: $0.theme) })
        let selected = codes.filter { code in
            (filter.participant.map { code.participant.caseInsensitiveCompare($0) == .orderedSame } ?? true)
                && (family.isEmpty || family.contains { name in code.categories.contains { $0.caseInsensitiveCompare(name) == .orderedSame } })
        }
        if output.json { return try printJSON(selected, command: "code list", key: "codes") }
        let under = filter.subcategories(codebook.map { (name: $0.name, theme: $0.theme) })
        if !under.isEmpty { note("with its sub-categories: \(under.joined(separator: ", "))") }
        let language = Voice.language
        if selected.isEmpty { return print(("No codes." as Sentence).text(language)) }
        printListing(ResultTable.codes(selected, by: by, roster: roster, language: language))
    }

    func quotes() throws {
        let material = try study.withStudy { try $0.quoteMaterial(coder: filter.coder.coder) }
        try filter.check(material)
        sayLeftOut(material.leftOut)
        let book = QuoteBook(material, query: filter.query(material.categories), context: context)
        if output.json { return try printJSON(book, command: "code list", key: "quotes") }
        for line in QuoteListing.lines(book, by: by, language: Voice.language) { print(line) }
        say(filter.describe(book, codebook: material.categories))
    }
}

/// Quotes as a terminal shows them: a heading per theme and category, then each quote with who said it and the
/// words around it (the quote itself between « and »).
enum QuoteListing {
    static func lines(_ book: QuoteBook, by: String?, language: StudyLanguage) -> [String] {
        var lines: [String] = []
        for theme in book.themes {
            if let name = theme.name { lines.append(words("Theme: \(name)")) }
            for category in theme.categories {
                lines.append("== \(category.name) ==")
                for quote in category.quotes {
                    let shown = quote.attributes.filter { attribute in by.map { attribute.name.caseInsensitiveCompare($0) == .orderedSame } ?? true }
                    let attributes = shown.map { "\($0.name): \($0.shown(language))" }.joined(separator: ", ")
                    var head = "#\(quote.id) \(quote.participant)" + (attributes.isEmpty ? "" : " (\(attributes))")
                    if let coder = quote.coder { head += " [\(coder)]" }
                    head += " — " + quote.code
                    lines.append(head)
                    if let context = quote.context {
                        let (before, after) = context.spaced
                        lines.append("    " + before + "«" + quote.excerpt + "»" + after)
                    } else {
                        lines.append("    «" + quote.excerpt + "»")
                    }
                }
                lines.append("")
            }
        }
        return lines
    }
}

struct CodeMove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: words("Move a code to another category."))

    @Argument(help: ArgumentHelp(words("The code's number (see 'studyctl code list').")))
    var id: Int64

    @Option(help: ArgumentHelp(words("The category to move it to."), valueName: "name"))
    var to: String

    @Option(help: ArgumentHelp(words("The category to move it from, when it has several."), valueName: "name"))
    var from: String?

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy { try $0.moveCode(id, from: from, to: to) }
        say(.movedCode(id: id, to: to))
    }
}
