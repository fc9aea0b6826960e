import Foundation
import GRDB
import StudyBasics
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
                    current?.values[StudyText.key(name)] = (row[4] as Double?).map(AttributeValue.number) ?? .text(row[3])  // set above for this row's participant
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
        try AttributeTableRow.order(Column("position")).fetchAll(db).map {
            // The column's CHECK constraint admits only 'text' and 'number'.
            AttributeDefinition(name: $0.name, type: try Self.required(AttributeType(rawValue: $0.type), in: "attribute", key: "type of \($0.name)"),
                                derivedFrom: $0.derivedFrom, rule: $0.rule, identifying: $0.identifying)
        }
    }

    /// One participant with what is attached to them.
    public func participant(_ code: String) throws -> ParticipantDetail {
        try read { db in
            let id = try Self.participantID(db, code: code)
            let row = try Self.required(ParticipantTableRow.fetchOne(db, key: id), in: "participant", key: id)
            let values = try Row.fetchAll(db, sql: """
                SELECT a.name, pa.text_value, pa.number_value FROM participant_attribute pa JOIN attribute a ON a.name = pa.name
                WHERE pa.participant_id = ? ORDER BY a.position
                """, arguments: [id])
            let profile = ParticipantProfile(code: row.code, attributes: values.map { value in
                (value["name"] as String, (value["number_value"] as Double?).map(AttributeValue.number) ?? .text(value["text_value"]))
            })
            return ParticipantDetail(profile: profile, created: row.created, attached: try Self.attachedData(db, participantID: id))
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
            transcripts: try count("transcript"), excerpts: try count("excerpt"), memos: try count("memo"), sessions: try count("session"),
            recordings: try count("media"))
    }

    // MARK: - Writes

    /// Adds one participant with attribute values as typed (`years_ios` = "0,5" is stored as the number 0.5).
    ///
    /// A code that looks the same as an existing one (Unicode TR39 skeleton: `Р1` in Cyrillic, fullwidth `Ｐ1`) is
    /// refused unless `allowConfusable`. `types` declares attributes' types (by name, any case): see `typedValue`.
    public func addParticipant(code typed: String, attributes: [(name: String, value: String)], allowConfusable: Bool = false,
                               types: [String: AttributeType] = [:]) throws {
        let code = try Self.name(typed, .participantCode)
        try write { db in
            if try Int64.fetchOne(db, sql: "SELECT id FROM participant WHERE code = ?", arguments: [code]) != nil {
                throw StoreError.duplicateParticipant(code: code)
            }
            try Self.refuseWithdrawn(db, code: code)
            let skeleton = Confusables.skeleton(code)
            if !allowConfusable, let existing = try Self.lookAlike(db, code: code, skeleton: skeleton) {
                throw StoreError.confusableParticipant(code: code, existing: existing)
            }
            try ParticipantTableRow(code: code, created: Timestamp.now(), skeleton: skeleton).insert(db)
            let id = db.lastInsertedRowID
            try Self.count(db, .participants, 1)
            try Self.declareTypes(db, types, valued: attributes.map(\.name))
            try Self.setValues(db, participantID: id, code: code, values: attributes, types: Self.keyed(types))
        }
    }

    /// Sets (or, for names in `unset`, removes) attribute values of one participant; `types` declares attributes'
    /// types as `addParticipant` does.
    public func setAttributes(code: String, values: [(name: String, value: String)], unset: [String],
                              types: [String: AttributeType] = [:]) throws {
        let unset = try unset.map { try Self.name($0, .attributeName) }
        try write { db in
            let id = try Self.participantID(db, code: code)
            try Self.declareTypes(db, types, valued: values.map(\.name))
            try Self.setValues(db, participantID: id, code: code, values: values, types: Self.keyed(types))
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
                let stored = try Self.required(String.fetchOne(db, sql: "SELECT code FROM participant WHERE id = ?", arguments: [id]), in: "participant", key: id)  // found by id above, same transaction
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
                let current = roster.participants.first { $0.code == code }?.value(of: name)  // `derived` holds the roster's own codes
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
                    try Self.forgetDeclaredType(db, attribute: storedName)
                }
                try db.execute(sql: "UPDATE attribute SET type = 'text', derived_from = ?, rule = ? WHERE name = ?",
                               arguments: [sourceDefinition.name, rule.description, storedName])
            } else {
                storedName = name
                try AttributeTableRow(name: name, type: .text, derivedFrom: sourceDefinition.name, rule: rule.description,
                                      position: AttributeTableRow.nextPosition(db)).insert(db)
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
                // Every derived label is one of the rule's clauses.
                if let index = counts.firstIndex(where: { $0.label == label }) { counts[index].participants += 1 }
            }
            return DerivationSummary(attribute: storedName, counts: counts, skipped: skipped,
                                     changed: changed, unchanged: unchanged)
        }
    }

    /// What `setAttributeType` did.
    public enum TypeChange: Sendable, Equatable {
        /// A new attribute, with no values yet.
        case declared(attribute: String)
        /// The attribute already held that type; it is now remembered as declared.
        case unchanged(attribute: String)
        /// The attribute's values were converted (how many).
        case converted(attribute: String, values: Int)
    }

    /// Declares the type of an attribute: a new one is added with no values; an existing one is converted.
    ///
    /// Number to text keeps each value as it is shown (4.1 → "4.1"); it is refused for the source of a derived
    /// attribute (its rule needs numbers). Text to number is refused for a value that is no number, and for one
    /// that would not read back as typed (`4.10` → 4.1, `007` → 7) unless `force`. All or nothing.
    @discardableResult
    public func setAttributeType(_ typed: String, to type: AttributeType, force: Bool = false) throws -> TypeChange {
        let name = try Self.name(typed, .attributeName)
        return try write { db in
            guard let stored = try Self.attributeName(db, name), let current = try Self.attributeType(db, stored) else {
                let stored = try Self.declareAttribute(db, name: name, type: type, explicitly: true)
                return .declared(attribute: stored)
            }
            try Self.recordDeclaredType(db, attribute: stored, type: type)
            guard current != type else { return .unchanged(attribute: stored) }
            let rows = try Row.fetchAll(db, sql: """
                SELECT p.code, pa.participant_id, pa.text_value, pa.number_value FROM participant_attribute pa
                JOIN participant p ON p.id = pa.participant_id WHERE pa.name = ?
                """, arguments: [stored])
                .sorted { NaturalOrder.areInIncreasingOrder($0["code"], $1["code"]) }
            switch type {
            case .text:
                let derived = try String.fetchAll(db, sql: "SELECT name FROM attribute WHERE derived_from = ? ORDER BY position", arguments: [stored])
                guard derived.isEmpty else { throw StoreError.typeChangeBreaksRule(attribute: stored, derived: derived) }
                for row in rows {
                    let number: Double = row["number_value"]
                    try Self.storeValue(db, participantID: row["participant_id"], attribute: stored, value: .text(NumberParser.format(number)))
                }
            case .number:
                var problems: [StoreError.Problem] = []
                var numbers: [(Int64, Double)] = []
                for row in rows {
                    let code: String = row["code"]
                    let text: String = row["text_value"]
                    guard let number = NumberParser.parse(text) else {
                        problems.append(.init(location: "participant \(code)",
                                              message: "\(stored) = '\(text)' is not a number; change it or remove it first ('studyctl participant set \(code) \(stored)=…' or --unset \(stored))"))
                        continue
                    }
                    if NumberParser.losesDigits(text) && !force {
                        problems.append(.init(location: "participant \(code)",
                                              message: "\(stored) = '\(text)' would become the number \(NumberParser.format(number)); if that is what it means, rerun with --force"))
                        continue
                    }
                    numbers.append((row["participant_id"], number))
                }
                guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
                for (id, number) in numbers {
                    try Self.storeValue(db, participantID: id, attribute: stored, value: .number(number))
                }
            }
            try db.execute(sql: "UPDATE attribute SET type = ? WHERE name = ?", arguments: [type.rawValue, stored])
            return .converted(attribute: stored, values: rows.count)
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

    /// Declared types keyed as names are matched (composed, case-folded).
    static func keyed(_ types: [String: AttributeType]) -> [String: AttributeType] {
        Dictionary(types.map { (StudyText.key($0.key), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Declares the types of the attributes `types` names (`--type NAME=number`) that the command gives no value
    /// (those with one are declared as it is stored, in the order given): a new attribute is added with that type,
    /// one the study already has must hold it; either is remembered as declared.
    static func declareTypes(_ db: Database, _ types: [String: AttributeType], valued: [String]) throws {
        let valued = Set(valued.map(StudyText.key))
        for (name, type) in types.sorted(by: { $0.key < $1.key }) where !valued.contains(StudyText.key(name)) {
            if let stored = try attributeName(db, name), let held = try attributeType(db, stored) {
                guard held == type else { throw StoreError.attributeTypeDeclared(attribute: stored, holds: held, declared: type) }
                try recordDeclaredType(db, attribute: stored, type: type)
            } else {
                try declareAttribute(db, name: name, type: type, explicitly: true)
            }
        }
    }

    /// Declares an attribute if the study does not have it yet; returns its stored name. `explicitly` records that
    /// the researcher declared its type (`--type`, `participant attribute type`) rather than the first values
    /// suggesting it.
    @discardableResult
    static func declareAttribute(_ db: Database, name typed: String, type: AttributeType, at location: String? = nil,
                                 explicitly: Bool = false) throws -> String {
        let name = try Self.name(typed, .attributeName, at: location)
        if let stored = try attributeName(db, name) { return stored }
        try AttributeTableRow(name: name, type: type, position: AttributeTableRow.nextPosition(db)).insert(db)
        if explicitly { try recordDeclaredType(db, attribute: name, type: type) }
        return name
    }

    /// The `study_setting` key that remembers an attribute's type was declared by the researcher.
    static func declaredTypeKey(_ attribute: String) -> String { "attribute-type." + StudyText.key(attribute) }

    /// Remembers that the researcher declared `attribute`'s type (a numeric attribute declared so reads `1.50` as
    /// the number 1.5; one whose type only its first values suggested refuses it rather than lose the zero).
    static func recordDeclaredType(_ db: Database, attribute: String, type: AttributeType) throws {
        try db.execute(sql: """
            INSERT INTO study_setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, arguments: [declaredTypeKey(attribute), type.rawValue])
    }

    static func forgetDeclaredType(_ db: Database, attribute: String) throws {
        try db.execute(sql: "DELETE FROM study_setting WHERE key = ?", arguments: [declaredTypeKey(attribute)])
    }

    /// Whether the researcher declared `attribute` (its stored name) a number.
    static func declaredNumber(_ db: Database, attribute: String) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT value FROM study_setting WHERE key = ?", arguments: [declaredTypeKey(attribute)]) == AttributeType.number.rawValue
    }

    /// Types `raw` for attribute `name`: numbers where the attribute holds numbers (or is new and `raw` is one).
    ///
    /// `declared` is the type the command declares (`--type NAME=number`): a new attribute takes it, an attribute of
    /// another type is refused. A number that would not keep what was typed (`4.10`, `007`) goes into a numeric
    /// attribute only when its type was declared (here or before); otherwise it is refused, saying how to keep it.
    ///
    /// A new attribute declared so is remembered as declared unless `remember` is false (a bundle's types: the other
    /// side's, used for its own values).
    static func typedValue(_ db: Database, attribute typed: String, raw: String, participant: String,
                           declared: AttributeType? = nil, remember: Bool = true) throws -> (String, AttributeValue) {
        let name = try Self.name(typed, .attributeName)
        let text = StudyText.composed(raw.trimmingCharacters(in: .whitespaces))
        guard let stored = try attributeName(db, name), let type = try attributeType(db, stored) else {
            if let declared {
                let stored = try declareAttribute(db, name: name, type: declared, explicitly: remember)
                return try typedValue(db, attribute: stored, raw: raw, participant: participant, declared: declared, remember: remember)
            }
            let parsed = AttributeValue(parsing: raw)
            if case .text = parsed { return (try declareAttribute(db, name: name, type: .text), .text(text)) }
            return (try declareAttribute(db, name: name, type: parsed.type), parsed)
        }
        if let declared {
            guard declared == type else { throw StoreError.attributeTypeDeclared(attribute: stored, holds: type, declared: declared) }
            if remember { try recordDeclaredType(db, attribute: stored, type: declared) }
        }
        switch type {
        case .text:
            return (stored, .text(text))
        case .number:
            guard let number = NumberParser.parse(raw) else {
                throw StoreError.attributeType(participant: participant, attribute: stored, expected: "number", value: raw)
            }
            if NumberParser.losesDigits(raw), declared != .number, !(try declaredNumber(db, attribute: stored)) {
                throw StoreError.numberLosesDigits(participant: participant, attribute: stored, value: text,
                                                   number: NumberParser.format(number))
            }
            return (stored, .number(number))
        }
    }

    static func setValues(_ db: Database, participantID: Int64, code: String, values: [(name: String, value: String)],
                          types: [String: AttributeType] = [:], remember: Bool = true) throws {
        for (name, raw) in values {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw StoreError.invalidInput([StoreError.Problem(
                    location: "participant \(code)",
                    message: "attribute '\(name)' is given an empty value; to remove a value use --unset \(name)")])
            }
            let (stored, value) = try typedValue(db, attribute: name, raw: trimmed, participant: code,
                                                 declared: types[StudyText.key(name)], remember: remember)
            try storeValue(db, participantID: participantID, attribute: stored, value: value)
        }
    }

    static func storeValue(_ db: Database, participantID: Int64, attribute: String, value: AttributeValue) throws {
        // Prepared SQL, not a record: once per attribute cell of a participants file (bench/baseline.py,
        // `participant import` at 100,000 rows).
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
