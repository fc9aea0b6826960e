import GRDB

/// The answers column's CHECK stops parsing JSON: `json_type(answers) = 'object'` parsed every set's answers once
/// more on insert, an eighth of a form import's time, to re-verify what the column's writer (`AnswerColumn`) has
/// just written. The constraint now asks for text that opens an object (`{`), which still refuses a number, a
/// list or a blob put there by hand; `studyctl check` reads every set back in full and tests each answer against
/// its item. The table is rebuilt (SQLite's way to change a constraint) with its rows, index and trigger as they
/// were.
enum SchemaV10 {
    static let identifier = "v10-answers-check-without-parse"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE response_set_v10 (
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
                -- Text opening an object ('{' up to, not including, '|', the character after '{').
                answers TEXT NOT NULL DEFAULT '{}' CHECK (answers >= '{' AND answers < '|'),
                -- Item number → what was typed, where it is not the answer's own text.
                raw TEXT CHECK (raw IS NULL OR json_type(raw) = 'object')
            );
            INSERT INTO response_set_v10 SELECT id, participant_id, instrument_id, task_id, occasion, orientation, source, submitted,
                                                recorded, answers, raw FROM response_set;
            DROP TABLE response_set;
            ALTER TABLE response_set_v10 RENAME TO response_set;
            CREATE UNIQUE INDEX response_set_unique
                ON response_set(participant_id, instrument_id, ifnull(task_id, 0), occasion);
            CREATE TRIGGER response_set_answers_replaced BEFORE UPDATE OF answers, raw ON response_set
            BEGIN
                SELECT RAISE(ABORT, 'item answers are replaced, not updated');
            END;
            """)
    }
}
