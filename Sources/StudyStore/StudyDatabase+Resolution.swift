import Foundation
import GRDB
import QualCoding
import Wording

/// Settling two coders' disagreements into a consensus coder, as MAXQDA and ATLAS.ti users do after measuring
/// agreement: the consensus is a coder of its own, so the originals stay as they were and agreement can still be
/// measured on them.
extension StudyDatabase {
    /// Makes `consensus`'s coding of one excerpt the coding `from` gave it: the consensus's codes on the excerpt are
    /// replaced by copies of `from`'s (wording, categories, place), in one transaction. Returns how many codes were
    /// copied.
    @discardableResult
    public func settle(excerpt: Int64, takingFrom from: String, into consensus: String) throws -> Int {
        try write { db in
            let (fromID, consensusID) = try Self.resolutionCoders(db, from: [from], into: consensus)
            let sources = try Row.fetchAll(db, sql: "SELECT id, label, in_vivo FROM code WHERE excerpt_id = ? AND coder_id = ?",
                                           arguments: [excerpt, fromID[0]])
            guard !sources.isEmpty else {
                throw StoreError.codeProblem("\(from) has no code on excerpt \(excerpt): there is nothing of theirs to take")
            }
            try Self.clearCodes(db, excerpt: excerpt, coder: consensusID)
            for source in sources { try Self.copyCode(db, source, to: consensusID) }
            return sources.count
        }
    }

    /// Copies into `consensus` every excerpt on which all `coders` coded and gave the same categories, where the
    /// consensus has no code yet; one transaction. Returns the excerpts settled.
    @discardableResult
    public func settleAgreements(of coders: [String], into consensus: String) throws -> Int {
        try write { db in
            let (ids, consensusID) = try Self.resolutionCoders(db, from: coders, into: consensus)
            var categories: [Int64: [Int64: Set<Int64>]] = [:]  // excerpt → coder → categories
            for row in try Row.fetchAll(db, sql: """
                SELECT k.excerpt_id, k.coder_id, cc.category_id FROM code k LEFT JOIN code_category cc ON cc.code_id = k.id
                WHERE k.coder_id IN (\(ids.map { _ in "?" }.joined(separator: ",")))
                """, arguments: StatementArguments(ids)) {
                let excerpt: Int64 = row[0], coder: Int64 = row[1]
                var set = categories[excerpt, default: [:]][coder, default: []]
                if let category: Int64 = row[2] { set.insert(category) }
                categories[excerpt, default: [:]][coder] = set
            }
            let settled = Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT excerpt_id FROM code WHERE coder_id = ?", arguments: [consensusID]))
            var count = 0
            for (excerpt, byCoder) in categories.sorted(by: { $0.key < $1.key })
            where !settled.contains(excerpt) && byCoder.count == ids.count && Set(byCoder.values).count == 1 {
                for source in try Row.fetchAll(db, sql: "SELECT id, label, in_vivo FROM code WHERE excerpt_id = ? AND coder_id = ?",
                                               arguments: [excerpt, ids[0]]) {
                    try Self.copyCode(db, source, to: consensusID)
                }
                count += 1
            }
            return count
        }
    }

    /// The coders' ids (each must exist) and the consensus's: created and marked as a consensus when new; an existing
    /// coder only if it is a consensus already — an original coder's codes are never overwritten.
    static func resolutionCoders(_ db: Database, from coders: [String], into consensus: String) throws -> ([Int64], Int64) {
        let name = consensus.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw StoreError.codeProblem("name the consensus coder") }
        let ids = try coders.map { try requireCoder(db, $0) }
        if let row = try Row.fetchOne(db, sql: "SELECT id, consensus FROM coder WHERE name = ? COLLATE NOCASE", arguments: [name]) {
            guard row["consensus"] as Bool else {
                throw StoreError.codeProblem("the consensus needs a coder of its own, not \(name), who codes on their own: the originals stay as they were")
            }
            guard !ids.contains(row["id"]) else { throw StoreError.codeProblem("\(name) is the consensus coder: take a coder's codes into it, not its own") }
            return (ids, row["id"])
        }
        let id = try ensureCoder(db, name)
        try db.execute(sql: "UPDATE coder SET consensus = 1 WHERE id = ?", arguments: [id])
        return (ids, id)
    }

    static func clearCodes(_ db: Database, excerpt: Int64, coder: Int64) throws {
        for id in try Int64.fetchAll(db, sql: "SELECT id FROM code WHERE excerpt_id = ? AND coder_id = ?", arguments: [excerpt, coder]) {
            try db.execute(sql: "DELETE FROM memo WHERE code_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM code_category WHERE code_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM code WHERE id = ?", arguments: [id])
        }
    }

    static func copyCode(_ db: Database, _ source: Row, to coder: Int64) throws {
        let sourceID: Int64 = source["id"]
        let copy = try Self.freshNumber(db, .code)
        try db.execute(sql: "INSERT INTO code (id, excerpt_id, coder_id, label, in_vivo, created) SELECT ?, excerpt_id, ?, label, in_vivo, ? FROM code WHERE id = ?",
                       arguments: [copy, coder, Timestamp.now(), sourceID])
        try db.execute(sql: "INSERT INTO code_category (code_id, category_id) SELECT ?, category_id FROM code_category WHERE code_id = ?",
                       arguments: [copy, sourceID])
    }
}
