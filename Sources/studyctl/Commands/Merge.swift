import ArgumentParser
import Foundation
import StudyStore

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: words("Bring a second coder's copy of the study into this one."),
        discussion: words("""
            Participants are matched by code, transcripts by participant and text, categories by name, excerpts by \
            their span, and codes are kept with their coder. Nothing is overwritten silently: an attribute with two \
            values or a category with two definitions or themes is listed, and settled by --prefer ours|theirs or \
            refused. A transcript that differs from the one here is refused. One transaction, recorded in a study \
            memo; merging the same copy again changes nothing. --dry-run says what would happen and changes nothing.

            Example: studyctl merge copia-do-revisor.sqlite --dry-run
            """))

    @Argument(help: ArgumentHelp(words("The other copy of the study."), valueName: "other.sqlite"), completion: .file(extensions: ["sqlite"]))
    var other: String

    @Option(help: ArgumentHelp(words("Which side wins a conflict."), valueName: "ours|theirs"))
    var prefer: StudyDatabase.Preference?

    @Flag(help: ArgumentHelp(words("Show what the merge would do, and change nothing.")))
    var dryRun = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let theirs = try StudyDatabase.open(at: other)
        let bundle = try theirs.bundle()
        let ours = try study.open()
        guard URL(fileURLWithPath: ours.path).standardized.path != URL(fileURLWithPath: theirs.path).standardized.path else {
            throw Refusal("\(other) is this study itself; give the other copy.")
        }
        let summary = try ours.importBundle(bundle, prefer: prefer, dryRun: dryRun,
                                            record: "Merged \((other as NSString).lastPathComponent)" + (prefer.map { " (--prefer \($0.rawValue))" } ?? ""))
        say(dryRun ? "Would merge \(other): \(summary.sentence)" : "Merged \(other): \(summary.sentence)")
        for line in summary.settled { print("  " + words(line)) }
        if dryRun { say("Nothing was changed (--dry-run).") }
    }
}

extension StudyDatabase.Preference: ExpressibleByArgument {}
