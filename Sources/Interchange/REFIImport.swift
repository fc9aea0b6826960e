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

/// Reads a REFI-QDA project (`.qdpx`) as studyctl or another tool wrote it, into a `StudyBundle`.
///
/// Lenient where peers differ (shared/research/refi-qda.md §A.2–A.5): any single `*.qde` at the root, `sources/` in
/// any case, one leading BOM stripped, GUIDs with braces or in upper case, no namespace. Positions: the unit is
/// found per source by reading every selection that names its text under four hypotheses — code points or UTF-16
/// units, over the text as stored or with CRLF counted once — and keeping the one most selections read true; a
/// selection that does not read its text under it is reported, never stored shifted. Text is stored as studyctl
/// stores transcripts (NFC, LF) with each span placed on the selected words.
public struct REFIImport {
    public var bundle = StudyBundle()
    /// What was left out, and why; and which position unit each source used.
    public var report: [Sentence] = []
    /// The project's name, for a study the import creates.
    public var projectName: String?
    /// The recordings the project holds or refers to, for the caller to read (ffprobe) and register.
    public var recordings: [RecordingFound] = []
    /// The project file and the entries it holds (lower case), to copy a recording out of it.
    var archivePath: String?
    var sourceEntries = Set<String>()

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

    /// Copies a recording held inside the project to `destination` (a new file).
    public func extract(_ recording: RecordingFound, to destination: String) throws {
        guard case let .inside(name) = recording.location, let archivePath else { return }
        let archive = try Archive(url: URL(fileURLWithPath: archivePath), accessMode: .read)
        guard let entry = archive.first(where: { $0.path.lowercased() == "sources/" + name.lowercased() }) else {
            throw Problem.container("\(archivePath): sources/\(name) is not in the project")
        }
        _ = try archive.extract(entry, to: URL(fileURLWithPath: destination), skipCRC32: false)
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

    /// How the participant of each source is named (`--participant-from`).
    var participantFrom: ParticipantFrom = .case
    /// The codings the project holds, and how many became codes.
    public var codingsInProject = 0

    /// Reads a REFI-QDA codebook (`.qdc`, any tool's: Taguette's with its empty `<Sets/>`, NVivo's nested codes,
    /// studyctl's categories): its codes become categories and wordings as a project's codebook does.
    public init(codebook path: String) throws {
        guard let xml = FileManager.default.contents(atPath: path) else { throw Problem.container("\(path) cannot be read") }
        let parser = XMLParser(data: xml)
        let check = WellFormed()
        parser.delegate = check
        if !parser.parse() || check.depth != 0 || !check.sawRoot {
            throw Problem.container("\(path):\(parser.lineNumber):\(parser.columnNumber): the XML is not well-formed"
                                    + Self.parserReason(parser, depth: check.depth))
        }
        let document = try XMLDocument(data: xml)
        guard let root = document.rootElement(), root.localName == "CodeBook" else {
            throw Problem.container("\(path) is not a REFI-QDA codebook (its root is not CodeBook); a .qdpx project is read with 'import qdpx'")
        }
        try parse(root) { _ in nil }
        if bundle.categories.isEmpty { throw Problem.container("\(path) holds no codes") }
    }

    public init(path: String, participantFrom: ParticipantFrom = .case) throws {
        self.participantFrom = participantFrom
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            throw Problem.container("\(path) is not a REFI-QDA project (.qdpx is a ZIP file): \(Sentence(verbatim: error.localizedDescription))")
        }
        var files: [String: Entry] = [:]
        for entry in archive { files[entry.path.lowercased()] = entry }
        archivePath = path
        sourceEntries = Set(files.keys)
        let projects = files.keys.filter { !$0.contains("/") && $0.hasSuffix(".qde") }
        guard projects.count == 1 else {
            throw Problem.container(projects.isEmpty ? "\(path) holds no project.qde" : "\(path) holds \(projects.count) .qde files; a REFI-QDA project has one")
        }
        func read(_ entry: Entry) throws -> Data {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            return data
        }
        let xml = try read(files[projects[0]]!)
        // A strict parse first: the tree parser recovers from broken XML, and a broken project must be refused.
        let parser = XMLParser(data: xml)
        let check = WellFormed()
        parser.delegate = check
        // XMLParser on Linux can finish a document cut short without an error: elements left open tell it too.
        if !parser.parse() || check.depth != 0 || !check.sawRoot {
            throw Problem.container("\(path): \(projects[0]):\(parser.lineNumber):\(parser.columnNumber): the XML is not well-formed"
                                    + Self.parserReason(parser, depth: check.depth))
        }
        let document = try XMLDocument(data: xml)
        guard let root = document.rootElement(), root.localName == "Project" else { throw Problem.container("project.qde's root is not a Project") }
        projectName = Self.attr(root, "name")
        try parse(root) { name in
            guard let entry = files["sources/" + name.lowercased()] else { return nil }
            return try read(entry)
        }
    }

    /// Why the strict parser stopped, in words (Foundation's text on Linux is only "NSXMLParserErrorDomain error N").
    static func parserReason(_ parser: XMLParser, depth: Int) -> Sentence {
        if let error = parser.parserError {
            let text = error.localizedDescription
            return text.contains("NSXMLParserErrorDomain") ? " (the parser stopped with error \((error as NSError).code))" : " (\(Sentence(verbatim: text)))"
        }
        return depth != 0 ? " (it ends inside an element)" : ""
    }

