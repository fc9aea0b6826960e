import GRDB

/// Transcripts with time and speakers, and interviews told apart from session logs.
///
/// A transcript is of one kind: an interview (what `transcript add` stores) or a session's log (the notes a moderated
/// session appends); the coding analyses count interviews only. Existing logs are found by the session that writes
/// them, or by their source ("session 3") when that session is gone.
///
/// A transcript read from a timed file (WebVTT, SRT, a Word table, stamped text) keeps its speakers — each the
/// moderator, a participant of the study, or not mapped (their words are the transcript's participant's) — and its
/// turns: a speaker, a start and end in milliseconds from the recording's start, and the span of the turn's words in
/// the text (Unicode scalar offsets), so a coded excerpt knows when it was said and whose words it is.
enum SchemaV18 {
    static let identifier = "v18-transcript-turns"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE transcript ADD COLUMN kind TEXT NOT NULL DEFAULT 'interview' CHECK (kind IN ('interview', 'session log'));
            UPDATE transcript SET kind = 'session log'
            WHERE id IN (SELECT transcript_id FROM session WHERE transcript_id IS NOT NULL)
               OR (source GLOB 'session [0-9]*' AND source NOT GLOB 'session *[^0-9]*');
            CREATE TABLE transcript_speaker (
                id INTEGER PRIMARY KEY,
                transcript_id INTEGER NOT NULL REFERENCES transcript(id) ON DELETE CASCADE,
                -- As the file names the speaker.
                name TEXT NOT NULL CHECK (length(trim(name)) >= 1),
                -- NULL: not mapped; the speaker's words count as the transcript's participant's.
                role TEXT CHECK (role IN ('moderator', 'participant')),
                -- The participant a 'participant' speaker is (NULL once that participant is removed).
                participant_id INTEGER REFERENCES participant(id) ON DELETE SET NULL,
                UNIQUE (transcript_id, name),
                CHECK (participant_id IS NULL OR role = 'participant')
            );
            CREATE INDEX transcript_speaker_participant ON transcript_speaker(participant_id);
            CREATE TABLE transcript_turn (
                transcript_id INTEGER NOT NULL REFERENCES transcript(id) ON DELETE CASCADE,
                position INTEGER NOT NULL CHECK (position >= 0),
                speaker_id INTEGER REFERENCES transcript_speaker(id) ON DELETE CASCADE,
                -- Milliseconds from the start of the recording; NULL where the file gives no time.
                start_ms INTEGER CHECK (start_ms >= 0),
                end_ms INTEGER CHECK (end_ms >= 0),
                -- The turn's words in transcript.text (Unicode scalar offsets, end exclusive).
                span_start INTEGER NOT NULL CHECK (span_start >= 0),
                span_end INTEGER NOT NULL,
                PRIMARY KEY (transcript_id, position),
                CHECK (span_end >= span_start),
                CHECK (start_ms IS NULL OR end_ms IS NULL OR end_ms >= start_ms)
            ) WITHOUT ROWID;
            """)
    }
}
