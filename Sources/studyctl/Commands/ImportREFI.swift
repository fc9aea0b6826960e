import ArgumentParser
import Foundation
import Interchange
import Media
import MediaTools
import Results
import StudyStore
import Surveys
import Wording

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
            descriptive. A recording (AudioSource, VideoSource) becomes the participant's recording, linked to its \
            transcript, whose turns come from its sync points and whose transcript selections become codes: a \
            recording inside the project is copied out into a folder beside the study (STUDY-recordings/, in the study's language), one \
            outside it is registered where it lies; ffprobe reads each. QualCoder's transcript of a recording (a \
            text source named after it, "P1.m4a.txt") is linked to it. All or nothing; what was left out is listed.

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
        var bundle = project.bundle
        var copied: [String] = []
        var recordingNotes: [Sentence] = []
        let summary: BundleSummary
        do {
            // Beside the study, named in its language: "estudo-gravações", "study-recordings".
            let folder = URL(fileURLWithPath: (study.path as NSString).deletingPathExtension + "-"
                             + Term.recordings.text(try database.info().language).lowercased()).standardizedFileURL.path
            // A recording the study holds already (the same project imported again) is neither copied nor registered twice.
            let registered = try database.media()
            for recording in project.recordings {
                guard FFprobe.isAvailable else {
                    recordingNotes.append("not carried: recording \(recording.name) (ffprobe, which reads a recording, is not installed)")
                    continue
                }
                var path: String
                switch recording.location {
                case .inside:
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    path = (folder as NSString).appendingPathComponent((recording.name as NSString).lastPathComponent)
                    var number = 2
                    while FileManager.default.fileExists(atPath: path) {
                        let name = recording.name as NSString
                        path = (folder as NSString).appendingPathComponent("\(name.deletingPathExtension) (\(number)).\(name.pathExtension)")
                        number += 1
                    }
                    try project.extract(recording, to: path)
                    copied.append(path)
                case let .outside(external):
                    guard FileManager.default.fileExists(atPath: external) else {
                        recordingNotes.append("not carried: recording \(recording.name) (\(external) is not on this machine)")
                        continue
                    }
                    path = external
                }
                let fingerprint = try FileFingerprint.read(path)
                if let held = registered.first(where: { $0.participant == recording.participant && $0.sha256 == fingerprint.sha256 }) {
                    if case .inside = recording.location, copied.last == path {
                        try? FileManager.default.removeItem(atPath: path)
                        copied.removeLast()
                    }
                    recordingNotes.append("recording \(recording.name) → \(recording.participant): already registered (\(held.path)), not copied or registered again")
                    // The folder made for it goes too when nothing else is in it.
                    if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true { try? FileManager.default.removeItem(atPath: folder) }
                    continue
                }
                if case .inside = recording.location {
                    recordingNotes.append("recording \(recording.name) → \(recording.participant): copied out of the project to \(path)")
                } else {
                    recordingNotes.append("recording \(recording.name) → \(recording.participant): registered where it lies, \(path)")
                }
                let facts = try FFprobe.facts(of: path)
                bundle.recordings.append(MediaRegistration(participant: recording.participant, label: recording.label, path: path, facts: facts,
                                                           fingerprint: fingerprint, transcript: recording.transcript))
            }
            summary = try database.importBundle(bundle)
            // A project with codings of which none came through is a failed import, not an empty success.
            if project.codingsInProject > 0 && summary.codesAdded == 0 && summary.skipped.isEmpty {
                throw Refusal("\(file) holds \(project.codingsInProject) codings and none could be read:\n\(project.report.map { "  " + words($0) }.joined(separator: "\n"))")
            }
        } catch {
            // A study made for this import and left empty by its failure goes too.
            if created { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: study.path + suffix) } }
            for path in copied { try? FileManager.default.removeItem(atPath: path) }
            throw error
        }
        if summary.isEmpty {
            // Everything the project holds is here already: the same project imported again.
            say("\(file) holds nothing this study lacks (was it imported before?): nothing was changed.")
        } else {
            say("Imported \(file): \(Sentence(verbatim: Counted.list([(summary.participantsAdded.count, .newParticipant), (summary.categoriesAdded.count, .category), (summary.transcriptsAdded, .transcript), (summary.codesAdded, .code), (summary.memosAdded, .memo)])))")
        }
        if summary.recordingsAdded > 0 { say("Recordings registered: \(summary.recordingsAdded)") }
        for line in project.report + recordingNotes { print("  " + words(line)) }
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
        say("Imported \(file): \(Sentence(verbatim: Counted.list([(summary.categoriesAdded.count, .category)] + (summary.memosAdded > 0 ? [(summary.memosAdded, .memo)] : []))))")
        for line in codebook.report { print("  " + words(line)) }
        if !summary.skipped.isEmpty {
            say("Skipped:")
            for line in summary.skipped { print("  - " + words(line)) }
        }
    }
}

/// Counts of what an import brought, each noun in the number its count wants, in the command line's language:
/// "2 new participants, 1 category, 1 memo" / "2 participantes novos, 1 categoria, 1 memorando".
enum Counted {
    enum Noun {
        case newParticipant, category, transcript, code, memo

        /// "\(count) categories", in the number the count wants in the command line's language.
        func counted(_ count: Int) -> Sentence {
            switch self {
            case .newParticipant: return Sentence(count: count, one: "\(count) new participant", other: "\(count) new participants")
            case .category: return Sentence(count: count, one: "\(count) category", other: "\(count) categories")
            case .transcript: return Sentence(count: count, one: "\(count) transcript", other: "\(count) transcripts")
            case .code: return Sentence(count: count, one: "\(count) code", other: "\(count) codes")
            case .memo: return Sentence(count: count, one: "\(count) memo", other: "\(count) memos")
            }
        }
    }

    static func list(_ counts: [(Int, Noun)]) -> String {
        counts.map { count, noun in noun.counted(count).text(Voice.language) }.joined(separator: ", ")
    }
}
