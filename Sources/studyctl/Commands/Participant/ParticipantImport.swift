import ArgumentParser
import Results
import Importing
import StudyStore
import Surveys
import Tabular

struct ParticipantImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: words("Import participants from a CSV file."),
        discussion: words("""
            The file has a header row; one column holds participant codes (the first, unless --code-column \
            says otherwise) and every other column becomes an attribute. A column whose values are all numbers \
            becomes a numeric attribute (0.5 and 0,5 both read as one half), unless a value would not keep what \
            was typed as a number (4.10, 2.0, 007): then the column is text, and a note says so. --type \
            NAME=text keeps a column as typed (version numbers, codes); --type NAME=number reads it as numbers \
            (1.50 is 1.5). An attribute the study already has keeps its type: a value it would change (4.10 in \
            a numeric attribute not declared so) is refused. UTF-8 with or without BOM, UTF-16 with BOM, else \
            Windows-1252 (Excel's "CSV" in Brazil), said; comma, semicolon (as Excel writes it in Brazil), tab \
            or | delimited; quoted fields may hold line breaks. An Excel (.xlsx) or LibreOffice (.ods) workbook \
            is read from its first sheet, or --sheet.

            All or nothing: every problem is listed with file:line:column and nothing is stored.
            """))

    @Argument(help: ArgumentHelp(words("The CSV file, or an Excel (.xlsx) or LibreOffice (.ods) workbook."), valueName: "file.csv"),
              completion: .file(extensions: ["csv", "txt", "tsv", "xlsx", "ods"]))
    var file: String

    @Option(help: ArgumentHelp(words("The workbook's sheet, by name or number (default: the first)."), valueName: "name|n"))
    var sheet: String?

    @Option(help: ArgumentHelp(words("The column holding participant codes (default: the first column, or a survey platform's respondent id)."), valueName: "name"))
    var codeColumn: String?

    @Option(help: ArgumentHelp(words("The survey platform that exported the file (default: recognised from its headers)."), valueName: "platform"))
    var from: SurveyPlatform?

    @Option(help: ArgumentHelp(words("The field separator (default: detected from the header row)."), valueName: "delimiter"))
    var delimiter: Delimiter?

    @Flag(help: ArgumentHelp(words("Update participants already in the study instead of refusing them.")))
    var update = false

    @Flag(help: ArgumentHelp(words("Accept codes that look like another participant's (e.g. Cyrillic Р1 beside P1).")))
    var allowConfusable = false

    @Option(help: ArgumentHelp(words("Declare a column's type, text or number (see 'studyctl participant attribute type'); repeat for more."), valueName: "name=text|number"))
    var type: [TypeDeclaration] = []

    @Option(help: ArgumentHelp(words("Columns whose values identify a person (a name, an e-mail): marked identifying, left out of pseudonymised and redacted exports and never cited by a quote."), valueName: "name,email"))
    var identifying: String?

    func validate() throws { _ = try TypeDeclaration.types(type) }

    @OptionGroup var study: StudyOptions

    func run() throws {
        let (summary, reading) = try study.withStudy {
            try $0.importParticipants(from: file, sheet: sheet, options: .init(codeColumn: codeColumn, delimiter: delimiter, update: update, allowConfusable: allowConfusable,
                                                                      types: try TypeDeclaration.types(type),
                                                                      identifying: (identifying ?? "").split(separator: ",").map(String.init)
                                                                          .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }), platform: from)
        }
        sayPlatform(reading, participantsFromRespondent: codeColumn == nil)
        for line in summary.notes { note(line) }
        let types = ["number": words("number"), "text": words("text")]
        say(.importedParticipants(added: summary.added, updated: summary.updated,
                                  attributes: summary.attributes.map { "\($0.name) (\(types[$0.type.rawValue] ?? $0.type.rawValue))" }.joined(separator: ", "),
                                  file: file))
        for line in summary.reading { say(line) }
        let marked = summary.attributes.filter(\.identifying).map(\.name)
        if identifying != nil, !marked.isEmpty {
            say("Identifying, never cited by a quote and left out of pseudonymised and redacted exports: \(marked.joined(separator: ", "))")
        }
    }
}
