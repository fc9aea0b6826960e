import Foundation
import GRDB
import StudyBasics
import Surveys
import Wording

extension StudyDatabase {
    /// `raw` as the study stores it, through the one door (`StudyText.name`): composed (NFC), checked, within its
    /// limit in code points. A refusal names the kind, the name as typed and, when known, where it came from.
    static func name(_ raw: String, _ kind: NameKind, at location: String? = nil) throws -> String {
        do {
            return try StudyText.name(raw, as: kind)
        } catch {
            switch kind {
            case .participantCode where location == nil: throw StoreError.invalidParticipantCode(code: raw, reason: error.reason)
            case .attributeName where location == nil: throw StoreError.invalidAttributeName(name: raw, reason: error.reason)
            default: throw StoreError.invalidName(error, location: location)
            }
        }
    }

    /// The stored spelling of the name in `table.column` that is `name` regardless of case and of how its accents
    /// were typed (SQLite's NOCASE folds ASCII letters only, so "Área" would otherwise miss "área"), or nil.
    static func storedName(_ db: Database, table: String, column: String, _ name: String) throws -> String? {
        let composed = StudyText.composed(name)
        if let exact = try String.fetchOne(db, sql: "SELECT \(column) FROM \(table) WHERE \(column) = ?", arguments: [composed]) {
            return exact
        }
        if composed.utf8.allSatisfy({ $0 < 0x80 }) { return nil }
        let key = StudyText.key(composed)
        return try String.fetchAll(db, sql: "SELECT \(column) FROM \(table)").first { StudyText.key($0) == key }
    }
}
