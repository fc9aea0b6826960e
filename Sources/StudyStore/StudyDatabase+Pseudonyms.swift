import Foundation
import GRDB
import QualCoding
import StudyBasics
import Surveys
import Wording

extension StudyDatabase {
    /// Marks an attribute as identifying (or not): pseudonymised exports leave identifying attributes out.
    public func setIdentifying(attribute: String, _ identifying: Bool) throws {
        try write { db in
            guard let name = try Self.attributeName(db, attribute) else {
                throw StoreError.unknownAttribute(name: attribute, known: try Self.attributeDefinitions(db).map(\.name))
            }
            try db.execute(sql: "UPDATE attribute SET identifying = ? WHERE name = ?", arguments: [identifying, name])
        }
    }

    /// A pseudonymised copy of the study at `path` (which must not exist), for exports to share or archive:
    /// participant codes become stable pseudonyms (`S` and hexadecimal digits of SHA-1 over the study's random secret
    /// and the code: the same in every export of the study, and not traceable without the study file), identifying attributes are removed, and in transcripts,
    /// excerpts, codes and memos every whole-word occurrence of a participant's code becomes their pseudonym, of a
    /// speaker's name the pseudonym of the participant they are (`[…]` for the moderator and speakers not mapped) and
    /// of a name in `redact` `[…]`, with coded spans moved to match. Returns the key (code → pseudonym).
    public func pseudonymisedCopy(at path: String, redact names: [String]) throws -> [(code: String, pseudonym: String)] {
        try protectedCopy(at: path, pseudonymise: true, redact: names)
    }

