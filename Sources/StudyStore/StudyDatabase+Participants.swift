import Foundation
import GRDB
import Surveys
import Wording

extension StudyDatabase {
    // MARK: - Reads

    /// Every participant in natural code order (P2 before P10), with the study's attributes.
    public func roster() throws -> ParticipantRoster {
        try read { db in try Self.roster(db) }
    }

    /// How many participants the study has.
    public func participantCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM participant") ?? 0 }
    }

    /// Calls `body` with each participant's code and values (by lowercased attribute name), in natural order of
    /// the codes, reading one participant at a time so memory stays flat however many there are.
    public func forEachParticipant(_ body: (String, [String: AttributeValue]) throws -> Void) throws {
        try read { db in
            try NaturalOrderKey.register(in: db)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT p.id, p.code, pa.name, pa.text_value, pa.number_value FROM participant p
                LEFT JOIN participant_attribute pa ON pa.participant_id = p.id
                ORDER BY natural_key(p.code), p.code, p.id
                """)
            var current: (id: Int64, code: String, values: [String: AttributeValue])?
            while let row = try rows.next() {
                let id: Int64 = row[0]
                if current?.id != id {
                    if let current { try body(current.code, current.values) }
                    current = (id, row[1], [:])
                }
                if let name = row[2] as String? {
                    current!.values[StudyText.key(name)] = (row[4] as Double?).map(AttributeValue.number) ?? .text(row[3])
                }
            }
            if let current { try body(current.code, current.values) }
        }
    }

    /// How many participants have each displayed value of `attribute` (`none` counts those without one).
    public func participantCounts(by attribute: String, none: String) throws -> [String: Int] {
        try read { db in
            var counts: [String: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT pa.text_value, pa.number_value, count(*) FROM participant p
                LEFT JOIN participant_attribute pa ON pa.participant_id = p.id AND pa.name = ?
                GROUP BY pa.text_value, pa.number_value
                """, arguments: [attribute])
            while let row = try rows.next() {
                let name = (row[1] as Double?).map { AttributeValue.number($0).display } ?? (row[0] as String?) ?? none
                counts[name, default: 0] += row[2] as Int
            }
            return counts
        }
    }

    /// The displayed value of `attribute` for each of `participants` that has one.
    public func attributeValues(_ attribute: String, of participants: Set<String>) throws -> [String: String] {
        try read { db in
            let statement = try db.makeStatement(sql: """
                SELECT pa.text_value, pa.number_value FROM participant_attribute pa JOIN participant p ON p.id = pa.participant_id
                WHERE p.code = ? AND pa.name = ?
                """)
            var values: [String: String] = [:]
            for code in participants {
                guard let row = try Row.fetchOne(statement, arguments: [code, attribute]) else { continue }
                values[code] = (row[1] as Double?).map { AttributeValue.number($0).display } ?? row[0]
            }
            return values
        }
    }

    static func roster(_ db: Database) throws -> ParticipantRoster {
        let attributes = try attributeDefinitions(db)
        var profiles: [Int64: ParticipantProfile] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, code FROM participant") {
            profiles[row["id"]] = ParticipantProfile(code: row["code"], attributes: [])
        }
        // Keyed as names are matched (composed, case-folded); a study never holds two spellings of one name (schema
        // step 11 joined them), and a first-wins dictionary keeps even a damaged one readable.
        let positions = Dictionary(attributes.enumerated().map { (StudyText.key($1.name), $0) }, uniquingKeysWith: { first, _ in first })
        let values = try Row.fetchAll(db, sql: """
            SELECT participant_id, a.name, text_value, number_value
            FROM participant_attribute pa JOIN attribute a ON a.name = pa.name
            """)
        for row in values {
            let id: Int64 = row["participant_id"]
            let value: AttributeValue = (row["number_value"] as Double?).map(AttributeValue.number)
                ?? .text(row["text_value"])
            profiles[id]?.attributes.append((row["name"], value))
        }
        let ordered = profiles.values.map { profile -> ParticipantProfile in
            var profile = profile
            profile.attributes.sort { (positions[StudyText.key($0.name)] ?? .max) < (positions[StudyText.key($1.name)] ?? .max) }
            return profile
        }
        return ParticipantRoster(
            attributes: attributes,
            participants: ordered.sorted { NaturalOrder.areInIncreasingOrder($0.code, $1.code) })
    }

    static func attributeDefinitions(_ db: Database) throws -> [AttributeDefinition] {
        try Row.fetchAll(db, sql: "SELECT name, type, derived_from, rule, identifying FROM attribute ORDER BY position").map {
            AttributeDefinition(name: $0["name"], type: AttributeType(rawValue: $0["type"])!,
                                derivedFrom: $0["derived_from"], rule: $0["rule"], identifying: $0["identifying"])
        }
    }

    /// One participant with what is attached to them.
    public func participant(_ code: String) throws -> ParticipantDetail {
        try read { db in
            let id = try Self.participantID(db, code: code)
            let row = try Row.fetchOne(db, sql: "SELECT code, created FROM participant WHERE id = ?", arguments: [id])!
            let values = try Row.fetchAll(db, sql: """
                SELECT a.name, pa.text_value, pa.number_value FROM participant_attribute pa JOIN attribute a ON a.name = pa.name
                WHERE pa.participant_id = ? ORDER BY a.position
                """, arguments: [id])
            let profile = ParticipantProfile(code: row["code"], attributes: values.map { value in
                (value["name"] as String, (value["number_value"] as Double?).map(AttributeValue.number) ?? .text(value["text_value"]))
            })
            let created: String = row["created"]
            return ParticipantDetail(profile: profile, created: created, attached: try Self.attachedData(db, participantID: id))
        }
    }

    /// An existing participant whose code looks like `code` without being it (same TR39 skeleton), or `nil`.
    static func lookAlike(_ db: Database, code: String, skeleton: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT code FROM participant WHERE skeleton = ? AND code <> ? LIMIT 1", arguments: [skeleton, code])
    }

    /// One participant's value of one attribute, looked up by index (no roster load).
    static func attributeValue(_ db: Database, participant code: String, attribute: String) throws -> AttributeValue? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT pa.text_value, pa.number_value FROM participant_attribute pa JOIN participant p ON p.id = pa.participant_id
            WHERE p.code = ? AND pa.name = ?
            """, arguments: [code, attribute]) else { return nil }
        return (row["number_value"] as Double?).map(AttributeValue.number) ?? (row["text_value"] as String?).map(AttributeValue.text)
    }

    static func participantID(_ db: Database, code typed: String) throws -> Int64 {
        let code = StudyText.composed(typed)
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [code]) {
            return id
        }
        let known = try String.fetchAll(db, sql: "SELECT code FROM participant")
            .sorted(by: NaturalOrder.areInIncreasingOrder)
        throw StoreError.unknownParticipant(code: code, known: known)
    }

    static func attachedData(_ db: Database, participantID id: Int64) throws -> AttachedData {
        func count(_ table: String) throws -> Int {
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE participant_id = ?", arguments: [id]) ?? 0
        }
        return AttachedData(
            responseSets: try count("response_set"), attempts: try count("task_attempt"),
            transcripts: try count("transcript"), excerpts: try count("excerpt"), memos: try count("memo"), sessions: try count("session"))
    }

    // MARK: - Writes

    /// Adds one participant with attribute values as typed (`years_ios` = "0,5" is stored as the number 0.5).
    ///
    /// A code that looks the same as an existing one (Unicode TR39 skeleton: `Р1` in Cyrillic, fullwidth `Ｐ1`) is
    /// refused unless `allowConfusable`.
    public func addParticipant(code typed: String, attributes: [(name: String, value: String)], allowConfusable: Bool = false) throws {
        let code = try Self.name(typed, .participantCode)
        try write { db in
            if try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [code]) != nil {
                throw StoreError.duplicateParticipant(code: code)
            }
            let skeleton = Confusables.skeleton(code)
            if !allowConfusable, let existing = try Self.lookAlike(db, code: code, skeleton: skeleton) {
                throw StoreError.confusableParticipant(code: code, existing: existing)
            }
            try db.execute(sql: "INSERT INTO participant (code, created, skeleton) VALUES (?, ?, ?)", arguments: [code, Timestamp.now(), skeleton])
            let id = db.lastInsertedRowID
            try Self.count(db, .participants, 1)
            try Self.setValues(db, participantID: id, code: code, values: attributes)
        }
    }

    /// Sets (or, for names in `unset`, removes) attribute values of one participant.
    public func setAttributes(code: String, values: [(name: String, value: String)], unset: [String]) throws {
        let unset = try unset.map { try Self.name($0, .attributeName) }
        try write { db in
            let id = try Self.participantID(db, code: code)
            try Self.setValues(db, participantID: id, code: code, values: values)
            for name in unset {
                guard let stored = try Self.attributeName(db, name) else {
                    throw StoreError.unknownAttribute(name: name, known: try Self.attributeDefinitions(db).map(\.name))
                }
                try db.execute(sql: "DELETE FROM participant_attribute WHERE participant_id = ? AND name = ?",
                               arguments: [id, stored])
            }
        }
    }

    /// Removes a participant. Refuses when answers, attempts, transcripts, excerpts, memos or sessions are attached,
    /// unless `cascade`, which removes those too. Returns what was attached.
    @discardableResult
    public func removeParticipant(code: String, cascade: Bool) throws -> AttachedData {
        try write { db in
            let id = try Self.participantID(db, code: code)
            let attached = try Self.attachedData(db, participantID: id)
            if !attached.isEmpty && !cascade {
                let stored = try String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id])!
                throw StoreError.participantHasData(code: stored, attached: attached)
            }
            try db.execute(sql: "DELETE FROM participant WHERE id = ?", arguments: [id])
            return attached
        }
    }

    /// Derives a text attribute from a numeric one by a banding rule, for every participant.
    ///
    /// Participants without the source value are left without a derived value (and listed). When the target
    /// attribute already holds values that differ from the derived ones, nothing changes unless `replace`.
    public func deriveAttribute(_ typed: String, from typedSource: String, rule: DerivationRule, replace: Bool) throws -> DerivationSummary {
        let name = try Self.name(typed, .attributeName)
        let source = StudyText.composed(typedSource)
        guard StudyText.key(name) != StudyText.key(source) else {
            throw StoreError.derivingFromItself(attribute: name)
        }
        return try write { db in
            let roster = try Self.roster(db)
            guard let sourceDefinition = roster.attributes.first(where: { StudyText.key($0.name) == StudyText.key(source) }) else {
                throw StoreError.unknownAttribute(name: source, known: roster.attributes.map(\.name))
            }
            var derived: [(code: String, label: String)] = []
            var skipped: [String] = []
            for participant in roster.participants {
                guard let value = participant.value(of: sourceDefinition.name) else {
                    skipped.append(participant.code)
                    continue
                }
                guard let number = value.number else {
                    throw StoreError.notNumeric(attribute: sourceDefinition.name, participant: participant.code, value: value.display)
                }
                guard let label = rule.label(for: number) else {
                    throw StoreError.ruleLeavesValue(attribute: sourceDefinition.name, participant: participant.code,
                                                     value: value.display, rule: rule.description)
                }
                derived.append((participant.code, label))
            }
            let existing = roster.attributes.first { StudyText.key($0.name) == StudyText.key(name) }
            var changed: [String] = []
            var unchanged = 0
            for (code, label) in derived {
                let current = roster.participants.first { $0.code == code }!.value(of: name)
                if current == .text(label) {
                    unchanged += 1
                } else if let current {
                    changed.append("\(code): \(current.display) → \(label)")
                }
            }
            if !changed.isEmpty && !replace {
                throw StoreError.derivationConflicts(attribute: existing?.name ?? name, conflicts: changed)
            }
            let storedName: String
            if let existing {
                storedName = existing.name
                if existing.type == .number {
                    try db.execute(sql: "DELETE FROM participant_attribute WHERE name = ?", arguments: [storedName])
                }
                try db.execute(sql: "UPDATE attribute SET type = 'text', derived_from = ?, rule = ? WHERE name = ?",
                               arguments: [sourceDefinition.name, rule.description, storedName])
            } else {
                storedName = name
                try db.execute(sql: """
                    INSERT INTO attribute (name, type, derived_from, rule, position)
                    VALUES (?, 'text', ?, ?, (SELECT ifnull(max(position), 0) + 1 FROM attribute))
                    """, arguments: [name, sourceDefinition.name, rule.description])
            }
            let statement = try db.cachedStatement(sql: """
                INSERT INTO participant_attribute (participant_id, name, text_value)
                VALUES ((SELECT id FROM participant WHERE code = ?), ?, ?)
                ON CONFLICT (participant_id, name) DO UPDATE SET text_value = excluded.text_value, number_value = NULL
                """)
            for (code, label) in derived {
                try statement.execute(arguments: [code, storedName, label])
            }
            var counts: [(label: String, participants: Int)] = rule.clauses.map { ($0.label, 0) }
            counts = counts.reduce(into: []) { unique, entry in
                if !unique.contains(where: { $0.label == entry.label }) { unique.append(entry) }
            }
            for (_, label) in derived {
                let index = counts.firstIndex { $0.label == label }!
                counts[index].participants += 1
            }
            return DerivationSummary(attribute: storedName, counts: counts, skipped: skipped,
                                     changed: changed, unchanged: unchanged)
        }
    }

    // MARK: - Attribute helpers

    /// The stored spelling of an attribute name (names match regardless of case), or `nil`.
    static func attributeName(_ db: Database, _ name: String) throws -> String? {
        try storedName(db, table: "attribute", column: "name", name)
    }

    static func attributeType(_ db: Database, _ name: String) throws -> AttributeType? {
        guard let stored = try attributeName(db, name) else { return nil }
        return try String.fetchOne(db, sql: "SELECT type FROM attribute WHERE name = ?", arguments: [stored])
            .flatMap(AttributeType.init(rawValue:))
    }

    /// Declares an attribute if the study does not have it yet; returns its stored name.
    @discardableResult
    static func declareAttribute(_ db: Database, name typed: String, type: AttributeType, at location: String? = nil) throws -> String {
        let name = try Self.name(typed, .attributeName, at: location)
        if let stored = try attributeName(db, name) { return stored }
        try db.execute(sql: """
            INSERT INTO attribute (name, type, position)
            VALUES (?, ?, (SELECT ifnull(max(position), 0) + 1 FROM attribute))
            """, arguments: [name, type.rawValue])
        return name
    }

    /// Types `raw` for attribute `name`: numbers where the attribute holds numbers (or is new and `raw` is one).
    static func typedValue(_ db: Database, attribute typed: String, raw: String, participant: String) throws -> (String, AttributeValue) {
        let name = try Self.name(typed, .attributeName)
        let parsed = AttributeValue(parsing: raw)
        switch try attributeType(db, name) {
        case .number?:
            guard parsed.number != nil else {
                throw StoreError.attributeType(participant: participant, attribute: try attributeName(db, name)!,
                                               expected: "number", value: raw)
            }
            return (try attributeName(db, name)!, parsed)
        case .text?:
            return (try attributeName(db, name)!, .text(StudyText.composed(raw.trimmingCharacters(in: .whitespaces))))
        case nil:
            if case let .text(text) = parsed { return (try declareAttribute(db, name: name, type: .text), .text(StudyText.composed(text))) }
            return (try declareAttribute(db, name: name, type: parsed.type), parsed)
        }
    }

    static func setValues(_ db: Database, participantID: Int64, code: String, values: [(name: String, value: String)]) throws {
        for (name, raw) in values {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw StoreError.invalidInput([StoreError.Problem(
                    location: "participant \(code)",
                    message: "attribute '\(name)' is given an empty value; to remove a value use --unset \(name)")])
            }
            let (stored, value) = try typedValue(db, attribute: name, raw: trimmed, participant: code)
            try storeValue(db, participantID: participantID, attribute: stored, value: value)
        }
    }

    static func storeValue(_ db: Database, participantID: Int64, attribute: String, value: AttributeValue) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO participant_attribute (participant_id, name, text_value, number_value) VALUES (?, ?, ?, ?)
            ON CONFLICT (participant_id, name) DO UPDATE
                SET text_value = excluded.text_value, number_value = excluded.number_value
            """)
        switch value {
        case let .text(text):
            try statement.fastExecute(db, .int(participantID), .text(attribute), .text(text), .null)
        case let .number(number):
            try statement.fastExecute(db, .int(participantID), .text(attribute), .null, .double(number))
        }
    }
}
