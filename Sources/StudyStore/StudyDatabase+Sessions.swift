import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

/// What a logged event changed.
public struct SessionUpdate: Sendable {
    public var session: SessionRecord
    /// The trial number the outcome stored as an attempt.
    public var storedTrial: Int?
}

/// The session's clock: seconds since the session began, counted on the machine's monotonic clock from the moment
/// this process opened the session (so a changed system time or a daylight-saving jump does not change a task's
/// time), continuing the session's wall-clock time when a session is resumed.
///
/// `STUDYCTL_CLOCK_FILE` names a file holding the time (seconds since 1970) for tests and recorded demos: the clock
/// reads it at every call, so a test moves time by writing the file.
public struct SessionClock: Sendable {
    let started: Double
    let base: Double
    let baseReading: Double
    let file: String?

    public init(started: String) {
        file = ProcessInfo.processInfo.environment["STUDYCTL_CLOCK_FILE"]
        self.started = SessionClock.seconds(started) ?? 0
        let wall = SessionClock.wallNow(file: file)
        base = max(0, wall - self.started)
        baseReading = SessionClock.monotonic(file: file)
    }

    /// Seconds since the session began.
    public func offset() -> Double { ModeratedSession.rounded(base + max(0, SessionClock.monotonic(file: file) - baseReading)) }

    /// The wall clock now, as the session's start is written.
    public static func startStamp() -> String {
        stamp(wallNow(file: ProcessInfo.processInfo.environment["STUDYCTL_CLOCK_FILE"]))
    }

    static func wallNow(file: String?) -> Double {
        if let file, let text = try? String(contentsOfFile: file, encoding: .utf8),
           let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return value }
        return Date().timeIntervalSince1970
    }

    static func monotonic(file: String?) -> Double {
        if file != nil { return wallNow(file: file) }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// ISO 8601 in UTC with milliseconds.
    public static func stamp(_ seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down))
        let milliseconds = min(999, Int(((seconds - seconds.rounded(.down)) * 1000).rounded()))
        var parts = tm()
        gmtime_r(&whole, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), milliseconds)
    }

    /// Seconds since 1970 of a stamp written by `stamp`.
    public static func seconds(_ stamp: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: stamp) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: stamp)?.timeIntervalSince1970
    }

    /// `h:mm:ss` (or `m:ss` under an hour) of an offset, for the session's log and screens.
    public static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%02d:%02d", m, s)
    }
}

extension StudyDatabase {
    /// The participant's unfinished session under the same condition, or a new one.
    ///
    /// - Parameters:
    ///   - tasks: the tasks in order (default every task of the study); a resumed session keeps its own.
    ///   - afterTask: the per-task instrument to ask after each task (nil: none).
    /// - Returns: the session and whether it was resumed.
    public func openSession(participant: String, conditions: [String: String] = [:], tasks: [String]? = nil,
                            afterTask: String? = nil, after: [String] = [], observer: String? = nil) throws -> (session: SessionRecord, resumed: Bool) {
        try write { db in
            let plan = try Self.planSession(db, participant: participant, conditions: conditions, tasks: tasks, afterTask: afterTask)
            if let id = plan.unfinished {
                // Resumed as it began; what is given again replaces what it kept.
                if !after.isEmpty { try db.execute(sql: "UPDATE session SET after_session = ? WHERE id = ?", arguments: [after.joined(separator: ","), id]) }
                if let observer { try db.execute(sql: "UPDATE session SET observer = ? WHERE id = ?", arguments: [observer, id]) }
                return (try Self.session(db, id: id), true)
            }
            try SessionRow(participantId: plan.participantID, conditionKey: plan.conditionKey, afterTask: afterTask?.lowercased(),
                           started: SessionClock.startStamp(), afterSession: after.isEmpty ? nil : after.joined(separator: ","), observer: observer)
                .insert(db)
            let id = db.lastInsertedRowID
            for (position, taskID) in plan.taskIDs.enumerated() {
                try db.execute(sql: "INSERT INTO session_task (session_id, task_id, position) VALUES (?, ?, ?)", arguments: [id, taskID, position + 1])
            }
            for (factorID, levelID) in plan.levels {
                try db.execute(sql: "INSERT INTO session_condition (session_id, factor_id, level_id) VALUES (?, ?, ?)", arguments: [id, factorID, levelID])
            }
            return (try Self.session(db, id: id), false)
        }
    }

