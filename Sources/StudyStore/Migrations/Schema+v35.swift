import GRDB

/// Suggested codings: a coder of its own kind ("suggested") whose suggestions wait for a person. A suggester records
/// how it suggested (a local model: its method, parameters and training coder; an outside model: its id and prompt
/// hash), the units it was asked about (so its silence on a unit is a value agreement can compare), and per unit and
/// category a score and the words or rationale behind it. A suggestion is pending until a person accepts it — it then
/// becomes that person's coding, linked here — or rejects it. Suggestions are never codings: a trigger keeps a
/// suggester from coding, so nothing that counts codings (frequencies, reports, REFI-QDA exports) can count one.
enum SchemaV35 {
    static let identifier = "v35-suggested-codings"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE coder ADD COLUMN kind TEXT NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'suggested'));
            CREATE TABLE suggester (
                coder_id INTEGER PRIMARY KEY REFERENCES coder(id) ON DELETE CASCADE,
                -- 'logistic regression', 'naive Bayes' (local), or 'external'.
                method TEXT NOT NULL CHECK (length(trim(method)) >= 1),
                -- The settings, as the command line and the model gave them (JSON text).
                parameters TEXT NOT NULL,
                -- The person whose codings a local model learnt from.
                training_coder TEXT,
                unit TEXT CHECK (unit IN ('sentence', 'turn', 'passage')),
                threshold REAL CHECK (threshold BETWEEN 0 AND 1),
                source TEXT,
                created TEXT NOT NULL
            );
            CREATE TABLE suggestion_unit (
                id INTEGER PRIMARY KEY,
                suggester_id INTEGER NOT NULL REFERENCES coder(id) ON DELETE CASCADE,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                transcript_id INTEGER NOT NULL REFERENCES transcript(id) ON DELETE CASCADE,
                span_start INTEGER NOT NULL CHECK (span_start >= 0),
                span_end INTEGER NOT NULL,
                CHECK (span_end > span_start),
                UNIQUE (suggester_id, transcript_id, span_start, span_end)
            );
            CREATE INDEX suggestion_unit_participant ON suggestion_unit(participant_id);
            CREATE INDEX suggestion_unit_transcript ON suggestion_unit(transcript_id);
            CREATE TABLE suggestion (
                id INTEGER PRIMARY KEY AUTOINCREMENT,  -- a number printed once never names another suggestion
                unit_id INTEGER NOT NULL REFERENCES suggestion_unit(id) ON DELETE CASCADE,
                category_id INTEGER NOT NULL REFERENCES category(id) ON DELETE CASCADE,
                score REAL NOT NULL CHECK (score BETWEEN 0 AND 1),
                rationale TEXT NOT NULL DEFAULT '',
                model TEXT,
                prompt_hash TEXT,
                -- When the model suggested it (ISO 8601).
                suggested TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
                decided_by INTEGER REFERENCES coder(id),
                decided TEXT,
                -- The person's coding an accepted suggestion became.
                code_id INTEGER REFERENCES code(id) ON DELETE SET NULL,
                UNIQUE (unit_id, category_id),
                CHECK ((status = 'pending') = (decided_by IS NULL)),
                CHECK (code_id IS NULL OR status = 'accepted')
            );
            CREATE INDEX suggestion_category ON suggestion(category_id);
            CREATE INDEX suggestion_code ON suggestion(code_id);
            CREATE TRIGGER code_not_by_suggester BEFORE INSERT ON code
            WHEN NEW.coder_id IS NOT NULL AND (SELECT kind FROM coder WHERE id = NEW.coder_id) = 'suggested'
            BEGIN SELECT RAISE(ABORT, 'studyctl: a suggester does not code'); END;
            CREATE TRIGGER suggestion_decided_by_person BEFORE UPDATE OF decided_by ON suggestion
            WHEN NEW.decided_by IS NOT NULL AND (SELECT kind FROM coder WHERE id = NEW.decided_by) <> 'person'
            BEGIN SELECT RAISE(ABORT, 'studyctl: only a person decides a suggestion'); END;
            """)
    }
}
