import Foundation
import Tabular

/// WebVTT (W3C WebVTT: a `WEBVTT` line, then blocks apart by blank lines: cues with an optional id, a
/// `start --> end` line and their text; NOTE, STYLE and REGION blocks) and SRT (numbered cues, `00:00:01,000 -->
/// 00:00:04,000`). Zoom writes numbered cues whose text opens with `Name:`; Teams writes ids like `GUID/12-0` and
/// `<v Name>text</v>`, and may write cues out of order: they are sorted by start.
enum SubtitleReader {
    struct Cue {
        var start: Int
        var end: Int
        var lines: [String]
        var place: TranscriptPlace
    }

    static func webVTT(_ text: String, file: String, knownSpeakers: Set<String>) throws -> TimedTranscript {
        let lines = TranscriptSyntax.lines(text)
        let first = lines.first ?? ""
        guard first.hasPrefix("WEBVTT"), first.count == 6 || first.dropFirst(6).first == " " || first.dropFirst(6).first == "\t" else {
            throw TranscriptFileError.notWebVTT(SourcePosition(file: file, line: 1, column: 1), found: String(first.prefix(40)))
        }
        var dropped = TimedTranscript.Dropped()
        var cues: [Cue] = []
        var index = 1
        // The header's own lines run to the first blank line.
        while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
        for block in blocks(lines, from: index) {
            let head = lines[block.lowerBound]
            if ["NOTE", "STYLE", "REGION"].contains(where: { head == $0 || head.hasPrefix($0 + " ") || head.hasPrefix($0 + "\t") }), !head.contains("-->") {
                dropped.blocks += 1
                continue
            }
            var timing = block.lowerBound
            if !head.contains("-->") {
                dropped.cueIDs += 1
                timing += 1
                guard timing < block.upperBound, lines[timing].contains("-->") else {
                    let line = timing < block.upperBound ? timing : block.lowerBound
                    throw TranscriptFileError.expectedTiming(SourcePosition(file: file, line: line + 1, column: 1), found: String(lines[line].prefix(60)))
                }
            }
            let (start, end) = try times(lines[timing], line: timing + 1, file: file)
            cues.append(Cue(start: start, end: end, lines: Array(lines[(timing + 1)..<block.upperBound]),
                            place: .text(SourcePosition(file: file, line: timing + 1, column: 1))))
        }
        return try transcript(cues, format: .webVTT, file: file, dropped: dropped, knownSpeakers: knownSpeakers)
    }

    static func srt(_ text: String, file: String, knownSpeakers: Set<String>) throws -> TimedTranscript {
        let lines = TranscriptSyntax.lines(text)
        var dropped = TimedTranscript.Dropped()
        var cues: [Cue] = []
        for block in blocks(lines, from: 0) {
            var timing = block.lowerBound
            let head = lines[timing].trimmingCharacters(in: .whitespaces)
            if !head.contains("-->") {
                guard !head.isEmpty, head.allSatisfy({ $0.isASCII && $0.isNumber }), timing + 1 < block.upperBound, lines[timing + 1].contains("-->") else {
                    let line = !head.isEmpty && head.allSatisfy({ $0.isASCII && $0.isNumber }) && timing + 1 < block.upperBound ? timing + 1 : timing
                    throw TranscriptFileError.expectedTiming(SourcePosition(file: file, line: line + 1, column: 1), found: String(lines[line].prefix(60)))
                }
                dropped.cueIDs += 1
                timing += 1
            }
            let (start, end) = try times(lines[timing], line: timing + 1, file: file)
            cues.append(Cue(start: start, end: end, lines: Array(lines[(timing + 1)..<block.upperBound]),
                            place: .text(SourcePosition(file: file, line: timing + 1, column: 1))))
        }
        return try transcript(cues, format: .srt, file: file, dropped: dropped, knownSpeakers: knownSpeakers)
    }

