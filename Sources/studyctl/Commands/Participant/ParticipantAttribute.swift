import ArgumentParser
import StudyStore

struct ParticipantAttribute: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attribute", abstract: words("Mark an attribute as identifying a person, or remove an attribute."),
        subcommands: [ParticipantAttributeIdentifying.self, ParticipantAttributeRemove.self],
        defaultSubcommand: ParticipantAttributeIdentifying.self)
}

struct ParticipantAttributeIdentifying: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identifying", abstract: words("Mark an attribute as identifying a person (or not)."),
        discussion: words("""
            Identifying attributes (a name, an e-mail, an employer) are left out of every export made with \
            --pseudonymise. Example: studyctl participant attribute email --identifying
            """))

    @Argument(help: ArgumentHelp(words("The attribute's name.")))
    var name: String

    @Flag(name: .customLong("identifying"), inversion: .prefixedNo, help: ArgumentHelp(words("Whether the attribute identifies a person.")))
    var identifying: Bool

    @OptionGroup var study: StudyOptions

    func run() throws {
        try study.withStudy { try $0.setIdentifying(attribute: name, identifying) }
        say(identifying ? "\(name) is identifying: left out of pseudonymised exports" : "\(name) is not identifying")
    }
}
