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

extension REFIExport {
    /// A recording as REFI's `AudioSource` or `VideoSource` (by what ffprobe found when it was registered: a video
    /// stream or not) holding its transcript: the same text file, a `SyncPoint` (time in ms, position in code points)
    /// at the start and at the end of each timed turn, and each text selection made a `TranscriptSelection` between
    /// two sync points of its own at its first and past its last character (REFI 1.5 §9.3; Project.xsd
    /// `TranscriptType`). An excerpt's sync points take the time of their place in the turn holding them, by linear
    /// interpolation between the turn's start and end (REFI gives a selection no time of its own; QualCoder
    /// approximates the same way from its text time stamps, refi.py `get_transcript_syncpoints`).
    func recordingSource(_ record: MediaRecord, transcript: XMLElement, key document: DocumentID, name: String, text: String) throws -> XMLElement {
        let key = document.key
        let id = guid("recording", record.participant + "\u{1F}" + record.label)
        let source = XMLElement(name: record.kind == .video ? "VideoSource" : "AudioSource")
        let ext = (record.path as NSString).pathExtension.lowercased()
        attribute(source, "guid", id)
        // QualCoder stores the recording under this name in its audio or video folder: it keeps the extension.
        attribute(source, "name", ext.isEmpty ? name : name + "." + ext)
        switch media {
        case .copy:
            let entry = ext.isEmpty ? id : "\(id).\(ext)"
            attribute(source, "path", "internal://" + entry)
            mediaFiles.append((entry, record))
        case .link:
            attribute(source, "path", "absolute://" + record.path)
        }
        attribute(source, "currentPath", record.path)
        if let created = date(record.added) { attribute(source, "creationDateTime", created) }
        let element = XMLElement(name: "Transcript")
        for name in ["guid", "name", "plainTextPath", "creationDateTime"] {
            if let value = transcript.attributes?.first(where: { $0.name == name })?.stringValue { attribute(element, name, value) }
        }
        // QualCoder needs the transcript's date (it reads it unguarded); the study's creation stands in for it.
        if element.attributes?.first(where: { $0.name == "creationDateTime" }) == nil, let created = date(snapshot.info.created) ?? date(record.added) {
            attribute(element, "creationDateTime", created)
        }
        // The source's Description (a session log's mark, the turns and speakers) goes with the transcript.
        if let description = (transcript.children ?? []).compactMap({ $0 as? XMLElement }).first(where: { $0.name == "Description" }) {
            element.addChild(XMLElement(name: "Description", stringValue: description.stringValue ?? ""))
        }
        var points: [(position: Int, time: Int, guid: String)] = []
        // The timed turns: both times present.
        let turns = (snapshot.turns[document] ?? []).compactMap { turn in
            turn.start.flatMap { start in turn.end.map { end in (turn.spanStart, turn.spanEnd, start, end) } }
        }
        for (index, (spanStart, spanEnd, start, end)) in turns.enumerated() {
            points.append((spanStart, start, guid("sync", key + "\u{1F}turn\u{1F}\(index)\u{1F}start")))
            points.append((spanEnd, max(end, start), guid("sync", key + "\u{1F}turn\u{1F}\(index)\u{1F}end")))
        }
        let selections = (transcript.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.name == "PlainTextSelection" }
        // Each excerpt's times as `code list` and the page give them (`CodeRecord.startTime`), so one excerpt never ends
        // at two times; an excerpt without them takes the same rule (`ExcerptTiming`) here.
        var excerptTimes: [Range<Int>: (start: Int, end: Int)] = [:]
        for code in snapshot.codes where code.document == document {
            guard let from = code.spanStart, let to = code.spanEnd, let start = code.startTime, let end = code.endTime else { continue }
            excerptTimes[from..<to] = (Int((start * 1000).rounded()), Int((end * 1000).rounded()))
        }
        var made: [XMLElement] = []
        for selection in selections {
            let selectionGUID = selection.attributes?.first(where: { $0.name == "guid" })?.stringValue ?? ""
            guard let start = Int(selection.attributes?.first(where: { $0.name == "startPosition" })?.stringValue ?? ""),
                  let end = Int(selection.attributes?.first(where: { $0.name == "endPosition" })?.stringValue ?? "") else { continue }
            let from = guid("sync", key + "\u{1F}selection\u{1F}" + selectionGUID + "\u{1F}start")
            let to = guid("sync", key + "\u{1F}selection\u{1F}" + selectionGUID + "\u{1F}end")
            let times = excerptTimes[start..<max(start, end)]
                ?? ExcerptTiming.time(of: start..<max(start, end), turns: snapshot.turns[document] ?? []).map { ($0.start, $0.end) } ?? (0, 0)
            points.append((start, times.start, from))
            points.append((end, times.end, to))
            selection.detach()
            let made_ = XMLElement(name: "TranscriptSelection")
            for attribute_ in selection.attributes ?? [] where !["startPosition", "endPosition"].contains(attribute_.name ?? "") {
                guard let attributeName = attribute_.name else { continue }
                attribute(made_, attributeName, attribute_.stringValue ?? "")
                if attribute_.name == "name" {
                    attribute(made_, "fromSyncPoint", from)
                    attribute(made_, "toSyncPoint", to)
                }
            }
            for child in selection.children ?? [] {
                child.detach()
                made_.addChild(child)
            }
            made.append(made_)
        }
        for point in points.sorted(by: { ($0.position, $0.time) < ($1.position, $1.time) }) {
            let sync = XMLElement(name: "SyncPoint")
            attribute(sync, "guid", point.guid)
            attribute(sync, "timeStamp", String(point.time))
            attribute(sync, "position", String(point.position))
            element.addChild(sync)
        }
        made.forEach(element.addChild)
        source.addChild(element)
        return source
    }
}
