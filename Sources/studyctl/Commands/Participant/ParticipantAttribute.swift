import ArgumentParser
import StudyStore
import Surveys

struct ParticipantAttribute: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attribute", abstract: words("Declare an attribute's type, label it for people, mark it as identifying a person, or remove it."),
        subcommands: [ParticipantAttributeIdentifying.self, ParticipantAttributeType.self, ParticipantAttributeLabel.self, ParticipantAttributeRemove.self],
        defaultSubcommand: ParticipantAttributeIdentifying.self)
}

struct ParticipantAttributeIdentifying: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identifying", abstract: words("Mark an attribute as identifying a person (or not)."),
        discussion: words("""
            Identifying attributes (a name, an e-mail, an employer) are left out of every export made with \
            --pseudonymise or --redact, and never cited by a quote (code list, export quotes, the page's quotes). \
            'studyctl participant import --identifying' marks them as the file is imported. Example: studyctl participant \
            attribute email --identifying
            """))

    @Argument(help: ArgumentHelp(words("The attribute's name.")))
    var name: String

    @Flag(name: .customLong("identifying"), inversion: .prefixedNo, help: ArgumentHelp(words("Whether the attribute identifies a person.")))
    var identifying: Bool

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy { try $0.setIdentifying(attribute: name, identifying) }
        say(identifying ? "\(name) is identifying: left out of pseudonymised and redacted exports and of every quote" : "\(name) is not identifying")
    }
}

struct ParticipantAttributeType: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type", abstract: words("Declare an attribute's type: text or number."),
        discussion: words("""
            Without a declaration an attribute takes the type its first values show, and a number keeps what was \
            typed only as text: 4.10, 2.0, 1,50, 007 and +5 become text in a new attribute, and a numeric \
            attribute refuses them rather than store 4.1 or 7. Declare text for version numbers, codes and \
            postcodes (4.10 stays 4.10, never equal to 4.1); declare number for measures (1.50 is then the \
            number 1.5).

            A new attribute is declared with no values yet. An attribute with values is converted: number to \
            text keeps each value as it is shown (4.1 stays 4.1); text to number refuses a value that is no \
            number, and one that would change (4.10 would be 4.1) unless --force. All or nothing. The same \
            declaration can be made while adding values: --type NAME=text on 'studyctl participant add', 'set' and 'import'.

            Example: studyctl participant attribute type Release text
            """))

    @Argument(help: ArgumentHelp(words("The attribute's name.")))
    var name: String

    @Argument(help: ArgumentHelp(words("The type: text (kept exactly as typed) or number."), valueName: "text|number"))
    var type: AttributeType

    @Flag(help: ArgumentHelp(words("Convert text to numbers even where the number changes what was typed (4.10 becomes 4.1).")))
    var force = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let change = try study.withStudy { try $0.setAttributeType(name, to: type, force: force) }
        switch (change, type) {
        case let (.declared(attribute), .text): say("Declared attribute \(attribute) as text, with no values yet")
        case let (.declared(attribute), .number): say("Declared attribute \(attribute) as numbers, with no values yet")
        case let (.unchanged(attribute), .text): say("\(attribute) already holds text: every value is kept as typed")
        case let (.unchanged(attribute), .number): say("\(attribute) holds numbers, now declared: a value typed 1.50 reads as the number 1.5")
        case let (.converted(attribute, values), .text): say("\(attribute) now holds text, each value as it was shown (values converted: \(values))")
        case let (.converted(attribute, values), .number): say("\(attribute) now holds numbers (values converted: \(values))")
        }
    }
}
