import Foundation
import Wording
#if canImport(FoundationXML)
import FoundationXML
#endif
import Media
import QualCoding
import StudyStore

/// Recordings (REFI `AudioSource`, `VideoSource`): where the file is, and its first transcript with turns from its sync
/// points and codings from its selections.
extension REFIImport {
    mutating func readRecordings(_ root: XMLElement) throws {
        for container in Self.kids(root, "Sources") {
            for element in Self.mediaSources(container) { try readRecording(element, root: root) }
        }
    }

    mutating func readRecording(_ element: XMLElement, root: XMLElement) throws {
        let id = Self.guid(Self.attr(element, "guid")) ?? ""
        let name = Self.recordingName(element)
        let participant = recordingParticipant(element, id: id)
        let kind: MediaKind = element.localName == "VideoSource" ? .video : .audio
        let timeSpans = Self.kids(element, "AudioSelection") + Self.kids(element, "VideoSelection")
        if !timeSpans.isEmpty {
            state.notCarried[.timeSpans, default: 0] += timeSpans.count
        }
        let transcripts = Self.kids(element, "Transcript")
        for later in transcripts.dropFirst() {
            state.notCarried[.laterTranscripts, default: 0] += 1
            let codings = Self.kids(later, "TranscriptSelection").reduce(0) { $0 + Self.kids($1, "Coding").count }
            if codings > 0 { state.notCarried[.laterTranscriptCodings, default: 0] += codings }
        }
        var location: RecordingFound.Location?
        let path = Self.attr(element, "path") ?? ""
        if path.lowercased().hasPrefix("internal://") {
            let entry = String(path.dropFirst("internal://".count))
            if sourceEntries.contains("sources/" + entry.lowercased()) {
                // In a bare project's folder the file is read where it lies.
                if let sourceFolder {
                    let items = (try? FileManager.default.contentsOfDirectory(atPath: sourceFolder)) ?? []
                    location = items.first { $0.lowercased() == entry.lowercased() }.map { RecordingFound.Location.outside((sourceFolder as NSString).appendingPathComponent($0)) }
                } else {
                    location = .inside(entry)
                }
            }
        } else if let external = Self.externalPath(path, basePath: Self.attr(root, "basePath")) {
            location = .outside(external)
        }
        if location == nil {
            report.append("recording \(name): \(path.isEmpty ? "no path" : Sentence(verbatim: path)) cannot be found; its transcript and codings are read, the recording is not")
        }
        var transcriptLabel: String?
        if let transcript = transcripts.first {
            transcriptLabel = try readTranscript(transcript, of: name, participant: participant, studyctl: Self.attr(root, "origin") == "studyctl")
        } else if let companion = state.companions[id] {
            transcriptLabel = companion.label
        }
        if !bundle.participants.contains(where: { $0.code == participant }) { bundle.participants.append(.init(code: participant, attributes: [])) }
        if let location {
            let label = recordings.contains { $0.participant == participant } ? (name as NSString).deletingPathExtension : ""
            recordings.append(RecordingFound(participant: participant, label: label, name: name, kind: kind, location: location, transcript: transcriptLabel))
            if !id.isEmpty { bundle.foreignGUIDs.append(("recording", participant + "\u{1F}" + label, id)) }
        }
    }

    /// A recording's transcript: its text, turns and codings; its label in the study, or nil when its text is missing.
    mutating func readTranscript(_ transcript: XMLElement, of name: String, participant: String, studyctl: Bool) throws -> String? {
        var raw: String?
        if let content = Self.kids(transcript, "PlainTextContent").first?.stringValue {
            raw = content
        } else if let textPath = Self.attr(transcript, "plainTextPath"), textPath.lowercased().hasPrefix("internal://"),
                  let data = try state.source(String(textPath.dropFirst("internal://".count))) {
            raw = TextFile.decode(data)
        }
        let selections = Self.kids(transcript, "TranscriptSelection")
        guard let raw else {
            state.notCarried[.textlessTranscripts, default: 0] += 1
            let codings = selections.reduce(0) { $0 + Self.kids($1, "Coding").count }
            if codings > 0 { state.notCarried[.textlessTranscriptCodings, default: 0] += codings }
            return nil
        }
        if !bundle.participants.contains(where: { $0.code == participant }) { bundle.participants.append(.init(code: participant, attributes: [])) }
        let seen = state.labels[participant, default: 0]
        state.labels[participant] = seen + 1
        // studyctl's own lines in the transcript's Description: its label, its turns with their speakers' roles and
        // its timed words, exactly.
        let described = REFISpeakers.read(Self.kids(transcript, "Description").first?.stringValue)
        var label = described.transcript.map(\.label) ?? (seen == 0 ? "" : (Self.attr(transcript, "name") ?? name))
        if state.usedLabels[participant, default: []].contains(label) { label = Self.attr(transcript, "name") ?? name }
        state.usedLabels[participant, default: []].insert(label)
        let read = Self.transcriptReading(raw: raw, transcript: transcript, pairedTurns: studyctl)
        var timing = read.turns.isEmpty ? nil : TranscriptTiming(turns: read.turns)
        if let turns = described.turns, let exact = placedTiming(turns, words: described.words ?? [], in: SourceText(raw), sourceName: name) { timing = exact }
        bundle.transcripts.append(.init(participant: participant, label: label, text: read.text, kind: described.sessionLog ? .sessionLog : .interview,
                                        timing: timing, header: described.header))
        if let transcriptID = Self.guid(Self.attr(transcript, "guid")) {
            bundle.foreignGUIDs.append(("transcript", participant + "\u{1F}" + label, transcriptID))
        }
        report.append(read.turns.isEmpty ? "recording \(name) → \(participant): transcript without times (no sync points)"
                      : "recording \(name) → \(participant): transcript with \(read.turns.count) timed turns from its sync points")
        let scalars = Array(read.text.unicodeScalars)
        for selection in read.selections {
            let codingCount = Self.kids(selection.element, "Coding").count
            codingsInProject += codingCount
            guard var span = selection.span else {
                report.append("\(participant): a transcript selection names a sync point the transcript lacks; skipped")
                state.notCarried[.unsyncedSelections, default: 0] += codingCount
                continue
            }
            let whole = span
            while span.lowerBound < span.upperBound, scalars[span.lowerBound].properties.isWhitespace { span = span.lowerBound + 1..<span.upperBound }
            while span.upperBound > span.lowerBound, scalars[span.upperBound - 1].properties.isWhitespace { span = span.lowerBound..<span.upperBound - 1 }
            guard !span.isEmpty else {
                report.append("\(participant): the transcript selection \(whole.lowerBound)–\(whole.upperBound) holds no words; skipped")
                state.notCarried[.wordless, default: 0] += codingCount
                continue
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[span])
            selectionNotes(selection.element, participant: participant, label: label, span: span)
            codings(of: selection.element, participant: participant, label: label, excerpt: String(view), span: span)
        }
        return label
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
        // Sync points count code points of the text as written (REFI-QDA 1.5 §10.2), indexed once.
        let source = SourceText(raw)
        let text = source.stored
        let scalars = source.storedScalars
        func stored(_ position: Int) -> Int { source.toStored[min(max(position, 0), source.raw.count)] }
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
}
