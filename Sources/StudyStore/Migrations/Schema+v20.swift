import GRDB

/// Gaze recordings on a moderated session's clock. A Tobii recording (one participant's recording name, over every
/// media it showed) is placed as a recording of sound or video is: the session's clock at the recording's zero, with the
/// sync point it came from (`starts-at`, `session` or `event:KIND TASK` at a time of the recording). The export's own
/// recording start, as a time of day, is kept with each recording when the export carries it (Pro Lab's `Recording
/// start time`, Studio's `LocalTimeStamp`), so a recording with no sync point can be placed by the session's wall clock.
enum SchemaV20 {
    static let identifier = "v20-gaze-session-clock"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            -- Milliseconds since midnight (the recording computer's local time) of the recording's zero.
            ALTER TABLE gaze_recording ADD COLUMN start_of_day_ms REAL CHECK (start_of_day_ms >= 0 AND start_of_day_ms < 86400000);
            CREATE TABLE gaze_sync (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                -- The export's recording name (Tobii's RecordingName / Recording name).
                recording TEXT NOT NULL,
                session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
                -- The session's clock at the recording's zero (ms since the session began; negative: the recording began first).
                session_offset_ms INTEGER NOT NULL,
                sync_anchor TEXT NOT NULL,
                sync_media_ms INTEGER NOT NULL CHECK (sync_media_ms >= 0),
                added TEXT NOT NULL,
                UNIQUE (participant_id, recording)
            );
            CREATE INDEX gaze_sync_session ON gaze_sync(session_id);
            """)
    }
}
