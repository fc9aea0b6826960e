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
import StudyBasics

/// A study as REFI-QDA 1.0 (the exchange standard of QualCoder, NVivo, ATLAS.ti and MAXQDA): `project.qde` with
/// `sources/` in a `.qdpx` ZIP, or the codebook alone as a `.qdc`. Element order and content follow Project.xsd and
/// Codebook.xsd (shared/refi-qda); positions are Unicode code points `[start, end)` in the UTF-8 source text (REFI
/// §10.2 and its Annex A.2 example); sources are UTF-8 without BOM, LF line ends, as studyctl stores them.
///
/// Deterministic: every GUID is a name-based UUID (v5) of a namespace derived from the study's creation time and a
/// stable row id, dates come from the study, ZIP entries carry a fixed date — exporting twice gives the same bytes.
public struct REFIExport {
    /// What REFI-QDA cannot carry from this study, for the researcher to read before sharing the file (REFI §7).
    public var notCarried: [Sentence] = []
    var snapshot: Snapshot
    let namespace: UUID
    /// Whether recordings travel inside the project or are referred to where they lie.
    let media: MediaMode
    /// The recordings a project copies in, by their entry in `sources/`, filled as the project is written.
    final class MediaFiles { var entries: [(name: String, record: MediaRecord)] = [] }
    let copied = MediaFiles()
    /// The selections of each participant's coded passages in transcripts another participant holds (a focus
    /// group's), by participant, filled as the sources are written: their cases refer to them (`SelectionRef`).
    final class SpeakerSelections { var byParticipant: [String: [String]] = [:] }
    let spoken = SpeakerSelections()
    var mediaFiles: [(name: String, record: MediaRecord)] {
        get { copied.entries }
        nonmutating set { copied.entries = newValue }
    }

    /// How a recording goes into a `.qdpx`.
    public enum MediaMode: String, Sendable, CaseIterable {
        /// The file inside the project, `sources/<guid>.<ext>` (`internal://`): the project stands alone (QualCoder
        /// copies it into its own audio or video folder).
        case copy
        /// Only its absolute path (`absolute://`): a small project for a machine that sees the same files.
        case link
    }

    /// The parts of the study an export needs, read once.
    struct Snapshot {
        var info: StudyInfo
        var roster: ParticipantRoster
        var transcripts: [(participant: String, label: String, text: String)]
        var categories: [CategoryInfo]
        var codes: [CodeRecord]
        var memos: [MemoRecord]
        var coders: [String]
        var extra: [String: Int]
        var foreign: [String: String]
        /// The GUID of the selection each imported code came in, by code id.
        var selections: [Int64: String] = [:]
        /// Recordings linked to a transcript, by the transcript.
        var recordings: [DocumentID: MediaRecord] = [:]
        /// The turns of those transcripts.
        var turns: [DocumentID: [TranscriptTurn]] = [:]
        /// Recordings linked to no transcript (not exported).
        var unlinkedRecordings = 0
        /// The transcripts that are a moderated session's log, by participant and label.
        var sessionLogs: Set<DocumentID> = []
        /// The turns and speakers of every transcript that has turns.
        var speakerTurns: [DocumentID: (turns: [TranscriptTurn], speakers: [TranscriptSpeaker])] = [:]
        /// The words with their own times (a WhisperX or noScribe import's) and the header of each transcript that has them.
        var timedWords: [DocumentID: [TimedWord]] = [:]
        var headers: [DocumentID: String] = [:]
        var annotations: [AnnotationRecord] = []
    }

    /// A TextSource's Description that says it is a moderated session's log, not an interview (read back by the import).
    public static let sessionLogMark = "studyctl: session log"
    /// A Variable's Description line that says the attribute identifies a person (read back by the import).
    public static let identifyingMark = "studyctl: identifying"

