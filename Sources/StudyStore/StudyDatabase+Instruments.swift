import Foundation
import GRDB
import Surveys
import Wording

extension StudyDatabase {
    /// The study's copy of an instrument, or the built-in one; `nil` when neither exists.
    public func instrument(_ id: String) throws -> InstrumentDefinition? {
        if let stored = try read({ db in try Self.storedInstrument(db, id) }) { return stored.definition }
        return try InstrumentCatalog.builtin(id)
    }

    /// The definitions the study holds (its own and the built-in ones it has used), as stored.
    public func instrumentDefinitions() throws -> [InstrumentDefinition] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT definition FROM instrument ORDER BY key").map(Self.decode)
        }
    }

    /// Every instrument the study can use: its own and the built-in ones.
    public func instruments() throws -> [InstrumentSummary] {
        let (stored, counts) = try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, definition, builtin FROM instrument ORDER BY key")
            let stored = try rows.map { row -> (InstrumentDefinition, Bool) in
                (try Self.decode(row["definition"]), row["builtin"] as Bool)
            }
            let counts = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: """
                SELECT i.key, count(r.id) AS n FROM instrument i LEFT JOIN response_set r ON r.instrument_id = i.id GROUP BY i.id
                """).map { ($0["key"] as String, $0["n"] as Int) })
            return (stored, counts)
        }
        var summaries = stored.map { definition, builtin in
            InstrumentSummary(id: definition.id, title: definition.title.text(.en), titles: definition.title, version: definition.version,
                              items: definition.items.count, builtin: builtin, inStudy: true,
                              responseSets: counts[definition.id] ?? 0)
        }
        for definition in try InstrumentCatalog.builtin() where !summaries.contains(where: { $0.id == definition.id }) {
            summaries.append(InstrumentSummary(id: definition.id, title: definition.title.text(.en), titles: definition.title, version: definition.version,
                                               items: definition.items.count, builtin: true, inStudy: false, responseSets: 0))
        }
        return summaries.sorted { $0.id < $1.id }
    }

    /// Adds a researcher's own instrument to the study. Refuses an id that is built in or already in the study.
    public func addInstrument(_ typed: InstrumentDefinition) throws {
        var definition = typed
        definition.id = try Self.name(typed.id, .instrumentID)
        if try InstrumentCatalog.builtin(definition.id) != nil {
            throw StoreError.instrumentExists(id: definition.id, builtin: true)
        }
        try write { db in
            if try Self.storedInstrument(db, definition.id) != nil {
                throw StoreError.instrumentExists(id: definition.id, builtin: false)
            }
            _ = try Self.insertInstrument(db, definition, builtin: false)
        }
    }

    // MARK: - Helpers inside a transaction

    static func decode(_ json: String) throws -> InstrumentDefinition {
        try JSONDecoder().decode(InstrumentDefinition.self, from: Data(json.utf8))
    }

    static func storedInstrument(_ db: Database, _ id: String) throws -> (rowID: Int64, definition: InstrumentDefinition)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, definition FROM instrument WHERE key = ?", arguments: [id]) else {
            return nil
        }
        return (row["id"], try decode(row["definition"]))
    }

    /// The study's instrument `id`, copying the built-in definition into the study on first use, so the study
    /// keeps the exact definition its answers were given to.
    static func resolveInstrument(_ db: Database, _ id: String) throws -> (rowID: Int64, definition: InstrumentDefinition) {
        if let stored = try storedInstrument(db, id) { return stored }
        guard let definition = try InstrumentCatalog.builtin(id) else {
            let known = Set(try String.fetchAll(db, sql: "SELECT key FROM instrument")).union(try InstrumentCatalog.builtin().map(\.id))
            throw StoreError.unknownInstrument(id: id, known: known.sorted())
        }
        return (try insertInstrument(db, definition, builtin: true), definition)
    }

    static func insertInstrument(_ db: Database, _ definition: InstrumentDefinition, builtin: Bool) throws -> Int64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(definition), as: UTF8.self)
        try InstrumentRow(key: definition.id, version: definition.version, title: definition.title.text(.en), definition: json,
                          builtin: builtin, added: Timestamp.now()).insert(db)
        let rowID = db.lastInsertedRowID
        for item in definition.items {
            let range = definition.range(of: item)
            try db.execute(sql: """
                INSERT INTO instrument_item (instrument_id, number, kind, scale_min, scale_max, allows_na) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [rowID, item.number, item.kind.rawValue, range?.lowerBound, range?.upperBound, definition.allowsNA(item)])
            for (position, choice) in (item.choices ?? []).enumerated() {
                try db.execute(sql: """
                    INSERT INTO instrument_choice (instrument_id, item_number, choice, position) VALUES (?, ?, ?, ?)
                    """, arguments: [rowID, item.number, choice.key, position + 1])
            }
        }
        return rowID
    }
}
