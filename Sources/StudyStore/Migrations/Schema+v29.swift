import GRDB

/// Word times: the words of a transcript a speech recogniser aligned (WhisperX, whisper's word time stamps), each with
/// the span of its letters in the transcript's text (Unicode scalar offsets, end exclusive) and when it was said (ms
/// from the start of the recording), so an excerpt's time — its clip, its place on the time line — is that of its
/// own words rather than of the whole cue it lies in.
enum SchemaV29 {
    static let identifier = "v29-transcript-words"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE transcript_word (
                transcript_id INTEGER NOT NULL REFERENCES transcript(id) ON DELETE CASCADE,
                position INTEGER NOT NULL CHECK (position >= 0),
                span_start INTEGER NOT NULL CHECK (span_start >= 0),
                span_end INTEGER NOT NULL,
                start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
                end_ms INTEGER NOT NULL,
                -- The recogniser's confidence (0 to 1), where it gives one.
                score REAL CHECK (score IS NULL OR (score >= 0 AND score <= 1)),
                PRIMARY KEY (transcript_id, position),
                CHECK (span_end > span_start),
                CHECK (end_ms >= start_ms)
            ) WITHOUT ROWID;
            """)
    }
}
