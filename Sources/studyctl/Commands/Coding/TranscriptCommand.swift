import ArgumentParser
import Foundation
import StudyStore
import Tabular

struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: "Add and show interview transcripts.",
        subcommands: [TranscriptAdd.self, TranscriptShow.self])
}

struct TranscriptAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Store a participant's transcript (UTF-8 text, in NFC with LF line endings).",
        discussion: "The text is stored in Unicode NFC with line endings made LF (CRLF and CR alike). Excerpts already coded for the participant are located in the transcript and their spans stored.")

    @Argument(help: "The participant's code.")
    var participant: String

    @Argument(help: ArgumentHelp("The transcript, a UTF-8 text file.", valueName: "file.txt"), completion: .file(extensions: ["txt", "md"]))
    var file: String

    @Option(help: ArgumentHelp("Tells apart several transcripts of one participant (e.g. interview-2).", valueName: "label"))
    var label: String = ""

    @Flag(help: "Replace the participant's existing transcript.")
    var replace = false

    @Flag(help: "With --replace: replace it even when coded excerpts would no longer be found in the new text.")
    var force = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let text = try TextFile.read(file)
        let located = try study.withStudy { try $0.addTranscript(participant: participant, text: text, label: label, source: file, replace: replace, force: force) }
        print("Stored the transcript of \(participant) (\(text.count) characters)" + (located > 0 ? "; located \(located) coded excerpt\(located == 1 ? "" : "s") in it" : ""))
    }
}

struct TranscriptShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a participant's transcript.")

    @Argument(help: "The participant's code.")
    var participant: String

    @Option(help: ArgumentHelp("Which transcript, when the participant has several.", valueName: "label"))
    var label: String = ""

    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let text = try study.withStudy { try $0.transcript(participant: participant, label: label) }
        if output.json { return try printJSON(["participant": participant, "label": label, "text": text], command: "transcript show") }
        print(text)
    }
}
