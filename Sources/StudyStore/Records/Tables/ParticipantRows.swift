import GRDB
import Surveys

/// A row of `participant` (`ParticipantTableRow`, not the import's `ParticipantRow`): a participant's code as typed
/// (NFC, trimmed), when it was added, and its Unicode TR39 skeleton (what look-alike codes share).
struct ParticipantTableRow: StudyTableRecord {
    static let databaseTableName = "participant"
    var id: Int64?
    var code: String
    var created: String
    var skeleton: String?
}

/// A row of `attribute`: a participant attribute the study has, in the roster's column order (`position`).
/// A derived attribute names its source (`derivedFrom`) and its rule, as `participant attribute derive` wrote it.
struct AttributeTableRow: StudyTableRecord {
    static let databaseTableName = "attribute"
    var name: String
    /// `text` or `number` (the table's CHECK admits no other).
    var type: String
    var derivedFrom: String?
    var rule: String?
    var position: Int
    /// Identifies a person (a name, an e-mail): left out of what is shared, unless asked.
    var identifying: Bool
    /// What tables and figures call it (`--label`), when not its name.
    var label: String?

    init(name: String, type: AttributeType, derivedFrom: String? = nil, rule: String? = nil, position: Int) {
        self.name = name
        self.type = type.rawValue
        self.derivedFrom = derivedFrom
        self.rule = rule
        self.position = position
        identifying = false
        label = nil
    }

    /// The position after the last attribute's.
    static func nextPosition(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT ifnull(max(position), 0) + 1 FROM attribute") ?? 1
    }
}
