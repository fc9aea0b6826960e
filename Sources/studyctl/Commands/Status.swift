import Wording
import ArgumentParser
import Results
import StudyStore

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: words("Show what the study holds: counts per kind and the schema version."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let status = try study.withStudy { try $0.status() }
        if output.json { return try printJSON(status, command: "status") }
        say(.statusStudy(status.title))
        say(.statusFile(status.file))
        say(.statusLanguage(status.language.rawValue))
        say(.statusCreated(LocalTime.text(status.created)))
        say(.statusSchema(version: status.schemaVersion, steps: status.migrations.joined(separator: ", ")))
        print("")
        // The kinds by their machine names (as in --json), labelled in the command line's language.
        let language = Voice.language
        var table = ResultTable(id: "status", title: "", language: language,
                                columns: [Column(.kind, .text, language), Column(.count, .count, language)])
        for (kind, count) in status.counts {
            let term = kind == "transcripts" ? .interview_transcripts
                : Term(rawValue: kind.replacingOccurrences(of: " ", with: "_")) ?? (kind == "task attempts" ? .attempts : nil)
            table.append([.text(term?.text(language) ?? kind), .count(count)])
        }
        print(TextRenderer.render(table, title: false), terminator: "")
    }
}
