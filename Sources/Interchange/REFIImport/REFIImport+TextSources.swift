import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
import QualCoding
import StudyStore

/// Text sources: their words (plain text file, inline, or the `.docx`), whose participant they are, and each text
/// selection placed on the stored text in the unit the source counts in.
extension REFIImport {
    mutating func readTextSources(_ root: XMLElement) throws {
        // Recordings by name: QualCoder keeps a recording's transcript as a text source named after it ("P1.m4a.txt"
        // when it imported it, "P1.m4a.transcribed" when it made it; refi.py l.1199, l.2897).
        for container in Self.kids(root, "Sources") {
            for element in Self.mediaSources(container) {
                if let id = Self.guid(Self.attr(element, "guid")) { state.recordingNames[Self.recordingName(element)] = id }
            }
        }
        for container in Self.kids(root, "Sources") {
            for element in Self.kids(container, "TextSource") { try readTextSource(element, in: container) }
        }
    }

    static func mediaSources(_ container: XMLElement) -> [XMLElement] {
        (container.children ?? []).compactMap { $0 as? XMLElement }.filter { ["AudioSource", "VideoSource"].contains($0.localName ?? "") }
    }

    /// The words of a text source as written, or why there are none.
    mutating func sourceWords(_ element: XMLElement, name sourceName: String) throws -> String? {
        var raw = ""
        var missing: Sentence?
        if let content = Self.kids(element, "PlainTextContent").first?.stringValue {
            raw = content
        } else if let path = Self.attr(element, "plainTextPath"), path.lowercased().hasPrefix("internal://") || !path.contains("://") {
            // internal://NAME, or a plain path some tools write (NAME, sources/NAME): a file of sources/.
            var name = path.lowercased().hasPrefix("internal://") ? String(path.dropFirst("internal://".count)) : path
            if name.lowercased().hasPrefix("sources/") { name = String(name.dropFirst("sources/".count)) }
            if let data = try state.source(name) { raw = TextFile.decode(data) } else { missing = "source \(sourceName): \(path) is not in the project; skipped with its codings" }
        } else if let path = Self.attr(element, "plainTextPath") {
            missing = "source \(sourceName): only an external file (\(path)) — skipped with its codings"
        } else {
            missing = "source \(sourceName): only an external file (no path) — skipped with its codings"
        }
        // NVivo can leave the plain text empty (1 byte) or out, and keep the words in the .docx only: its paragraphs.
        if raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, let rich = Self.attr(element, "richTextPath"),
           rich.lowercased().hasPrefix("internal://"), rich.lowercased().hasSuffix(".docx") {
            guard let data = try state.source(String(rich.dropFirst("internal://".count))) else {
                report.append("source \(sourceName): its text is neither in the plain text file nor readable in \(rich); skipped with its codings")
                return nil
            }
            // The words are in the project but cannot be read: importing without them would drop their codings.
            let text: String
            switch DocxText.paragraphs(data) {
            case let .success(paragraphs): text = paragraphs
            case let .failure(why):
                throw Problem.container("source \(sourceName): its text is only in \(rich), which cannot be read: \(why.sentence); nothing was imported")
            }
            guard !text.isEmpty else {
                report.append("source \(sourceName): its text is neither in the plain text file nor readable in \(rich); skipped with its codings")
                return nil
            }
            report.append(missing == nil ? "source \(sourceName): text read from the .docx (word/document.xml paragraphs), the plain text file being empty"
                          : "source \(sourceName): text read from the .docx (word/document.xml paragraphs), the project having no plain text file")
            return text
        }
        if let missing {
            report.append(missing)
            return nil
        }
        return raw
    }

    /// Whose a text source is: the case that holds it, its name, or its file's name (`--participant-from`); a
    /// recording's transcript (QualCoder's "P1.m4a.txt") is the recording's participant's.
    func whose(_ element: XMLElement, id: String, sourceName: String, in container: XMLElement) -> (code: String, named: String, companionOf: String?) {
        let fileName = Self.attr(element, "plainTextPath").map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        let ownName = Self.attr(element, "name").map { ($0 as NSString).deletingPathExtension }
        let named: String
        switch participantFrom {
        case .case: named = state.owner[id] ?? ownName ?? fileName ?? id
        case .name: named = ownName ?? fileName ?? id
        case .file: named = fileName ?? id
        }
        var participant = Self.participantCode(named)
        var companionOf: String?
        for suffix in [".txt", ".transcribed"] where sourceName.hasSuffix(suffix) {
            if let recording = state.recordingNames[String(sourceName.dropLast(suffix.count))] { companionOf = recording }
        }
        if let recording = companionOf, state.owner[id] == nil,
           let media = Self.mediaSources(container).first(where: { Self.guid(Self.attr($0, "guid")) == recording }) {
            participant = recordingParticipant(media, id: recording)
        }
        return (participant, named, companionOf)
    }

