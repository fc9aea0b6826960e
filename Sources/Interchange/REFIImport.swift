import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
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

        // Sources: the text, its position unit, and each selection placed on the stored text.
        var labels: [String: Int] = [:]
        var usedLabels: [String: Set<String>] = [:]
        var sourceOwner: [String: String] = [:]
        var sourceNames: [String: String] = [:]
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
                let participant = Self.participantCode(named)
                defer {
                    // The source's own variables (MAXQDA's nameless case) and Description (ATLAS.ti's comment).
                    if let variables = sourceVariables[id], let index = bundle.participants.firstIndex(where: { $0.code == participant }) {
                        for (name, value) in variables where !bundle.participants[index].attributes.contains(where: { $0.0 == name }) {
                            bundle.participants[index].attributes.append((name, value))
                        }
                    }
                    if let comment = Self.kids(element, "Description").first?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !comment.isEmpty {
                        bundle.memos.append(.init(target: .participant(participant), text: comment, coder: nil, created: nil))
                    }
                }
                if participant != named { report.append("source \(sourceName): participant \(participant) (from “\(named)”: spaces made _, other characters a code cannot hold left out)") }
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
                bundle.transcripts.append(.init(participant: participant, label: label, text: stored))
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
                // Annotations of this source (a NoteRef to a note that holds a selection): a memo on the participant
                // quoting the passage.
                for ref in Self.kids(element, "NoteRef") {
                    guard let noteID = Self.guid(Self.attr(ref, "targetGUID")), let span = annotated[noteID], let note = notes[noteID],
                          !note.text.isEmpty else { continue }
                    usedNotes.insert(noteID)
                    let passage = unit.text(span.start, span.end, in: raw).map { "“\($0.prefix(200))”" } ?? "\(span.start)–\(span.end)"
                    bundle.memos.append(.init(target: .participant(participant), text: "Annotation on \(passage): " + note.text, coder: note.user, created: note.created))
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
                        let coder = Self.guid(Self.attr(coding, "creatingUser")).flatMap { users[$0] }
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
            }
        }
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
            report.append(annotations == 1 ? "1 annotation stored as a memo on the participant, quoting the annotated passage"
                : "\(annotations) annotations stored as memos on the participant, quoting the annotated passage")
        }
        // What REFI-QDA holds and studyctl does not (REFI §7): named, with how many.
        var notCarried: [String: Int] = [:]
        for container in Self.kids(root, "Sources") {
            for element in (container.children ?? []).compactMap({ $0 as? XMLElement }) where element.localName != "TextSource" {
                notCarried[(element.localName ?? "?") + " (not a text source)", default: 0] += 1
            }
        }
        for name in ["Graphs", "Links", "Sets"] {
            let count = Self.kids(root, name).reduce(0) { $0 + ($1.children?.count ?? 0) }
            if count > 0 { notCarried[name, default: 0] += count }
        }
        for (kind, count) in notCarried.sorted(by: { $0.key < $1.key }) { report.append("not carried: \(count) \(kind)") }
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
