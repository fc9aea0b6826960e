import GRDB

/// The first schema: the whole study, so later features fill behaviour without reshaping tables.
///
/// Landed migrations are never edited; changes go in a new, later migration.
/// Written with string table and column names, not app types, so it stays valid whatever the app becomes.
enum SchemaV1 {
    static let identifier = "v1-study"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE study (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                language TEXT NOT NULL CHECK (language IN ('pt-BR', 'en')),
                created TEXT NOT NULL
            );

            -- Free settings the study remembers (e.g. the scale orientation a form used).
            CREATE TABLE study_setting (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;

            CREATE TABLE participant (
                id INTEGER PRIMARY KEY,
                code TEXT NOT NULL UNIQUE COLLATE NOCASE
                    CHECK (length(code) BETWEEN 1 AND 64 AND code = trim(code)),
                created TEXT NOT NULL
            );

            -- One declared type per attribute name; derived attributes keep their source and rule.
            CREATE TABLE attribute (
                name TEXT PRIMARY KEY NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
                type TEXT NOT NULL CHECK (type IN ('text', 'number')),
                derived_from TEXT REFERENCES attribute(name) ON UPDATE CASCADE ON DELETE SET NULL,
                rule TEXT,
                position INTEGER NOT NULL,
                CHECK ((derived_from IS NULL) = (rule IS NULL))
            ) WITHOUT ROWID;

            CREATE TABLE participant_attribute (
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                name TEXT NOT NULL REFERENCES attribute(name) ON UPDATE CASCADE ON DELETE CASCADE,
                text_value TEXT,
                number_value REAL,
                PRIMARY KEY (participant_id, name),
                CHECK ((text_value IS NULL) <> (number_value IS NULL))
            ) WITHOUT ROWID;
            CREATE INDEX participant_attribute_name ON participant_attribute(name);

            CREATE TABLE task (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(key) BETWEEN 1 AND 64),
                title TEXT NOT NULL,
                description TEXT,
                position INTEGER NOT NULL,
                penalty_seconds REAL CHECK (penalty_seconds >= 0)
            );