    /// The unfinished session `openSession` would resume (nil: it would begin a new one): under the given
    /// conditions, or, without any, the participant's one open session whatever its condition. Several open
    /// sessions and no condition: refused, naming each with the options that choose it.
    public func resumableSession(participant: String, conditions: [String: String] = [:]) throws -> SessionRecord? {
        try read { db in
            let participantID = try Self.participantID(db, code: participant)
            return try Self.unfinishedSession(db, participantID: participantID, participant: participant, conditions: conditions).map { try Self.session(db, id: $0) }
        }
    }

    static func unfinishedSession(_ db: Database, participantID: Int64, participant: String, conditions: [String: String]) throws -> Int64? {
        if !conditions.isEmpty {
            let key = try resolveConditions(db, conditions).conditionKey
            return try Int64.fetchOne(db, sql: "SELECT id FROM session WHERE participant_id = ? AND condition_key = ? AND ended IS NULL ORDER BY id DESC LIMIT 1",
                                      arguments: [participantID, key])
        }
        let open = try Int64.fetchAll(db, sql: "SELECT id FROM session WHERE participant_id = ? AND ended IS NULL ORDER BY id", arguments: [participantID])
        guard open.count > 1 else { return open.first }
        let choices = try open.map { try session(db, id: $0) }.map { $0.resumeOptions.isEmpty ? "(—)" : $0.resumeOptions }
        throw StoreError.invalidInput([.init(location: "participant \(StudyText.composed(participant))",
                                             message: "has \(open.count) open sessions (\(choices.joined(separator: "; "))): say which with --condition, or end one with 'studyctl session close'")])
    }

    /// Ends a participant's open session (chosen as `resumableSession` chooses) at the session clock's now. A try
    /// still open (its timer running, or waiting for its outcome) is cancelled first and named in the result.
    public func closeSession(participant: String, conditions: [String: String] = [:], logLabel: String) throws -> (session: SessionRecord, cancelled: String?) {
        guard let open = try resumableSession(participant: participant, conditions: conditions) else {
            throw StoreError.invalidInput([.init(location: "participant \(StudyText.composed(participant))",
                                                 message: "has no open session\(conditions.isEmpty ? "" : " (" + MeasurementKey(conditions: conditions).conditionText + ")")")])
        }
        let clock = SessionClock(started: open.started)
        var cancelled: String?
        if let task = open.state.open?.task {
            _ = try logSessionEvent(session: open.id, SessionEvent(.cancel, offset: max(clock.offset(), open.state.lastOffset)), logLabel: logLabel)
            cancelled = task
        }
        let ended = try logSessionEvent(session: open.id, SessionEvent(.end, offset: max(clock.offset(), open.state.lastOffset)), logLabel: logLabel)
        return (ended.session, cancelled)
    }

