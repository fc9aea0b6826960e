import Foundation
import Results
import Surveys

/// The language the command line speaks: `--language` (before the subcommand) or $STUDYCTL_LANGUAGE, else the
/// study's own language once a command has opened it, else English.
enum Voice {
    nonisolated(unsafe) static var language: StudyLanguage = {
        ProcessInfo.processInfo.environment["STUDYCTL_LANGUAGE"].flatMap(StudyLanguage.init(loose:)) ?? .en
    }()

    /// Whether the language was chosen on the command line (then a study's language does not override it).
    static var chosen: Bool { ProcessInfo.processInfo.environment["STUDYCTL_LANGUAGE"].flatMap(StudyLanguage.init(loose:)) != nil }

    /// Follows the study's language unless one was chosen.
    static func follow(_ study: StudyLanguage) {
        if !chosen { language = study }
    }
}

/// Prints `message` in the command line's language.
func say(_ message: Message) {
    print(message.text(Voice.language))
}