    public init(study: StudyDatabase, media: MediaMode = .copy) throws {
        self.media = media
        let transcripts = try study.transcriptList().map { ($0.participant, $0.label, try study.transcript(participant: $0.participant, label: $0.label)) }
        let status = try study.status()
        let counts = Dictionary(status.counts.map { ($0.kind, $0.count) }, uniquingKeysWith: { a, _ in a })
        snapshot = Snapshot(info: try study.info(), roster: try study.roster(), transcripts: transcripts, categories: try study.categories(),
                            codes: try study.codes(), memos: try study.memos(), coders: try study.coders(), extra: counts,
                            foreign: try study.foreignGUIDs())
        snapshot.annotations = try study.annotations()
        snapshot.selections = try study.selectionGUIDs()
        snapshot.sessionLogs = Set(try study.transcriptKinds().filter { $0.kind == .sessionLog }.map { DocumentID(participant: $0.participant, label: $0.label) })
        for transcript in transcripts {
            let details = try study.transcriptDetails(participant: transcript.0, label: transcript.1)
            let key = DocumentID(participant: transcript.0, label: transcript.1)
            if !details.turns.isEmpty { snapshot.speakerTurns[key] = (details.turns, details.speakers) }
            if !details.words.isEmpty { snapshot.timedWords[key] = details.words }
            if let header = details.header { snapshot.headers[key] = header }
        }
        for record in try study.media() {
            guard let label = record.transcript else {
                snapshot.unlinkedRecordings += 1
                continue
            }
            let key = DocumentID(participant: record.participant, label: label)
            snapshot.recordings[key] = record
            snapshot.turns[key] = try study.transcriptDetails(participant: record.participant, label: label).turns
        }
        // studyctl's own namespace, then the study's: the study is known by its creation time, which copies keep.
        let root = UUID(uuid: (0x3f, 0x1e, 0x5a, 0x0c, 0x9b, 0x7d, 0x4c, 0x52, 0x8e, 0x41, 0x5d, 0x2a, 0x7b, 0x6c, 0x9e, 0x10))  // 3f1e5a0c-9b7d-4c52-8e41-5d2a7b6c9e10
        namespace = NameBasedUUID.make(namespace: root, name: "study:" + snapshot.info.created)
        notCarried = notes()
    }

    /// The GUID of a thing: the one another tool gave it when it came in by import (kept for the round trip), else a
    /// name-based UUID of the study's namespace and the thing's kind and key.
    func guid(_ kind: String, _ id: String) -> String {
        snapshot.foreign[kind + ":" + id] ?? NameBasedUUID.make(namespace: namespace, name: kind + ":" + id).uuidString.lowercased()
    }

    /// The REFI date of a studyctl timestamp (already UTC, ISO 8601), or nil.
    func date(_ text: String?) -> String? {
        guard let text, text.count >= 19 else { return nil }
        return String(text.prefix(19)) + "Z"
    }

