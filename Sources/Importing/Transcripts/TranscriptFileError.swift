import Foundation
import Tabular
import Wording

/// Where in a transcript file something is: a line and column of a text file (WebVTT, SRT, plain text), or a
/// paragraph or a table row of a Word document.
public enum TranscriptPlace: Sendable, Hashable, CustomStringConvertible {
    case text(SourcePosition)
    case paragraph(file: String, number: Int)
    case tableRow(file: String, table: Int, row: Int)
    /// A segment of a whisper JSON file (1-based), or a time anchor of a noScribe HTML file.
    case segment(file: String, number: Int)

    public var sentence: Sentence {
        switch self {
        case let .text(position): return "\(position.description)"
        case let .paragraph(file, number): return "\(file), paragraph \(number)"
        case let .tableRow(file, table, row): return "\(file), table \(table), row \(row)"
        case let .segment(file, number): return "\(file), segment \(number)"
        }
    }

    public var description: String { sentence.description }
}

/// Why a transcript file cannot be read, naming the file and, where there is one, the line (or the Word paragraph or
/// table row) and column.
public enum TranscriptFileError: Error, WordedError, LocalizedError, Equatable {
    case cannotRead(file: String, reason: Sentence)
    case nulCharacter(SourcePosition)
    case notText(SourcePosition, byte: String)
    case notWebVTT(SourcePosition, found: String)
    case expectedTiming(SourcePosition, found: String)
    case unreadableTime(TranscriptPlace, found: String)
    case endBeforeStart(TranscriptPlace, start: String, end: String)
    case noSpeech(file: String)
    case notWordDocument(file: String, reason: Sentence)
    case notWhisperJSON(file: String, reason: Sentence)
    case notNoScribeHTML(file: String)

    public var errorDescription: String? { sentence.description }

    public var sentence: Sentence {
        switch self {
        case let .cannotRead(file, reason):
            return "\(file): cannot read the file: \(reason)"
        case let .nulCharacter(position):
            return "\(position.description): the file contains a NUL character (byte 0x00), so it is not a text file; save the transcript as text (UTF-8), WebVTT, SRT or Word .docx"
        case let .notText(position, byte):
            return "\(position.description): byte 0x\(byte) is neither UTF-8 nor Windows-1252 text; save the transcript as UTF-8 text"
        case let .notWebVTT(position, found):
            return "\(position.description): a WebVTT file starts with the line WEBVTT, not '\(found)'"
        case let .expectedTiming(position, found):
            return "\(position.description): expected the cue's time (00:00:01.000 --> 00:00:04.000), found '\(found)'"
        case let .unreadableTime(place, found):
            return "\(place.sentence): '\(found)' is not a time (hh:mm:ss.ttt, mm:ss.ttt or hh:mm:ss,ttt)"
        case let .endBeforeStart(place, start, end):
            return "\(place.sentence): the cue ends (\(end)) before it starts (\(start))"
        case let .noSpeech(file):
            return "\(file): the transcript holds no speech (no cue, row or paragraph with words)"
        case let .notWordDocument(file, reason):
            return "\(file): cannot read it as a Word document (.docx): \(reason)"
        case let .notWhisperJSON(file, reason):
            return "\(file): cannot read it as a whisper or WhisperX transcript (JSON with segments): \(reason)"
        case let .notNoScribeHTML(file):
            return "\(file): an HTML file is read as noScribe writes it, with a time anchor (<a name=\"ts_…\">) for each stretch of speech, and this one has none; save the transcript as text, WebVTT or Word .docx"
        }
    }
}
