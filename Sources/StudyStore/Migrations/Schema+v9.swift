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
        try db.execute(sql: """
            ALTER TABLE response_set ADD COLUMN answers TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(answers) AND json_type(answers) = 'object');
            ALTER TABLE response_set ADD COLUMN raw TEXT CHECK (raw IS NULL OR (json_valid(raw) AND json_type(raw) = 'object'));

            UPDATE response_set SET
                answers = ifnull((
                    SELECT json_group_object(item_number, CASE
                        WHEN not_applicable = 1 THEN NULL
                        WHEN value IS NOT NULL THEN (CASE WHEN value = CAST(value AS INTEGER) THEN CAST(value AS INTEGER) ELSE value END)
                        WHEN choice IS NOT NULL THEN json_object('c', choice)
                        ELSE json_object('t', text) END)
                    FROM (SELECT * FROM item_answer a WHERE a.response_set_id = response_set.id ORDER BY a.item_number)), '{}'),
                raw = (
                    SELECT json_group_object(item_number, raw)
                    FROM (SELECT * FROM item_answer a WHERE a.response_set_id = response_set.id AND a.raw IS NOT NULL
                          AND a.raw IS NOT (CASE
                              WHEN a.value IS NOT NULL THEN (CASE WHEN a.value = CAST(a.value AS INTEGER) THEN CAST(CAST(a.value AS INTEGER) AS TEXT) ELSE CAST(a.value AS TEXT) END)
                              ELSE ifnull(a.choice, a.text) END)
                          ORDER BY a.item_number)
                    HAVING count(*) > 0);

            DROP TRIGGER IF EXISTS item_answer_in_range_update;
            DROP TABLE item_answer;

            CREATE TRIGGER response_set_answers_replaced BEFORE UPDATE OF answers, raw ON response_set
            BEGIN
                SELECT RAISE(ABORT, 'item answers are replaced, not updated');
            END;
            """)
    }
}
