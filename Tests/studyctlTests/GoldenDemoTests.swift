import Foundation
import GoldenFiles
import Testing

/// What a person reads from the demo studies, pinned by golden files under Snapshots/GoldenDemoTests/: the reports
/// (markdown, HTML, the LaTeX body), the text of every workbook sheet and chart, and the terminal tables of `score`,
/// `tasks summary`, `codes agreement` and the listings, each in Brazilian Portuguese and in English. A change to any of them shows
/// as a diff of these files; re-record on purpose with STUDYCTL_RECORD_GOLDEN=1 (Tests/README.md).
@Suite struct GoldenDemoTests {
    /// The demo's four studies (questionnaires by group, coding by two coders, tasks by a between factor, and a
    /// within-subject design with tasks and the SEQ).
    static let studies = ["uitracking", "codeforall", "game-controls", "redesign"]
    static let languages = ["pt-BR", "en"]

    /// `studyctl demo`, run once for the suite: every study's reports in both languages and its workbook (pt-BR, the
    /// demo studies' language); the English workbook is exported from a copy of each study set to English, since no
    /// command changes a study's language.
    struct Demo {
        let cli: StudyCtl
        let folder: String

        init() throws {
            cli = try StudyCtl(language: nil)
            let demo = try cli.run(["demo", "--output", "demo"])
            guard demo.status == 0 else { throw Failure(description: "studyctl demo failed: \(demo.stderr)") }
            folder = cli.path("demo")
            for study in GoldenDemoTests.studies {
                let english = "\(folder)/\(study)/\(study).en.sqlite"
                try FileManager.default.copyItem(atPath: "\(folder)/\(study)/\(study).sqlite", toPath: english)
                let sqlite = Process()
                sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                sqlite.arguments = ["sqlite3", english, "UPDATE study SET language = 'en'"]
                try sqlite.run()
                sqlite.waitUntilExit()
                guard sqlite.terminationStatus == 0 else { throw Failure(description: "sqlite3 could not set \(english) to English") }
                let export = try cli.run(["export", "xlsx", "--db", english, "\(folder)/\(study)/\(study).en.xlsx"])
                guard export.status == 0 else { throw Failure(description: "export xlsx of \(english) failed: \(export.stderr)") }
            }
        }

        struct Failure: Error, CustomStringConvertible { var description: String }

        func file(_ study: String, _ name: String) throws -> String {
            try String(contentsOfFile: "\(folder)/\(study)/\(name)", encoding: .utf8)
        }

        /// What varies between two demo runs: the folder, the time the studies were made (today), and its year in the
        /// reports' sources ("dados da pesquisa (2026)").
        var placeholders: [Golden.Placeholder] {
            let year = Calendar(identifier: .gregorian).component(.year, from: Date())
            let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            return [.literal(folder, as: "DEMO")] + (resolved == folder ? [] : [.literal(resolved, as: "DEMO")])
                + [.expression(Golden.todayISO + "[T ]\\d\\d:\\d\\d(:\\d\\d)?Z?", as: "NOW")] + Golden.Placeholder.today
                + [.expression("(?<=\\()\(year)(?=\\))", as: "YEAR")]
        }
    }

    static let demo = Result(catching: { try Demo() })

    @Test(arguments: studies, languages)
    func reports(study: String, language: String) throws {
        let demo = try Self.demo.get()
        let english = language == "en"
        for (file, golden) in [(english ? "report.en.md" : "report.md", "report.\(language).md"),
                               (english ? "report.en.html" : "report.html", "report.\(language).html"),
                               (english ? "report-en-body.tex" : "report-body.tex", "report-body.\(language).tex")] {
            assertGolden(try demo.file(study, file), named: "\(study)/\(golden)", placeholders: demo.placeholders)
        }
    }

    @Test(arguments: studies, languages)
    func workbook(study: String, language: String) throws {
        let demo = try Self.demo.get()
        let path = "\(demo.folder)/\(study)/\(study)\(language == "en" ? ".en" : "").xlsx"
        assertGolden(try WorkbookText.text(of: path), named: "\(study)/workbook.\(language).txt", placeholders: demo.placeholders)
    }

    /// The terminal tables: each command as a person types it on the demo study, in the study's language (pt-BR) and
    /// in English (--language en).
    static let tables: [(name: String, study: String, arguments: [String])] = [
        ("score-pssuq-by-level", "uitracking", ["score", "pssuq", "--by", "level", "--compare"]),
        ("score-sus", "codeforall", ["score", "sus"]),
        ("score-sus-within-occasion", "redesign", ["score", "sus", "--within", "occasion", "--compare"]),
        ("tasks-summary", "game-controls", ["tasks", "summary"]),
        ("tasks-summary", "redesign", ["tasks", "summary"]),
        ("codes-agreement", "uitracking", ["codes", "agreement", "--coders", "Autora,Revisor"]),
        ("codes-agreement-levels", "uitracking", ["codes", "agreement", "--coders", "Autora,Revisor", "--levels"]),
        // The listings.
        ("participant-list", "uitracking", ["participant", "list"]),
        ("participant-list", "codeforall", ["participant", "list"]),
        ("codebook", "uitracking", ["codebook"]),
        ("codebook-md", "uitracking", ["codebook", "--format", "md"]),
        ("codebook-csv", "uitracking", ["codebook", "--format", "csv"]),
        ("code-list", "uitracking", ["code", "list"]),
        ("instrument-list", "codeforall", ["instrument", "list"]),
        ("task-list", "redesign", ["task", "list"]),
        ("attempt-list", "redesign", ["attempt", "list"]),
    ]

    @Test(arguments: languages)
    func terminalTables(language: String) throws {
        let demo = try Self.demo.get()
        for table in Self.tables {
            let database = "\(demo.folder)/\(table.study)/\(table.study).sqlite"
            let result = try demo.cli.run(["--language", language] + table.arguments + ["--db", database])
            #expect(result.status == 0, "\(table.arguments.joined(separator: " ")): \(result.stderr)")
            let shown = "$ studyctl " + table.arguments.joined(separator: " ") + "\n" + result.stdout
                + (result.stderr.isEmpty ? "" : "[stderr]\n" + result.stderr)
            assertGolden(shown, named: "\(table.study)/\(table.name).\(language).txt", placeholders: demo.placeholders)
        }
    }
}
