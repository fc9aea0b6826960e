import Foundation
import QualCoding

/// The JSON a speech recogniser writes, with each segment's time and, where aligned, each word's:
///
/// - WhisperX (`whisperx --output_format json`): `{"segments": [{"start": 0.03, "end": 2.5, "text": " …", "speaker":
///   "SPEAKER_00", "words": [{"word": "Hello", "start": 0.03, "end": 0.4, "score": 0.98, "speaker": "SPEAKER_00"}]}]}`
///   — a word it could not align (a number, a symbol) has no `start` and `end`, and keeps no time of its own;
/// - OpenAI's whisper (`--output_format json --word_timestamps True`): the same segments, each word's confidence as
///   `probability`, no speakers;
/// - whisper.cpp (`-ojf`/`-oj`): `{"transcription": [{"offsets": {"from": 0, "to": 2500}, "text": " …"}]}`, times in
///   milliseconds.
///
/// Times are seconds (milliseconds for whisper.cpp) from the start of the recording. A segment's speaker is its own
/// `speaker`, else that of most of its words.
enum WhisperJSONReader {
    /// Whether a file's text looks like such JSON: an object with `segments` or `transcription` near its start.
    static func looksLikeWhisper(_ text: String) -> Bool {
        let head = text.prefix(4000).drop(while: { $0.isWhitespace })
        return head.first == "{" && (head.contains("\"segments\"") || head.contains("\"transcription\""))
    }

    static func read(_ text: String, file: String) throws -> TimedTranscript {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) } catch {
            throw TranscriptFileError.notWhisperJSON(file: file, reason: "it is not well-formed JSON")
        }
        guard let root = object as? [String: Any] else {
            throw TranscriptFileError.notWhisperJSON(file: file, reason: "its top level is not an object")
        }
        var turns: [TimedTranscript.Turn] = []
        if let segments = root["segments"] as? [Any] {
            for (index, item) in segments.enumerated() {
                let place = TranscriptPlace.segment(file: file, number: index + 1)
                guard let segment = item as? [String: Any] else {
                    throw TranscriptFileError.notWhisperJSON(file: file, reason: "segment \(index + 1) is not an object")
                }
                let start = try milliseconds(segment["start"], scale: 1000, place: place)
                let end = try milliseconds(segment["end"], scale: 1000, place: place)
                try check(start, end, place: place)
                var words: [TimedTranscript.Word] = []
                var speakers: [String: Int] = [:]
                for entry in (segment["words"] as? [Any]) ?? [] {
                    guard let word = entry as? [String: Any], let spelled = (word["word"] ?? word["text"]) as? String else { continue }
                    let wordPlace = TranscriptPlace.segment(file: file, number: index + 1)
                    let wordStart = try milliseconds(word["start"], scale: 1000, place: wordPlace)
                    let wordEnd = try milliseconds(word["end"], scale: 1000, place: wordPlace)
                    if let wordStart, let wordEnd, wordEnd < wordStart {
                        throw TranscriptFileError.endBeforeStart(wordPlace, start: TranscriptClock.text(wordStart, milliseconds: true),
                                                                 end: TranscriptClock.text(wordEnd, milliseconds: true))
                    }
                    let score = (word["score"] ?? word["probability"]) as? Double
                    words.append(.init(text: spelled, start: wordStart, end: wordEnd, score: score))
                    if let speaker = word["speaker"] as? String, !speaker.isEmpty { speakers[speaker, default: 0] += 1 }
                }
                var said = ((segment["text"] as? String) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                if said.isEmpty { said = words.map(\.text).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }
                said = said.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
                guard !said.isEmpty else { continue }
                let speaker = (segment["speaker"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                    ?? speakers.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
                turns.append(.init(speaker: speaker.map(TextNames.clean), start: start, end: end, text: said, place: place, words: words))
            }
        } else if let pieces = root["transcription"] as? [Any] {
            for (index, item) in pieces.enumerated() {
                let place = TranscriptPlace.segment(file: file, number: index + 1)
                guard let piece = item as? [String: Any], let offsets = piece["offsets"] as? [String: Any] else {
                    throw TranscriptFileError.notWhisperJSON(file: file, reason: "segment \(index + 1) has no offsets (from, to)")
                }
                let start = try milliseconds(offsets["from"], scale: 1, place: place)
                let end = try milliseconds(offsets["to"], scale: 1, place: place)
                try check(start, end, place: place)
                let said = ((piece["text"] as? String) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !said.isEmpty else { continue }
                let speaker = (piece["speaker"] as? String).flatMap { $0.isEmpty ? nil : $0 }
                turns.append(.init(speaker: speaker.map(TextNames.clean), start: start, end: end, text: said, place: place))
            }
        } else {
            throw TranscriptFileError.notWhisperJSON(file: file, reason: "it has neither \"segments\" nor \"transcription\"")
        }
        guard !turns.isEmpty else { throw TranscriptFileError.noSpeech(file: file) }
        let (sorted, reordered) = TranscriptSyntax.sortedByStart(turns)
        var result = TimedTranscript(file: file, format: .whisperJSON, turns: sorted)
        result.reordered = reordered
        return result
    }

    /// A time given as a number (`scale` milliseconds each), or nil where there is none; a negative or unreadable one is
    /// refused with its place.
    static func milliseconds(_ value: Any?, scale: Double, place: TranscriptPlace) throws -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        let number: Double
        if let double = value as? Double {
            number = double
        } else if let int = value as? Int {
            number = Double(int)
        } else if let text = value as? String, let parsed = TranscriptSyntax.milliseconds(text) {
            return parsed
        } else {
            throw TranscriptFileError.unreadableTime(place, found: "\(value)")
        }
        guard number.isFinite, number >= 0, number * scale < Double(Int32.max) * 100 else {
            throw TranscriptFileError.unreadableTime(place, found: "\(value)")
        }
        return Int((number * scale).rounded())
    }

    static func check(_ start: Int?, _ end: Int?, place: TranscriptPlace) throws {
        if let start, let end, end < start {
            throw TranscriptFileError.endBeforeStart(place, start: TranscriptClock.text(start, milliseconds: true), end: TranscriptClock.text(end, milliseconds: true))
        }
    }
}

