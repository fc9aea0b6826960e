import ArgumentParser
import Results
import StudyStore
import Surveys
import Wording

struct ParticipantList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: words("List participants with their attributes."))

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let roster = try study.withStudy { try $0.roster() }
        if output.json {
            try printJSON(ParticipantsJSON(roster), command: "participant list")
            return
        }
        if roster.participants.isEmpty {
            say(.noParticipants)
            return
        }
        printListing(ResultTable.participants(roster, language: Voice.language))
        print("")
        say(.participantCount(roster.participants.count))
    }
}

/// The JSON shape of participants: attribute values are JSON numbers or strings.
struct ParticipantsJSON: Encodable {
    struct Attribute: Encodable {
        var name: String
        var type: String
        var derivedFrom: String?
        var rule: String?
        /// Whether it identifies a person (never cited by a quote, left out of pseudonymised exports).
        var identifying: Bool
    }

    struct Participant: Encodable {
        var code: String
        var attributes: [String: AttributeValue]
    }

    var attributes: [Attribute]
    var participants: [Participant]

    init(_ roster: ParticipantRoster) {
        attributes = roster.attributes.map { Attribute(name: $0.name, type: $0.type.rawValue, derivedFrom: $0.derivedFrom, rule: $0.rule, identifying: $0.identifying) }
        participants = roster.participants.map(Participant.init)
    }
}

extension ParticipantsJSON.Participant {
    init(_ profile: ParticipantProfile) {
        code = profile.code
        attributes = Dictionary(profile.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
