import Foundation
import GRDB

extension StudyDatabase {
    static let citationKey = "quotes.citation"

    /// The participant attributes a quote's citation names, as the study chose them once (the workspace's Quotes tab,
    /// `export quotes --cite … --keep`); nil when never chosen (every attribute is cited).
    public func citationAttributes() throws -> [String]? {
        try read { db in
            guard let stored = try String.fetchOne(db, sql: "SELECT value FROM study_setting WHERE key = ?", arguments: [Self.citationKey]) else { return nil }
            let known = try Self.attributeNames(db)
            // An attribute removed since is no longer cited.
            return (try? JSONDecoder().decode([String].self, from: Data(stored.utf8)))?.compactMap { name in
                known.first { $0.caseInsensitiveCompare(name) == .orderedSame }
            }
        }
    }

    /// Stores the attributes a quote's citation names (in that order; empty: the participant's code alone; nil: every
    /// attribute again). An attribute the study does not have is refused, naming the study's.
    public func setCitationAttributes(_ names: [String]?) throws {
        try write { db in
            guard let names else {
                try db.execute(sql: "DELETE FROM study_setting WHERE key = ?", arguments: [Self.citationKey])
                return
            }
            let known = try Self.attributeNames(db)
            var chosen: [String] = []
            for name in names.map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                guard let found = known.first(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                    throw StoreError.invalidInput([.init(location: "attribute \(name)",
                                                         message: "no such participant attribute (attributes: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")])
                }
                if !chosen.contains(found) { chosen.append(found) }
            }
            let value = String(decoding: try JSONEncoder().encode(chosen), as: UTF8.self)
            try db.execute(sql: "INSERT INTO study_setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                           arguments: [Self.citationKey, value])
        }
    }

    static func attributeNames(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM attribute ORDER BY position, name")
    }

    /// The coders marked as a consensus (the resolution view's), by name.
    public func consensusCoders() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT name FROM coder WHERE consensus = 1 ORDER BY id") }
    }
}
