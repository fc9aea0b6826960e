import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
import Media
import QualCoding
import StudyStore
import Surveys
import ZIPFoundation

/// Reads a REFI-QDA project (`.qdpx`, or a bare `.qde` beside its `sources/`) or codebook (`.qdc`) as studyctl or
/// another tool wrote it, into a `StudyBundle`.
///
/// Lenient where peers differ (shared/research/refi-qda.md §A.2–A.6): any single `*.qde` at the root, `sources/` in
/// any case, UTF-8 or UTF-16 source files with or without a BOM, a `.docx` where the plain text is missing, GUIDs
/// with braces, in upper case or short ids, no namespace. Positions: the unit is found per source (`SourceText`) —
/// from the selections' names, else the producing tool, else where the bounds fall on word and line breaks. Text is
/// stored as studyctl stores transcripts (NFC, LF) with each span on the selected words.
///
/// The readers: `+Container` (the archive or folder and the XML), `+Codebook` (users, notes, codes, cases),
/// `+TextSources` (decoding and placing text selections), `+Recordings` (audio and video with transcripts),
/// `+Leftovers` (notes nothing placed, and what is not carried).
public struct REFIImport {
    public var bundle = StudyBundle()
    /// What was left out, and why; and which position unit each source used.
    public var report: [Sentence] = []
    /// The project's name, for a study the import creates.
    public var projectName: String?
    /// The recordings the project holds or refers to, for the caller to read (ffprobe) and register.
    public var recordings: [RecordingFound] = []
    /// The codings the project holds, and how many became codes.
    public var codingsInProject = 0
    /// The project file and the entries it holds (lower case), to copy a recording out of it.
    var archivePath: String?
    var sourceEntries = Set<String>()
    /// The folder of a bare `.qde`'s sources, whose files are read in place.
    var sourceFolder: String?
    /// How the participant of each source is named (`--participant-from`).
    var participantFrom: ParticipantFrom = .case
    /// What the readers share while one project is read.
    var state = ReadingState()

    /// A recording (REFI `AudioSource` or `VideoSource`) of a participant, with the label of its transcript.
    public struct RecordingFound: Sendable, Equatable {
        public enum Location: Sendable, Equatable {
            /// An entry of the project's `sources/` (`internal://`).
            case inside(String)
            /// A file outside the project, by its absolute path (`absolute://`, `file://`, `relative://` on the project's basePath).
            case outside(String)
        }
        public var participant: String
        /// The recording's label in the study ("" for a participant's first).
        public var label: String
        /// Its name in the project ("P1.m4a").
        public var name: String
        /// The kind the project says; ffprobe has the last word.
        public var kind: MediaKind
        public var location: Location
        /// The label of its transcript in the study, when the project holds one.
        public var transcript: String?
    }

    public enum Problem: Error, WordedError, LocalizedError, Equatable {
        case container(Sentence)
        public var errorDescription: String? { sentence.description }

        public var sentence: Sentence {
            switch self { case let .container(reason): return reason }
        }
    }

    /// Where a text source's participant comes from: the case that holds it, the source's name, or its file's name.
    public enum ParticipantFrom: String, Sendable, CaseIterable {
        /// The case that refers to the source; else its name; else its file's name (the default).
        case `case`
        case name
        case file
    }

    /// A code of the codebook as studyctl keeps it: a wording in a category.
    struct CodeInfo { var label: String; var category: String }

    /// A note of the project (a memo): its name, text, writer and time.
    struct Note { var name: String?; var text: String; var user: String?; var created: String? }

    /// What the readers of one project share: users, notes, codes and cases by GUID, and what was used.
    struct ReadingState {
        var source: (String) throws -> Data? = { _ in nil }
        var origin: String?
        var users: [String: String] = [:]
        var notes: [String: Note] = [:]
        /// Annotations: notes that hold a selection of a source (QualCoder, NVivo), by note → its selection.
        var annotated: [String: (start: Int, end: Int)] = [:]
        var usedNotes = Set<String>()
        var codes: [String: CodeInfo] = [:]
        var categoryNames: [String] = []
        /// Categories renamed to stay apart from another of the same name: (new name, path).
        var renamed: [(name: String, path: String)] = []
        var owner: [String: String] = [:]
        /// The case a selection belongs to (a case's `SelectionRef`: a focus group's speaker), by selection GUID.
        var selectionCase: [String: String] = [:]
        var sourceVariables: [String: [(String, String)]] = [:]
        var labels: [String: Int] = [:]
        var usedLabels: [String: Set<String>] = [:]
        var sourceOwner: [String: String] = [:]
        var sourceNames: [String: String] = [:]
        var recordingNames: [String: String] = [:]
        var companions: [String: (participant: String, label: String)] = [:]
        /// Codings already taken (participant, transcript, span, code, category, coder): a second one is a duplicate.
        var codingsSeen = Set<String>()
        var duplicates = 0
        /// Where each code (participant, transcript, span, wording, coder) is in the bundle's codes.
        var wordings: [String: Int] = [:]
        var definitions = 0
        var annotations = 0
        var notCarried: [Loss: Int] = [:]
        /// The local time the project states (seconds east of UTC), for its dates without a zone; nil: none stated.
        var localOffset: Int?
        var zonelessDates = 0
    }

    /// Copies a recording held inside the project to `destination` (a new file).
    public func extract(_ recording: RecordingFound, to destination: String) throws {
        guard case let .inside(name) = recording.location, let archivePath else { return }
        let archive = try Archive(url: URL(fileURLWithPath: archivePath), accessMode: .read)
        guard let entry = archive.first(where: { $0.path.lowercased() == "sources/" + name.lowercased() }) else {
            throw Problem.container("\(archivePath): sources/\(name) is not in the project")
        }
        do { _ = try archive.extract(entry, to: URL(fileURLWithPath: destination), skipCRC32: false) } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw Problem.container("\(archivePath): sources/\(name) cannot be unpacked (its bytes are damaged or cut short, its checksum does not match); copy the project again from where it came; nothing was imported")
        }
    }

    /// Reads a REFI-QDA codebook (`.qdc`, any tool's: Taguette's with its empty `<Sets/>`, NVivo's nested codes,
    /// studyctl's categories): its codes become categories and wordings as a project's codebook does.
    public init(codebook path: String) throws {
        guard let xml = FileManager.default.contents(atPath: path) else { throw Problem.container("\(path) cannot be read") }
        let root = try Self.document(xml, at: path, expecting: "CodeBook",
                                     otherwise: "\(path) is not a REFI-QDA codebook (its root is not CodeBook); a .qdpx project is read with 'import qdpx'")
        try parse(root)
        if bundle.categories.isEmpty { throw Problem.container("\(path) holds no codes") }
    }

    /// Reads a project: a `.qdpx` archive, or a bare `.qde` with its `sources/` folder beside it (or at its basePath).
    public init(path: String, participantFrom: ParticipantFrom = .case) throws {
        self.participantFrom = participantFrom
        let (root, source) = try openProject(path)
        projectName = Self.attr(root, "name")
        state.source = source
        try parse(root)
    }

    /// Reads the project or codebook, reader by reader.
    mutating func parse(_ root: XMLElement) throws {
        state.origin = Self.attr(root, "origin")
        state.localOffset = Self.statedOffset(root)
        readUsers(root)
        try readNotes(root)
        readCodebook(root)
        readVariablesAndCases(root)
        try readTextSources(root)
        try readRecordings(root)
        placeLeftoverNotes(root)
        reportNotCarried(root)
    }
}
