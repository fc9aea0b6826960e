import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
import QualCoding
import StudyStore

/// Users, notes, the codebook, variables and cases: what the sources refer to by GUID.
extension REFIImport {
    /// Every user: a coder of the study (those who coded nothing too), with the GUID kept.
    mutating func readUsers(_ root: XMLElement) {
        for users in Self.kids(root, "Users") {
            for user in Self.kids(users, "User") {
                guard let id = Self.guid(Self.attr(user, "guid")) else { continue }
                let name = (Self.attr(user, "name")?.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isEmpty ? nil : $0 }
                    ?? Self.attr(user, "id") ?? id
                state.users[id] = name
                if !bundle.coders.contains(name) { bundle.coders.append(name) }
                bundle.foreignGUIDs.append(("coder", name, id))
            }
        }
    }

    /// Notes first: codes, codings and the project refer to them.
    mutating func readNotes(_ root: XMLElement) throws {
        for container in Self.kids(root, "Notes") {
            for note in Self.kids(container, "Note") {
                guard let id = Self.guid(Self.attr(note, "guid")) else { continue }
                // The text inline, else in its source file (QualCoder writes journals as files, with a BOM).
                var text = Self.kids(note, "PlainTextContent").first?.stringValue ?? ""
                if text.isEmpty, let path = Self.attr(note, "plainTextPath"), path.lowercased().hasPrefix("internal://"),
                   let data = try state.source(String(path.dropFirst("internal://".count))) {
                    text = TextFile.decode(data)
                }
                if let selection = Self.kids(note, "PlainTextSelection").first, let start = Int(Self.attr(selection, "startPosition") ?? ""),
                   let end = Int(Self.attr(selection, "endPosition") ?? "") {
                    state.annotated[id] = (start, end)
                }
                state.notes[id] = Note(name: Self.attr(note, "name"), text: text, user: Self.guid(Self.attr(note, "creatingUser")).flatMap { state.users[$0] },
                                       created: date(Self.attr(note, "creationDateTime")))
            }
        }
    }

    /// The notes an element refers to (NoteRef), marked used.
    mutating func memos(_ element: XMLElement) -> [(id: String, note: Note)] {
        Self.kids(element, "NoteRef").compactMap { ref in
            guard let id = Self.guid(Self.attr(ref, "targetGUID")), let note = state.notes[id] else { return nil }
            state.usedNotes.insert(id)
            return (id, note)
        }
    }

    /// Claims a category name for a code at `path`: its own name, or, when a code elsewhere in the tree has it, its name
    /// with its parent's ("Outros (Tema A)") — codes are told apart by their place in the tree, not by name.
    mutating func claimCategory(_ name: String, parent: String?) -> String {
        guard state.categoryNames.contains(name) else { return name }
        var candidate = parent.map { "\(name) (\($0))" } ?? "\(name) (#2)"
        var number = 2
        while state.categoryNames.contains(candidate) {
            number += 1
            candidate = parent.map { "\(name) (\($0), #\(number))" } ?? "\(name) (#\(number))"
        }
        state.renamed.append((candidate, (parent.map { $0 + " › " } ?? "") + name))
        return candidate
    }

