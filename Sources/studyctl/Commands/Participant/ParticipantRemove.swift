import ArgumentParser
import Results
import StudyStore

struct ParticipantRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: words("Remove a participant."),
        discussion: words("Refuses when questionnaire answers, task attempts, transcripts, excerpts or memos are attached, unless --cascade."))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var code: String

    @Flag(help: ArgumentHelp(words("Also remove everything attached to the participant.")))
    var cascade = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let attached = try study.withStudy { try $0.removeParticipant(code: code, cascade: cascade) }
        say(.removedParticipant(code: code, with: attached.text(Voice.language).joined(separator: ", ")))
    }
}
