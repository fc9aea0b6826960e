import GRDB

/// A response set's answers move into the set's own row: `response_set.answers` (and `response_set.raw`, what was
/// typed where it is not the answer's own text) as JSON objects keyed by item number (`AnswerColumn`), and the
/// one-row-per-answer table goes. A form export is written one row per respondent, as SQLite's own `.import` would
/// write it, and a set is read in one row; measured at 100k respondents, the per-answer rows were most of an
/// import's time in the engine. Existing answers are moved over in place, in item order; answers stay
/// replaced as a whole, never updated.
enum SchemaV9 {
    static let identifier = "v9-answers-per-set"

    static func migrate(_ db: Database) throws {
        // The table is rebuilt (SQLite's way to change a table's constraints): UNIQUE (id, instrument_id) served
        // only the answers' foreign key and would cost an index entry per set.
        try db.execute(sql: """
            CREATE TABLE response_set_v9 (
                id INTEGER PRIMARY KEY,
                participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
                instrument_id INTEGER NOT NULL REFERENCES instrument(id),
                task_id INTEGER REFERENCES task(id) ON DELETE CASCADE,
                occasion TEXT NOT NULL DEFAULT '',
                orientation TEXT NOT NULL DEFAULT 'canonical' CHECK (orientation IN ('canonical', 'inverted')),
                source TEXT,
                submitted TEXT,
                recorded TEXT NOT NULL,
                -- Item number → answer: a number, null (does not apply), {"c": choice} or {"t": open answer}.
                answers TEXT NOT NULL DEFAULT '{}' CHECK (json_type(answers) = 'object'),
                -- Item number → what was typed, where it is not the answer's own text.
                raw TEXT CHECK (raw IS NULL OR json_type(raw) = 'object')
            );

            INSERT INTO response_set_v9 (id, participant_id, instrument_id, task_id, occasion, orientation, source, submitted, recorded, answers, raw)
            SELECT r.id, r.participant_id, r.instrument_id, r.task_id, r.occasion, r.orientation, r.source, r.submitted, r.recorded,
                ifnull((
                    SELECT json_group_object(item_number, CASE
                        WHEN not_applicable = 1 THEN NULL
                        WHEN value IS NOT NULL THEN (CASE WHEN value = CAST(value AS INTEGER) THEN CAST(value AS INTEGER) ELSE value END)
                        WHEN choice IS NOT NULL THEN json_object('c', choice)
                        ELSE json_object('t', text) END)
                    FROM (SELECT * FROM item_answer a WHERE a.response_set_id = r.id ORDER BY a.item_number)), '{}'),
                (
                    SELECT json_group_object(item_number, raw)
                    FROM (SELECT * FROM item_answer a WHERE a.response_set_id = r.id AND a.raw IS NOT NULL
                          AND a.raw IS NOT (CASE
                              WHEN a.value IS NOT NULL THEN (CASE WHEN a.value = CAST(a.value AS INTEGER) THEN CAST(CAST(a.value AS INTEGER) AS TEXT) ELSE CAST(a.value AS TEXT) END)
                              ELSE ifnull(a.choice, a.text) END)
                          ORDER BY a.item_number)
                    HAVING count(*) > 0)
            FROM response_set r;

            DROP TABLE item_answer;
            DROP TABLE response_set;
            ALTER TABLE response_set_v9 RENAME TO response_set;
            CREATE UNIQUE INDEX response_set_unique
                ON response_set(participant_id, instrument_id, ifnull(task_id, 0), occasion);

            CREATE TRIGGER response_set_answers_replaced BEFORE UPDATE OF answers, raw ON response_set
            BEGIN
                SELECT RAISE(ABORT, 'item answers are replaced, not updated');
            END;
            """)
    }
}
