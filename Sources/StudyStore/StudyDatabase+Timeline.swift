import Foundation
import GRDB
import Gaze
import Media
import QualCoding
import StudyBasics
import Surveys
import Wording

/// A gaze recording placed on a session's clock.
public struct GazeSyncRecord: Sendable, Equatable, Codable {
    public var participant: String
    /// The export's recording name.
    public var recording: String
    /// The session's number among the participant's.
    public var session: Int
    public var sessionOffsetMs: Int
    /// "starts-at", "session" or "event:KIND TASK", tied to the recording's time `syncMediaMs`.
    public var syncAnchor: String
    public var syncMediaMs: Int
}

extension StudyDatabase {
    // MARK: - Gaze on the session's clock

    /// Places a participant's gaze recording (by its export's recording name; the only one when nil) on a moderated
    /// session's clock, replacing an earlier placement. Refused, naming what is wrong, when the participant, the
    /// recording or the session does not fit.
    @discardableResult
    public func syncGaze(participant: String, recording: String?, placement: MediaPlacement, session number: Int?) throws -> GazeSyncRecord {
        try write { db in
            let participantID = try Self.participantID(db, code: participant)
            let code = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [participantID]) ?? participant
            let names = try String.fetchAll(db, sql: "SELECT DISTINCT recording FROM gaze_recording WHERE participant_id = ? ORDER BY recording",
                                            arguments: [participantID])
            let listed = names.map { "'\($0)'" }.joined(separator: ", ")
            let chosen: String
            if let recording {
                guard let found = names.first(where: { $0 == recording }) ?? names.first(where: { $0.caseInsensitiveCompare(recording) == .orderedSame }) else {
                    throw StoreError.cannotShow([.init(location: "--recording \(recording)",
                                                         message: names.isEmpty ? "\(code) has no gaze recording: import it first with 'studyctl gaze import'"
                                                             : "\(code) has no gaze recording of that name (recordings: \(listed))")])
                }
                chosen = found
            } else {
                guard names.count == 1 else {
                    throw StoreError.cannotShow([.init(location: "participant \(code)",
                                                         message: names.isEmpty ? "has no gaze recording: import it first with 'studyctl gaze import'"
                                                             : "has \(names.count) gaze recordings (\(listed)): say which with --recording NAME")])
                }
                chosen = names[0]
            }
            let placed = try Self.place(db, placement, participantID: participantID, participant: code, number: number)
            try db.execute(sql: """
                INSERT INTO gaze_sync (participant_id, recording, session_id, session_offset_ms, sync_anchor, sync_media_ms, added)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (participant_id, recording) DO UPDATE SET session_id = excluded.session_id, session_offset_ms = excluded.session_offset_ms,
                    sync_anchor = excluded.sync_anchor, sync_media_ms = excluded.sync_media_ms, added = excluded.added
                """, arguments: [participantID, chosen, placed.id, placed.offset, placed.anchor, placed.mediaMs, Timestamp.now()])
            let sessionNumber = try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE participant_id = ? AND id <= ?",
                                                 arguments: [participantID, placed.id]) ?? 1
            return GazeSyncRecord(participant: code, recording: chosen, session: sessionNumber, sessionOffsetMs: placed.offset,
                                  syncAnchor: placed.anchor, syncMediaMs: placed.mediaMs)
        }
    }

    // MARK: - The time line

    /// One session of a participant on one axis (`SessionTimeline`): its events; the turns and coded excerpts of each
    /// transcript whose recording is placed on the session's clock; the AOI visits of each gaze recording placed by a
    /// sync point or, without one, by the export's recording start against the session's wall-clock start (read as a
    /// time of day in `zone`). What cannot be placed is listed with why and the command that places it.
    ///
    /// `session` is the session's number among the participant's; nil is refused when they have several.
    ///
    /// A participant interviewed without a moderated session gets the time line of their timed interview (the one
    /// labelled `transcript` when they have several) on its recording's own clock: its turns and coded excerpts.
    public func sessionTimeline(participant: String, session number: Int?, transcript: String? = nil, zone: TimeZone = .current) throws -> SessionTimeline {
        try read { db in
            let participantID = try Self.participantID(db, code: participant)
            let code = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [participantID]) ?? participant
            if number == nil, try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE participant_id = ?", arguments: [participantID]) == 0 {
                return try Self.recordingTimeline(db, participantID: participantID, code: code, transcript: transcript)
            }
            let (index, sessionID, started) = try Self.timelineSession(db, participantID: participantID, code: code, number: number)
            var parts = TimelineParts()
            let lastMs = try Self.eventItems(db, session: sessionID, into: &parts)
            let transcripts = try Self.transcriptItems(db, participantID: participantID, code: code, session: sessionID, into: &parts)
            try Self.excerptItems(db, participantID: participantID, code: code, transcripts: transcripts, into: &parts)
            try Self.gazeItems(db, participantID: participantID, code: code, session: sessionID, started: started, zone: zone, into: &parts)
            return SessionTimeline(participant: code, session: index + 1, started: started, endMs: lastMs, items: parts.items, ties: parts.ties,
                                   unplaced: parts.unplaced)
        }
    }

    /// The time line of a participant without a moderated session: a timed interview's turns and coded excerpts on
    /// its recording's own clock (0:00 = the recording's start, as the transcript's times count); the participant's
    /// other timed interviews listed as unplaced (each on its own clock).
    static func recordingTimeline(_ db: Database, participantID: Int64, code: String, transcript wanted: String?) throws -> SessionTimeline {
        // Their own interviews, then the focus groups they speak in (a speaker is a participant on the time line too).
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.id, t.label, t.text, m.label AS media_label, m.path AS media_path, p.code AS owner,
                   (SELECT count(*) FROM transcript_turn u WHERE u.transcript_id = t.id AND u.start_ms IS NOT NULL) AS timed
            FROM transcript t JOIN participant p ON p.id = t.participant_id LEFT JOIN media m ON m.transcript_id = t.id
            WHERE t.kind = ? AND (t.participant_id = ?
                  OR EXISTS (SELECT 1 FROM transcript_speaker s WHERE s.transcript_id = t.id AND s.participant_id = ?))
            ORDER BY t.participant_id <> ?, t.label, t.id
            """, arguments: [TranscriptKind.interview.rawValue, participantID, participantID, participantID])
        let timed = rows.filter { ($0["timed"] as Int) > 0 }
        func shown(_ label: String) -> String { label.isEmpty ? "''" : label }
        guard let chosen = wanted.map({ label in timed.first { ($0["label"] as String) == StudyText.composed(label) } }) ?? timed.first else {
            if let wanted {
                throw StoreError.cannotShow([.init(location: "--transcript \(wanted)",
                                                     message: timed.isEmpty ? "\(code) has no transcript with times"
                                                         : "\(code) has no timed transcript of that label (timed: \(timed.map { shown($0["label"]) }.joined(separator: ", ")))")])
            }
            throw StoreError.cannotShow([.init(location: "participant \(code)",
                                                 message: "has neither a moderated session nor a transcript with times: 'studyctl session \(code)' logs a session, 'studyctl transcript add \(code) FILE.vtt' adds a timed interview")])
        }
        let label: String = chosen["label"]
        let mediaFile = (chosen["media_path"] as String?).map { ($0 as NSString).lastPathComponent }
        let clock = mediaFile.map { "recording \($0)" } ?? "transcript \(shown(label))"
        // The clock in the reader's language (the JSON's `recording` keeps the English words).
        let source: Sentence = mediaFile.map { "recording \($0)" } ?? "transcript \(shown(label))"
        let tie = ClockTie(source: source, offsetMs: 0, basis: .own, how: "")
        var parts = TimelineParts()
        parts.ties.append(tie)
        let text = Array((chosen["text"] as String).unicodeScalars)
        var lastMs = 0
        for turn in try Row.fetchAll(db, sql: """
            SELECT s.name, u.start_ms, u.end_ms, u.span_start, u.span_end FROM transcript_turn u
            LEFT JOIN transcript_speaker s ON s.id = u.speaker_id WHERE u.transcript_id = ? AND u.start_ms IS NOT NULL ORDER BY u.position
            """, arguments: [chosen["id"] as Int64]) {
            let start: Int = turn["start_ms"]
            let end: Int? = turn["end_ms"]
            lastMs = max(lastMs, end ?? start)
            parts.items.append(.init(kind: .turn, lane: (turn["name"] as String?) ?? "?", label: Self.snippet(text, from: turn["span_start"], to: turn["span_end"]),
                                     startMs: start, endMs: end))
        }
        for other in timed where (other["id"] as Int64) != (chosen["id"] as Int64) {
            parts.unplaced.append(.init(kind: .turn, source: "transcript \(shown(other["label"]))", items: other["timed"],
                                        reason: "it is on its own recording's clock: 'studyctl timeline \(code) --transcript \(shown(other["label"]))'"))
        }
        let owner: String = chosen["owner"]
        let transcripts = TimelineTranscripts(placed: [label: tie], logs: [], labels: Set(rows.map { $0["label"] as String }))
        try Self.excerptItems(db, participantID: participantID, code: code, transcripts: transcripts, into: &parts,
                              transcriptOwner: owner)
        return SessionTimeline(participant: code, session: 0, started: "", endMs: lastMs, items: parts.items, ties: parts.ties, unplaced: parts.unplaced,
                               recording: clock)
    }

    /// The session the time line is drawn for: the participant's `number`th (1-based), or their only one; its index,
    /// id and start.
    static func timelineSession(_ db: Database, participantID: Int64, code: String, number: Int?) throws -> (index: Int, id: Int64, started: String) {
        let sessions = try Row.fetchAll(db, sql: "SELECT id, started, transcript_id FROM session WHERE participant_id = ? ORDER BY id",
                                        arguments: [participantID])
        guard !sessions.isEmpty else {
            throw StoreError.cannotShow([.init(location: "participant \(code)",
                                                 message: "has no moderated session: 'studyctl session \(code)' logs one, and the time line is drawn on its clock")])
        }
        let index: Int
        if let number {
            guard (1...sessions.count).contains(number) else {
                throw StoreError.cannotShow([.init(location: "--session \(number)",
                                                     message: sessions.count == 1 ? "\(code) has one session (1)" : "\(code) has sessions 1 to \(sessions.count)")])
            }
            index = number - 1
        } else {
            guard sessions.count == 1 else {
                let listed = sessions.enumerated().map { "\($0.offset + 1): \($0.element["started"] as String)" }.joined(separator: "; ")
                throw StoreError.cannotShow([.init(location: "participant \(code)",
                                                     message: "has \(sessions.count) sessions (\(listed)): say which with --session N")])
            }
            index = 0
        }
        let session = sessions[index]
        return (index, session["id"], session["started"])
    }

    /// The session's events as items; returns the last event's time (ms), the end of the time line.
    static func eventItems(_ db: Database, session sessionID: Int64, into parts: inout TimelineParts) throws -> Int {
        // Events: each try of a task as a bar from its start to its outcome (or cancel), the rest as marks.
        let events = try Row.fetchAll(db, sql: """
            SELECT e.kind, t.key AS task, e.offset_seconds, e.value FROM session_event e LEFT JOIN task t ON t.id = e.task_id
            WHERE e.session_id = ? ORDER BY e.id
            """, arguments: [sessionID])
        var open: [String: Int] = [:]
        var lastMs = 0
        for row in events {
            let kind: String = row["kind"]
            let task = (row["task"] as String?) ?? ""
            let ms = Int(((row["offset_seconds"] as Double) * 1000).rounded())
            let value = (row["value"] as String?) ?? ""
            lastMs = max(lastMs, ms)
            switch kind {
            case "start":
                open[task] = ms
            case "outcome", "cancel":
                let begun = open.removeValue(forKey: task) ?? ms
                parts.items.append(.init(kind: .event, lane: task, label: "attempt", startMs: begun, endMs: ms, detail: kind == "cancel" ? "cancel" : value))
            case "stop":
                break
            case "uncount":
                // Takes back the task's last error mark.
                if let last = parts.items.lastIndex(where: { $0.kind == .event && $0.lane == task && $0.label == "error" }) { parts.items.remove(at: last) }
            case "assist" where value == "0":
                if let last = parts.items.lastIndex(where: { $0.kind == .event && $0.lane == task && $0.label == "assist" }) { parts.items.remove(at: last) }
            default:
                parts.items.append(.init(kind: .event, lane: task, label: kind, startMs: ms, detail: kind == "assist" ? "" : value))
            }
        }
        for (task, begun) in open {
            parts.items.append(.init(kind: .event, lane: task, label: "attempt", startMs: begun, endMs: max(begun, lastMs), detail: "open"))
        }
        return lastMs
    }

    /// The turns of the participant's transcripts whose recording is placed on this session's clock, as items; the
    /// others listed as unplaced with why. Returns what the coded excerpts need to be placed.
    static func transcriptItems(_ db: Database, participantID: Int64, code: String, session sessionID: Int64,
                                into parts: inout TimelineParts) throws -> TimelineTranscripts {
        // Transcripts, by way of the recordings they were made from.
        struct Placed { var tie: ClockTie; var text: [Unicode.Scalar] }
        var placedTranscripts: [String: Placed] = [:]
        let transcripts = try Row.fetchAll(db, sql: """
            SELECT t.id, t.label, t.kind, t.text, m.label AS media_label, m.session_id, m.session_offset_ms, m.sync_anchor, m.sync_media_ms,
                   (SELECT count(*) FROM transcript_turn u WHERE u.transcript_id = t.id) AS turns,
                   (SELECT count(*) FROM transcript_turn u WHERE u.transcript_id = t.id AND u.start_ms IS NOT NULL) AS timed
            FROM transcript t LEFT JOIN media m ON m.transcript_id = t.id WHERE t.participant_id = ? ORDER BY t.label
            """, arguments: [participantID])
        var logs: Set<String> = []
        for row in transcripts {
            let label: String = row["label"]
            let shown = label.isEmpty ? "''" : label
            if (row["kind"] as String) == TranscriptKind.sessionLog.rawValue { logs.insert(label); continue }
            let turns: Int = row["turns"]
            let timed: Int = row["timed"]
            let mediaLabel: String? = row["media_label"]
            let mediaSession: Int64? = row["session_id"]
            let source: Sentence = "transcript \(shown)"
            guard timed > 0 else {
                parts.unplaced.append(.init(kind: .turn, source: source, items: max(turns, 1),
                                      reason: "it has no times: add it again from a timed file (WebVTT, SRT) and link it to its recording with 'studyctl media add \(code) FILE --transcript \(shown) --sync TIME=event:start TASK'"))
                continue
            }
            guard let mediaLabel else {
                parts.unplaced.append(.init(kind: .turn, source: source, items: turns,
                                      reason: "it is linked to no recording, so its times are on no known clock: 'studyctl media add \(code) FILE --transcript \(shown) --sync TIME=event:start TASK'"))
                continue
            }
            let recordingName = mediaLabel.isEmpty ? "''" : mediaLabel
            guard let mediaSession, let offset: Int = row["session_offset_ms"] else {
                parts.unplaced.append(.init(kind: .turn, source: source, items: turns,
                                      reason: "its recording \(recordingName) is not placed on the session's clock: register it again with --starts-at SECONDS or --sync TIME=event:start TASK ('studyctl media remove \(code)\(mediaLabel.isEmpty ? "" : " --label \(mediaLabel)")', then 'studyctl media add')"))
                continue
            }
            // A recording placed on another of the participant's sessions belongs to that session's time line.
            guard mediaSession == sessionID else { continue }
            let anchor = (row["sync_anchor"] as String?) ?? "starts-at"
            let mediaMs = (row["sync_media_ms"] as Int?) ?? 0
            let tie = ClockTie(source: "recording \(recordingName)", offsetMs: offset, basis: anchor == "starts-at" ? .startsAt : .sync,
                               how: anchor == "starts-at" ? "--starts-at \(MediaTime.seconds(offset))" : "--sync \(MediaTime.text(mediaMs))=\(anchor)")
            parts.ties.append(tie)
            let text = Array((row["text"] as String).unicodeScalars)
            placedTranscripts[label] = Placed(tie: tie, text: text)
            let id: Int64 = row["id"]
            for turn in try Row.fetchAll(db, sql: """
                SELECT s.name, u.start_ms, u.end_ms, u.span_start, u.span_end FROM transcript_turn u
                LEFT JOIN transcript_speaker s ON s.id = u.speaker_id WHERE u.transcript_id = ? AND u.start_ms IS NOT NULL ORDER BY u.position
                """, arguments: [id]) {
                let start: Int = turn["start_ms"]
                let end: Int? = turn["end_ms"]
                let words = Self.snippet(text, from: turn["span_start"], to: turn["span_end"])
                parts.items.append(.init(kind: .turn, lane: (turn["name"] as String?) ?? "?", label: words, startMs: tie.sessionMs(start),
                                   endMs: end.map { tie.sessionMs($0) }))
            }
        }
        return TimelineTranscripts(placed: placedTranscripts.mapValues(\.tie), logs: logs, labels: Set(transcripts.map { $0["label"] as String }))
    }

    /// The participant's coded excerpts in the placed transcripts, one item per excerpt and category; the others
    /// counted as unplaced per transcript.
    /// `transcriptOwner`: whose transcript the placed one is, when the participant speaks in another's (a focus group).
    static func excerptItems(_ db: Database, participantID: Int64, code: String, transcripts: TimelineTranscripts,
                             into parts: inout TimelineParts, transcriptOwner: String? = nil) throws {
        // Coded excerpts: one item per excerpt and category, in the transcript's tie.
        let codes = try Self.codeRecords(db, where: "e.participant_id = ?", arguments: [participantID])
        var grouped: [Int64: [CodeRecord]] = [:]
        var order: [Int64] = []
        for record in codes {
            if grouped[record.excerptID] == nil { order.append(record.excerptID) }
            grouped[record.excerptID, default: []].append(record)
        }
        var unplacedExcerpts: [String: Int] = [:]
        var excerptSources: [String: Sentence] = [:]
        var moderators = 0
        for excerptID in order {
            guard let records = grouped[excerptID], let first = records.first else { continue }
            let transcript = first.transcript ?? ""
            guard first.spanStart != nil, (first.transcriptParticipant ?? code) == (transcriptOwner ?? code) else { continue }
            // The moderator's words belong to no participant: their codings are not this participant's (said below).
            if first.moderatorWords == true {
                moderators += 1
                continue
            }
            guard let tie = transcripts.placed[transcript], let start = first.startTime, let end = first.endTime else {
                if transcripts.logs.contains(transcript) || first.transcriptKind == .sessionLog {
                    // Keys: the label, after a unit separator for a session's log.
                    unplacedExcerpts["\u{1F}" + transcript, default: 0] += 1
                    excerptSources["\u{1F}" + transcript] = "session log \(transcript)"
                } else if transcripts.labels.contains(transcript) {
                    unplacedExcerpts[transcript, default: 0] += 1
                    excerptSources[transcript] = "transcript \(transcript.isEmpty ? "''" : transcript)"
                }
                continue
            }
            var byCategory: [String: [String]] = [:]
            var categoryOrder: [String] = []
            for record in records {
                for lane in record.categories.isEmpty ? [record.code] : record.categories {
                    if byCategory[lane] == nil { categoryOrder.append(lane) }
                    if !(byCategory[lane]?.contains(record.code) ?? false) { byCategory[lane, default: []].append(record.code) }
                }
            }
            for lane in categoryOrder {
                parts.items.append(.init(kind: .excerpt, lane: lane, label: Self.snippet(Array(first.excerpt.unicodeScalars), from: 0, to: Int.max),
                                   startMs: tie.sessionMs(start * 1000), endMs: tie.sessionMs(end * 1000),
                                   detail: (byCategory[lane] ?? []).joined(separator: "; ")))
            }
        }
        for (source, count) in unplacedExcerpts.sorted(by: { $0.key < $1.key }) {
            let reason: Sentence = source.hasPrefix("\u{1F}")
                ? "the session's log has no times (its notes are on the events' lanes)"
                : "their transcript is not on the session's clock (see the transcript above)"
            parts.unplaced.append(.init(kind: .excerpt, source: excerptSources[source] ?? Sentence(verbatim: source), items: count, reason: reason))
        }
        if moderators > 0 {
            parts.unplaced.append(.init(kind: .excerpt, source: "the moderator's words", items: moderators,
                                        reason: "the moderator's words belong to no participant ('code list' and 'transcript show' list them)"))
        }
    }

    /// The AOI visits of the participant's gaze recordings placed on this session's clock, as items; the others
    /// listed as unplaced with why.
    static func gazeItems(_ db: Database, participantID: Int64, code: String, session sessionID: Int64, started: String, zone: TimeZone,
                          into parts: inout TimelineParts) throws {
        // Gaze: per recording name, its sync point, else the export's start against the session's wall clock.
        let gaze = try Row.fetchAll(db, sql: """
            SELECT r.id, r.recording, r.start_of_day_ms, r.media_id, m.name AS media FROM gaze_recording r JOIN gaze_media m ON m.id = r.media_id
            WHERE r.participant_id = ? ORDER BY r.recording, r.id
            """, arguments: [participantID])
        let sessionStartOfDay = ClockAlignment.startOfDay(iso: started, in: zone)
        var gazeTies: [String: ClockTie?] = [:]
        for row in gaze {
            let name: String = row["recording"]
            let media: String = row["media"]
            if gazeTies[name] == nil {
                var tie: ClockTie?
                if let sync = try GazeSyncRow.filter(Column("participant_id") == participantID && Column("recording") == name).fetchOne(db) {
                    if sync.sessionId != sessionID { gazeTies[name] = .some(nil); continue }
                    let (anchor, offset) = (sync.syncAnchor, sync.sessionOffsetMs)
                    tie = ClockTie(source: "gaze recording \(name)", offsetMs: offset, basis: anchor == "starts-at" ? .startsAt : .sync,
                                   how: anchor == "starts-at" ? "--starts-at \(MediaTime.seconds(offset))" : "--sync \(MediaTime.text(sync.syncMediaMs))=\(anchor)")
                } else if let startOfDay: Double = row["start_of_day_ms"], let sessionStartOfDay {
                    let offset = ClockAlignment.offset(recordingStartOfDay: startOfDay, sessionStartOfDay: sessionStartOfDay)
                    tie = ClockTie(source: "gaze recording \(name)", offsetMs: offset, basis: .wallClock,
                                   how: "\(ClockAlignment.timeOfDayText(startOfDay)) − \(ClockAlignment.timeOfDayText(sessionStartOfDay)) (\(zone.identifier))")
                }
                gazeTies[name] = .some(tie)
                if let tie { parts.ties.append(tie) }
            }
            guard let entry = gazeTies[name], let tie = entry else {
                if gazeTies[name] != nil, try Row.fetchOne(db, sql: "SELECT 1 FROM gaze_sync WHERE participant_id = ? AND recording = ? AND session_id <> ?",
                                                             arguments: [participantID, name, sessionID]) != nil { continue }
                let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM gaze_fixation WHERE recording_id = ?", arguments: [row["id"] as Int64]) ?? 0
                parts.unplaced.append(.init(kind: .gaze, source: "gaze recording \(name) (\(media))", items: count,
                                      reason: "it has no sync point and its export no recording start time: 'studyctl gaze sync \(code) --recording \(name) --sync TIME=event:start TASK'"))
                continue
            }
            let fixations = try Self.fixations(db, recording: row["id"])
            let areas = try Row.fetchAll(db, sql: "SELECT name, shape FROM gaze_aoi WHERE media_id = ? ORDER BY id", arguments: [row["media_id"] as Int64])
            if areas.isEmpty {
                parts.unplaced.append(.init(kind: .gaze, source: "gaze recording \(name) (\(media))", items: fixations.count,
                                      reason: "its media has no AOIs to visit: 'studyctl aoi add \(media) NAME --rect X,Y,W,H'"))
                continue
            }
            for area in areas {
                let shape = try JSONDecoder().decode(AOI.Shape.self, from: Data((area["shape"] as String).utf8))
                let aoi = AOI(name: area["name"], shape: shape)
                for visit in AOIVisit.visits(to: aoi, in: fixations) {
                    parts.items.append(.init(kind: .gaze, lane: aoi.name, label: aoi.name, startMs: tie.sessionMs(visit.start), endMs: tie.sessionMs(visit.end),
                                       detail: "\(media) · \(visit.fixations)"))
                }
            }
        }
    }

    /// The words of `text` between two scalar offsets    /// The words of `text` between two scalar offsets, on one line and at most 60 characters (an ellipsis when cut).
    static func snippet(_ text: [Unicode.Scalar], from start: Int, to end: Int) -> String {
        let low = max(0, min(start, text.count)), high = max(low, min(end, text.count))
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text[low..<high])
        let words = String(scalars).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count > 60 ? String(words.prefix(59)) + "…" : words
    }
}

/// What a session's time line gathers as it reads events, transcripts, excerpts and gaze.
struct TimelineParts {
    var items: [SessionTimeline.Item] = []
    var ties: [ClockTie] = []
    var unplaced: [SessionTimeline.Unplaced] = []
}

/// The participant's transcripts as the coded excerpts need them: the tie of each placed one by label, the labels of
/// session logs, and every label.
struct TimelineTranscripts {
    var placed: [String: ClockTie]
    var logs: Set<String>
    var labels: Set<String>
}
