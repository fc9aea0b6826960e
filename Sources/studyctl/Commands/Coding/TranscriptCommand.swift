import ArgumentParser
import Results
import Foundation
import QualCoding
import StudyStore
import Tabular

struct TranscriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: words("Add and show interview transcripts."),
        subcommands: [TranscriptAdd.self, TranscriptShow.self])
}

struct TranscriptAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: words("Store a participant's transcript (UTF-8 text, in NFC with LF line endings)."),
        discussion: words("The text is stored in Unicode NFC with line endings made LF (CRLF and CR alike). Excerpts already coded for the participant are located in the transcript and their spans stored."))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Argument(help: ArgumentHelp(words("The transcript, a UTF-8 text file."), valueName: "file.txt"), completion: .file(extensions: ["txt", "md"]))
    var file: String

    @Option(help: ArgumentHelp(words("Tells apart several transcripts of one participant (e.g. interview-2)."), valueName: "label"))
    var label: String = ""

    @Flag(help: ArgumentHelp(words("Replace the participant's existing transcript.")))
    var replace = false

    @Flag(help: ArgumentHelp(words("With --replace: replace it even when coded excerpts would no longer be found in the new text.")))
    var force = false

    @OptionGroup var study: StudyOptions

    func run() throws {
        let text = try TextFile.read(file)
        let located = try study.withStudy { try $0.addTranscript(participant: participant, text: text, label: label, source: file, replace: replace, force: force) }
        say(.storedTranscript(participant: participant, characters: text.count, located: located))
    }
}

struct TranscriptShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: words("Print a participant's transcript with its coded passages marked."),
        discussion: words("""
            Each coded passage is printed between ⟦ and ⟧ followed by note numbers; the notes below list each \
            passage's code, categories and coder. --plain prints the text alone; --coder shows one coder's codes.
            """))

    @Argument(help: ArgumentHelp(words("The participant's code.")))
    var participant: String

    @Option(help: ArgumentHelp(words("Which transcript, when the participant has several."), valueName: "label"))
    var label: String = ""

    @Flag(help: ArgumentHelp(words("Print the text without marks.")))
    var plain = false

    @OptionGroup var coder: CoderOption
    @OptionGroup var study: StudyOptions
    @OptionGroup var output: OutputOptions

    struct Shown: Encodable {
        var participant: String
        var label: String
        var text: String
        var codings: [CodeRecord]
    }

    func run() throws {
        let (text, codes) = try study.withStudy { database in
            (try database.transcript(participant: participant, label: label),
             try database.codes(coder: coder.coder).filter { $0.participant == participant && $0.spanStart != nil })
        }
        if output.json { return try printJSON(Shown(participant: participant, label: label, text: text, codings: codes), command: "transcript show") }
        if plain || codes.isEmpty { return print(text) }
        let ordered = codes.sorted { ($0.spanStart!, $0.id) < ($1.spanStart!, $1.id) }
        let passages = ordered.enumerated().map { TranscriptMarks.Passage(start: $0.element.spanStart!, end: $0.element.spanEnd!, note: $0.offset + 1) }
        print(TranscriptMarks.mark(text, passages: passages))
        print("")
        for (index, code) in ordered.enumerated() {
            print("[\(index + 1)] \(code.code) — \(code.categories.joined(separator: ", "))" + (code.coder.map { " (\($0))" } ?? ""))
        }
    }
}
