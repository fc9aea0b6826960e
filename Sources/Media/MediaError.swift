import Foundation
import Wording

/// Why a recording cannot be added, cut or joined, naming the file (and what FFmpeg's program said about it).
public enum MediaError: Error, WordedError, LocalizedError, Equatable {
    /// ffprobe or ffmpeg is not on PATH; `purpose` says what it was needed for.
    case programMissing(program: String, purpose: Sentence)
    /// The file cannot be opened or read.
    case cannotRead(file: String, reason: Sentence)
    /// A clip, a reel or a file they need cannot be written.
    case cannotWrite(file: String, reason: Sentence)
    /// ffprobe could not read the file as media: its own words.
    case notMedia(file: String, said: String)
    /// ffprobe read the file, but it is no recording (a still picture, no audio or video stream, no duration).
    case notARecording(file: String, reason: Sentence)
    /// A time typed on the command line (`--sync`, `--starts-at`).
    case badTime(text: String)
    /// A sync point that is not `MEDIA-TIME=ANCHOR`.
    case badSync(text: String, reason: Sentence)
    /// ffmpeg failed on a file: its last words.
    case programFailed(program: String, file: String, said: String)

    public var errorDescription: String? { sentence.description }

    public var sentence: Sentence {
        switch self {
        case let .programMissing(program, purpose):
            return "\(program) was not found on PATH; it is needed \(purpose). Install FFmpeg (Debian and Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg) and try again"
        case let .cannotRead(file, reason):
            return "\(file): cannot read the file: \(reason)"
        case let .cannotWrite(file, reason):
            return "\(file): cannot write the file: \(reason)"
        case let .notMedia(file, said):
            return "\(file) is not an audio or video recording: ffprobe said: \(said)"
        case let .notARecording(file, reason):
            return "\(file) is not an audio or video recording: \(reason)"
        case let .badTime(text):
            return "'\(text)' is not a time: write seconds (12.5) or hh:mm:ss.ttt (00:00:12.500)"
        case let .badSync(text, reason):
            return "--sync '\(text)': \(reason); write MEDIA-TIME=session or MEDIA-TIME=event:KIND TASK, e.g. \"00:00:05=event:start T1\""
        case let .programFailed(program, file, said):
            return "\(program) failed on \(file): \(said)"
        }
    }
}
