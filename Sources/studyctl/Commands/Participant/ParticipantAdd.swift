import ArgumentParser
import Results
import StudyStore
import Surveys

struct ParticipantAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: words("Add a participant."),
        discussion: words("""
            Example: studyctl participant add P1 --attr years_ios=0.5 --attr level=Iniciante

            A version number or a code is kept as typed (--attr Release=4.10 stays 4.10); declare an attribute's \
            type with --type Release=text (or =number, and 1.50 is the number 1.5).
            """))

    @Argument(help: ArgumentHelp(words("The participant's code, unique in the study (e.g. P1).")))
    var code: String

    @Option(name: .customLong("attr"), help: ArgumentHelp(words("An attribute value; repeat for more."), valueName: "key=value"))
    var attributes: [Assignment] = []

    @Flag(help: ArgumentHelp(words("Accept a code that looks like an existing one (e.g. Cyrillic Р1 beside P1).")))
    var allowConfusable = false

    @Option(help: ArgumentHelp(words("Declare an attribute's type, text or number (see 'studyctl participant attribute type'); repeat for more."), valueName: "name=text|number"))
    var type: [TypeDeclaration] = []

    func validate() throws { _ = try TypeDeclaration.types(type) }

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy {
            try $0.addParticipant(code: code, attributes: attributes.map { ($0.key, $0.value) }, allowConfusable: allowConfusable,
                                 types: try TypeDeclaration.types(type))
        }
        say(.addedParticipant(code))
    }
}
