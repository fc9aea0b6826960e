import Foundation
import Media
import Wording

/// FFmpeg's programs, found on PATH and run as processes with their output captured.
enum Program {
    /// The executable `name` on PATH, or nil.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct Outcome {
        var status: Int32
        var output: Data
        var errors: String

        /// The last line the program wrote on standard error that says something (its verdict).
        var lastWords: String {
            let lines = errors.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return lines.last ?? "exit status \(status)"
        }
    }

    /// Runs `name arguments…`, standard input closed, output and errors in temporary files (no pipe can fill and stall).
    static func run(_ name: String, _ arguments: [String], purpose: Sentence) throws(MediaError) -> Outcome {
        guard let executable = locate(name) else { throw .programMissing(program: name, purpose: purpose) }
        let folder = FileManager.default.temporaryDirectory
        let outURL = folder.appendingPathComponent("studyctl-\(name)-\(UUID().uuidString).out")
        let errURL = folder.appendingPathComponent("studyctl-\(name)-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        do {
            // A file that could not be made is reported by the FileHandle that opens it, next.
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
            let out = try FileHandle(forWritingTo: outURL)
            let err = try FileHandle(forWritingTo: errURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = out
            process.standardError = err
            try process.run()
            process.waitUntilExit()
            try out.close()
            try err.close()
            return Outcome(status: process.terminationStatus, output: try Data(contentsOf: outURL),
                           errors: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
        } catch {
            throw .programFailed(program: name, file: arguments.last ?? "", said: "\(error)")
        }
    }
}

/// ffprobe: what a recording is.
public enum FFprobe {
    /// Whether ffprobe can be run.
    public static var isAvailable: Bool { Program.locate("ffprobe") != nil }

    /// The facts of the recording at `path`; refused, naming the file and with ffprobe's words, when it is no recording.
    public static func facts(of path: String) throws(MediaError) -> MediaFacts {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .cannotRead(file: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let outcome = try Program.run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path],
                                      purpose: "to read what a recording is")
        guard outcome.status == 0 else {
            // ffprobe names the file before its verdict ("notes.txt: Invalid data found when processing input").
            var said = outcome.lastWords
            if said.hasPrefix(path + ": ") { said.removeFirst(path.count + 2) }
            throw .notMedia(file: path, said: said)
        }
        return try ProbeReading.facts(fromJSON: outcome.output, file: path)
    }

    /// The container's duration of a file ffmpeg wrote, in milliseconds.
    public static func durationMs(of path: String) throws(MediaError) -> Int {
        try facts(of: path).durationMs
    }
}

/// ffmpeg: clips cut from recordings with their captions, and a reel joined from them.
public enum FFmpeg {
    public static var isAvailable: Bool { Program.locate("ffmpeg") != nil }

    /// What every clip of one reel is encoded as, so the reel joins them without encoding again.
    public enum ClipFormat: Sendable, Equatable {
        /// H.264 at this size (a picture that does not fit is scaled and letterboxed), 25 frames a second, AAC sound,
        /// in MP4; a recording without pictures shows black.
        case video(width: Int, height: Int)
        /// AAC sound in MP4 audio (.m4a).
        case audio

        public var fileExtension: String {
            switch self {
            case .video: return "mp4"
            case .audio: return "m4a"
            }
        }

        /// The format for a set of recordings: video at the largest picture among them (even sides) when any has
        /// pictures, else audio.
        public static func fitting(_ sources: [MediaFacts]) -> ClipFormat {
            let pictures = sources.filter { $0.kind == .video }
            guard !pictures.isEmpty else { return .audio }
            let width = pictures.compactMap(\.width).max() ?? 1280
            let height = pictures.compactMap(\.height).max() ?? 720
            return .video(width: max(2, width / 2 * 2), height: max(2, height / 2 * 2))
        }
    }

    /// How a clip carries its captions.
    public enum CaptionMode: String, Sendable, CaseIterable {
        /// A subtitle track (mov_text, MP4's timed text) that players show and hide.
        case soft
        /// Drawn into the picture (libass), for players and slides that show no subtitle track.
        case burned
    }