    func notes() -> [Sentence] {
        var notes: [Sentence] = []
        let unplaced = snapshot.codes.filter { $0.spanStart == nil }
        if !unplaced.isEmpty {
            notes.append(unplaced.count == 1
                ? "1 code on an excerpt without a transcript position (REFI codes text selections): exported in the codebook only; add the participant's transcript to place it"
                : "\(unplaced.count) codes on excerpts without a transcript position (REFI codes text selections): exported in the codebook only; add the participants' transcripts to place them")
        }
        let participantMemos = snapshot.memos.filter { $0.on.hasPrefix("participant:") }
        if !participantMemos.isEmpty {
            notes.append(participantMemos.count == 1
                ? "1 participant memo: REFI cases take no notes; exported as a project note named after the participant"
                : "\(participantMemos.count) participant memos: REFI cases take no notes; exported as project notes named after the participant")
        }
        let derived = snapshot.roster.attributes.filter { $0.rule != nil }
        if !derived.isEmpty {
            notes.append("derived attributes (\(derived.map(\.name).joined(separator: ", "))): their values are exported, their rules as the variable's description (studyctl reads them back; other tools show it as text)")
        }
        let origins = snapshot.categories.filter { $0.origin != "emergent" || $0.definition != nil }
        if !origins.isEmpty { notes.append("category definitions and origins: written into each code's Description (REFI has no field for them)") }
        let unlinked = snapshot.unlinkedRecordings
        if unlinked > 0 {
            notes.append(unlinked == 1 ? "1 recording linked to no transcript: REFI carries a recording with its transcript; link it with 'studyctl media add … --transcript'"
                : "\(unlinked) recordings linked to no transcript: REFI carries a recording with its transcript; link them with 'studyctl media add … --transcript'")
        }
        let untimed = snapshot.turns.values.reduce(0) { $0 + $1.filter { $0.start == nil || $0.end == nil }.count }
        if untimed > 0 { notes.append("\(untimed) turns without a start and an end time: no sync points for them") }
        let identifying = snapshot.roster.attributes.filter(\.identifying).map(\.name)
        if !identifying.isEmpty {
            notes.append("identifying attributes (\(identifying.joined(separator: ", "))): their values are exported as they are, marked identifying in the variable's description (studyctl reads it back; other tools show it as text); export with --pseudonymise to leave them out")
        }
        if !snapshot.timedWords.isEmpty || !snapshot.headers.isEmpty {
            notes.append("words with their own times and transcript headers: in each source's Description, which studyctl reads back and other tools show as a comment")
        }
        if !snapshot.speakerTurns.isEmpty {
            notes.append("speakers, their turns and who is the moderator: in each source's Description, which studyctl reads back and other tools show as a comment; which participant said a coded passage of another's transcript: their case's SelectionRef")
        }
        let kinds: [(String, Sentence)] = [("response sets", "questionnaire responses"), ("task attempts", "task attempts"), ("gaze recordings", "eye-tracking recordings")]
        for (kind, label) in kinds {
            if let count = snapshot.extra[kind], count > 0 { notes.append("\(count) \(label): not part of REFI-QDA; use 'studyctl export xlsx' or 'export csv'") }
        }
        return notes
    }

    // MARK: - Codebook

    /// The codebook as REFI codes: each category a code that is not codable itself, holding one codable code per
    /// code wording in it, then the categories whose theme it is (a theme is a category, as in `category add --theme`).
    func codeElements(codebook: Bool) -> [XMLElement] {
        var elements: [String: XMLElement] = [:]
        for category in snapshot.categories {
            let element = XMLElement(name: "Code")
            attribute(element, "guid", guid("category", category.name))
            attribute(element, "name", category.name)
            attribute(element, "isCodable", "false")
            var description: [String] = []
            if let definition = category.definition { description.append(definition) }
            description.append("Origin: " + (category.reference ?? category.origin))
            element.addChild(XMLElement(name: "Description", stringValue: description.joined(separator: "\n")))
            var labels: [String] = []
            for code in snapshot.codes where code.categories.contains(category.name) && !labels.contains(code.code) { labels.append(code.code) }
            for label in labels {
                let child = XMLElement(name: "Code")
                attribute(child, "guid", guid("code", category.name + "\u{1F}" + label))
                attribute(child, "name", codeNames[category.name + "\u{1F}" + label] ?? label)
                attribute(child, "isCodable", "true")
                element.addChild(child)
            }
            elements[category.name] = element
        }
        var top: [XMLElement] = []
        // Every category got its element in the loop above.
        for category in snapshot.categories {
            guard let element = elements[category.name] else { continue }
            if let theme = category.theme, let parent = elements[theme] { parent.addChild(element) } else { top.append(element) }
        }
        return top
    }

