import Foundation
import GRDB
import Media
import QualCoding
import StudyBasics
import Surveys
import Wording

/// Where a recording's zero lies on a moderated session's clock, as asked on the command line.
public enum MediaPlacement: Sendable, Equatable {
    /// The recording began this many milliseconds after the session began (`--starts-at`).
    case startsAt(ms: Int)
    /// A time of the recording is a moment of the session (`--sync 00:00:05=event:start T1`).
    case sync(SyncPoint)
}

/// A recording to register: the file's facts read by the caller (ffprobe, its digest), and what it belongs to.
public struct MediaRegistration: Sendable, Equatable {
    public var participant: String
    public var label: String
    /// The file's absolute path.
    public var path: String
    public var facts: MediaFacts
    public var fingerprint: FileFingerprint
    /// The label of the participant's transcript made from this recording ("" for the unlabelled one), if any.
    public var transcript: String?
    public var placement: MediaPlacement?
    /// The session the placement is on: its number among the participant's sessions; nil lets the store choose (the
    /// only session, or for an event the first session that has it).
    public var session: Int?

    public init(participant: String, label: String = "", path: String, facts: MediaFacts, fingerprint: FileFingerprint,
                transcript: String? = nil, placement: MediaPlacement? = nil, session: Int? = nil) {
        self.participant = participant
        self.label = label
        self.path = path
        self.facts = facts
        self.fingerprint = fingerprint
        self.transcript = transcript
        self.placement = placement
        self.session = session
    }
}

/// A coded excerpt a clip can be cut for: its words, when it was said and the recording it was said in.
public struct ClipSource: Sendable, Equatable {
    public var participant: String
    public var excerptID: Int64
    public var excerpt: String
    /// The codes the excerpt has in the category (every coder's, each once).
    public var codes: [String]
    /// When it was said, in ms of the recording.
    public var startMs: Int
    public var endMs: Int
    /// What the time was read from: the words' own times, the excerpt's share of its cue, or the whole turn.
    public var timeBasis: ExcerptTiming.Basis
    public var media: MediaRecord
}

/// A coded excerpt no clip can be cut for, and why.
public struct SkippedExcerpt: Sendable, Equatable {
    public var participant: String
    public var excerptID: Int64
    public var excerpt: String
    public var reason: Sentence
}

extension StudyDatabase {
    // MARK: - Recordings

