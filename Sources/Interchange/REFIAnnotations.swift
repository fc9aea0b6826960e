import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import QualCoding
import StudyStore

/// Annotations in REFI-QDA. Each goes out as a `Note` (its text as `PlainTextContent`, its author and dates) attached
/// by a `NoteRef` to a `PlainTextSelection` of its own in the transcript's `TextSource` — the standard's way of
/// attaching a note to a passage (REFI 1.5 §3.9; Project.xsd `PlainTextSelectionType`: Description?, Coding*,
/// NoteRef*). The selection has no `Coding`, and carries the text again as its `Description`: QualCoder and MAXQDA
/// read a selection without a coding as an annotation whose text is its Description (QualCoder refi.py
/// `load_codings_for_text`), and QualCoder ignores a note nothing in the source refers to directly.
///
/// Read back: a selection's `NoteRef`s to notes are annotations of its passage (their Description is then the same
/// text, not read twice); a selection without coding and without a note, but with a Description, is one annotation;
/// and QualCoder's own form — a `NoteRef` in the `TextSource` to a note holding its own `PlainTextSelection` — is an
/// annotation of that passage.
extension REFIExport {
    /// The selections of a transcript's annotations, in text order.
    func annotationSelections(participant: String, label: String, users: [String: String]) -> [XMLElement] {
        snapshot.annotations.filter { $0.participant == participant && $0.label == label }.map { annotation in
            let selection = XMLElement(name: "PlainTextSelection")
            attribute(selection, "guid", guid("annotation-selection", String(annotation.id)))
            attribute(selection, "name", annotation.excerpt)
            attribute(selection, "startPosition", String(annotation.start))
            attribute(selection, "endPosition", String(annotation.end))
            if let coder = annotation.coder, let user = users[coder] { attribute(selection, "creatingUser", user) }
            if let created = date(annotation.created) { attribute(selection, "creationDateTime", created) }
            selection.addChild(XMLElement(name: "Description", stringValue: annotation.text))
            let ref = XMLElement(name: "NoteRef")
            attribute(ref, "targetGUID", guid("annotation", String(annotation.id)))
            selection.addChild(ref)
            return selection
        }
    }

    /// The annotations' notes.
    func annotationNotes(users: [String: String]) -> [XMLElement] {
        snapshot.annotations.map { annotation in
            let note = XMLElement(name: "Note")
            attribute(note, "guid", guid("annotation", String(annotation.id)))
            attribute(note, "name", "annotation:\(annotation.participant)")
            if let coder = annotation.coder, let user = users[coder] {
                attribute(note, "creatingUser", user)
                attribute(note, "modifyingUser", user)
            }
            if let created = date(annotation.created) { attribute(note, "creationDateTime", created) }
            if let modified = date(annotation.modified ?? annotation.created) { attribute(note, "modifiedDateTime", modified) }
            note.addChild(XMLElement(name: "PlainTextContent", stringValue: annotation.text))
            return note
        }
    }
}

/// Reading annotations from an imported project.
enum REFIAnnotations {
    typealias Note = (name: String?, text: String, user: String?, created: String?)

    /// The annotations a selection carries: its notes (by `NoteRef`), else — for a selection without coding — its
    /// Description. Returns them with the ids of the notes used.
    static func onSelection(_ selection: XMLElement, notes: [String: Note], users: [String: String], localOffset: Int = 0)
        -> [(noteID: String?, text: String, user: String?, created: String?)] {
        let refs = REFIImport.kids(selection, "NoteRef").compactMap { REFIImport.guid(REFIImport.attr($0, "targetGUID")) }
        let fromNotes = refs.compactMap { id -> (noteID: String?, text: String, user: String?, created: String?)? in
            guard let note = notes[id], !note.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return (noteID: id, text: note.text, user: note.user, created: note.created)
        }
        if !fromNotes.isEmpty { return fromNotes }
        guard REFIImport.kids(selection, "Coding").isEmpty,
              let description = REFIImport.kids(selection, "Description").first?.stringValue,
              !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        let user = REFIImport.guid(REFIImport.attr(selection, "creatingUser")).flatMap { users[$0] }
        return [(noteID: nil, text: description, user: user, created: REFIImport.attr(selection, "creationDateTime").flatMap { REFIImport.utc($0, offset: localOffset) })]
    }
}
