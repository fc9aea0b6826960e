import ArgumentParser
import Foundation
import QualCoding
import Results
import StudyStore
import Wording

/// The studies a command reads beside (or instead of) the one it works on: each opened read-only.
struct StudiesOption: ParsableArguments {
    @Option(parsing: .upToNextOption, help: ArgumentHelp(words("Study files to read, read-only (e.g. releases/*.sqlite); default: the study (--db)."),
                                                         valueName: "files"))
    var studies: [String] = []

    /// The files given, else the study --db names (read-only too).
    func paths(_ study: StudyOptions) -> [String] { studies.isEmpty ? [study.path] : studies }

    /// Reads and indexes the studies; the command line speaks the first study's language unless one was chosen.
    func search(_ study: StudyOptions) throws -> AcrossSearch {
        let searched = try Activity.during(Message.working.text(Voice.language)) { try AcrossSearch(paths: paths(study)) }
        if let first = searched.corpora.first { Voice.follow(first.language) }
        return searched
    }
}

struct SearchStudies: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: words("Find quotes, memos, annotations and open answers holding words, in one study or across several."),
        discussion: words("""
            A full-text search (SQLite FTS5, in memory: nothing is written to any study) over every coded excerpt (a \
            quote, with the categories of its codes), memo, annotation and open answer of the studies given with \
            --studies, each opened read-only and read as it stood at one moment, even while another studyctl writes \
            it. Case and accents are ignored (onboarding finds Onboarding, dificil finds difícil). Words side by side \
            must all occur; word* finds the words beginning so (configur* finds configuração and configure); "a \
            phrase" finds the words in that order; OR, NOT (as in menu NOT ajuda) and parentheses combine them. Each \
            hit is printed with its study, participant, kind, categories and its time in the recording, the matched \
            words in brackets.

            --category and --where are matched by name in each study, ignoring case and accents (a theme takes its \
            sub-categories); a table says what each name is called in each study, or that a study lacks it. A name \
            no study has is refused. 'studyctl transcript search' searches one study's transcripts with a regular \
            expression and codes its hits; 'studyctl memo search' one study's memos.

            Example: studyctl search "onboard*" --studies releases/*.sqlite --category Navegação --where level=iniciante
            """))

    @Argument(help: ArgumentHelp(words("The words to find: word, word*, \"a phrase\", OR, NOT, parentheses."), valueName: "query"))
    var query: String

    @OptionGroup var across: StudiesOption

    @Option(help: ArgumentHelp(words("Only texts in this category (a theme: with its sub-categories), matched by name in each study; repeat for several."),
                               valueName: "name"))
    var category: [String] = []

    @Option(name: .customLong("where"), help: ArgumentHelp(words("Only participants with this attribute value, matched by name in each study, e.g. level=Iniciante; repeat for several (all must hold)."),
                                                           valueName: "attribute=value"))
    var conditions: [Assignment] = []

    @Flag(help: ArgumentHelp(words("Write CSV instead of a table.")))
    var csv = false

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw Refusal("Please give words to search for.") }
        if csv && output.json { throw Refusal("Please choose one of --json and --csv.") }
    }

    func run() throws {
        let searched = try across.search(study)
        let result = try searched.search(query, categories: category, conditions: conditions.map { (name: $0.key, value: $0.value) })
        let language = Voice.language
        if output.json { return try printJSON(result, command: "search") }
        if csv { return print(CSVRenderer.render(ResultTable.acrossHitRows(result, language: language)), terminator: "") }
        let texts = result.studies.reduce(0) { $0 + $1.texts }
        say(Sentence(count: result.hits.count, one: "\(String(result.hits.count)) hit for \(query) (studies searched: \(String(result.studies.count)); texts: \(String(texts))).",
                     other: "\(String(result.hits.count)) hits for \(query) (studies searched: \(String(result.studies.count)); texts: \(String(texts)))."))
        if !result.hits.isEmpty {
            print("")
            printListing(ResultTable.acrossHits(result, language: language))
        }
        if !result.matches.isEmpty {
            print("")
            say("Names matched in each study (ignoring case and accents; – where a study has none):")
            printListing(ResultTable.nameMatches(result, language: language))
        }
    }
}