    /// The name each codable code is exported under, by category and wording: the wording itself, or with " (2)",
    /// " (3)" … when another category already has a code of that wording — QualCoder and MAXQDA keep code names
    /// unique and drop the codings of a second code of the same name. `import qdpx` strips the suffix back when the
    /// plain wording is a code of the project too.
    var codeNames: [String: String] {
        var names: [String: String] = [:]
        var used = Set<String>()
        for category in snapshot.categories {
            var labels: [String] = []
            for code in snapshot.codes where code.categories.contains(category.name) && !labels.contains(code.code) { labels.append(code.code) }
            for label in labels {
                var name = label
                var suffix = 2
                while used.contains(name) {
                    name = "\(label) (\(suffix))"
                    suffix += 1
                }
                used.insert(name)
                names[category.name + "\u{1F}" + label] = name
            }
        }
        return names
    }

    /// Sets attributes in a fixed order (XMLElement keeps insertion order).
    func attribute(_ element: XMLElement, _ name: String, _ value: String) {
        element.removeAttribute(forName: name)
        element.addAttribute(Self.node(XMLNode.attribute(withName: name, stringValue: value)))
    }

    /// The node Foundation's `XMLNode.attribute(withName:…)` and `namespace(withName:…)` make: they return an
    /// `XMLNode` typed as `Any` (swift-corelibs-foundation), always of that class.
    static func node(_ made: Any) -> XMLNode {
        made as! XMLNode  // invariant: both factories construct an XMLNode; only their declared type is Any
    }

    /// The `.qdc` codebook document.
    public func codebookXML() throws -> Data {
        try XMLOutput.serialised(codebookTree)
    }

    private func codebookTree() throws -> XMLElement {
        let codes = codeElements(codebook: true)
        guard !codes.isEmpty else { throw REFIError.nothingToExport("the codebook has no categories; a REFI codebook needs at least one code") }
        let root = XMLElement(name: "CodeBook")
        root.addNamespace(Self.node(XMLNode.namespace(withName: "", stringValue: "urn:QDA-XML:codebook:1.0")))
        attribute(root, "origin", "studyctl")
        let container = XMLElement(name: "Codes")
        codes.forEach(container.addChild)
        root.addChild(container)
        return root
    }

    // MARK: - Project

    /// The `project.qde` document and the source files it names (`sources/<guid>.txt` → text).
    public func projectXML() throws -> (xml: Data, sources: [(name: String, text: String)]) {
        var files: [(String, String)] = []
        let xml = try XMLOutput.serialised { try projectTree(files: &files) }
        return (xml, files)
    }

    /// The project's tree; `files` receives the source files it names.
    private func projectTree(files: inout [(String, String)]) throws -> XMLElement {
        let root = XMLElement(name: "Project")
        root.addNamespace(Self.node(XMLNode.namespace(withName: "", stringValue: "urn:QDA-XML:project:1.0")))
        attribute(root, "name", snapshot.info.title)
        attribute(root, "origin", "studyctl")
        if let created = date(snapshot.info.created) { attribute(root, "creationDateTime", created) }
        let userGUID = Dictionary(snapshot.coders.map { ($0, guid("coder", $0)) }, uniquingKeysWith: { first, _ in first })
        if !snapshot.coders.isEmpty { root.addChild(usersElement(userGUID)) }
        let codes = codeElements(codebook: false)
        let categoryMemos = snapshot.memos.filter { $0.on.hasPrefix("category:") }
        if !codes.isEmpty {
            // Category memos as NoteRefs: after Description, before child codes (CodeType's sequence).
            for memo in categoryMemos {
                let name = String(memo.on.dropFirst("category:".count))
                if let element = find(codes, guid: guid("category", name)) {
                    let ref = XMLElement(name: "NoteRef")
                    attribute(ref, "targetGUID", guid("memo", String(memo.id)))
                    element.insertChild(ref, at: 1)
                }
            }
            let book = XMLElement(name: "CodeBook")
            let container = XMLElement(name: "Codes")
            codes.forEach(container.addChild)
            book.addChild(container)
            root.addChild(book)
        }
        if !snapshot.roster.attributes.isEmpty { root.addChild(variablesElement()) }
        // The sources first: a case refers to the selections of its participant's words in another's transcript.
        spoken.byParticipant = [:]
        let sources = snapshot.transcripts.isEmpty ? nil : try sourcesElement(files: &files, users: userGUID)
        if !snapshot.roster.participants.isEmpty { root.addChild(casesElement()) }
        if let sources { root.addChild(sources) }
        if !snapshot.memos.isEmpty || !snapshot.annotations.isEmpty { root.addChild(notesElement(files: &files, users: userGUID)) }
        // Study and participant memos hang on the project (a REFI case takes no note).
        for memo in snapshot.memos where memo.on == "study" || memo.on.hasPrefix("participant:") {
            let ref = XMLElement(name: "NoteRef")
            attribute(ref, "targetGUID", guid("memo", String(memo.id)))
            root.addChild(ref)
        }
        return root
    }