    /// Removes a participant's session (its number among theirs; the only one when nil). The attempts it stored
    /// are removed with it only with `cascade` (refused otherwise, counted); its notes stay as participant memos
    /// and its log as a transcript.
    public func removeSession(participant: String, number: Int?, cascade: Bool) throws -> (session: SessionRecord, attempts: Int) {
        try write { db in
            let participantID = try Self.participantID(db, code: participant)
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM session WHERE participant_id = ? ORDER BY id", arguments: [participantID])
            let code = StudyText.composed(participant)
            guard !ids.isEmpty else {
                throw StoreError.invalidInput([.init(location: "participant \(code)", message: "has no session to remove")])
            }
            let id: Int64
            if let number {
                guard (1...ids.count).contains(number) else {
                    throw StoreError.invalidInput([.init(location: "participant \(code)", message: "has no session \(number) (sessions 1 to \(ids.count))")])
                }
                id = ids[number - 1]
            } else {
                guard ids.count == 1 else {
                    throw StoreError.invalidInput([.init(location: "participant \(code)", message: "has \(ids.count) sessions: say which with --session N ('studyctl session show \(code)' numbers them)")])
                }
                id = ids[0]
            }
            let session = try Self.session(db, id: id)
            let attempts = try Int64.fetchAll(db, sql: """
                SELECT a.id FROM session_event e JOIN task_attempt a ON a.id = e.attempt_id WHERE e.session_id = ?
                """, arguments: [id])
            if !attempts.isEmpty && !cascade {
                throw StoreError.invalidInput([.init(location: "participant \(code), session \(session.number)",
                                                     message: attempts.count == 1 ? "stored an attempt; remove it with the session using --cascade"
                                                         : "stored \(attempts.count) attempts; remove them with it using --cascade")])
            }
            for attempt in attempts { try db.execute(sql: "DELETE FROM task_attempt WHERE id = ?", arguments: [attempt]) }
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id])
            return (session, attempts.count)
        }
    }

    /// Checks, without writing, what `openSession` would refuse (an unknown participant, task, condition or
    /// instrument), so a command can say so before it takes over the terminal.
    public func checkSession(participant: String, conditions: [String: String] = [:], tasks: [String]? = nil, afterTask: String? = nil) throws {
        try read { db in _ = try Self.planSession(db, participant: participant, conditions: conditions, tasks: tasks, afterTask: afterTask) }
    }

    struct SessionPlan {
        var participantID: Int64
        var conditionKey: String
        var levels: [(factorID: Int64, levelID: Int64)]
        var taskIDs: [Int64]
        /// The participant's unfinished session under the same condition, which is resumed instead.
        var unfinished: Int64?
    }

    static func planSession(_ db: Database, participant: String, conditions: [String: String], tasks: [String]?,
                            afterTask: String?) throws -> SessionPlan {
        let participantID = try participantID(db, code: participant)
        let probe = try resolveConditions(db, conditions)
        var taskIDs: [Int64] = []
        if let tasks {
            for key in tasks {
                let id = try taskID(db, key: key)
                if taskIDs.contains(id) { throw StoreError.invalidInput([.init(location: "--tasks", message: "task \(key) is named twice")]) }
                taskIDs.append(id)
            }
        } else {
            taskIDs = try Int64.fetchAll(db, sql: "SELECT id FROM task ORDER BY position, key")
        }
        guard !taskIDs.isEmpty else {
            throw StoreError.invalidInput([.init(location: "participant \(StudyText.composed(participant))",
                                                 message: "the study has no task to run yet: add one with 'studyctl task add'")])
        }
        if let afterTask {
            // Looked up without registering a built-in instrument in the study: this may run in a read transaction.
            guard let definition = try storedInstrument(db, afterTask)?.definition ?? InstrumentCatalog.builtin(afterTask) else {
                let known = Set(try String.fetchAll(db, sql: "SELECT key FROM instrument")).union(try InstrumentCatalog.builtin().map(\.id))
                throw StoreError.unknownInstrument(id: afterTask, known: known.sorted())
            }
            guard definition.perTask else {
                throw StoreError.invalidInput([.init(location: "--after-task \(afterTask)",
                                                     message: "\(definition.id) is not asked per task; after-task questionnaires are per-task instruments such as seq")])
            }
        }
        let unfinished = try unfinishedSession(db, participantID: participantID, participant: participant, conditions: conditions)
        return SessionPlan(participantID: participantID, conditionKey: probe.conditionKey, levels: probe.levels, taskIDs: taskIDs,
                           unfinished: unfinished)
    }

    /// Logs one event of a session in its own transaction: refused (nothing stored) when the session's state does
    /// not allow it now; an outcome stores the try as an attempt, a note as a participant memo and a line of the
    /// session's log (`logLabel`, a transcript created with the first note).
    @discardableResult
    public func logSessionEvent(session id: Int64, _ event: SessionEvent, logLabel: String) throws -> SessionUpdate {
        var event = event
        if let value = event.value {
            event.value = TextMatching.nfc(value.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
            if let problem = TextSafety.nulProblem(in: value) { throw StoreError.invalidInput([.init(location: "note", message: problem)]) }
        }
        if let observer = event.observer, let problem = TextSafety.nulProblem(in: observer) {
            throw StoreError.invalidInput([.init(location: "observer", message: problem)])
        }
        guard event.offset.isFinite, (0...Limits.maximumSeconds).contains(event.offset) else {
            throw StoreError.invalidInput([.init(location: "session \(id)", message: "the time \(NumberParser.format(event.offset)) s is outside the session's 7 days")])
        }
        return try write { db in
            let session = try Self.session(db, id: id)
            var state = session.state
            if event.kind == .start || event.task != nil, let typed = event.task {
                guard let key = session.tasks.first(where: { $0.key.lowercased() == StudyText.composed(typed).lowercased() })?.key else {
                    throw SessionRefusal("task \(typed) is not in this session (\(session.tasks.map(\.key).joined(separator: ", ")))")
                }
                event.task = key
            }
            let before = state
            try state.apply(event)
            event.offset = state.lastOffset
            if event.task == nil, [.stop, .pause, .resume, .error, .uncount, .assist, .outcome, .cancel].contains(event.kind) {
                event.task = before.open?.task
            }
            if event.kind == .note { event.task = state.notes.last?.task }
            let taskID = try event.task.map { try Self.taskID(db, key: $0) }
            let started = SessionClock.seconds(session.started) ?? 0
            var attemptID: Int64?
            var trial: Int?
            if event.kind == .outcome, let finished = state.finished.last {
                let entry = AttemptEntry(participant: session.participant, task: finished.task, conditions: session.conditions,
                                         seconds: finished.seconds, errors: finished.errors, outcome: finished.outcome,
                                         assisted: finished.assisted, source: "session \(id)")
                trial = try Self.insertAttempt(db, try Self.resolve(db, entry))
                attemptID = db.lastInsertedRowID
            }
            try SessionEventRow(sessionId: id, kind: event.kind.rawValue, taskId: taskID, offsetSeconds: event.offset,
                                at: SessionClock.stamp(started + event.offset), value: event.value, observer: event.observer, attemptId: attemptID)
                .insert(db)
            if event.kind == .note, let text = event.value?.trimmingCharacters(in: .whitespacesAndNewlines) {
                let memoID = try Self.insertMemo(db, on: .participant(session.participant), text: text, coder: event.observer,
                                                  created: SessionClock.stamp(started + event.offset))
                try db.execute(sql: "UPDATE memo SET task_id = ?, session_id = ?, session_offset = ? WHERE id = ?",
                               arguments: [taskID, id, event.offset, memoID])
                try Self.appendToLog(db, session: session, line: "[\(SessionClock.clock(event.offset))] " + (event.task.map { "\($0) · " } ?? "") + text,
                                     label: logLabel)
            }
            if event.kind == .end {
                try db.execute(sql: "UPDATE session SET ended = ? WHERE id = ?", arguments: [SessionClock.stamp(started + event.offset), id])
            }
            return SessionUpdate(session: try Self.session(db, id: id), storedTrial: trial)
        }
    }

    /// A session with its events.
    public func session(id: Int64) throws -> SessionRecord {
        try read { db in try Self.session(db, id: id) }
    }

    /// Every session of a participant (every participant when nil), oldest first.
    public func sessions(participant: String? = nil) throws -> [SessionRecord] {
        try read { db in
            let participantID = try participant.map { try Self.participantID(db, code: $0) }
            return try Int64.fetchAll(db, sql: "SELECT id FROM session WHERE ? IS NULL OR participant_id = ? ORDER BY id",
                                      arguments: [participantID, participantID]).map { try Self.session(db, id: $0) }
        }
    }

    static func session(_ db: Database, id: Int64) throws -> SessionRecord {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT s.id, p.code, s.after_task, s.started, s.ended, s.after_session, s.observer,
                   (SELECT count(*) FROM session o WHERE o.participant_id = s.participant_id AND o.id <= s.id) AS number
            FROM session s JOIN participant p ON p.id = s.participant_id WHERE s.id = ?
            """, arguments: [id]) else {
            throw StoreError.invalidInput([.init(location: "session \(id)", message: "the study holds no such session")])
        }
        let all = try tasks(db)
        let keys = try String.fetchAll(db, sql: """
            SELECT t.key FROM session_task s JOIN task t ON t.id = s.task_id WHERE s.session_id = ? ORDER BY s.position
            """, arguments: [id])
        var conditions: [String: String] = [:]
        for condition in try Row.fetchAll(db, sql: """
            SELECT f.name, l.name AS level FROM session_condition c JOIN factor f ON f.id = c.factor_id JOIN factor_level l ON l.id = c.level_id
            WHERE c.session_id = ?
            """, arguments: [id]) {
            conditions[condition["name"]] = condition["level"]
        }
        let events = try Row.fetchAll(db, sql: """
            SELECT e.kind, t.key, e.offset_seconds, e.value, e.observer, e.at, CAST(a.trial AS INTEGER) AS trial
            FROM session_event e LEFT JOIN task t ON t.id = e.task_id LEFT JOIN task_attempt a ON a.id = e.attempt_id
            WHERE e.session_id = ? ORDER BY e.id
            """, arguments: [id]).compactMap { event -> StoredSessionEvent? in
            guard let kind = SessionEventKind(rawValue: event["kind"]) else { return nil }
            return StoredSessionEvent(event: SessionEvent(kind, task: event["key"], offset: event["offset_seconds"], value: event["value"],
                                                          observer: event["observer"]),
                                      at: event["at"], trial: event["trial"])
        }
        var record = SessionRecord(id: id, participant: row["code"], conditions: conditions,
                                   tasks: keys.compactMap { key in all.first { $0.key == key } },
                                   afterTask: row["after_task"], started: row["started"], ended: row["ended"], events: events)
        record.number = row["number"]
        record.after = ((row["after_session"] as String?) ?? "").split(separator: ",").map(String.init)
        record.observer = row["observer"]
        return record
    }

    /// Appends a line to the session's log, creating the log (a transcript of the kind 'session log', labelled
    /// `label`, or `label 2`… when that label is taken) with its first line. Only appends: offsets of excerpts coded in it stay valid.
    static func appendToLog(_ db: Database, session: SessionRecord, line: String, label: String) throws {
        let text = line + "\n"
        if let transcriptID = try Int64.fetchOne(db, sql: "SELECT transcript_id FROM session WHERE id = ?", arguments: [session.id]) {
            try db.execute(sql: "UPDATE transcript SET text = text || ? WHERE id = ?", arguments: [text, transcriptID])
            return
        }
        let participantID = try participantID(db, code: session.participant)
        var chosen = label
        var number = 1
        while try Int64.fetchOne(db, sql: "SELECT id FROM transcript WHERE participant_id = ? AND label = ?",
                                 arguments: [participantID, StudyText.composed(chosen)]) != nil {
            number += 1
            chosen = "\(label) \(number)"
        }
        // Not `insertTranscript`: that one would also place the participant's unplaced excerpts in this log.
        try db.execute(sql: "INSERT INTO transcript (participant_id, label, text, source, added, kind) VALUES (?, ?, ?, ?, ?, 'session log')",
                       arguments: [participantID, try Self.name(chosen, .transcriptLabel), text, "session \(session.id)", Timestamp.now()])
        try db.execute(sql: "UPDATE session SET transcript_id = ? WHERE id = ?", arguments: [db.lastInsertedRowID, session.id])
    }
}
