import GRDB
import StudyBasics
import Surveys
import Wording

/// Every name in the study in canonical composition (NFC), as the store now writes them (`StudyText.name`).
///
/// An older studyctl stored names as typed, so `experie\u{302}ncia` (a combining circumflex) and `experiência`
/// could be two attributes — one name to the eye and to Swift, which then failed reading them. This step composes
/// every name; an attribute spelled two ways (or in two cases of an accented letter, which SQLite's NOCASE does not
/// fold) becomes one, its values joined where they agree. Where they disagree, or where another kind of name
/// (participant, task, condition, category, coder, media) is held twice, the upgrade stops with the names and
/// the study is left as it was, for the researcher to decide.
enum SchemaV11 {
    static let identifier = "v11-names-composed"

    /// The name columns besides attributes: table, column, the noun a researcher knows them by, and the column
    /// within which names are unique (nil: the whole table).
    static let nameColumns: [(table: String, column: String, noun: String, scope: String?, nocase: Bool)] = [
        ("participant", "code", "participant code", nil, true),
        ("task", "key", "task key", nil, true),
        ("factor", "name", "condition", nil, true),
        ("factor_level", "name", "condition level", "factor_id", false),
        ("instrument", "key", "instrument id", nil, true),
        ("category", "name", "category", nil, true),
        ("coder", "name", "coder", nil, true),
        ("gaze_media", "name", "media", nil, true),
        ("gaze_aoi", "name", "AOI", "media_id", false),
        ("transcript", "label", "transcript label", "participant_id", false),
    ]

    /// The key under which the column's UNIQUE constraint would see two names as one once composed: ASCII case
    /// folded in a NOCASE column, exact otherwise.
    static func uniqueKey(_ name: String, nocase folds: Bool) -> String {
        let composed = StudyText.composed(name)
        return folds ? nocase(composed) : composed
    }

    static func migrate(_ db: Database) throws {
        try joinAttributes(db)
        for (table, column, noun, scope, folds) in nameColumns where try db.tableExists(table) {
            let scopeColumn = scope ?? "0"
            let rows = try Row.fetchAll(db, sql: "SELECT id, \(column) AS name, \(scopeColumn) AS scope FROM \(table)")
            var byKey: [String: [String]] = [:]
            for row in rows {
                let name: String = row["name"]
                byKey["\(row["scope"] as Int64? ?? 0)\u{1F}" + uniqueKey(name, nocase: folds), default: []].append(name)
            }
            if let clash = byKey.values.first(where: { $0.count > 1 }) {
                throw StoreError.duplicateSpellings(
                    kind: noun, names: clash,
                    reason: "studyctl now treats them as one name and cannot decide which to keep. The study was not changed; open it with the earlier studyctl and rename or merge them")
            }
            for row in rows {
                let name: String = row["name"]
                let composed = StudyText.composed(name)
                if !composed.utf8.elementsEqual(name.utf8) {  // Swift's == is canonical equivalence: compare bytes
                    try db.execute(sql: "UPDATE \(table) SET \(column) = ? WHERE id = ?", arguments: [composed, row["id"] as Int64])
                }
            }
        }
        for row in try Row.fetchAll(db, sql: "SELECT participant_id, name, text_value FROM participant_attribute WHERE text_value IS NOT NULL") {
            let text: String = row["text_value"]
            let composed = StudyText.composed(text)
            if !composed.utf8.elementsEqual(text.utf8) {
                try db.execute(sql: "UPDATE participant_attribute SET text_value = ? WHERE participant_id = ? AND name = ?",
                               arguments: [composed, row["participant_id"] as Int64, row["name"] as String])
            }
        }
    }

    /// `text` as SQLite's NOCASE compares it: ASCII letters folded, everything else as it is.
    static func nocase(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Attributes that are one name spelled several ways become one attribute, under the composed spelling of the
    /// first declared; values move to it, and a participant with two different values stops the upgrade.
    static func joinAttributes(_ db: Database) throws {
        let attributes = try Row.fetchAll(db, sql: "SELECT name, type FROM attribute ORDER BY position, name")
        var groups: [String: [(name: String, type: String)]] = [:]
        var order: [String] = []
        for row in attributes {
            let key = StudyText.key(row["name"])
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((row["name"], row["type"]))
        }
        for key in order {
            let spellings = groups[key]!  // `order` lists the keys of `groups`
            let keep = spellings[0]
            for other in spellings.dropFirst() {
                let conflicts = try Row.fetchAll(db, sql: """
                    SELECT p.code FROM participant_attribute a JOIN participant_attribute b ON a.participant_id = b.participant_id
                    JOIN participant p ON p.id = a.participant_id
                    WHERE a.name = ? AND b.name = ? AND (a.text_value IS NOT b.text_value OR a.number_value IS NOT b.number_value)
                    """, arguments: [keep.name, other.name]).map { $0["code"] as String }
                let otherValues = try Int.fetchOne(db, sql: "SELECT count(*) FROM participant_attribute WHERE name = ?", arguments: [other.name]) ?? 0
                let typeClash = keep.type != other.type && otherValues > 0
                if !conflicts.isEmpty || typeClash {
                    throw StoreError.duplicateSpellings(
                        kind: "attribute", names: spellings.map(\.name),
                        reason: (typeClash ? "one holds numbers and the other text" : "participants \(conflicts.prefix(10).joined(separator: ", ")) have different values under each")
                            + ". The study was not changed; open it with the earlier studyctl and remove one of them (participant set --unset)")
                }
                try db.execute(sql: """
                    DELETE FROM participant_attribute WHERE name = ? AND participant_id IN (SELECT participant_id FROM participant_attribute WHERE name = ?)
                    """, arguments: [other.name, keep.name])
                try db.execute(sql: "UPDATE participant_attribute SET name = ? WHERE name = ?", arguments: [keep.name, other.name])
                try db.execute(sql: "UPDATE attribute SET derived_from = ? WHERE derived_from = ?", arguments: [keep.name, other.name])
                try db.execute(sql: "UPDATE attribute SET identifying = 1 WHERE name = ? AND (SELECT identifying FROM attribute WHERE name = ?) = 1",
                               arguments: [keep.name, other.name])
                try db.execute(sql: "DELETE FROM attribute WHERE name = ?", arguments: [other.name])
            }
            let composed = StudyText.composed(keep.name)
            if !composed.utf8.elementsEqual(keep.name.utf8) {
                // participant_attribute and derived_from follow through ON UPDATE CASCADE; set here too in case the
                // connection has foreign keys off.
                try db.execute(sql: "UPDATE attribute SET name = ? WHERE name = ?", arguments: [composed, keep.name])
                try db.execute(sql: "UPDATE participant_attribute SET name = ? WHERE name = ?", arguments: [composed, keep.name])
                try db.execute(sql: "UPDATE attribute SET derived_from = ? WHERE derived_from = ?", arguments: [composed, keep.name])
            }
        }
    }
}
