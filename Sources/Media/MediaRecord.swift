/// A registered recording.
public struct MediaRecord: Sendable, Equatable, Codable {
    public var id: Int64
    public var participant: String
    public var label: String
    public var path: String
    public var size: Int64
    public var sha256: String
    public var modified: Double
    public var kind: MediaKind
    public var durationMs: Int
    public var container: String
    public var videoCodec: String?
    public var audioCodec: String?
    public var width: Int?
    public var height: Int?
    /// The label of the linked transcript ("" for the participant's unlabelled one); nil when none is linked.
    public var transcript: String?
    /// Whether that transcript has turns with times (what clips and playing need).
    public var transcriptTimed: Bool?
    /// The session the recording is placed on: its number among the participant's sessions.
    public var session: Int?
    /// The session's clock at the recording's zero, in ms (negative: the recording began before the session).
    public var sessionOffsetMs: Int?
    /// What placed it: "starts-at", "session" or "event:KIND TASK", tied to the recording's time `syncMediaMs`.
    public var syncAnchor: String?
    public var syncMediaMs: Int?
    /// When the session began (ISO 8601, UTC): with `sessionOffsetMs`, the wall clock of every moment of the recording.
    public var sessionStarted: String?
    public var added: String

    public init(id: Int64, participant: String, label: String, path: String, size: Int64, sha256: String, modified: Double, kind: MediaKind,
                durationMs: Int, container: String, videoCodec: String?, audioCodec: String?, width: Int?, height: Int?, transcript: String?,
                transcriptTimed: Bool?, session: Int?, sessionOffsetMs: Int?, syncAnchor: String?, syncMediaMs: Int?, sessionStarted: String?,
                added: String) {
        self.id = id
        self.participant = participant
        self.label = label
        self.path = path
        self.size = size
        self.sha256 = sha256
        self.modified = modified
        self.kind = kind
        self.durationMs = durationMs
        self.container = container
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.width = width
        self.height = height
        self.transcript = transcript
        self.transcriptTimed = transcriptTimed
        self.session = session
        self.sessionOffsetMs = sessionOffsetMs
        self.syncAnchor = syncAnchor
        self.syncMediaMs = syncMediaMs
        self.sessionStarted = sessionStarted
        self.added = added
    }

    public var facts: MediaFacts {
        MediaFacts(kind: kind, durationMs: durationMs, container: container, videoCodec: videoCodec, audioCodec: audioCodec, width: width, height: height)
    }

    public var fingerprint: FileFingerprint { FileFingerprint(size: size, sha256: sha256, modified: modified) }
}