    mutating func addCategory(_ name: String, description: String?, theme: String?, element: XMLElement?) {
        state.categoryNames.append(name)
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
            for (_, note) in memos(element) {
                bundle.memos.append(.init(target: .category(name), text: note.text, coder: note.user, created: note.created))
            }
        }
    }

    /// The codebook: a code that is not codable, or a codable one with codable codes under it, or one no coding uses,
    /// is a category (its parent category its theme); a codable leaf that codings use is a wording in its nearest
    /// category (a top-level one is a category of its own, holding its own wording).
    mutating func readCodebook(_ root: XMLElement) {
        let books = root.localName == "CodeBook" ? [root] : Self.kids(root, "CodeBook")
        var tops: [XMLElement] = []
        for book in books { for container in Self.kids(book, "Codes") { tops += Self.kids(container, "Code") } }
        // Every codable code's name, to read back the " (2)" that makes a wording unique across the codebook.
        var codableNames = Set<String>()
        func collect(_ element: XMLElement) {
            if Self.attr(element, "isCodable")?.lowercased() != "false", let name = Self.attr(element, "name") {
                codableNames.insert(name.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            Self.kids(element, "Code").forEach(collect)
        }
        tops.forEach(collect)
        // The codes codings refer to: a codable code no coding uses is kept as a category (studyctl holds a wording
        // only on an excerpt), so a codebook without codings (NVivo's, Taguette's) loses none of its codes.
        var coded = Set<String>()
        for node in (try? root.nodes(forXPath: "//*[local-name()='CodeRef']")) ?? [] {
            if let element = node as? XMLElement, let id = Self.guid(Self.attr(element, "targetGUID")) { coded.insert(id) }
        }
        var counts = (keptAsCategories: 0, suffixesStripped: 0)
        for code in tops { walk(code, category: nil, codableNames: codableNames, coded: coded, counts: &counts) }
        if counts.keptAsCategories > 0 {
            report.append(counts.keptAsCategories == 1
                ? "1 codable code without codings kept as a category under its parent (studyctl keeps a wording only on an excerpt)"
                : "\(counts.keptAsCategories) codable codes without codings kept as categories under their parent (studyctl keeps a wording only on an excerpt)")
        }
        if counts.suffixesStripped > 0 {
            report.append(counts.suffixesStripped == 1
                ? "1 code name ending in \" (N)\" read as the same wording without it (made unique for tools that keep code names unique)"
                : "\(counts.suffixesStripped) code names ending in \" (N)\" read as the same wording without it (made unique for tools that keep code names unique)")
        }
        for (name, path) in state.renamed {
            report.append("code \(path): kept apart from another code of the same name as category “\(name)”")
        }
    }

    private mutating func walk(_ element: XMLElement, category: String?, codableNames: Set<String>, coded: Set<String>,
                               counts: inout (keptAsCategories: Int, suffixesStripped: Int)) {
        var name = (Self.attr(element, "name") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let codable = Self.attr(element, "isCodable")?.lowercased() != "false"
        if codable, let base = Self.uniquingBase(name), codableNames.contains(base) {
            name = base
            counts.suffixesStripped += 1
        }
        let description = Self.kids(element, "Description").first?.stringValue
        let children = Self.kids(element, "Code")
        let id = Self.guid(Self.attr(element, "guid"))
        let codableChildren = children.contains { Self.attr($0, "isCodable")?.lowercased() != "false" }
        var nextCategory = category
        if !codable || codableChildren || !(id.map(coded.contains) ?? false) {
            if codable && !codableChildren && category != nil { counts.keptAsCategories += 1 }
            let kept = claimCategory(name, parent: category)
            addCategory(kept, description: description, theme: category, element: element)
            // One GUID, one element of a re-export: the codable code codings use when it has them, else the category.
            if let id {
                if codable && coded.contains(id) { bundle.foreignGUIDs.append(("code", kept + "\u{1F}" + kept, id)) } else { bundle.foreignGUIDs.append(("category", kept, id)) }
            }
            if codable, let id { state.codes[id] = CodeInfo(label: kept, category: kept) }
            nextCategory = kept
        } else {
            var home = category ?? name
            if category == nil {
                home = claimCategory(name, parent: nil)
                addCategory(home, description: description, theme: nil, element: element)
            }
            // A codable code's own definition (QualCoder's code memo): on its category, naming the code — unless the
            // code is its own category, whose definition it became above.
            if category != nil, let description, !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                bundle.memos.append(.init(target: .category(home), text: "Code “\(name)”: " + description, coder: nil, created: nil))
                state.definitions += 1
            }
            let label = category == nil ? home : name
            if let id {
                state.codes[id] = CodeInfo(label: label, category: home)
                bundle.foreignGUIDs.append(("code", home + "\u{1F}" + label, id))
            }
        }
        for child in children { walk(child, category: nextCategory, codableNames: codableNames, coded: coded, counts: &counts) }
    }

    /// "menu some (2)" → "menu some": the wording before a " (N)" with N ≥ 2 that an export added to keep names unique.
    static func uniquingBase(_ name: String) -> String? {
        guard name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) else { return nil }
        let digits = name[open.upperBound..<name.index(before: name.endIndex)]
        guard let number = Int(digits), number >= 2, !digits.hasPrefix("0") else { return nil }
        let base = String(name[..<open.lowerBound])
        return base.isEmpty ? nil : base
    }

    /// Variables and cases: participants with their attributes, and which sources are theirs.
    mutating func readVariablesAndCases(_ root: XMLElement) {
        var variables: [String: String] = [:]
        for container in Self.kids(root, "Variables") {
            for variable in Self.kids(container, "Variable") {
                guard let id = Self.guid(Self.attr(variable, "guid")), let name = Self.attr(variable, "name") else { continue }
                variables[id] = name
                // REFI-QDA types its variables: Integer and Float hold numbers; Text (a version "4.10", a code "007"),
                // Boolean and dates are kept as written.
                if let type = Self.attr(variable, "typeOfVariable") {
                    bundle.attributeTypes[name] = ["integer", "float"].contains(type.lowercased()) ? .number : .text
                }
                bundle.foreignGUIDs.append(("attribute", name, id))
                // studyctl writes a derived attribute's rule as "Derived from SOURCE: RULE", and marks an identifying one.
                for line in (Self.kids(variable, "Description").first?.stringValue ?? "").split(separator: "\n").map(String.init) {
                    let description = line.trimmingCharacters(in: .whitespaces)
                    if description == REFIExport.identifyingMark {
                        bundle.identifying.insert(name)
                    } else if description.hasPrefix("Derived from "), let colon = description.range(of: ": ") {
                        let from = String(description[description.index(description.startIndex, offsetBy: "Derived from ".count)..<colon.lowerBound])
                        bundle.derivations.append((name, from, String(description[colon.upperBound...])))
                    }
                }
            }
        }
        for container in Self.kids(root, "Cases") {
            for item in Self.kids(container, "Case") {
                let caseName = Self.attr(item, "name")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                var attributes: [(String, String)] = []
                for value in Self.kids(item, "VariableValue") {
                    guard let id = Self.guid(Self.kids(value, "VariableRef").first.flatMap { Self.attr($0, "targetGUID") }), let name = variables[id] else { continue }
                    if let text = (value.children ?? []).compactMap({ $0 as? XMLElement }).first(where: { $0.localName != "VariableRef" })?.stringValue,
                       !text.isEmpty {
                        attributes.append((name, text))
                    }
                }
                // MAXQDA writes a document's variables as a case with no name that refers to the source: they become the
                // attributes of that source's participant.
                if caseName.isEmpty {
                    for ref in Self.kids(item, "SourceRef") {
                        if let id = Self.guid(Self.attr(ref, "targetGUID")) { state.sourceVariables[id, default: []] += attributes }
                    }
                    continue
                }
                // A case's name becomes a participant code as a source's does ("Facebook comments" → "Facebook_comments").
                let code = Self.participantCode(caseName)
                if code != caseName { report.append("case “\(caseName)”: participant \(code) (spaces made _, other characters a code cannot hold left out)") }
                if let index = bundle.participants.firstIndex(where: { $0.code == code }) {
                    let held = bundle.participants[index].attributes.map(\.name)
                    for (name, value) in attributes where !held.contains(name) { bundle.participants[index].attributes.append((name, value)) }
                } else {
                    bundle.participants.append(.init(code: code, attributes: attributes))
                }
                if let id = Self.guid(Self.attr(item, "guid")) { bundle.foreignGUIDs.append(("participant", code, id)) }
                for ref in Self.kids(item, "SourceRef") { if let id = Self.guid(Self.attr(ref, "targetGUID")) { state.owner[id] = code } }
                for ref in Self.kids(item, "SelectionRef") { if let id = Self.guid(Self.attr(ref, "targetGUID")) { state.selectionCase[id] = code } }
            }
        }
    }

    /// A participant code made from a source's or case's name: spaces (runs of them) become "_", characters a code
    /// cannot hold (control, invisible, text-direction) are left out, and the result is composed ("Entrevista João" →
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
}