    func recordingParticipant(_ element: XMLElement, id: String) -> String {
        state.owner[id] ?? Self.participantCode((Self.recordingName(element) as NSString).deletingPathExtension)
    }

    mutating func readTextSource(_ element: XMLElement, in container: XMLElement) throws {
        let id = Self.guid(Self.attr(element, "guid")) ?? ""
        let sourceName = Self.attr(element, "name").flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.attr(element, "plainTextPath").map { ($0 as NSString).lastPathComponent } ?? id
        let selections = Self.kids(element, "PlainTextSelection")
        guard let raw = try sourceWords(element, name: sourceName) else {
            state.notCarried[.textlessSources, default: 0] += selections.reduce(0) { $0 + Self.kids($1, "Coding").count }
            return
        }
        // studyctl's own lines in the source's Description (a session log's mark, its turns, whose transcript it is).
        let described = REFISpeakers.read(Self.kids(element, "Description").first?.stringValue)
        var (participant, named, companionOf) = whose(element, id: id, sourceName: sourceName, in: container)
        // Whose transcript it is, as studyctl wrote it, when no case holds the source (QualCoder exports no case's
        // SourceRef): its participant and label come back, not a participant made of its name.
        let written = participantFrom == .case && state.owner[id] == nil && companionOf == nil ? described.transcript : nil
        if let written {
            participant = Self.participantCode(written.participant)
            named = participant
        }
        if participant != named && companionOf == nil {
            report.append("source \(sourceName): participant \(participant) (from “\(named)”: spaces made _, other characters a code cannot hold left out)")
        }
        // Two sources named alike are two people unless a case says they are one: refused, never merged.
        if !(participantFrom == .case && (state.owner[id] != nil || written != nil)) {
            if let other = state.sourceOwner[participant] {
                throw Problem.container("sources “\(state.sourceNames[other] ?? other)” and “\(sourceName)” both make participant \(participant); name their cases in the project, or choose another --participant-from")
            }
            state.sourceOwner[participant] = id
        }
        state.sourceNames[id] = sourceName
        if !bundle.participants.contains(where: { $0.code == participant }) { bundle.participants.append(.init(code: participant, attributes: [])) }
        let seen = state.labels[participant, default: 0]
        state.labels[participant] = seen + 1
        // "P1 sessão 1" of participant P1 (as studyctl names a participant's second transcript, a session's log) keeps
        // its label; otherwise the participant's first source is their unlabelled transcript.
        let rest = sourceName.hasPrefix(participant + " ") ? String(sourceName.dropFirst(participant.count + 1)) : ""
        var label = written?.label ?? (!rest.isEmpty ? rest : sourceName == participant ? "" : seen == 0 ? "" : sourceName)
        if state.usedLabels[participant, default: []].contains(label) { label = sourceName }
        state.usedLabels[participant, default: []].insert(label)
        let text = SourceText(raw)
        // A moderated session's log stays one, and a transcript keeps its turns and speakers (the rest of the
        // Description is the source's comment).
        let sessionLog = described.sessionLog
        let description = described.comment
        let timing = described.turns.flatMap { placedTiming($0, words: described.words ?? [], in: text, sourceName: sourceName) }
        bundle.transcripts.append(.init(participant: participant, label: label, text: text.stored, kind: sessionLog ? .sessionLog : .interview,
                                        timing: timing, header: described.header))
        if let recording = companionOf { state.companions[recording] = (participant, label) }
        if !id.isEmpty { bundle.foreignGUIDs.append(("transcript", participant + "\u{1F}" + label, id)) }
        // The source's own variables (MAXQDA's nameless case) and Description (ATLAS.ti's comment).
        if let variables = state.sourceVariables[id], let index = bundle.participants.firstIndex(where: { $0.code == participant }) {
            for (name, value) in variables where !bundle.participants[index].attributes.contains(where: { $0.0 == name }) {
                bundle.participants[index].attributes.append((name, value))
            }
        }
        if let comment = description, !comment.isEmpty, !sessionLog {
            bundle.memos.append(.init(target: .participant(participant), text: comment, coder: nil, created: nil))
        }
        placeSelections(selections, of: element, text: text, participant: participant, label: label, sourceName: sourceName)
    }

