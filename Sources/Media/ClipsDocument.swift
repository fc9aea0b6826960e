/// What `clips` wrote (docs/json.md, `clips --json`): each clip's file and place in its recording, the reel with a
/// chapter per participant, and the excerpts skipped with their reasons. Its `--json` and its sentences come from
/// this value.
public struct ClipsDocument: Encodable, Sendable, Equatable {
    public struct Clip: Encodable, Sendable, Equatable {
        public var file: String
        public var participant: String
        public var excerptID: Int64
        public var codes: [String]
        public var excerpt: String
        /// Where the clip lies in its recording, and where the excerpt's words lie in it (ms).
        public var startMs: Int
        public var endMs: Int
        public var excerptStartMs: Int
        public var excerptEndMs: Int
        /// What the excerpt's time was read from: "words" (its words' own times), "cue share" (its share of its cue,
        /// by characters) or "turn" (a turn without an end).
        public var timeBasis: String
        /// The clip file's duration as ffprobe reads it.
        public var durationMs: Int
        public var recording: String

        public init(file: String, participant: String, excerptID: Int64, codes: [String], excerpt: String, startMs: Int, endMs: Int,
                    excerptStartMs: Int, excerptEndMs: Int, timeBasis: String, durationMs: Int, recording: String) {
            self.file = file
            self.participant = participant
            self.excerptID = excerptID
            self.codes = codes
            self.excerpt = excerpt
            self.startMs = startMs
            self.endMs = endMs
            self.excerptStartMs = excerptStartMs
            self.excerptEndMs = excerptEndMs
            self.timeBasis = timeBasis
            self.durationMs = durationMs
            self.recording = recording
        }
    }

    public struct Reel: Encodable, Sendable, Equatable {
        public var file: String
        public var durationMs: Int
        public var chapters: [Chapter]

        public init(file: String, durationMs: Int, chapters: [Chapter]) {
            self.file = file
            self.durationMs = durationMs
            self.chapters = chapters
        }
    }

    public struct Chapter: Encodable, Sendable, Equatable {
        public var title: String
        public var startMs: Int
        public var endMs: Int

        public init(title: String, startMs: Int, endMs: Int) {
            self.title = title
            self.startMs = startMs
            self.endMs = endMs
        }
    }

    public struct Skipped: Encodable, Sendable, Equatable {
        public var participant: String
        public var excerptID: Int64
        public var excerpt: String
        /// Why, in the command line's language.
        public var reason: String

        public init(participant: String, excerptID: Int64, excerpt: String, reason: String) {
            self.participant = participant
            self.excerptID = excerptID
            self.excerpt = excerpt
            self.reason = reason
        }
    }

    public var category: String
    public var folder: String
    /// "soft" (a subtitle track) or "burned" (drawn into the picture).
    public var captions: String
    public var clips: [Clip]
    public var reel: Reel?
    public var skipped: [Skipped]

    public init(category: String, folder: String, captions: String, clips: [Clip], reel: Reel?, skipped: [Skipped]) {
        self.category = category
        self.folder = folder
        self.captions = captions
        self.clips = clips
        self.reel = reel
        self.skipped = skipped
    }
}