    /// A copy of the study at `path` (which must not exist) to share: identifying attributes and recordings left out,
    /// every name in `redact` masked as `[…]` wherever the study keeps words (transcripts with their excerpts' and
    /// annotations' places moved to match, excerpts, codes, memos, annotations, speakers, attribute values,
    /// categories and their definitions, transcript labels, the title), and with `pseudonymise` participant codes
    /// replaced as `pseudonymisedCopy` says. Returns the key (code → pseudonym; empty without `pseudonymise`).
    public func protectedCopy(at path: String, pseudonymise: Bool, redact names: [String]) throws -> [(code: String, pseudonym: String)] {
        let secret = try read { db in try String.fetchOne(db, sql: "SELECT pseudonym_secret FROM study WHERE id = 1") } ?? ""
        try backup(to: path)
        let copy = try StudyDatabase.open(at: path)
        return try copy.write { db in
            try db.execute(sql: "UPDATE study SET pseudonym_secret = NULL")
            // Kept GUIDs are keyed by codes and names: a pseudonymised export mints its own.
            try db.execute(sql: "DELETE FROM foreign_guid")
            try db.execute(sql: "DELETE FROM selection_guid")
            // Recordings are voices and faces, and their paths often carry names: none goes into a copy to share.
            try db.execute(sql: "DELETE FROM media")
            let codes = pseudonymise ? try String.fetchAll(db, sql: "SELECT code FROM participant ORDER BY id") : []
            var key: [(String, String)] = []
            var taken = Set<String>()
            for code in codes {
                let digest = NameBasedUUID.sha1(Array((secret + "\u{1F}" + code).utf8)).map { String(format: "%02x", $0) }.joined()
                var length = 5
                var pseudonym = "S" + digest.prefix(length).uppercased()
                while taken.contains(pseudonym) { length += 1; pseudonym = "S" + digest.prefix(length).uppercased() }
                taken.insert(pseudonym)
                key.append((code, pseudonym))
            }
            // Through a temporary name first: a pseudonym may equal another participant's current code.
            for (index, (code, _)) in key.enumerated() {
                try db.execute(sql: "UPDATE participant SET code = ?, skeleton = ? WHERE code = ?", arguments: ["\u{1F}\(index)", "\u{1F}\(index)", code])
            }
            for (index, (_, pseudonym)) in key.enumerated() {
                try db.execute(sql: "UPDATE participant SET code = ?, skeleton = ? WHERE code = ?", arguments: [pseudonym, Confusables.skeleton(pseudonym), "\u{1F}\(index)"])
            }
            // A participant's name kept in an identifying attribute ("Ana Souza") is masked in the words too, read
            // before the attribute goes.
            let nameMasks = pseudonymise ? try Self.identifyingNameMasks(db) : []
            try db.execute(sql: "DELETE FROM participant_attribute WHERE name IN (SELECT name FROM attribute WHERE identifying = 1)")
            try db.execute(sql: "UPDATE attribute SET derived_from = NULL, rule = NULL WHERE derived_from IN (SELECT name FROM attribute WHERE identifying = 1)")
            try db.execute(sql: "DELETE FROM attribute WHERE identifying = 1")
            let replacements = key.map { (pattern: $0.0, with: $0.1) } + names.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { (pattern: $0.trimmingCharacters(in: .whitespaces), with: "[…]") }
                // A speaker named as a participant's code ("P1: …") takes the code's pseudonym, as every code does.
                + (pseudonymise ? Self.merged(try Self.speakerMasks(db) + nameMasks).filter { mask in !key.contains { $0.0.lowercased() == mask.pattern.lowercased() } } : [])
            // Transcripts, with the spans of the excerpts placed in them moved to the redacted text.
            for row in try Row.fetchAll(db, sql: "SELECT id, text FROM transcript") {
                let (text, map) = Pseudonyms.replace(in: row["text"], replacements)
                try db.execute(sql: "UPDATE transcript SET text = ? WHERE id = ?", arguments: [text, row["id"] as Int64])
                for excerpt in try Row.fetchAll(db, sql: "SELECT id, span_start, span_end FROM excerpt WHERE transcript_id = ?", arguments: [row["id"] as Int64]) {
                    guard let start: Int = excerpt["span_start"], let end: Int = excerpt["span_end"] else { continue }
                    try db.execute(sql: "UPDATE excerpt SET span_start = ?, span_end = ? WHERE id = ?", arguments: [map(start), map(end), excerpt["id"] as Int64])
                }
                for annotation in try Row.fetchAll(db, sql: "SELECT id, span_start, span_end, excerpt, text FROM annotation WHERE transcript_id = ?",
                                                   arguments: [row["id"] as Int64]) {
                    try db.execute(sql: "UPDATE annotation SET span_start = ?, span_end = ?, excerpt = ?, text = ? WHERE id = ?",
                                   arguments: [map(annotation["span_start"]), max(map(annotation["span_end"]), map(annotation["span_start"]) + 1),
                                               Pseudonyms.replace(in: annotation["excerpt"], replacements).0,
                                               Pseudonyms.replace(in: annotation["text"], replacements).0, annotation["id"] as Int64])
                }
                for turn in try Row.fetchAll(db, sql: "SELECT position, span_start, span_end FROM transcript_turn WHERE transcript_id = ?", arguments: [row["id"] as Int64]) {
                    try db.execute(sql: "UPDATE transcript_turn SET span_start = ?, span_end = ? WHERE transcript_id = ? AND position = ?",
                                   arguments: [map(turn["span_start"]), map(turn["span_end"]), row["id"] as Int64, turn["position"] as Int])
                }
                // Words with their own times follow their words (a masked name's word keeps at least one character).
                for word in try Row.fetchAll(db, sql: "SELECT position, span_start, span_end FROM transcript_word WHERE transcript_id = ?", arguments: [row["id"] as Int64]) {
                    let start = map(word["span_start"])
                    try db.execute(sql: "UPDATE transcript_word SET span_start = ?, span_end = ? WHERE transcript_id = ? AND position = ?",
                                   arguments: [start, max(map(word["span_end"]), start + 1), row["id"] as Int64, word["position"] as Int])
                }
                // The header ("Speakers: Ana, Bruno") names people too.
                if let header = try String.fetchOne(db, sql: "SELECT header FROM transcript WHERE id = ?", arguments: [row["id"] as Int64]) {
                    try db.execute(sql: "UPDATE transcript SET header = ? WHERE id = ?", arguments: [Pseudonyms.replace(in: header, replacements).0, row["id"] as Int64])
                }
            }
            // Speakers are named in the text ("Ana: …"): their names are masked the same way.
            // Two names masked alike stay two speakers ("[…]", "[…] 2").
            let speakers = try Row.fetchAll(db, sql: "SELECT id, transcript_id, name FROM transcript_speaker ORDER BY id")
            var used: Set<String> = []
            var renamed: [(Int64, String)] = []
            for speaker in speakers {
                let (masked, _) = Pseudonyms.replace(in: speaker["name"], replacements)
                var name = masked
                var number = 1
                while !used.insert("\(speaker["transcript_id"] as Int64)\u{1F}\(name)").inserted {
                    number += 1
                    name = "\(masked) \(number)"
                }
                renamed.append((speaker["id"], name))
            }
            try db.execute(sql: "UPDATE transcript_speaker SET name = char(31) || id")
            for (id, name) in renamed {
                try db.execute(sql: "UPDATE transcript_speaker SET name = ? WHERE id = ?", arguments: [name, id])
            }
            for (table, column) in [("excerpt", "text"), ("code", "label"), ("memo", "text"), ("category", "definition")] {
                for row in try Row.fetchAll(db, sql: "SELECT id, \(column) AS value FROM \(table) WHERE \(column) IS NOT NULL") {
                    let (text, _) = Pseudonyms.replace(in: row["value"], replacements)
                    try db.execute(sql: "UPDATE \(table) SET \(column) = ? WHERE id = ?", arguments: [text, row["id"] as Int64])
                }
            }
            // Attribute values a citation prints ("name: Margaret") when the attribute is not marked identifying.
            for row in try Row.fetchAll(db, sql: "SELECT participant_id, name, text_value FROM participant_attribute WHERE text_value IS NOT NULL") {
                let (text, _) = Pseudonyms.replace(in: row["text_value"], replacements)
                guard text != row["text_value"] as String else { continue }
                try db.execute(sql: "UPDATE participant_attribute SET text_value = ? WHERE participant_id = ? AND name = ?",
                               arguments: [text, row["participant_id"] as Int64, row["name"] as String])
            }
            // Labels for people name things in words too ("Margaret's team"): a value label whose value was masked has
            // nothing left to name and goes; every other label is masked like the rest of the study's words.
            for row in try Row.fetchAll(db, sql: "SELECT attribute, value, label FROM attribute_value_label") {
                let value: String = row["value"]
                if Pseudonyms.replace(in: value, replacements).0 != value {
                    try db.execute(sql: "DELETE FROM attribute_value_label WHERE attribute = ? AND value = ?", arguments: [row["attribute"] as String, value])
                    continue
                }
                let (text, _) = Pseudonyms.replace(in: row["label"], replacements)
                guard text != row["label"] as String else { continue }
                try db.execute(sql: "UPDATE attribute_value_label SET label = ? WHERE attribute = ? AND value = ?",
                               arguments: [text, row["attribute"] as String, value])
            }
            // Each table by its own key (some have no rowid).
            for (table, key) in [("attribute", "name"), ("factor", "id"), ("factor_level", "id"), ("occasion_label", "occasion")] {
                for row in try Row.fetchAll(db, sql: "SELECT \(key) AS k, label FROM \(table) WHERE label IS NOT NULL") {
                    let (text, _) = Pseudonyms.replace(in: row["label"], replacements)
                    guard text != row["label"] as String else { continue }
                    try db.execute(sql: "UPDATE \(table) SET label = ? WHERE \(key) = ?", arguments: [text, row["k"] as DatabaseValue])
                }
            }
            for row in try Row.fetchAll(db, sql: "SELECT id, title FROM task WHERE title IS NOT NULL") {
                let (text, _) = Pseudonyms.replace(in: row["title"], replacements)
                guard text != row["title"] as String else { continue }
                try db.execute(sql: "UPDATE task SET title = ? WHERE id = ?", arguments: [text, row["id"] as Int64])
            }
            let title = try String.fetchOne(db, sql: "SELECT title FROM study WHERE id = 1") ?? ""
            try db.execute(sql: "UPDATE study SET title = ? WHERE id = 1", arguments: [Pseudonyms.replace(in: title, replacements).0])
            // Names that must stay unique (a category's; a transcript's label for its participant) are masked apart:
            // "[…]", "[…] 2".
            try Self.maskUnique(db, table: "category", column: "name", scope: nil, replacements)
            try Self.maskUnique(db, table: "transcript", column: "label", scope: "participant_id", replacements)
            return key
        }
    }
}

