import ArgumentParser
import Results
import StudyStore
import Surveys
import Wording

struct ParticipantSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: words("Set or remove attribute values of a participant."),
        discussion: words("Example: studyctl participant set P3 occupation=\"Eng. de Software\" years_ios=2,5 --unset level"))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var code: String

    @Argument(help: ArgumentHelp(words("Attribute values to set."), valueName: "key=value"))
    var values: [Assignment] = []

    @Option(help: ArgumentHelp(words("An attribute to remove from this participant; repeat for more."), valueName: "key"))
    var unset: [String] = []

    @Option(help: ArgumentHelp(words("Declare an attribute's type, text or number (see 'studyctl participant attribute type'); repeat for more."), valueName: "name=text|number"))
    var type: [TypeDeclaration] = []

    @OptionGroup var study: StudyOptions

    func validate() throws {
        if values.isEmpty && unset.isEmpty {
            throw Refusal("Please give at least one key=value to set or --unset KEY to remove.")
        }
        _ = try TypeDeclaration.types(type)
    }

    func run() throws {
        try study.withStudy { try $0.setAttributes(code: code, values: values.map { ($0.key, $0.value) }, unset: unset, types: try TypeDeclaration.types(type)) }
        let changes = values.map { "\($0.key)=\($0.value)" } + unset.map { ("removed \($0)" as Sentence).text(Voice.language) }
        say(.participantChanged(code: code, changes: changes.joined(separator: ", ")))
    }
}