    /// Counts open elements while a strict parser reads the project.
    final class WellFormed: NSObject, XMLParserDelegate {
        var depth = 0
        var sawRoot = false
        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            depth += 1
            sawRoot = true
        }
        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) { depth -= 1 }
    }

    // MARK: - XML helpers (by local name, so a missing or foreign namespace does not matter)

    static func kids(_ element: XMLElement, _ name: String) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name }
    }
    static func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }
    /// A REFI date (xsd:dateTime) as studyctl stores times, `2026-11-23T00:01:29Z`, when it is one in UTC.
    static func utc(_ text: String) -> String? {
        guard text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$"#, options: .regularExpression) != nil else { return nil }
        return String(text.prefix(19)) + "Z"
    }

    static func guid(_ text: String?) -> String? {
        text.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "{} ")).lowercased() }
    }

    // MARK: - Parsing

    struct CodeInfo { var label: String; var category: String }

    mutating func parse(_ root: XMLElement, source: (String) throws -> Data?) throws {
        var users: [String: String] = [:]
        for users_ in Self.kids(root, "Users") {
            for user in Self.kids(users_, "User") {
                if let id = Self.guid(Self.attr(user, "guid")) {
                    users[id] = Self.attr(user, "name") ?? id
                    bundle.foreignGUIDs.append(("coder", users[id]!, id))
                }
            }
        }
        // Notes first: codes, codings and the project refer to them.
        var notes: [String: (name: String?, text: String, user: String?, created: String?)] = [:]
        // Annotations: notes that hold a selection of a source (QualCoder, NVivo), by note → its selection.
        var annotated: [String: (start: Int, end: Int)] = [:]
        for container in Self.kids(root, "Notes") {
            for note in Self.kids(container, "Note") {
                guard let id = Self.guid(Self.attr(note, "guid")) else { continue }
                // The text inline, else in its source file (QualCoder writes journals as files, with a BOM).
                var text = Self.kids(note, "PlainTextContent").first?.stringValue ?? ""
                if text.isEmpty, let path = Self.attr(note, "plainTextPath"), path.lowercased().hasPrefix("internal://"),
                   let data = try source(String(path.dropFirst("internal://".count))) {
                    text = String(decoding: data, as: UTF8.self)
                    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
                }
                if let selection = Self.kids(note, "PlainTextSelection").first, let start = Int(Self.attr(selection, "startPosition") ?? ""),
                   let end = Int(Self.attr(selection, "endPosition") ?? "") {
                    annotated[id] = (start, end)
                }
                notes[id] = (Self.attr(note, "name"), text, Self.guid(Self.attr(note, "creatingUser")).flatMap { users[$0] },
                             Self.attr(note, "creationDateTime").flatMap(Self.utc))
            }
        }
        var usedNotes = Set<String>()
        func memo(_ element: XMLElement) -> [(id: String, text: String, user: String?, created: String?)] {
            Self.kids(element, "NoteRef").compactMap { ref in
                guard let id = Self.guid(Self.attr(ref, "targetGUID")), let note = notes[id] else { return nil }
                return (id, note.text, note.user, note.created)
            }
        }

        // The codebook: codes that are not codable are categories (nested ones take their parent as theme); a codable
        // code belongs to its nearest category, or to its codable parent, or is a category of its own.
        var codes: [String: CodeInfo] = [:]
        var categoryNames: [String] = []
        func addCategory(_ name: String, description: String?, theme: String?, element: XMLElement?) {
            guard !categoryNames.contains(name) else { return }
            categoryNames.append(name)
            var definition: String?
            var origin: CategoryOrigin = .emergent
            if var lines = description?.components(separatedBy: "\n") {
                if let last = lines.last, last.hasPrefix("Origin: ") {
                    origin = CategoryOrigin(parsing: String(last.dropFirst("Origin: ".count))) ?? .emergent
                    lines.removeLast()
                }
                let rest = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                definition = rest.isEmpty ? nil : rest
            }
            bundle.categories.append(.init(name: name, definition: definition, origin: origin, theme: theme))
            if let element {
                for note in memo(element) {
                    usedNotes.insert(note.id)
                    bundle.memos.append(.init(target: .category(name), text: note.text, coder: note.user, created: note.created))
                }
            }
        }
        // Every codable code's name, to read back the " (2)" that makes a wording unique across the codebook.
        var definitions = 0
        var annotations = 0
        var codableNames = Set<String>()
        func collect(_ element: XMLElement) {
            if Self.attr(element, "isCodable")?.lowercased() != "false", let name = Self.attr(element, "name") {
                codableNames.insert(name.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            Self.kids(element, "Code").forEach(collect)
        }
        // A project holds its codebook; a .qdc is one (its root is the CodeBook).
        let books = root.localName == "CodeBook" ? [root] : Self.kids(root, "CodeBook")
        for book in books { for container in Self.kids(book, "Codes") { Self.kids(container, "Code").forEach(collect) } }
        var suffixesStripped = 0
        // The codes codings refer to: a codable code no coding uses is kept as a category (studyctl holds a wording
        // only on an excerpt), so a codebook without codings (NVivo's, Taguette's) loses none of its codes.
        var coded = Set<String>()
        for node in (try? root.nodes(forXPath: "//*[local-name()='CodeRef']")) ?? [] {
            if let element = node as? XMLElement, let id = Self.guid(Self.attr(element, "targetGUID")) { coded.insert(id) }
        }
        var keptAsCategories = 0
        /// The tree: a code that is not codable, or a codable one with codable codes under it, or one no coding uses,
        /// is a category (its parent category its theme); a codable leaf that codings use is a wording in its nearest
        /// category (a top-level one is a category of its own, holding its own wording).
        func walk(_ element: XMLElement, category: String?) {
            var name = (Self.attr(element, "name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if Self.attr(element, "isCodable")?.lowercased() != "false", let base = Self.uniquingBase(name), codableNames.contains(base) {
                name = base
                suffixesStripped += 1
            }
            let codable = Self.attr(element, "isCodable")?.lowercased() != "false"
            let description = Self.kids(element, "Description").first?.stringValue
            let children = Self.kids(element, "Code")
            let id = Self.guid(Self.attr(element, "guid"))
            let codableChildren = children.contains { Self.attr($0, "isCodable")?.lowercased() != "false" }
            var nextCategory = category
            if !codable || codableChildren || !(id.map(coded.contains) ?? false) {
                if codable && !codableChildren && category != nil { keptAsCategories += 1 }
                addCategory(name, description: description, theme: category, element: element)
                if let id { bundle.foreignGUIDs.append((codable ? "code" : "category", codable ? name + "\u{1F}" + name : name, id)) }
                if codable, let id { codes[id] = CodeInfo(label: name, category: name) }
                nextCategory = name
            } else {
                let home = category ?? name
                if category == nil { addCategory(home, description: description, theme: nil, element: element) }
                // A codable code's own definition (QualCoder's code memo): on its category, naming the code — unless
                // the code is its own category, whose definition it became above.
                if category != nil, let description, !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    bundle.memos.append(.init(target: .category(home), text: "Code “\(name)”: " + description, coder: nil, created: nil))
                    definitions += 1
                }
                if let id {
                    codes[id] = CodeInfo(label: name, category: home)
                    bundle.foreignGUIDs.append(("code", home + "\u{1F}" + name, id))
                }
            }
            for child in children { walk(child, category: nextCategory) }
        }
        for book in books { for container in Self.kids(book, "Codes") { for code in Self.kids(container, "Code") { walk(code, category: nil) } } }
        if keptAsCategories > 0 {
            report.append(keptAsCategories == 1
                ? "1 codable code without codings kept as a category under its parent (studyctl keeps a wording only on an excerpt)"
                : "\(keptAsCategories) codable codes without codings kept as categories under their parent (studyctl keeps a wording only on an excerpt)")
        }
        if suffixesStripped > 0 {
            report.append(suffixesStripped == 1
                ? "1 code name ending in \" (N)\" read as the same wording without it (made unique for tools that keep code names unique)"
                : "\(suffixesStripped) code names ending in \" (N)\" read as the same wording without it (made unique for tools that keep code names unique)")
        }

        // Variables and cases: participants with their attributes, and which sources are theirs.
        var variables: [String: String] = [:]
        for container in Self.kids(root, "Variables") {
            for variable in Self.kids(container, "Variable") {
                if let id = Self.guid(Self.attr(variable, "guid")), let name = Self.attr(variable, "name") {
                    variables[id] = name
                    // REFI-QDA types its variables: Integer and Float hold numbers; Text (a version "4.10", a code
                    // "007"), Boolean and dates are kept as written.
                    if let type = Self.attr(variable, "typeOfVariable") {
                        bundle.attributeTypes[name] = ["integer", "float"].contains(type.lowercased()) ? .number : .text
                    }
                    bundle.foreignGUIDs.append(("attribute", name, id))
                    // studyctl writes a derived attribute's rule as "Derived from SOURCE: RULE".
                    if let description = Self.kids(variable, "Description").first?.stringValue, description.hasPrefix("Derived from "),
                       let colon = description.range(of: ": ") {
                        let from = String(description[description.index(description.startIndex, offsetBy: "Derived from ".count)..<colon.lowerBound])
                        bundle.derivations.append((name, from, String(description[colon.upperBound...])))
                    }
                }
            }
        }
        var owner: [String: String] = [:]
        // MAXQDA writes a document's variables as a case with no name that refers to the source: they become the
        // attributes of that source's participant.
        var sourceVariables: [String: [(String, String)]] = [:]
        for container in Self.kids(root, "Cases") {
            for item in Self.kids(container, "Case") {
                let caseName = Self.attr(item, "name")?.trimmingCharacters(in: .whitespaces) ?? ""
                var attributes: [(String, String)] = []
                for value in Self.kids(item, "VariableValue") {
                    guard let id = Self.guid(Self.kids(value, "VariableRef").first.flatMap { Self.attr($0, "targetGUID") }), let name = variables[id] else { continue }
                    if let text = (value.children ?? []).compactMap({ $0 as? XMLElement }).first(where: { $0.localName != "VariableRef" })?.stringValue,
                       !text.isEmpty {
                        attributes.append((name, text))
                    }
                }
                if caseName.isEmpty {
                    for ref in Self.kids(item, "SourceRef") {
                        if let id = Self.guid(Self.attr(ref, "targetGUID")) { sourceVariables[id, default: []] += attributes }
                    }
                    continue
                }
                let code = caseName
                bundle.participants.append(.init(code: code, attributes: attributes))
                if let id = Self.guid(Self.attr(item, "guid")) { bundle.foreignGUIDs.append(("participant", code, id)) }
                for ref in Self.kids(item, "SourceRef") { if let id = Self.guid(Self.attr(ref, "targetGUID")) { owner[id] = code } }
            }
        }

        /// The codes of one selection (text or transcript) placed on `span` of participant's transcript `label`.
        func codings(of selection: XMLElement, participant: String, label: String, excerpt: String, span: Range<Int>) {
            // Codings of one wording by one coder on one selection are one code in several categories.
            var entries: [CodeEntry] = []
            var guids: [(selection: String?, codings: [String: String])] = []
            let selectionGUID = Self.guid(Self.attr(selection, "guid"))
            for coding in Self.kids(selection, "Coding") {
                guard let target = Self.guid(Self.kids(coding, "CodeRef").first.flatMap { Self.attr($0, "targetGUID") }), let code = codes[target] else {
                    report.append("\(participant): a coding refers to a code the codebook lacks; skipped")
                    continue
                }
                let notesHere = memo(coding)
                notesHere.forEach { usedNotes.insert($0.id) }
                // The coder of the coding, else of its selection (QualCoder's transcript selections name neither on the coding).
            let coder = (Self.guid(Self.attr(coding, "creatingUser")) ?? Self.guid(Self.attr(selection, "creatingUser"))).flatMap { users[$0] }
                // A coding memo comes as NoteRefs on the coding, or (QualCoder, MAXQDA) as the selection's Description.
                let memoText = notesHere.isEmpty ? (Self.kids(selection, "Description").first?.stringValue ?? "")
                                                 : notesHere.map(\.text).joined(separator: "\n\n")
                let codingGUID = Self.guid(Self.attr(coding, "guid"))
                if let index = entries.firstIndex(where: { $0.code == code.label && $0.coder == coder }) {
                    if !entries[index].categories.contains(code.category) { entries[index].categories.append(code.category) }
                    if entries[index].memo?.isEmpty ?? true { entries[index].memo = memoText }
                    if let codingGUID { guids[index].codings[code.category] = codingGUID }
                    continue
                }
                guids.append((selectionGUID, codingGUID.map { [code.category: $0] } ?? [:]))
                let inVivo = TextMatching.locate(code.label, in: excerpt) != nil
                entries.append(CodeEntry(participant: participant, excerpt: excerpt, code: code.label, categories: [code.category],
                                         coder: coder, memo: memoText, descriptive: !inVivo, span: span,
                                         transcript: label.isEmpty ? nil : label))
            }
            bundle.codes += entries
            bundle.codeGUIDs += guids
        }

        // Sources: the text, its position unit, and each selection placed on the stored text.
        var labels: [String: Int] = [:]
        var usedLabels: [String: Set<String>] = [:]
        var sourceOwner: [String: String] = [:]
        var sourceNames: [String: String] = [:]
        // Recordings by name: QualCoder keeps a recording's transcript as a text source named after it ("P1.m4a.txt"
        // when it imported it, "P1.m4a.transcribed" when it made it; refi.py l.1199, l.2897).
        var recordingNames: [String: String] = [:]
        for container in Self.kids(root, "Sources") {
            for element in (container.children ?? []).compactMap({ $0 as? XMLElement }) where ["AudioSource", "VideoSource"].contains(element.localName ?? "") {
                if let id = Self.guid(Self.attr(element, "guid")) { recordingNames[Self.recordingName(element)] = id }
            }
        }
        func recordingParticipant(_ element: XMLElement, id: String) -> String {
            owner[id] ?? Self.participantCode((Self.recordingName(element) as NSString).deletingPathExtension)
        }
        var companions: [String: (participant: String, label: String)] = [:]
        for container in Self.kids(root, "Sources") {
            for element in Self.kids(container, "TextSource") {
                let id = Self.guid(Self.attr(element, "guid")) ?? ""
                let sourceName = Self.attr(element, "name") ?? Self.attr(element, "plainTextPath").map { ($0 as NSString).lastPathComponent } ?? id
                var raw: String
                if let content = Self.kids(element, "PlainTextContent").first?.stringValue {
                    raw = content
                } else if let path = Self.attr(element, "plainTextPath"), path.lowercased().hasPrefix("internal://") || !path.contains("://") {
                    // internal://NAME, or a plain path some tools write (NAME, sources/NAME): a file of sources/.
                    var name = path.lowercased().hasPrefix("internal://") ? String(path.dropFirst("internal://".count)) : path
                    if name.lowercased().hasPrefix("sources/") { name = String(name.dropFirst("sources/".count)) }
                    guard let data = try source(name) else {
                        report.append("source \(sourceName): \(path) is not in the project; skipped with its codings")
                        continue
                    }
                    raw = String(decoding: data, as: UTF8.self)
                } else {
                    report.append("source \(sourceName): only an external file (\(Self.attr(element, "plainTextPath") ?? "no path")) — skipped with its codings")
                    continue
                }
                if raw.hasPrefix("\u{FEFF}") { raw.removeFirst() }
                // NVivo can leave the plain text empty (1 byte) and keep the words in the .docx only: read its paragraphs.
                if raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, let rich = Self.attr(element, "richTextPath"),
                   rich.lowercased().hasPrefix("internal://"), rich.lowercased().hasSuffix(".docx"),
                   let data = try source(String(rich.dropFirst("internal://".count))) {
                    guard let text = DocxText.paragraphs(data), !text.isEmpty else {
                        report.append("source \(sourceName): its text is neither in the plain text file nor readable in \(rich); skipped with its codings")
                        continue
                    }
                    raw = text
                    report.append("source \(sourceName): text read from the .docx (word/document.xml paragraphs), the plain text file being empty")
                }
                let fileName = Self.attr(element, "plainTextPath").map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
                let named: String
                switch participantFrom {
                case .case: named = owner[id] ?? (Self.attr(element, "name").map { ($0 as NSString).deletingPathExtension } ?? fileName ?? id)
                case .name: named = Self.attr(element, "name").map { ($0 as NSString).deletingPathExtension } ?? fileName ?? id
                case .file: named = fileName ?? id
                }
                var participant = Self.participantCode(named)
                var companionOf: String?
                for suffix in [".txt", ".transcribed"] where sourceName.hasSuffix(suffix) {
                    if let recording = recordingNames[String(sourceName.dropLast(suffix.count))] { companionOf = recording }
                }
                if let recording = companionOf, owner[id] == nil, let element_ = Self.kids(container, "AudioSource").first(where: { Self.guid(Self.attr($0, "guid")) == recording })
                    ?? Self.kids(container, "VideoSource").first(where: { Self.guid(Self.attr($0, "guid")) == recording }) {
                    participant = recordingParticipant(element_, id: recording)
                }
                defer {
                    // The source's own variables (MAXQDA's nameless case) and Description (ATLAS.ti's comment).
                    if let variables = sourceVariables[id], let index = bundle.participants.firstIndex(where: { $0.code == participant }) {
                        for (name, value) in variables where !bundle.participants[index].attributes.contains(where: { $0.0 == name }) {
                            bundle.participants[index].attributes.append((name, value))
                        }
                    }
                    if let comment = Self.kids(element, "Description").first?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !comment.isEmpty,
                       comment != REFIExport.sessionLogMark {
                        bundle.memos.append(.init(target: .participant(participant), text: comment, coder: nil, created: nil))
                    }
                }
                if participant != named && companionOf == nil { report.append("source \(sourceName): participant \(participant) (from “\(named)”: spaces made _, other characters a code cannot hold left out)") }
                // Two sources named alike are two people unless a case says they are one: refused, never merged.
                if !(participantFrom == .case && owner[id] != nil) {
                    if let other = sourceOwner[participant] {
                        throw Problem.container("sources “\(sourceNames[other] ?? other)” and “\(sourceName)” both make participant \(participant); name their cases in the project, or choose another --participant-from")
                    }
                    sourceOwner[participant] = id
                }
                sourceNames[id] = sourceName
                if !bundle.participants.contains(where: { $0.code == participant }) { bundle.participants.append(.init(code: participant, attributes: [])) }
                let seen = labels[participant, default: 0]
                labels[participant] = seen + 1
                // "P1 sessão 1" of participant P1 (as studyctl names a participant's second transcript, a session's
                // log) keeps its label; otherwise the participant's first source is their unlabelled transcript.
                let rest = sourceName.hasPrefix(participant + " ") ? String(sourceName.dropFirst(participant.count + 1)) : ""
                var label = !rest.isEmpty ? rest : sourceName == participant ? "" : seen == 0 ? "" : sourceName
                if usedLabels[participant, default: []].contains(label) { label = sourceName }
                usedLabels[participant, default: []].insert(label)
                let stored = TextMatching.nfc(raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
                // A moderated session's log stays one (studyctl's own mark in the source's Description).
                let sessionLog = Self.kids(element, "Description").first?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) == REFIExport.sessionLogMark
                bundle.transcripts.append(.init(participant: participant, label: label, text: stored, kind: sessionLog ? .sessionLog : .interview))
                if let recording = companionOf { companions[recording] = (participant, label) }
                if !id.isEmpty { bundle.foreignGUIDs.append(("transcript", participant + "\u{1F}" + label, id)) }
                let selections = Self.kids(element, "PlainTextSelection")
                let unit = Unit.best(for: selections.compactMap { s in
                    guard let start = Int(Self.attr(s, "startPosition") ?? ""), let end = Int(Self.attr(s, "endPosition") ?? ""), let name = Self.attr(s, "name") else { return nil }
                    return (start, end, name)
                }, in: raw)
                report.append("source \(sourceName) → \(participant): positions in \(unit.description)")
                let storedScalars = Array(stored.unicodeScalars)
                var labelled = 0
                var firstLabel: String?
                defer {
                    if labelled > 0 {
                        let label = String(firstLabel!.prefix(40))
                        report.append(labelled == 1
                            ? "source \(sourceName): 1 selection name (“\(label)”) is a label, not the selected text; the positions were used"
                            : "source \(sourceName): \(labelled) selection names (e.g. “\(label)”) are labels, not the selected text; the positions were used")
                    }
                }
                // Annotations of this source (QualCoder: a NoteRef to a note that holds a selection), on their passage.
                for ref in Self.kids(element, "NoteRef") {
                    guard let noteID = Self.guid(Self.attr(ref, "targetGUID")), let span = annotated[noteID], let note = notes[noteID],
                          !note.text.isEmpty, let words = unit.text(span.start, span.end, in: raw),
                          let placed = Self.place(TextMatching.nfc(words.replacingOccurrences(of: "\r\n", with: "\n")).trimmingCharacters(in: .whitespacesAndNewlines),
                                                  in: storedScalars, near: unit.lfScalarOffset(span.start, in: raw)) else { continue }
                    usedNotes.insert(noteID)
                    bundle.annotations.append(.init(participant: participant, label: label, span: placed, text: note.text, coder: note.user, created: note.created))
                    annotations += 1
                }
                for selection in selections {
                    codingsInProject += Self.kids(selection, "Coding").count
                    guard let start = Int(Self.attr(selection, "startPosition") ?? ""), let end = Int(Self.attr(selection, "endPosition") ?? ""),
                          let text = unit.text(start, end, in: raw) else {
                        report.append("\(participant): a selection at \(Self.attr(selection, "startPosition") ?? "?")–\(Self.attr(selection, "endPosition") ?? "?") lies outside the text; skipped")
                        continue
                    }
                    // A selection's name is a label (REFI: optional free text; qualitative-coding writes "line:6"): the
                    // positions, in the unit found above, are what is coded. Names that differ are counted, not refused.
                    if let name = Self.attr(selection, "name"), Unit.same(name, text) == false {
                        labelled += 1
                        if firstLabel == nil { firstLabel = name }
                    }
                    let excerpt = TextMatching.nfc(text.replacingOccurrences(of: "\r\n", with: "\n")).trimmingCharacters(in: .whitespacesAndNewlines)
                    guard !excerpt.isEmpty, let span = Self.place(excerpt, in: storedScalars, near: unit.lfScalarOffset(start, in: raw)) else {
                        report.append("\(participant): the selection \(start)–\(end) could not be placed; skipped")
                        continue
                    }
                    for found in REFIAnnotations.onSelection(selection, notes: notes, users: users) {
                        if let id = found.noteID { usedNotes.insert(id) }
                        bundle.annotations.append(.init(participant: participant, label: label, span: span, text: found.text, coder: found.user, created: found.created))
                        annotations += 1
                    }
                    codings(of: selection, participant: participant, label: label, excerpt: excerpt, span: span)
                }
            }
        }
        // Recordings: each with its transcript (the text, turns from its sync points, codings from its selections).
        var notCarried: [String: Int] = [:]
        var timeSpans = 0, laterTranscripts = 0, textless = 0
        for container in Self.kids(root, "Sources") {
            for element in (container.children ?? []).compactMap({ $0 as? XMLElement }) where ["AudioSource", "VideoSource"].contains(element.localName ?? "") {
                let id = Self.guid(Self.attr(element, "guid")) ?? ""
                let name = Self.recordingName(element)
                let participant = recordingParticipant(element, id: id)
                let kind: MediaKind = element.localName == "VideoSource" ? .video : .audio
                timeSpans += Self.kids(element, "AudioSelection").count + Self.kids(element, "VideoSelection").count
                let transcripts = Self.kids(element, "Transcript")
                laterTranscripts += max(0, transcripts.count - 1)
                var location: RecordingFound.Location?
                let path = Self.attr(element, "path") ?? ""
                if path.lowercased().hasPrefix("internal://") {
                    let entry = String(path.dropFirst("internal://".count))
                    if sourceEntries.contains("sources/" + entry.lowercased()) { location = .inside(entry) }
                } else if let external = Self.externalPath(path, basePath: Self.attr(root, "basePath")) {
                    location = .outside(external)
                }
                if location == nil {
                    report.append("recording \(name): \(path.isEmpty ? "no path" : Sentence(verbatim: path)) cannot be found; its transcript and codings are read, the recording is not")
                }
                var transcriptLabel: String?
                if let transcript = transcripts.first {
                    var raw: String?
                    if let content = Self.kids(transcript, "PlainTextContent").first?.stringValue {
                        raw = content
                    } else if let textPath = Self.attr(transcript, "plainTextPath"), textPath.lowercased().hasPrefix("internal://"),
                              let data = try source(String(textPath.dropFirst("internal://".count))) {
                        raw = String(decoding: data, as: UTF8.self)
                    }
                    if var raw {
                        if raw.hasPrefix("\u{FEFF}") { raw.removeFirst() }
                        if !bundle.participants.contains(where: { $0.code == participant }) { bundle.participants.append(.init(code: participant, attributes: [])) }
                        let seen = labels[participant, default: 0]
                        labels[participant] = seen + 1
                        let label = seen == 0 ? "" : (Self.attr(transcript, "name") ?? name)
                        transcriptLabel = label
                        let read = Self.transcriptReading(raw: raw, transcript: transcript, pairedTurns: Self.attr(root, "origin") == "studyctl")
                        bundle.transcripts.append(.init(participant: participant, label: label, text: read.text,
                                                        timing: read.turns.isEmpty ? nil : TranscriptTiming(turns: read.turns)))
                        if let transcriptID = Self.guid(Self.attr(transcript, "guid")) {
                            bundle.foreignGUIDs.append(("transcript", participant + "\u{1F}" + label, transcriptID))
                        }
                        report.append(read.turns.isEmpty ? "recording \(name) → \(participant): transcript without times (no sync points)"
                                      : "recording \(name) → \(participant): transcript with \(read.turns.count) timed turns from its sync points")
                        let scalars = Array(read.text.unicodeScalars)
                        for selection in read.selections {
                            codingsInProject += Self.kids(selection.element, "Coding").count
                            guard let span = selection.span else {
                                report.append("\(participant): a transcript selection names a sync point the transcript lacks; skipped")
                                continue
                            }
                            var view = String.UnicodeScalarView()
                            view.append(contentsOf: scalars[span])
                            let excerpt = String(view).trimmingCharacters(in: .whitespacesAndNewlines)
                            guard !excerpt.isEmpty, let placed = Self.place(excerpt, in: scalars, near: span.lowerBound) else {
                                report.append("\(participant): the transcript selection \(span.lowerBound)–\(span.upperBound) holds no words; skipped")
                                continue
                            }
                            codings(of: selection.element, participant: participant, label: label, excerpt: excerpt, span: placed)
                        }
                    } else {
                        textless += 1
                    }
                } else if let companion = companions[id] {
                    transcriptLabel = companion.label
                }
                if !bundle.participants.contains(where: { $0.code == participant }) { bundle.participants.append(.init(code: participant, attributes: [])) }
                if let location {
                    let label = recordings.contains { $0.participant == participant } ? (name as NSString).deletingPathExtension : ""
                    recordings.append(RecordingFound(participant: participant, label: label, name: name, kind: kind, location: location, transcript: transcriptLabel))
                    if !id.isEmpty { bundle.foreignGUIDs.append(("recording", participant + "\u{1F}" + label, id)) }
                }
            }
        }

        if timeSpans > 0 { report.append("not carried: \(timeSpans) coded time spans of recordings without text (AudioSelection, VideoSelection); code the transcript instead") }
        if laterTranscripts > 0 { report.append("not carried: \(laterTranscripts) further transcripts of a recording (its first one is read)") }
        if textless > 0 { report.append("not carried: \(textless) transcripts of recordings whose text is not in the project") }

        // Notes the project itself refers to: the study's (or a participant's, when the note says so).
        for note in memo(root) where !usedNotes.contains(note.id) {
            usedNotes.insert(note.id)
            var target = MemoTarget.study
            if let name = notes[note.id]?.name, let parsed = MemoTarget(parsing: name), case .participant = parsed { target = parsed }
            bundle.memos.append(.init(target: target, text: note.text, coder: note.user, created: note.created))
        }
        // Notes nothing refers to: journals (QualCoder, NVivo) and memos named after what they are on (studyctl's
        // "category:NAME", "participant:P3", "study"); a journal keeps its title as the memo's first line.
        let left = notes.keys.filter { !usedNotes.contains($0) && !(notes[$0]?.name?.hasPrefix("code:") ?? false) && annotated[$0] == nil }
        var journals = 0
        for id in left.sorted() {
            let note = notes[id]!
            var target = MemoTarget.study
            var text = note.text
            if let name = note.name, let parsed = MemoTarget(parsing: name) {
                switch parsed {
                case let .category(category) where categoryNames.contains(category): target = parsed
                case let .participant(code) where bundle.participants.contains(where: { $0.code == code }): target = parsed
                case .study: break
                default: text = name + "\n\n" + text
                }
            } else if let name = note.name, !name.isEmpty {
                text = name + "\n\n" + text
                journals += 1
            }
            bundle.memos.append(.init(target: target, text: text, coder: note.user, created: note.created))
        }
        if journals > 0 {
            report.append(journals == 1 ? "1 journal (notes of the project) stored as a study memo, headed by its title"
                : "\(journals) journals (notes of the project) stored as study memos, each headed by its title")
        }
        if definitions > 0 {
            report.append(definitions == 1 ? "1 code definition (a codable code's Description) stored as a memo on the code's category"
                : "\(definitions) code definitions (a codable code's Description) stored as memos on the code's category")
        }
        if annotations > 0 {
            report.append(annotations == 1 ? "1 annotation stored on its passage of the transcript"
                : "\(annotations) annotations stored on their passages of the transcripts")
        }
        // What REFI-QDA holds and studyctl does not (REFI §7): named, with how many.
        for container in Self.kids(root, "Sources") {
            for element in (container.children ?? []).compactMap({ $0 as? XMLElement })
            where !["TextSource", "AudioSource", "VideoSource"].contains(element.localName ?? "") {
                notCarried[(element.localName ?? "?") + " (not a text source)", default: 0] += 1
            }
        }
        for name in ["Graphs", "Links", "Sets"] {
            let count = Self.kids(root, name).reduce(0) { $0 + ($1.children?.count ?? 0) }
            if count > 0 { notCarried[name, default: 0] += count }
        }
        for (kind, count) in notCarried.sorted(by: { $0.key < $1.key }) { report.append("not carried: \(count) \(kind)") }
    }

    /// A recording's name: its own, else its transcript's (ATLAS.ti leaves the source's empty), else its file's.
    static func recordingName(_ element: XMLElement) -> String {
        if let name = attr(element, "name")?.trimmingCharacters(in: .whitespaces), !name.isEmpty { return name }
        let file = attr(element, "path").map { ($0 as NSString).lastPathComponent } ?? ""
        if let transcript = kids(element, "Transcript").first.flatMap({ attr($0, "name") }), !transcript.isEmpty {
            let ext = (file as NSString).pathExtension
            return ext.isEmpty || transcript.hasSuffix("." + ext) ? transcript : transcript + "." + ext
        }
        return file.isEmpty ? (guid(attr(element, "guid")) ?? "?") : file
    }

    /// The absolute path of an external source: `absolute:///C:/…` or `absolute:///home/…` (REFI §8.3), `file:///…`,
    /// or `relative:///…` joined to the project's `basePath`.
    static func externalPath(_ path: String, basePath: String?) -> String? {
        let lower = path.lowercased()
        var rest: String
        if lower.hasPrefix("absolute://") {
            rest = String(path.dropFirst("absolute://".count))
        } else if lower.hasPrefix("file://") {
            rest = URL(string: path)?.path ?? String(path.dropFirst("file://".count))
        } else if lower.hasPrefix("relative://"), let basePath {
            let tail = String(path.dropFirst("relative://".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let base = basePath.lowercased().hasPrefix("absolute://") ? String(basePath.dropFirst("absolute://".count)) : basePath
            rest = (base.hasSuffix("/") ? base : base + "/") + tail
        } else {
            return nil
        }
        rest = rest.removingPercentEncoding ?? rest
        // "/C:/…" is a Windows path (a drive letter): kept as written; "//x" collapses to "/x".
        while rest.hasPrefix("//") { rest.removeFirst() }
        return rest.hasPrefix("/") ? rest : "/" + rest
    }

    /// A transcript of a recording read: its text as studyctl stores it (NFC, LF), turns from its sync points, and
    /// each selection's span between its two sync points (scalar offsets in that text).
    ///
    /// Turns: studyctl writes a sync point at the start and the end of each timed turn, and gives each selection sync
    /// points of its own; so the sync points no selection names, taken in pairs, are the turns when they pair up
    /// (start before end, in order). Otherwise (QualCoder, NVivo, ATLAS.ti place sync points anywhere) each stretch of
    /// text between two consecutive sync points is a turn from the first one's time to the next one's. A speaker is
    /// read from the text before a turn ("Ana: "), as studyctl lays turns out; a turn in the same paragraph as the
    /// previous one is the same speaker's.
    static func transcriptReading(raw: String, transcript: XMLElement, pairedTurns: Bool) -> (text: String, turns: [TranscriptTurn], selections: [(element: XMLElement, span: Range<Int>?)]) {
        let rawScalars = Array(raw.unicodeScalars)
        let text = TextMatching.nfc(raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
        let scalars = Array(text.unicodeScalars)
        func stored(_ position: Int) -> Int {
            let clamped = min(max(position, 0), rawScalars.count)
            var view = String.UnicodeScalarView()
            view.append(contentsOf: rawScalars[0..<clamped])
            let prefix = TextMatching.nfc(String(view).replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
            return min(prefix.unicodeScalars.count, scalars.count)
        }
        var points: [String: (position: Int, time: Int)] = [:]
        var order: [(guid: String, position: Int, time: Int)] = []
        for point in kids(transcript, "SyncPoint") {
            guard let id = guid(attr(point, "guid")), let position = Int(attr(point, "position") ?? ""), let time = Int(attr(point, "timeStamp") ?? "") else { continue }
            let place = stored(position)
            points[id] = (place, time)
            order.append((id, place, time))
        }
        let selectionElements = kids(transcript, "TranscriptSelection")
        var referenced = Set<String>()
        let selections: [(element: XMLElement, span: Range<Int>?)] = selectionElements.map { element in
            let from = guid(attr(element, "fromSyncPoint")), to = guid(attr(element, "toSyncPoint"))
            if let from { referenced.insert(from) }
            if let to { referenced.insert(to) }
            guard let from, let to, let a = points[from], let b = points[to] else { return (element, nil) }
            return (element, min(a.position, b.position)..<max(a.position, b.position))
        }
        order.sort { ($0.position, $0.time) < ($1.position, $1.time) }
        var stretches: [(start: Int, end: Int, from: Int, to: Int)] = []
        let anchors = order.filter { !referenced.contains($0.guid) }
        var paired = pairedTurns && anchors.count >= 2 && anchors.count % 2 == 0
        if paired {
            var previousEnd = 0
            for index in stride(from: 0, to: anchors.count, by: 2) {
                let a = anchors[index], b = anchors[index + 1]
                if a.position < previousEnd || b.position < a.position || b.time < a.time { paired = false; break }
                stretches.append((a.position, b.position, a.time, b.time))
                previousEnd = b.position
            }
        }
        if !paired {
            stretches = []
            var distinct: [(position: Int, time: Int)] = []
            for point in order where distinct.last?.position != point.position { distinct.append((point.position, point.time)) }
            for (index, point) in distinct.enumerated() {
                let next: (position: Int, time: Int) = index + 1 < distinct.count ? distinct[index + 1]
                    : (scalars.count, max(point.time, order.map(\.time).max() ?? point.time))
                stretches.append((point.position, next.position, point.time, max(next.time, point.time)))
            }
        }
        var turns: [TranscriptTurn] = []
        var previousEnd = 0
        for stretch in stretches {
            var start = max(stretch.start, previousEnd), end = min(stretch.end, scalars.count)
            while start < end, scalars[start].properties.isWhitespace { start += 1 }
            while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
            var speaker: String?
            if !paired {
                // A stretch that opens with "Name: " (a speaker's label in the text) is that speaker's words after it.
                var line = String.UnicodeScalarView()
                var index = start
                while index < end, scalars[index] != "\n", scalars[index] != ":" { line.append(scalars[index]); index += 1 }
                let name = String(line).trimmingCharacters(in: .whitespaces)
                if index < end, scalars[index] == ":", index + 1 == end || scalars[index + 1] == " " || scalars[index + 1] == "\n",
                   !name.isEmpty, name.unicodeScalars.count <= 80, name.split(separator: " ").count <= 5, !name.contains(where: { ".?!".contains($0) }) {
                    speaker = name
                    start = index + 1
                    while start < end, scalars[start].properties.isWhitespace { start += 1 }
                }
            }
            guard start < end else { continue }
            var gap = String.UnicodeScalarView()
            gap.append(contentsOf: scalars[previousEnd..<start])
            let gapText = String(gap)
            let lastLine = (gapText.components(separatedBy: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
            if speaker == nil, lastLine.hasSuffix(":") {
                let name = String(lastLine.dropLast()).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, name.unicodeScalars.count <= 80, !name.contains(where: { ".?!".contains($0) }) { speaker = name }
            } else if speaker == nil, !gapText.contains("\n"), let last = turns.last {
                speaker = last.speaker
            }
            turns.append(TranscriptTurn(speaker: speaker, start: stretch.from, end: stretch.to, span: start..<end))
            previousEnd = end
        }
        return (text, turns, selections)
    }

    /// A participant code made from a source's name: spaces (runs of them) become "_", characters a code cannot hold
    /// (control, invisible, text-direction) are left out, and the result is composed ("Entrevista João" →
    /// "Entrevista_João").
    static func participantCode(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in trimmed.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { scalars.append("_") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            if scalar.value < 0x20 || scalar.properties.generalCategory == .control || scalar.properties.isDefaultIgnorableCodePoint
                || scalar.properties.isBidiControl { continue }
            scalars.append(scalar)
        }
        let code = String(scalars).precomposedStringWithCanonicalMapping
        return code.unicodeScalars.count > 64 ? String(String.UnicodeScalarView(code.unicodeScalars.prefix(64))) : code
    }

    /// "menu some (2)" → "menu some": the wording before a " (N)" with N ≥ 2 that an export added to keep names unique.
    static func uniquingBase(_ name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) else { return nil }
        let digits = name[open.upperBound..<name.index(before: name.endIndex)]
        guard let number = Int(digits), number >= 2, !digits.hasPrefix("0") else { return nil }
        let base = String(name[..<open.lowerBound])
        return base.isEmpty ? nil : base
    }

    /// Where `excerpt` occurs in the stored text, nearest to `expected`: a scalar range.
    static func place(_ excerpt: String, in text: [Unicode.Scalar], near expected: Int) -> Range<Int>? {
        let needle = Array(excerpt.unicodeScalars)
        guard !needle.isEmpty, needle.count <= text.count else { return nil }
        var best: Int?
        var index = 0
        while index + needle.count <= text.count {
            if text[index] == needle[0], Array(text[index..<index + needle.count]) == needle {
                if best == nil || abs(index - expected) < abs(best! - expected) { best = index }
            }
            index += 1
        }
        return best.map { $0..<$0 + needle.count }
    }

    /// How a source counts positions.
    enum Unit: CaseIterable {
        case scalarsLF, scalars, utf16LF, utf16

        var description: Sentence {
            switch self {
            case .scalars: return "code points (the standard's unit)"
            case .scalarsLF: return "code points, a line end counted once"
            case .utf16: return "UTF-16 units"
            case .utf16LF: return "UTF-16 units, a line end counted once"
            }
        }

        func text(_ start: Int, _ end: Int, in raw: String) -> String? {
            let base = (self == .scalarsLF || self == .utf16LF) ? raw.replacingOccurrences(of: "\r\n", with: "\n") : raw
            guard start >= 0, end >= start else { return nil }
            switch self {
            case .scalars, .scalarsLF:
                let scalars = Array(base.unicodeScalars)
                guard end <= scalars.count else { return nil }
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[start..<end])
                return String(view)
            case .utf16, .utf16LF:
                let units = Array(base.utf16)
                guard end <= units.count else { return nil }
                return String(decoding: units[start..<end], as: UTF16.self)
            }
        }

        /// The scalar offset in the LF text of position `start` in this unit (to place a selection near it).
        func lfScalarOffset(_ start: Int, in raw: String) -> Int {
            guard let before = text(0, start, in: raw) else { return 0 }
            return before.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.count
        }

        static func same(_ a: String, _ b: String) -> Bool {
            func clean(_ s: String) -> String { TextMatching.nfc(s.replacingOccurrences(of: "\r\n", with: "\n")).trimmingCharacters(in: .whitespacesAndNewlines) }
            return clean(a) == clean(b)
        }

        /// The unit most named selections read true under (code points, the standard's, when none can tell).
        static func best(for selections: [(Int, Int, String)], in raw: String) -> Unit {
            var bestUnit = Unit.scalars
            var bestCount = -1
            for unit in [Unit.scalars, .scalarsLF, .utf16, .utf16LF] {
                let count = selections.filter { selection in unit.text(selection.0, selection.1, in: raw).map { same($0, selection.2) } ?? false }.count
                if count > bestCount { bestCount = count; bestUnit = unit }
            }
            return bestUnit
        }
    }
}

/// The text of a Word document (`.docx`): each paragraph of `word/document.xml` a line, `w:tab` a tab, `w:br` a
/// line break (ECMA-376 Part 1, §17.3). For sources whose words another tool kept only there.
enum DocxText {
    static func paragraphs(_ data: Data) -> String? {
        let archive: Archive
        do { archive = try Archive(data: data, accessMode: .read, pathEncoding: nil) } catch { return nil }
        guard let entry = archive["word/document.xml"] else { return nil }
        var xml = Data()
        guard (try? archive.extract(entry) { xml.append($0) }) != nil else { return nil }
        let reader = Reader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return reader.paragraphs.joined(separator: "\n")
    }

    final class Reader: NSObject, XMLParserDelegate {
        var paragraphs: [String] = []
        var current = ""
        var inText = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "w:t": inText = true
            case "w:tab": current += "\t"
            case "w:br", "w:cr": current += "\n"
            default: break
            }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "w:t" { inText = false }
            if name == "w:p" {
                paragraphs.append(current)
                current = ""
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { current += string }
        }
    }
}
