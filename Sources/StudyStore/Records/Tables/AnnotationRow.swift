import GRDB

/// A row of `annotation`: a note on a passage of a transcript (Unicode scalar offsets), with the passage's words.
struct AnnotationRow: StudyTableRecord {
    static let databaseTableName = "annotation"
    var id: Int64
    var transcriptId: Int64
    var spanStart: Int
    var spanEnd: Int
    var excerpt: String
    var coderId: Int64?
    var text: String
    var created: String
    var modified: String?
}
