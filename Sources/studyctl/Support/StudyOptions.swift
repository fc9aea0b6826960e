import ArgumentParser
import Foundation
import Results
import StudyStore

/// Where the study file is; shared by every command that opens one.
struct StudyOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        words("The study file (default: $STUDYCTL_DB, else study.sqlite in the current folder)."), valueName: "path"))
    var db: String?

    /// The study file's path: --db, then $STUDYCTL_DB, then ./study.sqlite.
    var path: String {
        if let db { return db }
        if let fromEnvironment = environmentValue("STUDYCTL_DB"), !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "study.sqlite"
    }

    /// Opens the study (upgrading an older one) and runs `body` with it, with a sign of life on the terminal when
    /// it outlasts a second — unless `signOfLife` is false: the body talks to the user or draws its own progress bar.
    /// Opens the study; the command line speaks its language from then on (unless one was chosen).
    func open() throws -> StudyDatabase {
        let study = try StudyDatabase.open(at: path)
        if !Voice.chosen, let info = try? study.info() { Voice.follow(info.language) }
        return study
    }

    @discardableResult
    func withStudy<T>(signOfLife: Bool = true, _ body: (StudyDatabase) throws -> T) throws -> T {
        let study = try open()
        if !signOfLife { return try body(study) }
        return try Activity.during(Message.working.text(Voice.language)) { try body(study) }
    }
}

/// `--json` for every read command.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(words("Print JSON for scripts instead of a table.")))
    var json = false
}
