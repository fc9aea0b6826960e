import ArgumentParser

struct ParticipantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "participant",
        abstract: words("Add, import, list, change and remove participants and their attributes."),
        discussion: words("""
            Attributes are free: text (level=Iniciante) or numbers (years_ios=0.5; a decimal comma is \
            accepted). An attribute keeps one type across the study.
            """),
        subcommands: [
            ParticipantAdd.self,
            ParticipantImport.self,
            ParticipantList.self,
            ParticipantShow.self,
            ParticipantSet.self,
            ParticipantDerive.self,
            ParticipantAttribute.self,
            ParticipantRemove.self,
        ])
}
