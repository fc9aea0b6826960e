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
            try printJSON(roster, command: "participant list")
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