    /// Whether this ffmpeg can draw captions into pictures (it was built with libass).
    public static var canBurnCaptions: Bool {
        guard let outcome = try? Program.run("ffmpeg", ["-hide_banner", "-filters"], purpose: "to cut clips") else { return false }
        return String(decoding: outcome.output, as: UTF8.self).contains(" subtitles ")
    }

    /// Cuts `window` of the recording at `source` into `output` (whose folder must exist) with `captions` (a WebVTT file's
    /// path) as a subtitle track or drawn into the picture, in `format`.
    public static func cutClip(source: String, facts: MediaFacts, window: ClipWindow, captions: String, mode: CaptionMode,
                               format: ClipFormat, to output: String) throws(MediaError) {
        let start = MediaTime.seconds(window.startMs)
        let length = MediaTime.seconds(window.durationMs)
        // Seeking before the input is exact when the stream is decoded again (as here), and fast.
        var arguments = ["-v", "error", "-nostdin", "-y", "-ss", start, "-t", length, "-i", source]
        var inputs = 1
        var videoInput = "0:v:0"
        var audioInput = "0:a:0"
        if case let .video(width, height) = format, facts.kind == .audio {
            arguments += ["-f", "lavfi", "-t", length, "-i", "color=c=black:s=\(width)x\(height):r=25"]
            videoInput = "\(inputs):v:0"
            inputs += 1
        }
        if facts.audioCodec == nil {
            arguments += ["-f", "lavfi", "-t", length, "-i", "anullsrc=r=48000:cl=stereo"]
            audioInput = "\(inputs):a:0"
            inputs += 1
        }
        let captionInput = inputs
        if mode == .soft { arguments += ["-i", captions] }
        if case let .video(width, height) = format {
            var filter = "scale=\(width):\(height):force_original_aspect_ratio=decrease,pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25"
            if mode == .burned { filter += ",subtitles=filename=\(filterQuoted(captions))" }
            arguments += ["-filter_complex", "[\(videoInput)]\(filter)[v]", "-map", "[v]", "-c:v", "libx264", "-preset", "veryfast", "-crf", "23",
                          "-pix_fmt", "yuv420p"]
        }
        arguments += ["-map", audioInput, "-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2"]
        if mode == .soft { arguments += ["-map", "\(captionInput):s:0", "-c:s", "mov_text"] }
        arguments += ["-t", length, "-movflags", "+faststart", "-f", "mp4", output]
        let outcome = try Program.run("ffmpeg", arguments, purpose: "to cut clips")
        guard outcome.status == 0 else { throw .programFailed(program: "ffmpeg", file: source, said: outcome.lastWords) }
    }

    /// Joins `clips` (made by `cutClip` in one format) into `output`, with `metadata` (an FFMETADATA1 file's path: the
    /// title and chapters). The clips' streams are copied, not encoded again.
    public static func joinReel(clips: [String], metadata: String, withCaptions: Bool, to output: String) throws(MediaError) {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-reel-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        // The concat demuxer's list: one `file '…'` line per clip, a quote inside a name written '\''.
        let text = clips.map { "file '" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: "\n") + "\n"
        do { try Data(text.utf8).write(to: list) } catch { throw .cannotWrite(file: list.path, reason: Sentence(verbatim: error.localizedDescription)) }
        var arguments = ["-v", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0", "-i", list.path, "-i", metadata,
                         "-map", "0:v?", "-map", "0:a"]
        if withCaptions { arguments += ["-map", "0:s?"] }
        arguments += ["-map_metadata", "1", "-map_chapters", "1", "-c", "copy", "-movflags", "+faststart", "-f", "mp4", output]
        let outcome = try Program.run("ffmpeg", arguments, purpose: "to join clips into a reel")
        guard outcome.status == 0 else { throw .programFailed(program: "ffmpeg", file: output, said: outcome.lastWords) }
    }

    /// A path inside a filter graph, between single quotes (the caller's temporary file: its path holds no quote).
    static func filterQuoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "") + "'"
    }
}
