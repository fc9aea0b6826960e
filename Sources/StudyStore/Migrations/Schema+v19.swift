import GRDB

/// Recordings of a participant's session (audio or video), referenced where they lie, never copied: the file's
/// absolute path, size, SHA-256 and modification time when it was registered (so a moved or changed file is told),
/// and what ffprobe read of it (kind, duration, container, codecs, picture size).
///
/// A transcript made from the recording is linked to it, so the transcript's turn times are the recording's times. The
/// recording's zero is placed on a moderated session's clock (milliseconds since the session began, negative when the
/// recording began first), with the sync point it came from: `starts-at`, `session` or `event:KIND TASK` at a time of
/// the recording. A removed session takes its placement with it.
enum SchemaV19 {
    static let identifier = "v19-media"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE media (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                -- Tells apart several recordings of one participant ('' for the only one).
                label TEXT NOT NULL DEFAULT '' CHECK (length(label) <= 200),
                path TEXT NOT NULL CHECK (substr(path, 1, 1) = '/'),
                size INTEGER NOT NULL CHECK (size >= 0),
                sha256 TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
                -- Seconds since 1970, as the file system gave it when the file was hashed.
                modified REAL NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('audio', 'video')),
                duration_ms INTEGER NOT NULL CHECK (duration_ms > 0),
                -- ffprobe's format name.
                container TEXT NOT NULL,
                video_codec TEXT,
                audio_codec TEXT,
                width INTEGER CHECK (width > 0),
                height INTEGER CHECK (height > 0),
                -- The transcript of this recording: its turn times are the recording's times.
                transcript_id INTEGER UNIQUE REFERENCES transcript(id) ON DELETE SET NULL,
                session_id INTEGER REFERENCES session(id) ON DELETE SET NULL,
                -- The session's clock at the recording's zero (ms since the session began; negative: the recording began first).
                session_offset_ms INTEGER,
                -- What placed it: 'starts-at', 'session' or 'event:KIND TASK', tied to the recording's time sync_media_ms.
                sync_anchor TEXT,
                sync_media_ms INTEGER CHECK (sync_media_ms >= 0),
                added TEXT NOT NULL,
                UNIQUE (participant_id, label),
                CHECK (session_offset_ms IS NULL OR (sync_anchor IS NOT NULL AND sync_media_ms IS NOT NULL))
            );
            CREATE INDEX media_session ON media(session_id);
            CREATE TRIGGER media_session_removed AFTER DELETE ON session BEGIN
                UPDATE media SET session_id = NULL, session_offset_ms = NULL, sync_anchor = NULL, sync_media_ms = NULL
                WHERE session_id = OLD.id OR (session_id IS NULL AND session_offset_ms IS NOT NULL);
            END;
            """)
    }
}