            -- Conditions as named factors (e.g. setting) with levels (0-50, 0-100).
            CREATE TABLE factor (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64)
            );
            CREATE TABLE factor_level (
                id INTEGER PRIMARY KEY,
                factor_id INTEGER NOT NULL REFERENCES factor(id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) >= 1),
                position INTEGER NOT NULL,
                UNIQUE (factor_id, name),
                UNIQUE (factor_id, id)
            );

            CREATE TABLE task_attempt (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                trial INTEGER NOT NULL DEFAULT 1 CHECK (trial >= 1),
                -- Canonical text of the attempt's condition levels ('' when none), for uniqueness.
                condition_key TEXT NOT NULL DEFAULT '',
                time_seconds REAL CHECK (time_seconds >= 0),
                errors INTEGER CHECK (errors >= 0),
                outcome TEXT CHECK (outcome IN ('success', 'partial', 'fail')),
                assisted INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1)),
                note TEXT,
                source TEXT,
                recorded TEXT NOT NULL,
                UNIQUE (participant_id, task_id, condition_key, trial)
            );
            CREATE INDEX task_attempt_task ON task_attempt(task_id);
            CREATE TABLE attempt_condition (
                attempt_id INTEGER NOT NULL REFERENCES task_attempt(id) ON DELETE CASCADE,
                factor_id INTEGER NOT NULL REFERENCES factor(id),
                level_id INTEGER NOT NULL,
                PRIMARY KEY (attempt_id, factor_id),
                FOREIGN KEY (factor_id, level_id) REFERENCES factor_level(factor_id, id)
            ) WITHOUT ROWID;

            -- The instrument definition is kept whole (JSON), so a study file is self-contained.
            CREATE TABLE instrument (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(key) BETWEEN 1 AND 64),
                version TEXT NOT NULL,
                title TEXT NOT NULL,
                definition TEXT NOT NULL,
                builtin INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
                added TEXT NOT NULL
            );
            CREATE TABLE instrument_item (
                instrument_id INTEGER NOT NULL REFERENCES instrument(id) ON DELETE CASCADE,
                number INTEGER NOT NULL CHECK (number >= 1),
                kind TEXT NOT NULL CHECK (kind IN ('likert', 'numeric', 'choice', 'text')),
                scale_min REAL,
                scale_max REAL,
                allows_na INTEGER NOT NULL DEFAULT 0 CHECK (allows_na IN (0, 1)),
                PRIMARY KEY (instrument_id, number),
                CHECK ((kind IN ('likert', 'numeric')) = (scale_min IS NOT NULL AND scale_max IS NOT NULL)),
                CHECK (scale_min IS NULL OR scale_min < scale_max)
            ) WITHOUT ROWID;
            CREATE TABLE instrument_choice (
                instrument_id INTEGER NOT NULL,
                item_number INTEGER NOT NULL,
                choice TEXT NOT NULL CHECK (length(choice) >= 1),
                position INTEGER NOT NULL,
                PRIMARY KEY (instrument_id, item_number, choice),
                FOREIGN KEY (instrument_id, item_number) REFERENCES instrument_item(instrument_id, number) ON DELETE CASCADE
            ) WITHOUT ROWID;

            -- One participant's answers to one instrument (per task and occasion where it applies).
            CREATE TABLE response_set (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                instrument_id INTEGER NOT NULL REFERENCES instrument(id),
                task_id INTEGER REFERENCES task(id) ON DELETE CASCADE,
                occasion TEXT NOT NULL DEFAULT '',
                orientation TEXT NOT NULL DEFAULT 'canonical' CHECK (orientation IN ('canonical', 'inverted')),
                source TEXT,
                submitted TEXT,
                recorded TEXT NOT NULL,
                UNIQUE (id, instrument_id)
            );
            CREATE UNIQUE INDEX response_set_unique
                ON response_set(participant_id, instrument_id, ifnull(task_id, 0), occasion);

            -- One row per item answered or marked N/A; an item with no row is missing.
            -- `raw` keeps what was entered (a label, the uninverted number) so nothing typed is lost.
            CREATE TABLE item_answer (
                response_set_id INTEGER NOT NULL,
                instrument_id INTEGER NOT NULL,
                item_number INTEGER NOT NULL,
                value REAL,
                choice TEXT,
                text TEXT,
                not_applicable INTEGER NOT NULL DEFAULT 0 CHECK (not_applicable IN (0, 1)),
                raw TEXT,
                PRIMARY KEY (response_set_id, item_number),
                FOREIGN KEY (response_set_id, instrument_id) REFERENCES response_set(id, instrument_id) ON DELETE CASCADE,
                FOREIGN KEY (instrument_id, item_number) REFERENCES instrument_item(instrument_id, number),
                CHECK ((not_applicable = 1) + (value IS NOT NULL) + (choice IS NOT NULL) + (text IS NOT NULL) = 1)
            ) WITHOUT ROWID;

            -- A bug must not be able to store a Likert 9 or a choice the item does not offer.
            CREATE TRIGGER item_answer_in_range BEFORE INSERT ON item_answer
            BEGIN
                SELECT RAISE(ABORT, 'item answer does not fit the item')
                WHERE NOT EXISTS (
                    SELECT 1 FROM instrument_item i
                    WHERE i.instrument_id = NEW.instrument_id AND i.number = NEW.item_number AND (
                        (NEW.not_applicable = 1 AND i.allows_na = 1)
                        OR (NEW.value IS NOT NULL AND i.kind IN ('likert', 'numeric')
                            AND NEW.value BETWEEN i.scale_min AND i.scale_max)
                        OR (NEW.choice IS NOT NULL AND i.kind = 'choice' AND EXISTS (
                            SELECT 1 FROM instrument_choice c
                            WHERE c.instrument_id = i.instrument_id AND c.item_number = i.number
                              AND c.choice = NEW.choice))
                        OR (NEW.text IS NOT NULL AND i.kind = 'text')));
            END;
            CREATE TRIGGER item_answer_in_range_update BEFORE UPDATE ON item_answer
            BEGIN
                SELECT RAISE(ABORT, 'item answers are replaced, not updated');
            END;

            CREATE TABLE coder (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) >= 1)
            );

            CREATE TABLE transcript (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                label TEXT NOT NULL DEFAULT '',
                text TEXT NOT NULL,
                source TEXT,
                added TEXT NOT NULL,
                UNIQUE (participant_id, label)
            );

            -- A verbatim passage of what a participant said, optionally located in a transcript.
            CREATE TABLE excerpt (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                transcript_id INTEGER REFERENCES transcript(id) ON DELETE SET NULL,
                text TEXT NOT NULL CHECK (length(text) >= 1),
                span_start INTEGER CHECK (span_start >= 0),
                span_end INTEGER,
                created TEXT NOT NULL,
                CHECK ((span_start IS NULL) = (span_end IS NULL)),
                CHECK (span_start IS NULL OR span_end >= span_start),
                CHECK (span_start IS NULL OR transcript_id IS NOT NULL)
            );
            CREATE INDEX excerpt_participant ON excerpt(participant_id);

            -- A code applied to an excerpt by a coder: in vivo (the participant's words) or descriptive.
            CREATE TABLE code (
                id INTEGER PRIMARY KEY,
                excerpt_id INTEGER NOT NULL REFERENCES excerpt(id) ON DELETE CASCADE,
                coder_id INTEGER REFERENCES coder(id),
                label TEXT NOT NULL CHECK (length(label) >= 1),
                in_vivo INTEGER NOT NULL DEFAULT 1 CHECK (in_vivo IN (0, 1)),
                created TEXT NOT NULL
            );
            CREATE INDEX code_excerpt ON code(excerpt_id);

            -- The codebook: categories from the literature or emergent, optionally under a parent theme.
            CREATE TABLE category (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) >= 1),
                definition TEXT,
                origin TEXT NOT NULL CHECK (origin IN ('literature', 'emergent')),
                reference TEXT,
                parent_id INTEGER REFERENCES category(id),
                position INTEGER NOT NULL,
                created TEXT NOT NULL,
                CHECK ((origin = 'literature') = (reference IS NOT NULL)),
                CHECK (parent_id IS NULL OR parent_id <> id)
            );

            CREATE TABLE code_category (
                code_id INTEGER NOT NULL REFERENCES code(id) ON DELETE CASCADE,
                category_id INTEGER NOT NULL REFERENCES category(id),
                PRIMARY KEY (code_id, category_id)
            ) WITHOUT ROWID;
            CREATE INDEX code_category_category ON code_category(category_id);

            -- Analytic memos: about the study, a participant, a code or a category.
            CREATE TABLE memo (
                id INTEGER PRIMARY KEY,
                target TEXT NOT NULL CHECK (target IN ('study', 'participant', 'code', 'category')),
                participant_id INTEGER REFERENCES participant(id) ON DELETE CASCADE,
                code_id INTEGER REFERENCES code(id) ON DELETE CASCADE,
                category_id INTEGER REFERENCES category(id) ON DELETE CASCADE,
                coder_id INTEGER REFERENCES coder(id),
                text TEXT NOT NULL CHECK (length(trim(text)) >= 1),
                created TEXT NOT NULL,
                CHECK ((participant_id IS NOT NULL) = (target = 'participant')),
                CHECK ((code_id IS NOT NULL) = (target = 'code')),
                CHECK ((category_id IS NOT NULL) = (target = 'category'))
            );
            """)
    }
}