    /// The coders as REFI users.
    private func usersElement(_ userGUID: [String: String]) -> XMLElement {
        let users = XMLElement(name: "Users")
        for coder in snapshot.coders {
            let user = XMLElement(name: "User")
            // Every coder has a GUID: `userGUID` is made from the same list.
            guard let guid = userGUID[coder] else { continue }
            attribute(user, "guid", guid)
            attribute(user, "name", coder)
            users.addChild(user)
        }
        return users
    }

    /// The participant attributes as REFI variables.
    private func variablesElement() -> XMLElement {
        let attributes = snapshot.roster.attributes
        let variables = XMLElement(name: "Variables")
        for definition in attributes {
            let variable = XMLElement(name: "Variable")
            attribute(variable, "guid", guid("attribute", definition.name))
            attribute(variable, "name", definition.name)
            attribute(variable, "typeOfVariable", definition.type == .number ? "Float" : "Text")
            var description: [String] = []
            if let rule = definition.rule { description.append("Derived from \(definition.derivedFrom ?? "?"): \(rule)") }
            if definition.identifying { description.append(Self.identifyingMark) }
            if !description.isEmpty { variable.addChild(XMLElement(name: "Description", stringValue: description.joined(separator: "\n"))) }
            variables.addChild(variable)
        }
        return variables
    }

    /// The participants as REFI cases, with their attribute values and their transcripts' sources.
    private func casesElement() -> XMLElement {
        // A transcript made from a recording travels inside the recording's source; the case refers to that source.
        let sourceGUID = Dictionary(snapshot.transcripts.map {
            let key = DocumentID(participant: $0.participant, label: $0.label)
            return (key, snapshot.recordings[key].map { guid("recording", $0.participant + "\u{1F}" + $0.label) } ?? guid("transcript", key.key))
        }, uniquingKeysWith: { first, _ in first })
        let cases = XMLElement(name: "Cases")
        for participant in snapshot.roster.participants {
            let element = XMLElement(name: "Case")
            attribute(element, "guid", guid("participant", participant.code))
            attribute(element, "name", participant.code)
            for (name, value) in participant.attributes {
                let holder = XMLElement(name: "VariableValue")
                let ref = XMLElement(name: "VariableRef")
                attribute(ref, "targetGUID", guid("attribute", name))
                holder.addChild(ref)
                switch value {
                case let .number(number): holder.addChild(XMLElement(name: "FloatValue", stringValue: NumberParser.format(number)))
                case let .text(text): holder.addChild(XMLElement(name: "TextValue", stringValue: text))
                }
                element.addChild(holder)
            }
            for transcript in snapshot.transcripts where transcript.participant == participant.code {
                let ref = XMLElement(name: "SourceRef")
                // Every transcript of the snapshot has its source above.
                guard let source = sourceGUID[DocumentID(participant: transcript.participant, label: transcript.label)] else { continue }
                attribute(ref, "targetGUID", source)
                element.addChild(ref)
            }
            for selection in spoken.byParticipant[participant.code] ?? [] {
                let ref = XMLElement(name: "SelectionRef")
                attribute(ref, "targetGUID", selection)
                element.addChild(ref)
            }
            cases.addChild(element)
        }
        return cases
    }