    /// Registers a recording of a participant (the file stays where it is), linking the transcript made from it and placing
    /// it on a session's clock when asked. One transaction; refused, naming what is wrong, when the participant, the
    /// label, the transcript or the session does not fit.
    @discardableResult
    public func addMedia(_ entry: MediaRegistration) throws -> MediaRecord {
        guard entry.path.hasPrefix("/") else {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: entry.path), message: "the recording's path must be absolute")])
        }
        if let problem = TextSafety.nulProblem(in: entry.path) {
            throw StoreError.invalidInput([.init(location: "path", message: problem)])
        }
        return try write { db in try Self.insertMedia(db, entry) }
    }

    /// Registers a recording inside a transaction the caller holds (`addMedia`, a bundle's import).
    static func insertMedia(_ db: Database, _ entry: MediaRegistration) throws -> MediaRecord {
            let participantID = try Self.participantID(db, code: entry.participant)
            let code = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [participantID]) ?? entry.participant
            let label = try Self.name(entry.label, .recordingLabel, at: "--label")
            if try Int64.fetchOne(db, sql: "SELECT id FROM media WHERE participant_id = ? AND label = ?", arguments: [participantID, label]) != nil {
                throw StoreError.invalidInput([.init(location: "participant \(code)",
                                                     message: label.isEmpty ? "has a recording without a label already: give this one a --label, or remove that one first ('studyctl media remove \(code)')"
                                                         : "has a recording labelled '\(label)' already: choose another --label, or remove that one first ('studyctl media remove \(code) --label \(label)')")])
            }
            var transcriptID: Int64?
            if let typed = entry.transcript {
                let wanted = StudyText.composed(typed)
                guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM transcript WHERE participant_id = ? AND label = ?", arguments: [participantID, wanted]) else {
                    let labels = try String.fetchAll(db, sql: "SELECT label FROM transcript WHERE participant_id = ? ORDER BY label", arguments: [participantID])
                        .map { $0.isEmpty ? "''" : "'\($0)'" }
                    throw StoreError.invalidInput([.init(location: "--transcript \(typed.isEmpty ? "''" : typed)",
                                                         message: labels.isEmpty ? "\(code) has no transcript: add it first with 'studyctl transcript add'"
                                                             : "\(code) has no transcript labelled '\(typed)' (transcripts: \(labels.joined(separator: ", ")))")])
                }
                if let other = try Row.fetchOne(db, sql: "SELECT label FROM media WHERE transcript_id = ?", arguments: [id]) {
                    let otherLabel: String = other["label"]
                    throw StoreError.invalidInput([.init(location: "--transcript \(typed.isEmpty ? "''" : typed)",
                                                         message: "the transcript is linked to \(code)'s recording \(otherLabel.isEmpty ? "without a label" : Sentence(verbatim: "'\(otherLabel)'")) already")])
                }
                transcriptID = id
            }
            var session: (id: Int64, offset: Int, anchor: String, mediaMs: Int)?
            if let placement = entry.placement {
                session = try Self.place(db, placement, participantID: participantID, participant: code, number: entry.session)
            } else if entry.session != nil {
                throw StoreError.invalidInput([.init(location: "--session", message: "say where the recording starts on the session's clock with --starts-at or --sync")])
            }
            let facts = entry.facts
            try MediaRow(participantId: participantID, label: label, path: entry.path, size: entry.fingerprint.size,
                         sha256: entry.fingerprint.sha256, modified: entry.fingerprint.modified, kind: facts.kind.rawValue,
                         durationMs: facts.durationMs, container: facts.container, videoCodec: facts.videoCodec, audioCodec: facts.audioCodec,
                         width: facts.width, height: facts.height, transcriptId: transcriptID, sessionId: session?.id,
                         sessionOffsetMs: session?.offset, syncAnchor: session?.anchor, syncMediaMs: session?.mediaMs, added: Timestamp.now())
                .insert(db)
            return try Self.mediaRecords(db, where: "m.id = ?", arguments: [db.lastInsertedRowID])[0]
    }

    /// The session a placement is on and where the recording's zero lies on its clock.
    static func place(_ db: Database, _ placement: MediaPlacement, participantID: Int64, participant: String,
                      number: Int?) throws -> (id: Int64, offset: Int, anchor: String, mediaMs: Int) {
        let sessions = try Row.fetchAll(db, sql: "SELECT id, started FROM session WHERE participant_id = ? ORDER BY id", arguments: [participantID])
        let location: Sentence
        switch placement {
        case let .startsAt(ms): location = "--starts-at \(MediaTime.seconds(ms))"
        case let .sync(point): location = "--sync \(point.text)"
        }
        guard !sessions.isEmpty else {
            throw StoreError.invalidInput([.init(location: location,
                                                 message: "\(participant) has no moderated session to place the recording on ('studyctl session' logs one); leave the option out")])
        }
        var chosen: [Int64] = sessions.map { $0["id"] }
        if let number {
            guard (1...sessions.count).contains(number) else {
                throw StoreError.invalidInput([.init(location: "--session \(number)", message: "\(participant) has sessions 1 to \(sessions.count)")])
            }
            chosen = [sessions[number - 1]["id"]]
        }
        switch placement {
        case let .startsAt(ms):
            guard chosen.count == 1 else {
                throw StoreError.invalidInput([.init(location: location, message: "\(participant) has \(sessions.count) sessions: say which with --session N")])
            }
            return (chosen[0], ms, "starts-at", 0)
        case let .sync(point):
            switch point.anchor {
            case .sessionStart:
                guard chosen.count == 1 else {
                    throw StoreError.invalidInput([.init(location: location, message: "\(participant) has \(sessions.count) sessions: say which with --session N")])
                }
                return (chosen[0], point.recordingStart(anchorAtMs: 0), point.anchor.text, point.mediaMs)
            case let .event(kind, task):
                guard SessionEventKind(rawValue: kind) != nil else {
                    throw StoreError.invalidInput([.init(location: location,
                                                         message: "'\(kind)' is not a kind of session event (\(SessionEventKind.allCases.map(\.rawValue).joined(separator: ", ")))")])
                }
                var taskID: Int64?
                if let task { taskID = try Self.taskID(db, key: task) }
                for id in chosen {
                    if let offset = try Double.fetchOne(db, sql: """
                        SELECT offset_seconds FROM session_event WHERE session_id = ? AND kind = ? AND (? IS NULL OR task_id = ?) ORDER BY id LIMIT 1
                        """, arguments: [id, kind, taskID, taskID]) {
                        let anchor = "event:\(kind)" + (try taskID.flatMap { try String.fetchOne(db, sql: "SELECT key FROM task WHERE id = ?", arguments: [$0]) }
                            .map { " \($0)" } ?? "")
                        return (id, point.recordingStart(anchorAtMs: Int((offset * 1000).rounded())), anchor, point.mediaMs)
                    }
                }
                let message: Sentence
                if let number {
                    message = "session \(number) of \(participant) has no '\(point.anchor.text)' event"
                } else if sessions.count == 1 {
                    message = "\(participant)'s session has no '\(point.anchor.text)' event"
                } else {
                    message = "none of \(participant)'s \(sessions.count) sessions has a '\(point.anchor.text)' event"
                }
                throw StoreError.invalidInput([.init(location: location, message: message)])
            }
        }
    }

    /// Every registered recording (a participant's, when given), in participant order then label.
    public func media(participant: String? = nil) throws -> [MediaRecord] {
        try read { db in
            guard let participant else { return try Self.mediaRecords(db, where: "1", arguments: []) }
            let id = try Self.participantID(db, code: participant)
            return try Self.mediaRecords(db, where: "m.participant_id = ?", arguments: [id])
        }
    }

    /// One recording by its id (what the coding workspace serves), or nil.
    public func media(id: Int64) throws -> MediaRecord? {
        try read { db in try Self.mediaRecords(db, where: "m.id = ?", arguments: [id]).first }
    }

    /// The recording a transcript is linked to, or nil.
    public func media(transcriptOf participant: String, label: String) throws -> MediaRecord? {
        try read { db in
            let id = try Self.participantID(db, code: participant)
            return try Self.mediaRecords(db, where: "m.transcript_id = (SELECT id FROM transcript WHERE participant_id = ? AND label = ?)",
                                         arguments: [id, StudyText.composed(label)]).first
        }
    }

    /// Removes a participant's recording from the study (the file is left alone).
    @discardableResult
    public func removeMedia(participant: String, label: String = "") throws -> MediaRecord {
        try write { db in
            let participantID = try Self.participantID(db, code: participant)
            let wanted = StudyText.composed(label)
            guard let record = try Self.mediaRecords(db, where: "m.participant_id = ? AND m.label = ?", arguments: [participantID, wanted]).first else {
                let labels = try String.fetchAll(db, sql: "SELECT label FROM media WHERE participant_id = ? ORDER BY label", arguments: [participantID])
                    .map { $0.isEmpty ? "''" : "'\($0)'" }
                throw StoreError.invalidInput([.init(location: "participant \(StudyText.composed(participant))",
                                                     message: labels.isEmpty ? "has no recording to remove"
                                                         : "has no recording labelled '\(label)' (recordings: \(labels.joined(separator: ", ")))")])
            }
            try db.execute(sql: "DELETE FROM media WHERE id = ?", arguments: [record.id])
            return record
        }
    }

    static func mediaRecords(_ db: Database, where condition: String, arguments: StatementArguments) throws -> [MediaRecord] {
        try Row.fetchAll(db, sql: """
            SELECT m.*, p.code, t.label AS transcript_label,
                   (SELECT count(*) FROM transcript_turn u WHERE u.transcript_id = m.transcript_id AND u.start_ms IS NOT NULL) AS timed_turns,
                   s.started AS session_started,
                   (SELECT count(*) FROM session o WHERE o.participant_id = s.participant_id AND o.id <= s.id) AS session_number
            FROM media m JOIN participant p ON p.id = m.participant_id LEFT JOIN transcript t ON t.id = m.transcript_id
            LEFT JOIN session s ON s.id = m.session_id
            WHERE \(condition)
            """, arguments: arguments).map { row in
            let transcript: String? = row["transcript_label"]
            let sessionID: Int64? = row["session_id"]
            return MediaRecord(id: row["id"], participant: row["code"], label: row["label"], path: row["path"], size: row["size"], sha256: row["sha256"],
                               modified: row["modified"], kind: MediaKind(rawValue: row["kind"]) ?? .video, durationMs: row["duration_ms"],
                               container: row["container"], videoCodec: row["video_codec"], audioCodec: row["audio_codec"], width: row["width"],
                               height: row["height"], transcript: transcript, transcriptTimed: transcript == nil ? nil : (row["timed_turns"] as Int) > 0,
                               session: sessionID == nil ? nil : row["session_number"], sessionOffsetMs: row["session_offset_ms"],
                               syncAnchor: row["sync_anchor"], syncMediaMs: row["sync_media_ms"], sessionStarted: row["session_started"],
                               added: row["added"])
        }.sorted { $0.participant == $1.participant ? $0.label < $1.label : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) }
    }

    // MARK: - Clips

    /// Every excerpt coded in `category` (by any coder; of these participants when given), each once: those said in a
    /// recording with their times on it, in participant order then time, and those that cannot be cut, with why.
    public func clipSources(category: String, participants: [String] = []) throws -> (sources: [ClipSource], skipped: [SkippedExcerpt]) {
        try read { db in
            let categoryID = try Self.requireCategory(db, category)
            var wanted: Set<String>?
            if !participants.isEmpty {
                wanted = Set(try participants.map { typed -> String in
                    let id = try Self.participantID(db, code: typed)
                    return try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]) ?? typed
                })
            }
            let codes = try Self.codeRecords(db, where: "k.id IN (SELECT code_id FROM code_category WHERE category_id = ?)", arguments: [categoryID])
                .filter { wanted?.contains($0.participant) ?? true }
            let media = Dictionary(try Row.fetchAll(db, sql: "SELECT id, transcript_id FROM media WHERE transcript_id IS NOT NULL").map {
                ($0["transcript_id"] as Int64, $0["id"] as Int64)
            }, uniquingKeysWith: { first, _ in first })
            var records: [Int64: MediaRecord] = [:]
            var sources: [ClipSource] = []
            var skipped: [SkippedExcerpt] = []
            var seen: [Int64: Int] = [:]
            for code in codes {
                if let index = seen[code.excerptID] {
                    if index >= 0, !sources[index].codes.contains(code.code) { sources[index].codes.append(code.code) }
                    continue
                }
                func skip(_ reason: Sentence) {
                    skipped.append(SkippedExcerpt(participant: code.participant, excerptID: code.excerptID, excerpt: code.excerpt, reason: reason))
                    seen[code.excerptID] = -1
                }
                guard code.spanStart != nil, let transcriptID = try Int64.fetchOne(db, sql: "SELECT transcript_id FROM excerpt WHERE id = ?",
                                                                                     arguments: [code.excerptID]) else {
                    skip("it is not placed in a transcript")
                    continue
                }
                guard let start = code.startTime, let end = code.endTime else {
                    skip("its transcript has no times (no timed turns)")
                    continue
                }
                guard let mediaID = media[transcriptID] else {
                    let label = code.transcript ?? ""
                    skip("its transcript is linked to no recording ('studyctl media add \(code.transcriptParticipant ?? code.participant) FILE --transcript \(label.isEmpty ? "''" : label)')")
                    continue
                }
                if records[mediaID] == nil { records[mediaID] = try Self.mediaRecords(db, where: "m.id = ?", arguments: [mediaID]).first }
                guard let record = records[mediaID] else { continue }
                seen[code.excerptID] = sources.count
                sources.append(ClipSource(participant: code.participant, excerptID: code.excerptID, excerpt: code.excerpt, codes: [code.code],
                                          startMs: Int((start * 1000).rounded()), endMs: Int((end * 1000).rounded()),
                                          timeBasis: code.timeBasis ?? .turn, media: record))
            }
            sources.sort {
                $0.participant == $1.participant ? ($0.startMs, $0.excerptID) < ($1.startMs, $1.excerptID)
                    : NaturalOrder.areInIncreasingOrder($0.participant, $1.participant)
            }
            return (sources, skipped)
        }
    }

    /// The stored spelling of a category (as typed, any case), refused with the study's categories when there is none.
    public func categoryName(_ typed: String) throws -> String {
        try read { db in
            let id = try Self.requireCategory(db, typed)
            return try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [id]) ?? typed
        }
    }

    /// Each recording whose file is gone or changed since it was registered.
    static func mediaProblems(_ db: Database) throws -> [MediaFileProblem] {
        guard try db.tableExists("media") else { return [] }
        return try mediaRecords(db, where: "1", arguments: []).compactMap { MediaFileProblem($0, state: $0.fingerprint.state(of: $0.path)) }
    }
}

