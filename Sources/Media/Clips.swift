import Foundation

/// The part of a recording a clip takes: the excerpt's time with a lead-in and a lead-out, kept inside the recording.
public struct ClipWindow: Sendable, Equatable {
    /// Where the clip starts and ends in the recording (ms).
    public var startMs: Int
    public var endMs: Int
    /// Where the excerpt's words are inside the clip (ms from the clip's start): its caption's time.
    public var wordsStartMs: Int
    public var wordsEndMs: Int
    /// Whether the lead-in or lead-out was cut short by the recording's start or end.
    public var leadClamped: Bool
    public var tailClamped: Bool

    public var durationMs: Int { endMs - startMs }

    public init(startMs: Int, endMs: Int, wordsStartMs: Int, wordsEndMs: Int, leadClamped: Bool, tailClamped: Bool) {
        self.startMs = startMs
        self.endMs = endMs
        self.wordsStartMs = wordsStartMs
        self.wordsEndMs = wordsEndMs
        self.leadClamped = leadClamped
        self.tailClamped = tailClamped
    }

    /// The window around an excerpt said from `spanStartMs` to `spanEndMs` of a recording `durationMs` long; nil when
    /// the excerpt begins at or after the recording's end (a transcript longer than its recording).
    public static func around(spanStartMs: Int, spanEndMs: Int, leadMs: Int, tailMs: Int, durationMs: Int) -> ClipWindow? {
        guard spanStartMs < durationMs, spanStartMs >= 0 else { return nil }
        let spanEnd = min(max(spanEndMs, spanStartMs), durationMs)
        let start = max(0, spanStartMs - max(0, leadMs))
        let end = min(durationMs, spanEnd + max(0, tailMs))
        guard end > start else { return nil }
        return ClipWindow(startMs: start, endMs: end, wordsStartMs: spanStartMs - start, wordsEndMs: max(spanEnd - start, spanStartMs - start + 1),
                          leadClamped: spanStartMs - leadMs < 0, tailClamped: spanEnd + tailMs > durationMs)
    }
}

/// File names of clips that sort by participant and time in any file browser: the clip's place in the reel first (its
/// participants in the study's order, each one's clips in time order), then the participant, the time and the code.
public enum ClipNaming {
    /// "01-P3-0m05s250-menu-confuso.mp4".
    public static func fileName(index: Int, of count: Int, participant: String, startMs: Int, code: String, ext: String) -> String {
        let width = max(2, String(count).count)
        let number = String(repeating: "0", count: max(0, width - String(index).count)) + String(index)
        let (h, m, s, ms) = (startMs / 3_600_000, startMs / 60_000 % 60, startMs / 1000 % 60, startMs % 1000)
        let time = (h > 0 ? "\(h)h" : "") + String(format: "%02dm%02ds%03d", m, s, ms)
        let slug = self.slug(code)
        return [number, self.slug(participant, keepCase: true), time, slug].filter { !$0.isEmpty }.joined(separator: "-") + "." + ext
    }

    /// Letters and digits without accents, words joined by hyphens, at most 40 characters: safe in any file system.
    public static func slug(_ text: String, keepCase: Bool = false) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        var gap = false
        for scalar in folded.unicodeScalars {
            guard result.count < 40 else { break }
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if gap && !result.isEmpty { result.append("-") }
                let character = Character(scalar)
                result.append(keepCase ? String(character) : character.lowercased())
                gap = false
            } else {
                gap = true
            }
        }
        while result.count > 40 || result.hasSuffix("-") { result.removeLast() }
        return result
    }
}

/// Caption files: WebVTT, which ffmpeg turns into the clip's subtitle track (mov_text in MP4) or burns into its picture.
public enum Captions {
    public struct Cue: Sendable, Equatable {
        public var startMs: Int
        public var endMs: Int
        public var text: String

        public init(startMs: Int, endMs: Int, text: String) {
            self.startMs = startMs
            self.endMs = endMs
            self.text = text
        }
    }

    /// A WebVTT file of `cues`, each cue's text wrapped into lines of at most `width` characters (subtitle guidelines keep
    /// a line near 42), the text's own line breaks kept as spaces.
    public static func webVTT(_ cues: [Cue], width: Int = 42) -> String {
        var lines = ["WEBVTT", ""]
        for cue in cues {
            lines.append("\(time(cue.startMs)) --> \(time(max(cue.endMs, cue.startMs + 1)))")
            lines += wrap(cue.text, width: width)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// `hh:mm:ss.ttt`.
    static func time(_ ms: Int) -> String {
        let total = max(0, ms)
        return String(format: "%02d:%02d:%02d.%03d", total / 3_600_000, total / 60_000 % 60, total / 1000 % 60, total % 1000)
    }

    /// Words laid into lines of at most `width` characters (a longer word stands alone); "-->" and blank lines, which
    /// would end a cue, cannot occur.
    static func wrap(_ text: String, width: Int) -> [String] {
        let words = text.replacingOccurrences(of: "-->", with: "→").split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty { line = word } else if line.count + 1 + word.count <= width { line += " " + word } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? ["…"] : lines
    }
}

/// Chapters in FFmpeg's metadata file format (FFMETADATA1), which ffmpeg writes into an MP4 as its chapters.
public enum Chapters {
    public struct Chapter: Sendable, Equatable {
        public var title: String
        public var startMs: Int
        public var endMs: Int

        public init(title: String, startMs: Int, endMs: Int) {
            self.title = title
            self.startMs = startMs
            self.endMs = endMs
        }
    }

    /// One chapter per run of consecutive clips of the same participant, from the clips' measured durations.
    public static func perParticipant(_ clips: [(participant: String, durationMs: Int)]) -> [Chapter] {
        var chapters: [Chapter] = []
        var at = 0
        for clip in clips {
            if let last = chapters.last, last.title == clip.participant {
                chapters[chapters.count - 1].endMs = at + clip.durationMs
            } else {
                chapters.append(Chapter(title: clip.participant, startMs: at, endMs: at + clip.durationMs))
            }
            at += clip.durationMs
        }
        return chapters
    }

    /// The metadata file: the reel's title, then each chapter in milliseconds.
    public static func ffmetadata(title: String, chapters: [Chapter]) -> String {
        var text = ";FFMETADATA1\ntitle=\(escape(title))\n"
        for chapter in chapters {
            text += "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(chapter.startMs)\nEND=\(chapter.endMs)\ntitle=\(escape(chapter.title))\n"
        }
        return text
    }

    /// `=`, `;`, `#`, `\` and line breaks are escaped with a backslash (FFmpeg's metadata format).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "=;#\\".contains(character) { result.append("\\") }
            if character == "\n" { result += "\\\n"; continue }
            result.append(character)
        }
        return result
    }
}
