import Foundation
import Wording

/// Whether a recording has pictures.
public enum MediaKind: String, Sendable, Codable, CaseIterable {
    case audio
    case video
}

/// What a recording is, as ffprobe reads it: its kind, length, container and codecs.
public struct MediaFacts: Sendable, Equatable, Codable {
    public var kind: MediaKind
    /// The container's duration in milliseconds.
    public var durationMs: Int
    /// ffprobe's format name ("mov,mp4,m4a,3gp,3g2,mj2", "wav", "matroska,webm").
    public var container: String
    /// The first video stream's codec (none for audio; a cover picture is not a video stream).
    public var videoCodec: String?
    /// The first audio stream's codec; nil for a video without sound.
    public var audioCodec: String?
    public var width: Int?
    public var height: Int?

    public init(kind: MediaKind, durationMs: Int, container: String, videoCodec: String? = nil, audioCodec: String? = nil,
                width: Int? = nil, height: Int? = nil) {
        self.kind = kind
        self.durationMs = durationMs
        self.container = container
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.width = width
        self.height = height
    }

    /// The codecs as people read them: "h264+aac", "pcm_s16le".
    public var codec: String { [videoCodec, audioCodec].compactMap { $0 }.joined(separator: "+") }

    /// The MIME type a browser plays the file as, from its container (and the file's extension where one container
    /// is several formats).
    public func contentType(path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        let names = Set(container.split(separator: ",").map(String.init))
        if names.contains("mp4") || names.contains("mov") {
            if ext == "mov" { return "video/quicktime" }
            return kind == .video ? "video/mp4" : "audio/mp4"
        }
        if names.contains("webm") || names.contains("matroska") {
            return ext == "mkv" || ext == "mka" ? (kind == .video ? "video/x-matroska" : "audio/x-matroska") : (kind == .video ? "video/webm" : "audio/webm")
        }
        if names.contains("wav") { return "audio/wav" }
        if names.contains("mp3") { return "audio/mpeg" }
        if names.contains("ogg") { return kind == .video ? "video/ogg" : "audio/ogg" }
        if names.contains("flac") { return "audio/flac" }
        if names.contains("aac") { return "audio/aac" }
        if names.contains("avi") { return "video/x-msvideo" }
        return "application/octet-stream"
    }
}

/// Reads ffprobe's JSON (`-print_format json -show_format -show_streams`) into a recording's facts, refusing what is no
/// recording: a still picture, a file with neither sound nor moving pictures, a file without a duration.
public enum ProbeReading {
    /// Containers ffprobe reads that are not recordings: pictures, and text it would show as a terminal's screen.
    static let stillContainers: Set<String> = ["image2", "tty", "gif", "apng", "webp_pipe"]
    /// Codecs of a single picture or of text rendered as one.
    static let stillCodecs: Set<String> = ["png", "mjpeg", "jpeg2000", "bmp", "gif", "webp", "tiff", "ansi", "bintext", "xbin", "idf", "apng"]

    public static func facts(fromJSON data: Data, file: String) throws(MediaError) -> MediaFacts {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .notMedia(file: file, said: "no readable answer")
        }
        let format = object["format"] as? [String: Any] ?? [:]
        let streams = object["streams"] as? [[String: Any]] ?? []
        let container = format["format_name"] as? String ?? ""
        let names = container.split(separator: ",").map(String.init)
        if names.contains(where: { stillContainers.contains($0) || $0.hasSuffix("_pipe") }) {
            throw .notARecording(file: file, reason: "it is a picture or text (\(container)), not audio or video")
        }
        func isPicture(_ stream: [String: Any]) -> Bool {
            let disposition = stream["disposition"] as? [String: Any] ?? [:]
            return (disposition["attached_pic"] as? Int ?? 0) == 1 || stillCodecs.contains(stream["codec_name"] as? String ?? "")
        }
        let video = streams.first { $0["codec_type"] as? String == "video" && !isPicture($0) }
        let audio = streams.first { $0["codec_type"] as? String == "audio" }
        guard video != nil || audio != nil else {
            throw .notARecording(file: file, reason: "it holds no audio or video stream")
        }
        // The container's duration; a stream's where the container gives none (raw streams).
        let seconds = number(format["duration"]) ?? ([video, audio].compactMap { $0.flatMap { number($0["duration"]) } }.max())
        guard let seconds, seconds.isFinite, seconds > 0 else {
            throw .notARecording(file: file, reason: "ffprobe found no duration")
        }
        return MediaFacts(kind: video == nil ? .audio : .video, durationMs: Int((seconds * 1000).rounded()), container: container,
                          videoCodec: video?["codec_name"] as? String, audioCodec: audio?["codec_name"] as? String,
                          width: video?["width"] as? Int, height: video?["height"] as? Int)
    }

    /// ffprobe writes numbers as strings ("5.427710").
    static func number(_ value: Any?) -> Double? {
        if let text = value as? String { return Double(text) }
        return value as? Double
    }
}
