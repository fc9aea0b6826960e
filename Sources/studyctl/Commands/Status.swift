import ArgumentParser
import StudyStore

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the study holds: counts per kind and the schema version.")

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
        print("Study:    \(status.title)")
        print("File:     \(study.path)")
        print("Language: \(status.language.rawValue)")
        print("Created:  \(status.created)")
        print("Schema:   version \(status.schemaVersion) (\(status.migrations.joined(separator: ", ")))")
        print("")
        var table = TextTable(["kind", "count"], rightAligned: [1])
        for (kind, count) in status.counts { table.append([kind, String(count)]) }
        print(table.render())
    }
}
