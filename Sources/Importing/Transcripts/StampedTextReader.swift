import Foundation
import Tabular

/// Plain text as transcribers write it: QualCoder's time stamps (`[hh:mm:ss]`, `[mm:ss]`, `[hh.mm.ss]`, `[mm.ss]`, also
/// in braces, and `#hh:mm:ss.sss#`) and `Name:` turns (MAXQDA's focus-group convention). A stamp opening a line starts
/// a turn at that time; a stamp inside a line starts a new stretch of the same speaker's turn; a stamp ending a line
/// ends the turn there. A turn without a stamp of its own ends where the next stamped one starts. Text with neither
/// stamps nor speakers is kept as it is.
enum StampedTextReader {
    struct Stamp {
        var range: Range<String.Index>
        var milliseconds: Int
    }

    /// The stamps in `line`; a bracketed time that is no time (`[00:75:00]`) is refused with its column.
    static func stamps(in line: String, place: (Int) -> TranscriptPlace) throws -> [Stamp] {
        var found: [Stamp] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let close: Character? = character == "[" ? "]" : character == "{" ? "}" : character == "#" ? "#" : nil
            guard let close, let end = line[line.index(after: index)...].prefix(16).firstIndex(of: close) else {
                index = line.index(after: index)
                continue
            }
            let inner = String(line[line.index(after: index)..<end])
            let column = line.distance(from: line.startIndex, to: index) + 1
            if let milliseconds = try time(inner, hash: character == "#", place: place(column)) {
                found.append(Stamp(range: index..<line.index(after: end), milliseconds: milliseconds))
                index = line.index(after: end)
            } else {
                index = line.index(after: index)
            }
        }
        return found
    }

    /// The time inside a stamp's brackets, nil when the brackets hold something else (`[risos]`, `[3]`).
    static func time(_ inner: String, hash: Bool, place: TranscriptPlace) throws -> Int? {
        guard !inner.isEmpty, inner.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == "." || $0 == ",") }),
              inner.first?.isNumber == true else { return nil }
        if inner.contains(":") {
            guard let value = TranscriptSyntax.milliseconds(inner) else { throw TranscriptFileError.unreadableTime(place, found: inner) }
            return value
        }
        // [mm.ss] and [hh.mm.ss]: two digits after each dot.
        let groups = inner.split(separator: ".", omittingEmptySubsequences: false)
        guard !hash, (2...3).contains(groups.count), groups.dropFirst().allSatisfy({ $0.count == 2 }), groups[0].count <= 2 else { return nil }
        guard let value = TranscriptSyntax.milliseconds(groups.joined(separator: ":")) else { throw TranscriptFileError.unreadableTime(place, found: inner) }
        return value
    }

    /// Reads `text` (a text file's, or a Word document's paragraphs one per line with `linesAreParagraphs`).
    static func read(_ text: String, file: String, format: TimedTranscript.Format, linesAreParagraphs: Bool,
                     place: @escaping (_ line: Int, _ column: Int) -> TranscriptPlace, knownSpeakers: Set<String>) throws -> TimedTranscript {
        let lines = TranscriptSyntax.lines(text)
        // First pass: the stamps of every line and the name that opens it, to decide which names are speakers.
        var lineStamps: [[Stamp]] = []
        var candidates: [String?] = []
        // The header's "Speakers: …" and "Date: …" lines, before the speech: not turns, and their labels no speakers.
        var headerLines: Set<Int> = []
        var inHeader = true
        for (number, line) in lines.enumerated() {
            let stamps = try stamps(in: line, place: { place(number + 1, $0) })
            lineStamps.append(stamps)
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var rest = Substring(line)
            if let first = stamps.first, line[..<first.range.lowerBound].allSatisfy(\.isWhitespace) { rest = line[first.range.upperBound...] }
            let prefix = TranscriptSyntax.speakerPrefix(rest.trimmingCharacters(in: .whitespaces))
            if inHeader, stamps.isEmpty, let label = TranscriptSyntax.headerLabel(line) {
                if prefix == nil || label == prefix?.name { headerLines.insert(number); continue }
            }
            if !stamps.isEmpty || prefix != nil { inHeader = false }
            candidates.append(prefix?.name)
        }
        let speakers = TranscriptSyntax.acceptedSpeakers(candidates: candidates, known: knownSpeakers)
        let stamped = lineStamps.contains { !$0.isEmpty }
        if !stamped && speakers.isEmpty {
            var verbatim = TimedTranscript(file: file, format: format, turns: [])
            verbatim.verbatim = text
            return verbatim
        }
        // A few lines before the first turn (a title, "Entrevista 4 – App bancário", then "Speakers: …"): the header,
        // not words of a turn that has no speaker.
        let opening = lines.indices.first { number in
            if !lineStamps[number].isEmpty { return true }
            let line = lines[number].trimmingCharacters(in: .whitespaces)
            return !headerLines.contains(number) && TranscriptSyntax.speakerPrefix(line).map { speakers.contains($0.name) } == true
        } ?? lines.count
        let leading = lines[..<opening].indices.filter { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
        if leading.count <= maxHeaderLines { headerLines.formUnion(leading) }
        var dropped = TimedTranscript.Dropped()
        var turns: [TimedTranscript.Turn] = []
        var lastSpeaker: String?
        var open = false
        func begin(speaker: String?, start: Int?, text: String, place: TranscriptPlace) {
            turns.append(TimedTranscript.Turn(speaker: speaker, start: start, end: nil, text: text, place: place, newParagraph: true))
            open = true
        }
        dropped.headerLines = headerLines.count
        for (number, line) in lines.enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { open = false; continue }
            if headerLines.contains(number) { continue }
            let stamps = lineStamps[number]
            // The line cut at its stamps: (time opening the piece or nil, the piece's text).
            var pieces: [(stamp: Int?, text: Substring)] = []
            var cursor = line.startIndex
            var pending: Int?
            for stamp in stamps {
                pieces.append((pending, line[cursor..<stamp.range.lowerBound]))
                pending = stamp.milliseconds
                cursor = stamp.range.upperBound
            }
            pieces.append((pending, line[cursor...]))
            for (offset, piece) in pieces.enumerated() {
                let words = piece.text.trimmingCharacters(in: .whitespaces)
                let opensLine = pieces[..<offset].allSatisfy { $0.text.trimmingCharacters(in: .whitespaces).isEmpty }
                if piece.stamp == nil && words.isEmpty { continue }
                let where_ = place(number + 1, line.distance(from: line.startIndex, to: piece.text.startIndex) + 1)
                if let stamp = piece.stamp {
                    if opensLine { dropped.stamps += 1 } else { dropped.inlineTimes += 1 }
                    if words.isEmpty {
                        // A stamp closing the line: the end of the turn before it.
                        if offset == pieces.count - 1, !opensLine, let last = turns.indices.last, turns[last].end == nil {
                            turns[last].end = stamp
                        } else if opensLine {
                            begin(speaker: nil, start: stamp, text: "", place: where_)
                        }
                        continue
                    }
                }
                let prefix = opensLine ? TranscriptSyntax.speakerPrefix(words).flatMap { speakers.contains($0.name) ? $0 : nil } : nil
                if let prefix {
                    lastSpeaker = TextNames.clean(prefix.name)
                    if let last = turns.last, open, last.text.isEmpty, last.speaker == nil, piece.stamp == nil {
                        // "[00:01:02]" on a line of its own, then "Ana: …".
                        turns[turns.count - 1].speaker = lastSpeaker
                        turns[turns.count - 1].text = prefix.rest
                    } else {
                        begin(speaker: lastSpeaker, start: piece.stamp, text: prefix.rest, place: where_)
                    }
                } else if opensLine && (piece.stamp != nil || !open || linesAreParagraphs) {
                    if let last = turns.last, open, last.text.isEmpty, piece.stamp == nil {
                        turns[turns.count - 1].text = words
                    } else {
                        begin(speaker: speakers.isEmpty ? nil : lastSpeaker, start: piece.stamp, text: words, place: where_)
                    }
                } else if let stamp = piece.stamp {
                    begin(speaker: turns.last?.speaker, start: stamp, text: words, place: where_)
                    turns[turns.count - 1].newParagraph = false
                } else if !turns.isEmpty {
                    // A line that goes on with the turn: its line break kept.
                    turns[turns.count - 1].text += (opensLine ? "\n" : " ") + words
                }
            }
            if linesAreParagraphs { open = false }
        }
        turns.removeAll { $0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        // A turn without its own end ends where the next timed turn starts.
        for index in turns.indices where turns[index].end == nil && turns[index].start != nil {
            turns[index].end = turns[(index + 1)...].first(where: { $0.start != nil })?.start
        }
        guard !turns.isEmpty else { throw TranscriptFileError.noSpeech(file: file) }
        var result = TimedTranscript(file: file, format: format, turns: turns)
        result.dropped = dropped
        result.header = headerLines.sorted().map { lines[$0].trimmingCharacters(in: .whitespaces) }
        return result
    }

    /// The most lines before the first turn read as a header: more are speech that names no speaker.
    static let maxHeaderLines = 8
}