    /// The transcripts as REFI text sources (inside their recording's source when they have one), each with its
    /// coded selections and annotations; `files` receives each transcript's text.
    private func sourcesElement(files: inout [(String, String)], users userGUID: [String: String]) throws -> XMLElement {
        let codeMemos = Dictionary(grouping: snapshot.memos.filter { $0.on.hasPrefix("code:") }, by: \.on)
        let sources = XMLElement(name: "Sources")
        for transcript in snapshot.transcripts {
            let key = DocumentID(participant: transcript.participant, label: transcript.label)
            let id = guid("transcript", key.key)
            let sourceName = key.description
            let source = XMLElement(name: "TextSource")
            attribute(source, "guid", id)
            attribute(source, "name", sourceName)
            attribute(source, "plainTextPath", "internal://\(id).txt")
            let spoken = snapshot.speakerTurns[key]
            if let description = REFISpeakers.description(sessionLog: snapshot.sessionLogs.contains(key), turns: spoken?.turns ?? [],
                                                          speakers: spoken?.speakers ?? [],
                                                          owner: .init(participant: transcript.participant, label: transcript.label),
                                                          words: snapshot.timedWords[key] ?? [], header: snapshot.headers[key]) {
                source.addChild(XMLElement(name: "Description", stringValue: description))
            }
            files.append(("\(id).txt", transcript.text))
            // One selection per excerpt, holding one coding per code × category.
            // Each code in the transcript its excerpt is placed in (a session's log is a source of its own).
            let placed = snapshot.codes.filter {
                $0.spanStart != nil && $0.spanEnd != nil && $0.document == key
            }
            var excerptIDs: [Int64] = []
            // `placed` holds codes with a span only.
            for code in placed.sorted(by: { ($0.spanStart ?? 0, $0.excerptID) < ($1.spanStart ?? 0, $1.excerptID) }) where !excerptIDs.contains(code.excerptID) {
                excerptIDs.append(code.excerptID)
            }
            for excerptID in excerptIDs {
                excerptSelections(excerptID, placed: placed, memos: codeMemos, users: userGUID).forEach(source.addChild)
            }
            annotationSelections(participant: transcript.participant, label: transcript.label, users: userGUID).forEach(source.addChild)
            if let record = snapshot.recordings[key] {
                sources.addChild(try recordingSource(record, transcript: source, key: key, name: sourceName, text: transcript.text))
            } else {
                sources.addChild(source)
            }
        }
        return sources
    }