/// A registered recording whose file is gone (moved or deleted) or changed since it was registered.
public struct MediaFileProblem: Sendable, Equatable, Codable {
    public var participant: String
    public var label: String
    public var path: String
    /// The size when it was registered.
    public var registeredSize: Int64
    /// The size now; nil when the file is gone.
    public var size: Int64?

    public var missing: Bool { size == nil }

    /// The problem of `record` whose file is in `state`; nil when the file is as registered.
    public init?(_ record: MediaRecord, state: FileFingerprint.State) {
        switch state {
        case .unchanged: return nil
        case .missing: size = nil
        case let .changed(now): size = now
        }
        participant = record.participant
        label = record.label
        path = record.path
        registeredSize = record.size
    }

    public var sentence: Sentence {
        let recording: Sentence = label.isEmpty ? "participant \(participant)'s recording (\(path))" : "participant \(participant)'s recording '\(label)' (\(path))"
        if let size, size == registeredSize {
            return "\(recording): the file's content changed since it was registered (its SHA-256 differs); register it again if it is the same recording"
        }
        if let size {
            return "\(recording): the file changed since it was registered (\(registeredSize) bytes then, \(size) now); register it again if it is the same recording"
        }
        return "\(recording): the file is gone (moved or deleted); remove the recording and add it again where it is now"
    }
}
