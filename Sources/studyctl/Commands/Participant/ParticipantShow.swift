import ArgumentParser
import Results
import StudyStore
import Wording

struct ParticipantShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: words("Show one participant: attributes and what is attached (answers, attempts, excerpts)."))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var code: String

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let detail = try study.withStudy { try $0.participant(code) }
        if output.json {
            try printJSON(detail, command: "participant show")
            return
        }
        say(.participantAdded(code: detail.profile.code, created: LocalTime.text(detail.created)))
        if detail.profile.attributes.isEmpty {
            say(.noAttributes)
        } else {
            let width = detail.profile.attributes.map { $0.name.count }.max() ?? 0
            for (name, value) in detail.profile.attributes {
                // A number with the language's decimal mark (2,5 in Portuguese), as participant list shows it.
                var shown = value.display
                if case .number = value { shown = Voice.language.record.decimal(shown) }
                print("  \(name)\(String(repeating: " ", count: width - name.count))  \(shown)")
            }
        }
        let attached = detail.attached.text(Voice.language)
        attached.isEmpty ? say(.nothingAttached) : print("  " + attached.joined(separator: ", "))
    }
}
