import GRDB

/// Annotations: a researcher's note on a passage of a transcript (a span of its stored text, with the passage's words
/// kept beside it), as REFI-QDA attaches a `Note` to a `PlainTextSelection` and QualCoder keeps its text annotations.
enum SchemaV24 {
    static let identifier = "v24-transcript-annotations"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE annotation (
                id INTEGER PRIMARY KEY,
                transcript_id INTEGER NOT NULL REFERENCES transcript(id) ON DELETE CASCADE,
                span_start INTEGER NOT NULL CHECK (span_start >= 0),
                span_end INTEGER NOT NULL CHECK (span_end > span_start),
                excerpt TEXT NOT NULL CHECK (length(excerpt) >= 1),
                coder_id INTEGER REFERENCES coder(id),
                text TEXT NOT NULL CHECK (length(trim(text)) >= 1),
                created TEXT NOT NULL,
                modified TEXT
            );
            CREATE INDEX annotation_transcript ON annotation(transcript_id, span_start);
            """)
    }
}
