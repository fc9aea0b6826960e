import Foundation
import Tabular

/// Opens a transcript file of any kind `transcript add` reads — WebVTT (Zoom, Teams, noScribe), SRT, Word `.docx`
/// (paragraphs or a table of time, speaker and text), whisper JSON (WhisperX, whisper, whisper.cpp: word times),
/// noScribe's HTML, plain text (QualCoder's time stamps, `Name:` turns) — by its extension, else by what it starts
/// with, and reads it into turns (`TimedTranscript`). Pure: reads the file, touches no study.
public enum TranscriptFile {
    /// - Parameter knownSpeakers: names the researcher mapped with `--speaker`, recognised as speakers in text
    ///   that uses `Name:` only here and there.
    public static func read(_ path: String, displayName: String? = nil, knownSpeakers: Set<String> = []) throws -> TimedTranscript {
        let file = displayName ?? path
        let lower = path.lowercased()
        if lower.hasSuffix(".docx") || isZip(path) {
            return try WordTranscriptReader.read(path: path, file: file, knownSpeakers: knownSpeakers)
        }
        let (text, encoding, firstNonUTF8) = try TranscriptBytes.read(path, file: file)
        var result: TimedTranscript
        if lower.hasSuffix(".json") || WhisperJSONReader.looksLikeWhisper(text) {
            result = try WhisperJSONReader.read(text, file: file)
        } else if lower.hasSuffix(".html") || lower.hasSuffix(".htm") || NoScribeHTMLReader.looksLikeHTML(text) {
            result = try NoScribeHTMLReader.read(text, file: file)
        } else if lower.hasSuffix(".vtt") || text.hasPrefix("WEBVTT") {
            result = try SubtitleReader.webVTT(text, file: file, knownSpeakers: knownSpeakers)
        } else if lower.hasSuffix(".srt") || looksLikeSRT(text) {
            result = try SubtitleReader.srt(text, file: file, knownSpeakers: knownSpeakers)
        } else {
            result = try StampedTextReader.read(text, file: file, format: .text, linesAreParagraphs: false,
                                                place: { .text(SourcePosition(file: file, line: $0, column: $1)) }, knownSpeakers: knownSpeakers)
        }
        result.encoding = encoding
        result.firstNonUTF8 = firstNonUTF8
        return result
    }

    static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0x50, 0x4B, 0x03, 0x04])
    }

    /// A number alone on the first non-blank line and a `-->` on the next.
    static func looksLikeSRT(_ text: String) -> Bool {
        let lines = TranscriptSyntax.lines(String(text.prefix(400))).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.firstIndex(where: { !$0.isEmpty }), first + 1 < lines.count else { return false }
        return lines[first].allSatisfy { $0.isASCII && $0.isNumber } && lines[first + 1].contains("-->")
    }
}