    /// The turns (and timed words) studyctl wrote for a source, placed on its text; what does not fit is said.
    mutating func placedTiming(_ turns: [REFISpeakers.Turn], words: [REFISpeakers.Word], in text: SourceText, sourceName: String) -> TranscriptTiming? {
        guard let timing = REFISpeakers.timing(turns, words: words, place: { text.span($0, $1) }) else {
            report.append("source \(sourceName): its turns do not fit its text; read without turns")
            return nil
        }
        if !words.isEmpty && timing.words.isEmpty {
            report.append("source \(sourceName): its words' own times do not fit its text; read without them (excerpt times from the turns)")
        }
        return timing
    }

    /// Places every selection of a source in the unit it counts in, and takes its codings.
    mutating func placeSelections(_ selections: [XMLElement], of element: XMLElement, text: SourceText, participant: String, label: String, sourceName: String) {
        let bounds = selections.map { s in (start: Int(Self.attr(s, "startPosition") ?? "") ?? -1, end: Int(Self.attr(s, "endPosition") ?? "") ?? -1,
                                           name: Self.attr(s, "name")) }
        let (unit, reason) = text.unit(for: bounds.filter { $0.start >= 0 && $0.end >= 0 }, preferred: SourceText.producerUnit(origin: state.origin))
        let why: Sentence
        switch reason {
        case .alike: why = "every unit reads this text alike"
        case let .names(read, named): why = "\(read) of \(named) selection names read true"
        case let .producer(tool): why = "as \(tool) counts"
        case let .breaks(onBreaks, all): why = "\(onBreaks) of \(all) selection bounds on word or line breaks"
        }
        report.append("source \(sourceName) → \(participant): positions in \(unit.description) (\(why))")
        let table = text.positions(unit)
        // Annotations of this source (QualCoder: a NoteRef to a note that holds a selection), on their passage.
        for ref in Self.kids(element, "NoteRef") {
            guard let noteID = Self.guid(Self.attr(ref, "targetGUID")), let span = state.annotated[noteID], let note = state.notes[noteID],
                  !note.text.isEmpty, let placed = text.place(span.start, span.end, positions: table), !placed.span.isEmpty else { continue }
            state.usedNotes.insert(noteID)
            bundle.annotations.append(.init(participant: participant, label: label, span: placed.span, text: note.text, coder: note.user, created: note.created))
            state.annotations += 1
        }
        var labelled = 0, split = 0
        var firstLabel: String?
        for (selection, bound) in zip(selections, bounds) {
            codingsInProject += Self.kids(selection, "Coding").count
            guard let placed = text.place(bound.start, bound.end, positions: table) else {
                report.append("\(participant): a selection at \(Self.attr(selection, "startPosition") ?? "?")–\(Self.attr(selection, "endPosition") ?? "?") lies outside the text; skipped")
                state.notCarried[.outsideText, default: 0] += Self.kids(selection, "Coding").count
                continue
            }
            if !placed.exact { split += 1 }
            let excerpt = text.words(placed.span)
            // A selection's name is a label (REFI: optional free text; qualitative-coding writes "line:6"): the
            // positions, in the unit found above, are what is coded. Names that differ are counted, not refused.
            if let name = bound.name, !name.isEmpty, !SourceText.same(name, excerpt) {
                labelled += 1
                if firstLabel == nil { firstLabel = name }
            }
            guard !excerpt.isEmpty else {
                report.append("\(participant): the selection \(bound.start)–\(bound.end) holds no words; skipped")
                state.notCarried[.wordless, default: 0] += Self.kids(selection, "Coding").count
                continue
            }
            selectionNotes(selection, participant: participant, label: label, span: placed.span)
            codings(of: selection, participant: participant, label: label, excerpt: excerpt, span: placed.span)
        }
        if labelled > 0 {
            let first = String((firstLabel ?? "").prefix(40))  // set with the first of the `labelled` names
            report.append(labelled == 1
                ? "source \(sourceName): 1 selection name (“\(first)”) is a label, not the selected text; the positions were used"
                : "source \(sourceName): \(labelled) selection names (e.g. “\(first)”) are labels, not the selected text; the positions were used")
        }
        if split > 0 { report.append("source \(sourceName): \(split) selection bounds fall inside a character and were moved to its edge") }
    }

