import Foundation
import GRDB
import StudyBasics
import Surveys

extension StudyDatabase {
    /// The repeated rows form imports dropped (`--duplicates keep-first|keep-last`) for the sets the study still
    /// holds: by instrument, then participant (natural order), then file and line.
    public func droppedResponses() throws -> [DroppedResponse] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT p.code, i.key AS instrument, d.source, d.policy
                FROM dropped_response d JOIN response_set r ON r.id = d.kept_set_id
                JOIN participant p ON p.id = r.participant_id JOIN instrument i ON i.id = r.instrument_id
                ORDER BY d.id
                """)
            let dropped = rows.map { row -> DroppedResponse in
                let source: String = row["source"]
                // file:line, the file's own name possibly holding colons.
                let cut = source.lastIndex(of: ":")
                let file = cut.map { String(source[..<$0]) } ?? source
                let line = cut.flatMap { Int(source[source.index(after: $0)...]) } ?? 0
                return DroppedResponse(participant: row["code"], instrument: row["instrument"], file: file, line: line, policy: row["policy"])
            }
            return dropped.sorted {
                ($0.instrument, $0.file) != ($1.instrument, $1.file) ? ($0.instrument, $0.file) < ($1.instrument, $1.file)
                    : $0.participant != $1.participant ? NaturalOrder.areInIncreasingOrder($0.participant, $1.participant) : $0.line < $1.line
            }
        }
    }
}