extension StudyDatabase {
    /// What a pseudonymised copy puts for each speaker's name (the label of turns, "Ana: …", and the same name said
    /// anywhere in the study's words): the pseudonym of the participant the speaker is mapped to (the codes are
    /// pseudonyms already when this is read), `[…]` for the moderator, a speaker not mapped, or a name mapped to
    /// several participants.
    static func speakerMasks(_ db: Database) throws -> [(pattern: String, with: String)] {
        var masks: [String: String] = [:]
        var spelled: [String: String] = [:]
        let rows = try Row.fetchAll(db, sql: "SELECT s.name, s.role, p.code FROM transcript_speaker s LEFT JOIN participant p ON p.id = s.participant_id ORDER BY s.id")
        for row in rows {
            let name = (row["name"] as String).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let key = name.lowercased()
            let mask = (row["role"] as String?) == "participant" ? (row["code"] as String?) ?? "[…]" : "[…]"
            if let earlier = masks[key], earlier != mask { masks[key] = "[…]" } else { masks[key] = mask }
            if spelled[key] == nil { spelled[key] = name }
        }
        return masks.keys.sorted().map { (pattern: spelled[$0] ?? $0, with: masks[$0] ?? "[…]") }
    }

    /// What a pseudonymised copy puts for a participant's name kept in an identifying attribute: the whole value and,
    /// for a name of several words, each capitalised word of three letters or more ("Ana Souza": "Ana", "Souza"),
    /// each becoming that participant's pseudonym (the codes are pseudonyms already when this is read).
    static func identifyingNameMasks(_ db: Database) throws -> [(pattern: String, with: String)] {
        var masks: [(pattern: String, with: String)] = []
        let rows = try Row.fetchAll(db, sql: """
            SELECT v.text_value, p.code FROM participant_attribute v JOIN attribute a ON a.name = v.name
            JOIN participant p ON p.id = v.participant_id WHERE a.identifying = 1 AND v.text_value IS NOT NULL ORDER BY p.id
            """)
        for row in rows {
            let value = (row["text_value"] as String).trimmingCharacters(in: .whitespaces)
            let code: String = row["code"]
            guard !value.isEmpty else { continue }
            masks.append((value, code))
            let parts = value.split(whereSeparator: \.isWhitespace).map(String.init)
            guard parts.count > 1 else { continue }
            for part in parts where part.count >= 3 && part.first?.isUppercase == true && part.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "'" }) {
                masks.append((part, code))
            }
        }
        return masks
    }

    /// One replacement per name (ignoring case): a name given two different replacements becomes `[…]`.
    static func merged(_ masks: [(pattern: String, with: String)]) -> [(pattern: String, with: String)] {
        var chosen: [String: (pattern: String, with: String)] = [:]
        var order: [String] = []
        for mask in masks {
            let key = mask.pattern.lowercased()
            if let earlier = chosen[key] {
                if earlier.with != mask.with { chosen[key] = (earlier.pattern, "[…]") }
            } else {
                chosen[key] = mask
                order.append(key)
            }
        }
        return order.compactMap { chosen[$0] }
    }

    /// The names of the study's speakers (every transcript's), sorted: what a pseudonymised export masks besides codes.
    public func speakerNames() throws -> [String] {
        try read { db in
            let names = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM transcript_speaker")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return Array(Set(names)).sorted()
        }
    }

    /// `text` with every whole-word occurrence of a name in `names` masked as `[…]`, as a redacted copy masks them.
    public static func masked(_ text: String, names: [String]) -> String {
        let replacements = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map { (pattern: $0, with: "[…]") }
        return replacements.isEmpty ? text : Pseudonyms.replace(in: text, replacements).0
    }

    /// Masks the names in `column` of `table` whose values are unique (within `scope`), keeping them apart.
    static func maskUnique(_ db: Database, table: String, column: String, scope: String?, _ replacements: [(pattern: String, with: String)]) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, \(column) AS value, \(scope ?? "0") AS scope FROM \(table) ORDER BY id")
        var masked: [(Int64, String)] = []
        for row in rows {
            let value: String = row["value"]
            let (text, _) = Pseudonyms.replace(in: value, replacements)
            if text != value { masked.append((row["id"], text)) }
        }
        guard !masked.isEmpty else { return }
        let changed = Set(masked.map(\.0))
        var used = Set(rows.filter { !changed.contains($0["id"]) }.map { "\($0["scope"] as Int64)\u{1F}" + ($0["value"] as String).lowercased() })
        let scopes = Dictionary(rows.map { ($0["id"] as Int64, $0["scope"] as Int64) }, uniquingKeysWith: { a, _ in a })
        for (id, _) in masked {
            try db.execute(sql: "UPDATE \(table) SET \(column) = char(31) || id WHERE id = ?", arguments: [id])
        }
        for (id, text) in masked {
            var name = text
            var number = 1
            while !used.insert("\(scopes[id] ?? 0)\u{1F}" + name.lowercased()).inserted {
                number += 1
                name = "\(text) \(number)"
            }
            try db.execute(sql: "UPDATE \(table) SET \(column) = ? WHERE id = ?", arguments: [name, id])
        }
    }
}

