import Foundation
import GRDB
import QualCoding
import Surveys
import Wording

/// What a memo is about.
public enum MemoTarget: Sendable, Equatable, Hashable {
    case study
    case participant(String)
    case code(Int64)
    case category(String)

    /// Reads `study`, `participant:P4`, `code:12`, `category:NAME`.
    public init?(parsing text: String) {
        if text.lowercased() == "study" { self = .study; return }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let kind = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return nil }
        switch kind {
        case "participant": self = .participant(value)
        case "code":
            guard let id = Int64(value) else { return nil }
            self = .code(id)
        case "category": self = .category(value)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .study: return "study"
        case let .participant(code): return "participant:\(code)"
        case let .code(id): return "code:\(id)"
        case let .category(name): return "category:\(name)"
        }
    }
}

extension StudyDatabase {
    // MARK: - Memos

    /// Adds an analytic memo.
    @discardableResult
    public func addMemo(on target: MemoTarget, text: String, coder: String? = nil) throws -> Int64 {
        let body = TextMatching.nfc(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !body.isEmpty else { throw StoreError.invalidInput([.init(location: "memo", message: "the memo is empty")]) }
        return try write { db in try Self.insertMemo(db, on: target, text: body, coder: coder) }
    }

    /// Stores a memo (already normalised) inside the caller's transaction.
    @discardableResult
    static func insertMemo(_ db: Database, on target: MemoTarget, text body: String, coder: String?, created: String? = nil) throws -> Int64 {
        let coderID = try coder.map { try Self.ensureCoder(db, $0) }
        let (kind, participantID, codeID, categoryID) = try Self.resolve(db, target)
        let id = try Self.freshNumber(db, .memo)
        try MemoRow(id: id, target: kind, participantId: participantID, codeId: codeID, categoryId: categoryID, coderId: coderID, text: body,
                    created: created ?? Timestamp.now()).insert(db)
        return id
    }

    /// Memos, all or about one thing, oldest first.
    public func memos(on target: MemoTarget? = nil) throws -> [MemoRecord] {
        try read { db in
            var sql = """
                SELECT m.id, m.target, p.code AS participant, m.code_id, c.name AS category, m.text, k.name AS coder, m.created,
                       t.key AS task, m.session_id, m.session_offset
                FROM memo m LEFT JOIN participant p ON p.id = m.participant_id LEFT JOIN category c ON c.id = m.category_id
                LEFT JOIN coder k ON k.id = m.coder_id LEFT JOIN task t ON t.id = m.task_id
                """
            var arguments: StatementArguments = []
            if let target {
                let (kind, participantID, codeID, categoryID) = try Self.resolve(db, target)
                sql += " WHERE m.target = ? AND m.participant_id IS ? AND m.code_id IS ? AND m.category_id IS ?"
                arguments = [kind, participantID, codeID, categoryID]
            }
            sql += " ORDER BY m.id"
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                let on: String
                switch row["target"] as String {
                case "participant": on = "participant:\(row["participant"] as String)"
                case "code": on = "code:\(row["code_id"] as Int64)"
                case "category": on = "category:\(row["category"] as String)"
                default: on = "study"
                }
                return MemoRecord(id: row["id"], on: on, text: row["text"], coder: row["coder"], created: row["created"],
                                  task: row["task"], session: row["session_id"], sessionOffset: row["session_offset"])
            }
        }
    }

    // MARK: - Helpers inside a transaction

    static func resolve(_ db: Database, _ target: MemoTarget) throws -> (String, Int64?, Int64?, Int64?) {
        switch target {
        case .study: return ("study", nil, nil, nil)
        case let .participant(code): return ("participant", try participantID(db, code: code), nil, nil)
        case let .code(id):
            guard try Int64.fetchOne(db, sql: "SELECT id FROM code WHERE id = ?", arguments: [id]) != nil else { throw StoreError.unknownCode(id: id) }
            return ("code", nil, id, nil)
        case let .category(name): return ("category", nil, nil, try requireCategory(db, name))
        }
    }
}
