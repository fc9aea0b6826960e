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

    struct JSON: Encodable {
        var file: String
        var title: String
        var language: String
        var created: String
        var schemaVersion: Int
        var migrations: [String]
        var counts: [String: Int]
    }

    func run() throws {
        let status = try study.withStudy { try $0.status() }
        if output.json {
            try printJSON(JSON(
                file: study.path, title: status.title, language: status.language.rawValue, created: status.created,
                schemaVersion: status.schemaVersion, migrations: status.migrations,
                counts: Dictionary(uniqueKeysWithValues: status.counts.map { ($0.kind, $0.count) })), command: "status")
            return
        }
        say(.statusStudy(status.title))
        say(.statusFile(study.path))
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