    /// The runs of non-blank lines from `start` on.
    static func blocks(_ lines: [String], from start: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = start
        while index < lines.count {
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
            let begin = index
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
            if begin < index { result.append(begin..<index) }
        }
        return result
    }

    /// `00:00:01.200 --> 00:00:04.000 align:start` → (1200, 4000); an unreadable time names its column.
    static func times(_ line: String, line number: Int, file: String) throws -> (Int, Int) {
        guard let arrow = line.range(of: "-->") else {
            throw TranscriptFileError.expectedTiming(SourcePosition(file: file, line: number, column: 1), found: line)
        }
        let startText = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        let afterArrow = line[arrow.upperBound...]
        let endText = afterArrow.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        func column(of text: String, in part: Substring) -> Int {
            guard !text.isEmpty, let range = part.range(of: text) else { return line.distance(from: line.startIndex, to: part.startIndex) + 1 }
            return line.distance(from: line.startIndex, to: range.lowerBound) + 1
        }
        guard let start = TranscriptSyntax.milliseconds(startText) else {
            throw TranscriptFileError.unreadableTime(.text(SourcePosition(file: file, line: number, column: column(of: startText, in: line[...]))), found: startText)
        }
        guard let end = TranscriptSyntax.milliseconds(endText) else {
            throw TranscriptFileError.unreadableTime(.text(SourcePosition(file: file, line: number, column: column(of: endText, in: afterArrow))), found: endText)
        }
        guard end >= start else {
            throw TranscriptFileError.endBeforeStart(.text(SourcePosition(file: file, line: number, column: 1)), start: startText, end: endText)
        }
        return (start, end)
    }

    /// Cues → turns: the voice tag's name, else a `Name:` opening the text (or a line of its own) where the file
    /// follows that convention; sorted by start.
    static func transcript(_ cues: [Cue], format: TimedTranscript.Format, file: String, dropped: TimedTranscript.Dropped,
                           knownSpeakers: Set<String>) throws -> TimedTranscript {
        var dropped = dropped
        var cleaned: [(cue: Cue, voice: String?, text: String, prefix: (name: String, rest: String)?)] = []
        for cue in cues {
            var lines = cue.lines
            // Zoom's other layout: the speaker's name alone on the first line, with its colon.
            var ownLine: String?
            if lines.count > 1, let prefix = TranscriptSyntax.speakerPrefix(lines[0]), prefix.rest.isEmpty {
                ownLine = prefix.name
                lines.removeFirst()
            }
            let (voice, text) = TranscriptSyntax.cleanCue(lines, dropped: &dropped)
            let prefix = voice == nil ? (ownLine.map { ($0, text) } ?? TranscriptSyntax.speakerPrefix(text)) : nil
            cleaned.append((cue, voice, text, prefix))
        }
        let accepted = TranscriptSyntax.acceptedSpeakers(candidates: cleaned.map { $0.voice ?? $0.prefix?.name }, known: knownSpeakers)
        var turns: [TimedTranscript.Turn] = []
        for item in cleaned {
            var speaker = item.voice
            var text = item.text
            if speaker == nil, let prefix = item.prefix, accepted.contains(prefix.name) {
                speaker = prefix.name
                text = prefix.rest
            }
            guard !text.isEmpty else { continue }
            turns.append(TimedTranscript.Turn(speaker: speaker.map(TextNames.clean), start: item.cue.start, end: item.cue.end, text: text, place: item.cue.place))
        }
        guard !turns.isEmpty else { throw TranscriptFileError.noSpeech(file: file) }
        let (sorted, reordered) = TranscriptSyntax.sortedByStart(turns)
        var result = TimedTranscript(file: file, format: format, turns: sorted)
        result.dropped = dropped
        result.reordered = reordered
        return result
    }
}

/// Speaker names as the study keeps them: white space collapsed.
enum TextNames {
    static func clean(_ name: String) -> String {
        name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).joined(separator: " ")
    }
}