    /// The selections of one excerpt: one per coder and coding memo (QualCoder reads the coder from the selection and a
    /// coding memo from its Description), each holding one coding per code × category. `placed` are codes with a span.
    private func excerptSelections(_ excerptID: Int64, placed: [CodeRecord], memos codeMemos: [String: [MemoRecord]],
                                   users userGUID: [String: String]) -> [XMLElement] {
        var selections: [XMLElement] = []
        let onIt = placed.filter { $0.excerptID == excerptID }.sorted { $0.id < $1.id }
        // A code that came in by import goes back in the selection it came in (its kept GUID): several
        // selections on the same words stay several.
        var groups: [(kept: String?, coder: String?, memo: String?, codes: [CodeRecord])] = []
        for code in onIt {
            let memo = codeMemos["code:\(code.id)"].map { $0.map(\.text).joined(separator: "\n\n") }
            let kept = snapshot.selections[code.id]
            if let index = groups.firstIndex(where: { kept != nil ? $0.kept == kept : $0.kept == nil && $0.coder == code.coder && $0.memo == memo }) {
                groups[index].codes.append(code)
                if groups[index].memo == nil { groups[index].memo = memo }
            } else {
                groups.append((kept, code.coder, memo, [code]))
            }
        }
        let keptHere = Set(groups.compactMap(\.kept))
        for (number, group) in groups.enumerated() {
            let first = group.codes[0]
            // `placed` holds codes with a span only, and a stored span has both ends.
            guard let start = first.spanStart, let end = first.spanEnd else { continue }
            let selection = XMLElement(name: "PlainTextSelection")
            let excerptGUID = guid("excerpt", String(excerptID))
            attribute(selection, "guid", group.kept
                      ?? (number == 0 && !keptHere.contains(excerptGUID) ? excerptGUID
                          : guid("excerpt", "\(excerptID)\u{1F}\(group.coder ?? "")\u{1F}\(number)")))
            attribute(selection, "name", first.excerpt)
            attribute(selection, "startPosition", String(start))
            attribute(selection, "endPosition", String(end))
            if let coder = group.coder, let user = userGUID[coder] { attribute(selection, "creatingUser", user) }
            if let created = group.codes.compactMap({ date($0.created) }).min() { attribute(selection, "creationDateTime", created) }
            if let memo = group.memo { selection.addChild(XMLElement(name: "Description", stringValue: memo)) }
            // The words of a participant who is not the transcript's (a focus group's speaker): their case refers to it.
            if first.participant != first.document.participant, let id = selection.attributes?.first(where: { $0.name == "guid" })?.stringValue {
                spoken.byParticipant[first.participant, default: []].append(id)
            }
            for code in group.codes {
                for category in code.categories {
                    let coding = XMLElement(name: "Coding")
                    attribute(coding, "guid", guid("coding", "\(code.id)\u{1F}\(category)"))
                    if let coder = code.coder, let user = userGUID[coder] { attribute(coding, "creatingUser", user) }
                    if let created = date(code.created) { attribute(coding, "creationDateTime", created) }
                    let ref = XMLElement(name: "CodeRef")
                    attribute(ref, "targetGUID", guid("code", category + "\u{1F}" + code.code))
                    coding.addChild(ref)
                    for memo in codeMemos["code:\(code.id)"] ?? [] {
                        let note = XMLElement(name: "NoteRef")
                        attribute(note, "targetGUID", guid("memo", String(memo.id)))
                        coding.addChild(note)
                    }
                    selection.addChild(coding)
                }
            }
            selections.append(selection)
        }
        return selections
    }

    /// The memos and annotations as REFI notes; `files` receives each memo's text.
    private func notesElement(files: inout [(String, String)], users userGUID: [String: String]) -> XMLElement {
        let notes = XMLElement(name: "Notes")
        for memo in snapshot.memos {
            let note = XMLElement(name: "Note")
            let id = guid("memo", String(memo.id))
            attribute(note, "guid", id)
            attribute(note, "name", memo.on)
            // The text twice, as peers read it: inline, and as a source file (QualCoder reads journals from it).
            attribute(note, "plainTextPath", "internal://\(id).txt")
            files.append(("\(id).txt", memo.text))
            if let coder = memo.coder, let user = userGUID[coder] { attribute(note, "creatingUser", user) }
            if let created = date(memo.created) { attribute(note, "creationDateTime", created) }
            note.addChild(XMLElement(name: "PlainTextContent", stringValue: memo.text))
            notes.addChild(note)
        }
        annotationNotes(users: userGUID).forEach(notes.addChild)
        return notes
    }

    func find(_ elements: [XMLElement], guid: String) -> XMLElement? {
        for element in elements {
            // Through the attribute list: FoundationXML's attribute(forName:) misses attributes of namespaced trees on Linux.
            if element.attributes?.first(where: { $0.name == "guid" })?.stringValue == guid { return element }
            if let found = find(element.children?.compactMap { $0 as? XMLElement } ?? [], guid: guid) { return found }
        }
        return nil
    }

