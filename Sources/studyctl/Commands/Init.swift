import ArgumentParser
import Foundation
import Results
import StudyStore
import Surveys
import Wording

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: words("Create a new study file."),
        discussion: words("Refuses to overwrite an existing file. The language sets how instruments and reports are written."))

    @Option(help: ArgumentHelp(words("The study's title, as reports will show it.")))
    var title: String

    @Option(help: ArgumentHelp(words("The language of instruments and reports."), valueName: "language"))
    var language: StudyLanguage = .en

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw Refusal("Please give the study a title with --title \"…\".")
        }
    }

    func run() throws {
        let database = try StudyDatabase.create(at: study.path, title: title, language: language)
        Voice.follow(language)
        say(.createdStudy(title: title.trimmingCharacters(in: .whitespacesAndNewlines), language: language.rawValue, path: database.path))
    }
}
