import ArgumentParser
import Foundation
import Interchange
import Reports
import StudyStore
import Wording

/// Writes `data` to `path` atomically (a temporary file renamed into place) and says what REFI-QDA left out.
func writeREFI(_ data: Data, to path: String, export: REFIExport, what: Sentence) throws {
    try AtomicOutput.file(path) { temporary in
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ReportError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }
    say("Wrote \(path) (\(what))")
    if !export.notCarried.isEmpty {
        say("Not carried by REFI-QDA:")
        for line in export.notCarried { print("  - " + words(line)) }
    }
}

struct ExportQDPX: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qdpx", abstract: words("Write a REFI-QDA project (.qdpx) for QualCoder, NVivo, ATLAS.ti or MAXQDA."),
        discussion: words("""
            project.qde (REFI-QDA 1.0, valid against Project.xsd) and sources/ with each transcript as UTF-8 text \
            without BOM, LF line ends. Coders are users; the codebook holds themes, then categories (not codable), \
            then one codable code per wording in each category, with definitions and origins in their \
            descriptions; each coded excerpt is a text selection (positions in Unicode code points, end exclusive) \
            with one coding per code and category, by its coder; memos are notes; participants are cases with \
            their attributes as variables. A transcript linked to a recording travels inside the recording's \
            AudioSource or VideoSource: its text, a sync point (time in ms, position) at the start and end of each \
            timed turn, and each coded excerpt a transcript selection between two sync points; with --media copy \
            (the default) the file goes into sources/, with --media link only its absolute path. GUIDs are name-based (UUID v5) on the study, so the same study exports \
            the same bytes. What REFI-QDA cannot carry is listed.

            Example: studyctl export qdpx entrevistas.qdpx
            """))

    @Argument(help: ArgumentHelp(words("The project file to write."), valueName: "file.qdpx"))
    var file: String

    @Option(help: ArgumentHelp(words("Recordings inside the project (copy, the default) or referred to by their absolute path (link)."), valueName: "copy|link"))
    var media: REFIExport.MediaMode = .copy

    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        let export = try pseudonyms.withStudy(study) { try REFIExport(study: $0, media: media) }
        try writeREFI(try export.qdpx(), to: file, export: export, what: "REFI-QDA project")
    }
}

extension REFIExport.MediaMode: ExpressibleByArgument {}

struct ExportQDC: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qdc", abstract: words("Write the codebook as a REFI-QDA codebook (.qdc)."),
        discussion: words("Themes, categories and code wordings as in 'export qdpx', valid against Codebook.xsd."))

    @Argument(help: ArgumentHelp(words("The codebook file to write."), valueName: "file.qdc"))
    var file: String

    @OptionGroup var pseudonyms: PseudonymOptions
    @OptionGroup var study: StudyOptions

    func run() throws {
        let export = try pseudonyms.withStudy(study) { try REFIExport(study: $0) }
        try writeREFI(try export.codebookXML(), to: file, export: export, what: "REFI-QDA codebook")
    }
}
