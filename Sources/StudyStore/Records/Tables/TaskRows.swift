import GRDB

/// A row of `task`: a task of the study, in the order it is given (`position`), with what its measures need.
struct TaskTableRow: StudyTableRecord {
    static let databaseTableName = "task"
    var id: Int64?
    var key: String
    var title: String
    var description: String?
    var position: Int
    /// Seconds added per error: total time = time + errors × penalty.
    var penaltySeconds: Double?
    var targetSeconds: Double?
    var errorOpportunities: Int?

    /// The position after the last task's.
    static func nextPosition(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT CAST(ifnull(max(position), 0) + 1 AS INTEGER) FROM task") ?? 1
    }
}

/// A row of `factor`: a condition (a within- or between-participants factor) with its levels in `factor_level`.
struct FactorRow: StudyTableRecord {
    static let databaseTableName = "factor"
    var id: Int64?
    var name: String
    /// What tables and figures call it (`--label`), when not its name.
    var label: String?
}

/// A row of `factor_level`: one level of a condition, in the order it was declared.
struct FactorLevelRow: StudyTableRecord {
    static let databaseTableName = "factor_level"
    var id: Int64?
    var factorId: Int64
    var name: String
    var position: Int
    /// What tables and figures call it (`--label`), when not its name.
    var label: String?
}
