import GRDB

/// A row of `category` (`CategoryTableRow`, not the import's `CategoryRow`): a category of the codebook, emergent or
/// from the literature (then with its reference), under a parent theme or at the top, in the codebook's order.
struct CategoryTableRow: StudyTableRecord {
    static let databaseTableName = "category"
    var id: Int64?
    var name: String
    var definition: String?
    /// `literature` (with `reference`) or `emergent`.
    var origin: String
    var reference: String?
    var parentId: Int64?
    var position: Int
    var created: String

    /// The position after the last category's.
    static func nextPosition(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT ifnull(max(position), 0) + 1 FROM category") ?? 1
    }
}

/// A row of `coder`: a person who codes (or the consensus of several, or a suggester whose codes a person accepts).
struct CoderRow: StudyTableRecord {
    static let databaseTableName = "coder"
    var id: Int64?
    var name: String
    var consensus: Bool = false
    /// `person` or `suggested`.
    var kind: String = "person"
}

/// A row of `transcript_speaker`: a speaker as the transcript names them, mapped to the moderator or a participant.
struct TranscriptSpeakerRow: StudyTableRecord {
    static let databaseTableName = "transcript_speaker"
    var id: Int64?
    var transcriptId: Int64
    var name: String
    /// `moderator`, `participant`, or NULL (not mapped: the words count as the transcript's participant's).
    var role: String?
    var participantId: Int64?
}
