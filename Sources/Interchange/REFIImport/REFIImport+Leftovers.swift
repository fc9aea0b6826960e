import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
import QualCoding
import StudyStore

/// Notes no code, coding or source placed, and what the project holds that the study does not (REFI-QDA 1.5 §7: the
/// user is told what is discarded).
extension REFIImport {
    mutating func placeLeftoverNotes(_ root: XMLElement) {
        // Notes the project itself refers to: the study's (or a participant's, when the note says so).
        for ref in Self.kids(root, "NoteRef") {
            guard let id = Self.guid(Self.attr(ref, "targetGUID")), let note = state.notes[id], !state.usedNotes.contains(id) else { continue }
            state.usedNotes.insert(id)
            var target = MemoTarget.study
            if let name = note.name, let parsed = MemoTarget(parsing: name), case .participant = parsed { target = parsed }
            bundle.memos.append(.init(target: target, text: note.text, coder: note.user, created: note.created))
        }
        // Notes nothing refers to: journals (QualCoder, NVivo) and memos named after what they are on (studyctl's
        // "category:NAME", "participant:P3", "study"); a journal keeps its title as the memo's first line.
        let left = state.notes.keys.filter { !state.usedNotes.contains($0) && !(state.notes[$0]?.name?.hasPrefix("code:") ?? false) && state.annotated[$0] == nil }
        var journals = 0
        for id in left.sorted() {
            guard let note = state.notes[id] else { continue }  // `left` holds keys of `state.notes`
            var target = MemoTarget.study
            var text = note.text
            if let name = note.name, let parsed = MemoTarget(parsing: name) {
                switch parsed {
                case let .category(category) where state.categoryNames.contains(category): target = parsed
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
        if state.definitions > 0 {
            report.append(state.definitions == 1 ? "1 code definition (a codable code's Description) stored as a memo on the code's category"
                : "\(state.definitions) code definitions (a codable code's Description) stored as memos on the code's category")
        }
        if state.annotations > 0 {
            report.append(state.annotations == 1 ? "1 annotation stored on its passage of the transcript"
                : "\(state.annotations) annotations stored on their passages of the transcripts")
        }
    }

    mutating func reportNotCarried(_ root: XMLElement) {
        if state.zonelessDates > 0 {
            let count = state.zonelessDates
            if let offset = state.localOffset, offset != 0 {
                let zone = Sentence(verbatim: Self.offsetName(offset))
                report.append(count == 1 ? "1 date without a time zone taken as local time \(zone), the zone the project's other dates state"
                    : "\(count) dates without a time zone taken as local time \(zone), the zone the project's other dates state")
            } else if state.localOffset == 0 {
                report.append(count == 1 ? "1 date without a time zone taken as UTC, the zone the project's other dates state"
                    : "\(count) dates without a time zone taken as UTC, the zone the project's other dates state")
            } else {
                report.append(count == 1 ? "1 date without a time zone taken as UTC: the project states no local time"
                    : "\(count) dates without a time zone taken as UTC: the project states no local time")
            }
        }
        if state.duplicates > 0 {
            report.append(state.duplicates == 1 ? "1 duplicate coding (the same code by the same coder on the same words) counted once"
                : "\(state.duplicates) duplicate codings (the same code by the same coder on the same words) counted once")
        }
        // What REFI-QDA holds and studyctl does not (REFI §7): named, with how many.
        for container in Self.kids(root, "Sources") {
            for element in (container.children ?? []).compactMap({ $0 as? XMLElement })
            where !["TextSource", "AudioSource", "VideoSource"].contains(element.localName ?? "") {
                state.notCarried[.nonTextSource(element.localName ?? "?"), default: 0] += 1
                let codings = (try? element.nodes(forXPath: ".//*[local-name()='Coding']").count) ?? 0
                if codings > 0 { state.notCarried[.nonTextCodings, default: 0] += codings }
            }
        }
        for name in ["Graphs", "Links", "Sets"] {
            let count = Self.kids(root, name).reduce(0) { $0 + ($1.children?.compactMap { $0 as? XMLElement }.count ?? 0) }
            if count > 0 { state.notCarried[.element(name), default: 0] += count }
        }
        for (kind, count) in state.notCarried.sorted(by: { "\($0.key)" < "\($1.key)" }) { report.append(Self.notCarried(kind, count)) }
    }

    /// What a project holds that the study does not take.
    enum Loss: Hashable {
        case timeSpans, laterTranscripts, laterTranscriptCodings, textlessTranscripts, textlessTranscriptCodings, unsyncedSelections
        case textlessSources, outsideText, wordless, unknownCode, nonTextCodings
        /// A source of another kind (PDF, picture), by its element's name.
        case nonTextSource(String)
        /// Graphs, Links, Sets.
        case element(String)
    }

    /// "not carried: 3 …", worded for each kind of loss; an XML element's name is said as it is.
    static func notCarried(_ kind: Loss, _ count: Int) -> Sentence {
        switch kind {
        case .timeSpans:
            return "not carried: \(count) coded time spans of recordings without text (AudioSelection, VideoSelection); code the transcript instead"
        case .laterTranscripts:
            return "not carried: \(count) further transcripts of a recording (its first one is read)"
        case .laterTranscriptCodings:
            return "not carried: \(count) codings of further transcripts of a recording"
        case .textlessTranscripts:
            return "not carried: \(count) transcripts of recordings whose text is not in the project"
        case .textlessTranscriptCodings:
            return "not carried: \(count) codings of transcripts whose text is not in the project"
        case .unsyncedSelections:
            return "not carried: \(count) codings of transcript selections without their sync points"
        case .textlessSources:
            return "not carried: \(count) codings of sources without text"
        case .outsideText:
            return "not carried: \(count) codings of selections outside their text"
        case .wordless:
            return "not carried: \(count) codings of selections without words"
        case .unknownCode:
            return "not carried: \(count) codings of codes the codebook lacks"
        case .nonTextCodings:
            return "not carried: \(count) codings of sources that are not text (PDF, pictures)"
        case let .nonTextSource(element):
            return "not carried: \(count) \(Sentence(verbatim: element)) (not a text source)"
        case let .element(name):
            return "not carried: \(count) \(Sentence(verbatim: name))"
        }
    }
}
