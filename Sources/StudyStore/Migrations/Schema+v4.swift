import GRDB

/// Eye tracking: the media (stimuli) participants looked at, each participant's recording of each media with its data
/// quality, the fixations in media pixels, and areas of interest per media.
enum SchemaV4 {
    static let identifier = "v4-eye-tracking"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE gaze_media (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 500),
                width REAL CHECK (width > 0),
                height REAL CHECK (height > 0)
            );

            CREATE TABLE gaze_recording (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                media_id INTEGER NOT NULL REFERENCES gaze_media(id) ON DELETE CASCADE,
                recording TEXT NOT NULL,
                samples INTEGER NOT NULL CHECK (samples >= 0),
                invalid_samples INTEGER NOT NULL CHECK (invalid_samples BETWEEN 0 AND samples),
                onset_ms REAL,
                source TEXT,
                imported TEXT NOT NULL,
                UNIQUE (participant_id, media_id, recording)
            );
            CREATE INDEX gaze_recording_media ON gaze_recording(media_id);

            CREATE TABLE gaze_fixation (
                recording_id INTEGER NOT NULL REFERENCES gaze_recording(id) ON DELETE CASCADE,
                fixation_index INTEGER NOT NULL,
                start_ms REAL NOT NULL,
                duration_ms REAL NOT NULL CHECK (duration_ms >= 0),
                x REAL NOT NULL,
                y REAL NOT NULL,
                PRIMARY KEY (recording_id, fixation_index)
            ) WITHOUT ROWID;

            CREATE TABLE gaze_aoi (
                id INTEGER PRIMARY KEY,
                media_id INTEGER NOT NULL REFERENCES gaze_media(id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                -- JSON: {"rectangle": {"x":…, "y":…, "width":…, "height":…}} or {"polygon": [[x, y], …]}
                shape TEXT NOT NULL,
                UNIQUE (media_id, name)
            );
            """)
    }
}
