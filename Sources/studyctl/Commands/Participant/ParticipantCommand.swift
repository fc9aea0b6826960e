import ArgumentParser

struct ParticipantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "participant",
        abstract: words("Add, import, list, change and remove participants and their attributes."),
        discussion: words("""
            Attributes are free: text (level=Iniciante) or numbers (years_ios=0.5; a decimal comma is \
            accepted). An attribute keeps one type across the study. A number that would not keep what was \
            typed (4.10, 2.0, 007) is text unless the attribute is declared a number: see 'studyctl \
            participant attribute type', or --type NAME=text|number on add, set and import.
            """),
        subcommands: [
            ParticipantAdd.self,
            ParticipantImport.self,
            ParticipantList.self,
            ParticipantShow.self,
            ParticipantWithdraw.self,
            ParticipantWithdrawals.self,
            ParticipantSet.self,
            ParticipantDerive.self,
            ParticipantAttribute.self,
            ParticipantRemove.self,
        ])
}
