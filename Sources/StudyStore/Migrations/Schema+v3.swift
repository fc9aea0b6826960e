import GRDB
import StudyBasics
import Surveys
import Wording

/// Guards added after the first studies were in use:
/// - each participant keeps the TR39 skeleton of its code (indexed), so a look-alike code (`Р1` in Cyrillic,
///   fullwidth `Ｐ1`) is found in one look-up instead of being stored as a second participant;
/// - task positions, trial numbers, times and error counts must lie in the ranges studyctl accepts at input
///   (`Limits`), so that no value in a file can overflow a later computation or a formatted table.
enum SchemaV3 {
    static let identifier = "v3-confusable-codes-and-ranges"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE participant ADD COLUMN skeleton TEXT")
        let update = try db.makeStatement(sql: "UPDATE participant SET skeleton = ? WHERE id = ?")
        for row in try Row.fetchAll(db, sql: "SELECT id, code FROM participant") {
            let code: String = row["code"]
            try update.execute(arguments: [Confusables.skeleton(code), row["id"] as Int64])
        }
        try db.execute(sql: """
            CREATE INDEX participant_skeleton ON participant(skeleton);
            CREATE INDEX attribute_position ON attribute(position);

            CREATE TRIGGER task_position_in_range BEFORE INSERT ON task
            WHEN typeof(NEW.position) <> 'integer' OR NEW.position NOT BETWEEN -\(Limits.maximumOrdinal) AND \(Limits.maximumOrdinal)
            BEGIN SELECT RAISE(ABORT, 'task position outside the accepted range'); END;
            CREATE TRIGGER task_position_update_in_range BEFORE UPDATE OF position ON task
            WHEN typeof(NEW.position) <> 'integer' OR NEW.position NOT BETWEEN -\(Limits.maximumOrdinal) AND \(Limits.maximumOrdinal)
            BEGIN SELECT RAISE(ABORT, 'task position outside the accepted range'); END;

            CREATE TRIGGER attempt_in_range BEFORE INSERT ON task_attempt
            WHEN typeof(NEW.trial) <> 'integer' OR NEW.trial > \(Limits.maximumOrdinal)
              OR NEW.time_seconds > \(Limits.maximumSeconds) OR NEW.errors > \(Limits.maximumErrors)
              OR NEW.reported_total_seconds > \(Limits.maximumSeconds * 2)
            BEGIN SELECT RAISE(ABORT, 'attempt values outside the accepted range'); END;
            """)
    }
}
