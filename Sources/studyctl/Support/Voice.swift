import Foundation
import Results
import StudyStore
import Surveys
import Wording

/// The language the command line speaks: `--language` (before the subcommand) or $STUDYCTL_LANGUAGE, else the
/// study's own language once a command has opened it, else the system's (LC_ALL, LC_MESSAGES, LANG: pt_BR.UTF-8
/// speaks Portuguese), else English.
enum Voice {
    nonisolated(unsafe) static var language: StudyLanguage = {
        environmentValue("STUDYCTL_LANGUAGE").flatMap(StudyLanguage.init(loose:)) ?? systemLanguage
    }()

    /// The POSIX locale's language: the first of LC_ALL, LC_MESSAGES and LANG that is set and not empty, as
    /// gettext reads it: its language and region (`pt_BR.UTF-8` → pt-BR), else its language alone (`pt` → pt-BR),
    /// else English ("C", "POSIX", a language studyctl does not speak).
    static var systemLanguage: StudyLanguage {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environmentValue($0) }.first { !$0.isEmpty } ?? ""
        let tag = locale.split(separator: ".").first.map(String.init) ?? ""
        return StudyLanguage(loose: tag) ?? tag.split(separator: "_").first.flatMap { StudyLanguage(loose: String($0)) } ?? .en
    }

    /// Whether the language was chosen on the command line (then a study's language does not override it).
    static var chosen: Bool { environmentValue("STUDYCTL_LANGUAGE").flatMap(StudyLanguage.init(loose:)) != nil }

    /// Whether the language is the study's (a command opened it) or was chosen.
    nonisolated(unsafe) private(set) static var settled = false

    /// Follows the study's language unless one was chosen.
    static func follow(_ study: StudyLanguage) {
        if !chosen { language = study }
        settled = true
    }

    /// The language after `settle(arguments:)`.
    static func settled(_ arguments: [String]) -> StudyLanguage {
        settle(arguments: arguments)
        return language
    }

    /// Before saying something (an error) a command said before it opened the study: the study's language, read
    /// from the file `arguments` name with --db (else the first of --studies, else $STUDYCTL_DB, else
    /// study.sqlite) without changing it.
    static func settle(arguments: [String]) {
        guard !chosen, !settled else { return }
        settled = true
        var database: String?, studies: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--db", index + 1 < arguments.count { database = arguments[index + 1] }
            if argument.hasPrefix("--db=") { database = String(argument.dropFirst(5)) }
            if argument == "--studies", studies == nil, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                studies = arguments[index + 1]
            }
            if argument.hasPrefix("--studies="), studies == nil { studies = String(argument.dropFirst(10)) }
        }
        let path = database ?? studies ?? environmentValue("STUDYCTL_DB") ?? "study.sqlite"
        if let study = StudyDatabase.language(at: path) { language = study }
    }
}

/// Prints `message` in the command line's language.
func say(_ message: Message) {
    print(message.text(Voice.language))
}

/// Prints `sentence` in the command line's language (worded by the language's `.po` catalog).
func say(_ sentence: Sentence) {
    print(sentence.text(Voice.language))
}

/// `sentence` in the command line's language, for text built around it (a table's header, a line's label).
func words(_ sentence: Sentence) -> String {
    sentence.text(Voice.language)
}

/// Writes a note to standard error in the command line's language ("observação: …" in a pt-BR study).
func note(_ sentence: Sentence) {
    printError(Message.notePrefix.text(Voice.language) + sentence.text(Voice.language))
}

/// A command's refusal of what it was given, said in the command line's language (an error like ArgumentParser's
/// `ValidationError`, whose text would stay English).
///
/// A refusal thrown from `validate()` reaches the top wrapped in ArgumentParser's own error, which prints
/// `errorDescription`: so that is worded in the command line's language too (settled before parsing).
struct Refusal: WordedError, LocalizedError {
    let sentence: Sentence
    init(_ sentence: Sentence) { self.sentence = sentence }
    var errorDescription: String? { sentence.text(Voice.language) }
}

/// Several of the tool's words (a table's header) in the command line's language.
func words(_ list: [Sentence]) -> [String] {
    list.map { $0.text(Voice.language) }
}

/// The environment variable `name`, read with `getenv`: every command reads a few before it starts, and
/// `ProcessInfo.environment` builds a dictionary of the whole environment for each.
func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
