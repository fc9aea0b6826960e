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
        let (roster, labels) = try study.withStudy { (try $0.roster(), try $0.labels()) }
        if output.json {
            try printJSON(roster, command: "participant list")
            return
        }
        if roster.participants.isEmpty {
            say(.noParticipants)
            return
        }
        printListing(ResultTable.participants(roster, language: Voice.language, labels: labels))
        print("")
        say(.participantCount(roster.participants.count))
    }
}
