import ArgumentParser
import Results
import Foundation
import StudyStore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: words("Check the study file: SQLite's integrity check, every foreign key, and every answer against its item."),
        discussion: words("Every registered recording's file is looked at too: one gone (moved or deleted) or changed since 'media add' is a problem. Exits with status 1 when a problem is found."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let report = try study.withStudy { try $0.check() }
        if output.json {
            try printJSON(report, command: "check")
        } else if report.ok {
            say(.checkOK(path: study.path, version: report.schemaVersion))
        } else {
            say(.checkProblems(study.path))
            for line in report.integrity where line != "ok" { say("  integrity: \(line)") }
            for line in report.foreignKeyViolations { say("  foreign key: \(line)") }
            for line in report.answerProblems { say("  answers: \(line)") }
            for line in report.nameProblems { say("  names: \(line)") }
            for line in report.countProblems { say("  counts: \(line)") }
            for problem in report.mediaProblems { say("  recordings: \(problem.sentence)") }
        }
        if !report.ok { throw ExitCode.failure }
    }
}

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: words("Copy the study to a new file, consistently, even while another studyctl writes to it."))

    @Argument(help: ArgumentHelp(words("The backup file to create."), valueName: "file"))
    var file: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy { try $0.backup(to: file) }
        say(.backedUp(from: study.path, to: file))
    }
}