/// Whole-word replacement with an offset map, and the hash pseudonyms come from.
enum Pseudonyms {
    /// `text` with every whole-word, case-insensitive occurrence of each pattern replaced, and a function taking a
    /// Unicode-scalar offset in `text` to the matching offset in the result (an offset inside a replaced word goes to
    /// the replacement's end).
    static func replace(in text: String, _ replacements: [(pattern: String, with: String)]) -> (String, (Int) -> Int) {
        let scalars = Array(text.unicodeScalars)
        let lowered = scalars.map { scalar in
            let lower = Character(scalar).lowercased().unicodeScalars
            return lower.count == 1 ? lower.first ?? scalar : scalar
        }
        let patterns = replacements.map { (Array($0.pattern.lowercased().unicodeScalars), Array($0.with.unicodeScalars)) }.sorted { $0.0.count > $1.0.count }
        func isWord(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        var output: [Unicode.Scalar] = []
        var newOffset = [Int](repeating: 0, count: scalars.count + 1)
        var index = 0
        while index < scalars.count {
            var matched: (Int, [Unicode.Scalar])?
            if index == 0 || !isWord(scalars[index - 1]) {
                for (pattern, replacement) in patterns where !pattern.isEmpty && index + pattern.count <= scalars.count
                    && Array(lowered[index..<index + pattern.count]) == pattern
                    && (index + pattern.count == scalars.count || !isWord(scalars[index + pattern.count])) {
                    matched = (pattern.count, replacement)
                    break
                }
            }
            if let (length, replacement) = matched {
                for k in 0..<length { newOffset[index + k] = output.count + (k == 0 ? 0 : replacement.count) }
                output += replacement
                index += length
            } else {
                newOffset[index] = output.count
                output.append(scalars[index])
                index += 1
            }
        }
        newOffset[scalars.count] = output.count
        var view = String.UnicodeScalarView()
        view.append(contentsOf: output)
        return (String(view), { offset in newOffset[max(0, min(offset, scalars.count))] })
    }

}