    /// Writes the `.qdpx`: `project.qde` and `sources/<guid>.txt`, deflated, every entry dated 2000-01-01.
    public func qdpx() throws -> Data {
        mediaFiles = []
        let (xml, files) = try projectXML()
        let archive = try Archive(data: Data(), accessMode: .create)
        let fixed = Date(timeIntervalSince1970: 946_684_800)
        func add(_ path: String, _ data: Data) throws {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: fixed, permissions: 0o644,
                                 compressionMethod: .deflate, provider: { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            })
        }
        try add("project.qde", xml)
        for (name, text) in files.sorted(by: { $0.name < $1.name }) { try add("sources/" + name, Data(text.utf8)) }
        // Recordings as they are (already compressed), after a check that each file is still the one registered.
        for (name, record) in mediaFiles.sorted(by: { $0.name < $1.name }) {
            let size = (try? FileManager.default.attributesOfItem(atPath: record.path)[.size] as? NSNumber)?.int64Value
            guard let size, size == record.size else {
                throw REFIError.recordingUnreadable(participant: record.participant, path: record.path, gone: size == nil)
            }
            guard size <= Int64(Int32.max) else { throw REFIError.recordingTooLarge(participant: record.participant, path: record.path) }
            let data = try Data(contentsOf: URL(fileURLWithPath: record.path), options: .mappedIfSafe)
            try archive.addEntry(with: "sources/" + name, type: .file, uncompressedSize: Int64(data.count), modificationDate: fixed, permissions: 0o644,
                                 compressionMethod: .none, provider: { position, size in
                data.subdata(in: Data.Index(position)..<Data.Index(position) + size)
            })
        }
        return archive.data ?? Data()
    }
}

/// XML documents written through FoundationXML without freeing a node after its document.
///
/// swift-corelibs-foundation's `XMLDocument(rootElement:)` and `setRootElement(_:)` point every libxml2 node of the
/// tree at the document (xmlSetTreeDoc) but do not tie the tree's Swift objects to the document's lifetime. When the
/// document is released while the root element still lives, libxml2's document is freed and every node left keeps a
/// pointer to it; freeing those nodes later reads the freed document (xmlFreeNode → doc->dict → xmlDictOwns), a
/// use-after-free that crashed `export qdpx` wherever the optimiser happened to release the document first (the
/// `swift build -c release` binary, on a study whose last case had no children). Here the tree is built by `build`,
/// whose references to its nodes all end when it returns, and the document is kept alive until after the tree has
/// been written: the document is then the last owner of the root, and its release frees the nodes before itself.
enum XMLOutput {
    static func serialised(_ build: () throws -> XMLElement) rethrows -> Data {
        let document = XMLDocument(rootElement: nil)
        return try withExtendedLifetime(document) {
            document.setRootElement(try build())
            document.version = "1.0"
            document.characterEncoding = "utf-8"
            return Data(document.xmlString(options: [.nodePrettyPrint]).utf8 + [0x0A])
        }
    }
}

public enum REFIError: Error, WordedError, LocalizedError, Equatable {
    case nothingToExport(String)
    /// A recording to copy into the project whose file is gone or changed since it was registered.
    case recordingUnreadable(participant: String, path: String, gone: Bool)
    /// A recording larger than a REFI-QDA project may hold inside (2^31 − 1 bytes, REFI 1.5 §8.5).
    case recordingTooLarge(participant: String, path: String)

    public var errorDescription: String? { sentence.description }


    public var sentence: Sentence {
        switch self {
        case let .nothingToExport(reason): return "nothing to export: \(reason)"
        case let .recordingUnreadable(participant, path, gone):
            return gone ? "participant \(participant)'s recording \(path): the file is gone; register it again where it is now, or export with --media link"
                : "participant \(participant)'s recording \(path): the file changed since it was registered; register it again, or export with --media link"
        case let .recordingTooLarge(participant, path):
            return "participant \(participant)'s recording \(path) is larger than a REFI-QDA project holds inside (2 GiB); export with --media link"
        }
    }
}