    /// The annotations a selection carries (its notes by NoteRef, else — a selection without coding — its Description),
    /// stored on its passage.
    mutating func selectionNotes(_ selection: XMLElement, participant: String, label: String, span: Range<Int>) {
        let notes = state.notes.mapValues { (name: $0.name, text: $0.text, user: $0.user, created: $0.created) }
        for found in REFIAnnotations.onSelection(selection, notes: notes, users: state.users, localOffset: state.localOffset ?? 0) {
            if let id = found.noteID { state.usedNotes.insert(id) }
            bundle.annotations.append(.init(participant: participant, label: label, span: span, text: found.text, coder: found.user, created: found.created))
            state.annotations += 1
        }
    }

    /// The codes of one selection (text or transcript) placed on `span` of participant's transcript `label`.
    mutating func codings(of selection: XMLElement, participant: String, label: String, excerpt: String, span: Range<Int>) {
        // Codings of one wording by one coder on one selection are one code in several categories.
        var entries: [CodeEntry] = []
        var guids: [(selection: String?, codings: [String: String])] = []
        let selectionGUID = Self.guid(Self.attr(selection, "guid"))
        let selectionDate = date(Self.attr(selection, "creationDateTime"))
        for coding in Self.kids(selection, "Coding") {
            guard let target = Self.guid(Self.kids(coding, "CodeRef").first.flatMap { Self.attr($0, "targetGUID") }), let code = state.codes[target] else {
                report.append("\(participant): a coding refers to a code the codebook lacks; skipped")
                state.notCarried[.unknownCode, default: 0] += 1
                continue
            }
            let notesHere = memos(coding)
            // The coder of the coding, else of its selection (QualCoder's transcript selections name neither on the coding).
            let coder = (Self.guid(Self.attr(coding, "creatingUser")) ?? Self.guid(Self.attr(selection, "creatingUser"))).flatMap { state.users[$0] }
            let key = [participant, label, "\(span.lowerBound)-\(span.upperBound)", code.label, code.category, coder ?? ""].joined(separator: "\u{1F}")
            guard state.codingsSeen.insert(key).inserted else {
                state.duplicates += 1
                continue
            }
            // A coding memo comes as NoteRefs on the coding, or (QualCoder, MAXQDA) as the selection's Description.
            let memoText = notesHere.isEmpty ? (Self.kids(selection, "Description").first?.stringValue ?? "")
                                             : notesHere.map { $0.note.text }.joined(separator: "\n\n")
            let codingGUID = Self.guid(Self.attr(coding, "guid"))
            // The same wording by the same coder on the same words in another selection (the code under another
            // parent): one code in one more category, as the study keeps it.
            let wording = [participant, label, "\(span.lowerBound)-\(span.upperBound)", code.label, coder ?? ""].joined(separator: "\u{1F}")
            if let earlier = state.wordings[wording], earlier < bundle.codes.count {
                if !bundle.codes[earlier].categories.contains(code.category) { bundle.codes[earlier].categories.append(code.category) }
                if let codingGUID { bundle.codeGUIDs[earlier].codings[code.category] = codingGUID }
                continue
            }
            if let index = entries.firstIndex(where: { $0.code == code.label && $0.coder == coder }) {
                if !entries[index].categories.contains(code.category) { entries[index].categories.append(code.category) }
                if entries[index].memo?.isEmpty ?? true { entries[index].memo = memoText }
                if let codingGUID { guids[index].codings[code.category] = codingGUID }
                continue
            }
            state.wordings[wording] = bundle.codes.count + entries.count
            guids.append((selectionGUID, codingGUID.map { [code.category: $0] } ?? [:]))
            let inVivo = TextMatching.locate(code.label, in: excerpt) != nil
            // A selection a case refers to (a focus group's speaker) is that case's participant's words.
            let speaker = selectionGUID.flatMap { state.selectionCase[$0] } ?? participant
            entries.append(CodeEntry(participant: speaker, excerpt: excerpt, code: code.label, categories: [code.category],
                                     coder: coder, memo: memoText, descriptive: !inVivo, span: span,
                                     transcript: label.isEmpty ? nil : label,
                                     created: date(Self.attr(coding, "creationDateTime")) ?? selectionDate,
                                     transcriptParticipant: participant))
        }
        bundle.codes += entries
        bundle.codeGUIDs += guids
    }
}
