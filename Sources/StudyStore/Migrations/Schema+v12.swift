import GRDB

/// Moderated sessions (`studyctl session`): a session of one participant, its tasks in order and every event the
/// moderator logged, each stored as it happened with its wall-clock time and its time since the session began, so
/// a session resumes after a crash and can later be aligned with a gaze recording or an audio file.
///
/// A note taken during a session is a participant memo that also names its task, its session and its time in the
/// session (new columns of `memo`), and a line of the session's log, a transcript of its own that can be coded.
enum SchemaV12 {
    static let identifier = "v12-moderated-sessions"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE session (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                -- Canonical text of the session's condition levels ('' when none), as task_attempt.condition_key.
                condition_key TEXT NOT NULL DEFAULT '',
                -- The per-task instrument asked after each task (e.g. seq), or NULL for none.
                after_task TEXT,
                -- Wall clock when the session began: ISO 8601, UTC, milliseconds.
                started TEXT NOT NULL,
                ended TEXT,
                -- The session's log, a transcript its notes are appended to.
                transcript_id INTEGER REFERENCES transcript(id) ON DELETE SET NULL
            );
            CREATE INDEX session_participant ON session(participant_id);
            CREATE TABLE session_task (
                session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                PRIMARY KEY (session_id, task_id)
            ) WITHOUT ROWID;
            CREATE TABLE session_condition (
                session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                factor_id INTEGER NOT NULL REFERENCES factor(id) ON DELETE CASCADE,
                level_id INTEGER NOT NULL REFERENCES factor_level(id) ON DELETE CASCADE,
                PRIMARY KEY (session_id, factor_id)
            ) WITHOUT ROWID;
            CREATE TABLE session_event (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('start', 'stop', 'pause', 'resume', 'error', 'uncount', 'assist', 'outcome',
                                                   'cancel', 'note', 'end')),
                task_id INTEGER REFERENCES task(id) ON DELETE CASCADE,
                -- Seconds since the session began, on the session's (monotonic) clock.
                offset_seconds REAL NOT NULL CHECK (offset_seconds >= 0 AND offset_seconds <= 604800),
                -- Wall clock: the session's start plus the offset (ISO 8601, UTC, milliseconds).
                at TEXT NOT NULL,
                value TEXT,
                observer TEXT,
                -- The attempt an outcome stored.
                attempt_id INTEGER REFERENCES task_attempt(id) ON DELETE SET NULL
            );
            CREATE INDEX session_event_session ON session_event(session_id);
            ALTER TABLE memo ADD COLUMN task_id INTEGER REFERENCES task(id) ON DELETE SET NULL;
            ALTER TABLE memo ADD COLUMN session_id INTEGER REFERENCES session(id) ON DELETE SET NULL;
            ALTER TABLE memo ADD COLUMN session_offset REAL;
            """)
    }
}
