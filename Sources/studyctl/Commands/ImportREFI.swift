import ArgumentParser
import Foundation
import Interchange
import StudyStore
import Wording
import Surveys

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: words("Bring in work done in other tools."), subcommands: [ImportQDPX.self, ImportQDC.self])
}

struct ImportQDPX: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qdpx", abstract: words("Import a REFI-QDA project (.qdpx) from QualCoder, NVivo, ATLAS.ti, MAXQDA or studyctl."),
        discussion: words("""
            Into the study named by --db (created when it does not exist, titled after the project). Cases become \
            participants with their variables as attributes (a Text variable's values kept as written, so 4.10 \
            stays 4.10; Integer and Float variables hold numbers); codes that are not codable become categories (nested \
            ones take their parent as theme), codable codes their wordings; each text source becomes its \
            participant's transcript (NFC, LF line ends) and each coding a code on the selected words, by its \
            coder. The unit of positions is found per source by checking selections against their quoted text \
            (code points, UTF-16, line ends counted once or twice); a selection that does not read its text is \
            reported, never stored shifted. A coding whose code wording occurs in its excerpt is in-vivo, else \
            descriptive. All or nothing; what was left out is listed.

            Example: studyctl import qdpx entrevistas.qdpx --db estudo.sqlite
            """))

    @Argument(help: ArgumentHelp(words("The project file."), valueName: "file.qdpx"), completion: .file(extensions: ["qdpx"]))
    var file: String

    @Option(help: ArgumentHelp(words("The language of a study created by the import."), valueName: "pt-BR|en"))
    var language: StudyLanguage = .ptBR

    @Option(help: ArgumentHelp(words("Where each source's participant comes from: the case that holds it (else its name, else its file; the default), its name, or its file's name. Spaces become _."), valueName: "case|name|file"))
    var participantFrom: REFIImport.ParticipantFrom = .case

    @OptionGroup var study: StudyOptions

    func run() throws {
        let project = try REFIImport(path: file, participantFrom: participantFrom)
        let created = !FileManager.default.fileExists(atPath: study.path)
        let database = created
            ? try StudyDatabase.create(at: study.path, title: project.projectName ?? (file as NSString).lastPathComponent, language: language)
            : try study.open()
        if created { Voice.follow(language) }
        let summary: BundleSummary
        do {
            summary = try database.importBundle(project.bundle)
            // A project with codings of which none came through is a failed import, not an empty success.
            if project.codingsInProject > 0 && summary.codesAdded == 0 && summary.skipped.isEmpty {
                throw Refusal("\(file) holds \(project.codingsInProject) codings and none could be read:\n\(project.report.map { "  " + words($0) }.joined(separator: "\n"))")
            }
        } catch {
            // A study made for this import and left empty by its failure goes too.
            if created { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: study.path + suffix) } }
            throw error
        }
        say("Imported \(file): \(summary.participantsAdded.count) new participants, \(summary.categoriesAdded.count) categories, \(summary.transcriptsAdded) transcripts, \(summary.codesAdded) codes, \(summary.memosAdded) memos")
        for line in project.report { print("  " + words(line)) }
        if !summary.skipped.isEmpty {
            say("Skipped:")
            for line in summary.skipped { print("  - " + words(line)) }
        }
    }
}

extension REFIImport.ParticipantFrom: ExpressibleByArgument {}

struct ImportQDC: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qdc", abstract: words("Import a REFI-QDA codebook (.qdc) from Taguette, QualCoder, NVivo, ATLAS.ti, MAXQDA or studyctl."),
        discussion: words("""
            Codes that are not codable, codable codes with codes under them, and codes with no coding become \
            categories (their parent category their theme); descriptions become definitions. Categories the \
            codebook already has are left as they are and listed. Example: studyctl import qdc taguette.qdc
            """))

    @Argument(help: ArgumentHelp(words("The codebook file."), valueName: "file.qdc"), completion: .file(extensions: ["qdc"]))
    var file: String

    @OptionGroup var study: StudyOptions

    func run() throws {
        let codebook = try REFIImport(codebook: file)
        let summary = try study.withStudy { try $0.importBundle(codebook.bundle) }
        say(summary.memosAdded > 0 ? "Imported \(file): \(summary.categoriesAdded.count) categories, \(summary.memosAdded) memos"
            : "Imported \(file): \(summary.categoriesAdded.count) categories")
        for line in codebook.report { print("  " + words(line)) }
        if !summary.skipped.isEmpty {
            say("Skipped:")
            for line in summary.skipped { print("  - " + words(line)) }
        }
    }
}
