import Foundation
import GRDB
import QualCoding
import Surveys
import Wording

/// Everything of one study a search across studies reads, read in one transaction (one snapshot of the file).
public struct StudyCorpus: Sendable {
    public var path: String
    /// The file's name without its folder and extension: how the study is named beside the others.
    public var name: String
    public var title: String
    public var language: StudyLanguage
    public var texts: [SearchableText]
    /// Participant → attribute name → value as people read it.
    public var attributes: [String: [String: String]]
    /// The attribute names, in the study's order.
    public var attributeNames: [String]
    /// The codebook in order: category → its theme.
    public var categories: [(name: String, theme: String?)]
}

extension StudyDatabase {
    /// Refuses a list of study files that names one file twice (under any spelling: by device and inode): a study
    /// read twice would count its people twice.
    public static func refuseRepeatedFiles(_ paths: [String]) throws {
        var seen: [[Int]: String] = [:]
        for path in paths {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let device = attributes[.systemNumber] as? Int, let inode = attributes[.systemFileNumber] as? Int else { continue }
            if let earlier = seen[[device, inode]] {
                throw StoreError.codeProblem("\(earlier) and \(path) are the same study file: name each study once")
            }
            seen[[device, inode]] = path
        }
    }

    /// Whether `path` names this study's file (the same file, by device and inode, whatever the spelling).
    public func isFile(_ path: String) -> Bool {
        func identity(_ path: String) -> [Int]? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let device = attributes[.systemNumber] as? Int, let inode = attributes[.systemFileNumber] as? Int else { return nil }
            return [device, inode]
        }
        guard let mine = identity(self.path) else { return false }
        return identity(path) == mine
    }

    /// The study's quotes (every coded excerpt, with the categories of all its codes), memos, annotations and open
    /// answers, its participants' attributes and its codebook — read in one transaction, so a study another process
    /// is writing is read as it stood at one moment.
    public func searchableCorpus() throws -> StudyCorpus {
        try read { db in
            let info = try Self.info(db)
            var texts: [SearchableText] = []
            // Quotes: one per excerpt, whatever number of coders coded it.
            let codes = try Self.codeRecords(db, where: "1", arguments: [])
            var byExcerpt: [Int64: Int] = [:]
            var codeCategories: [Int64: (participant: String, categories: [String])] = [:]
            for record in codes {
                codeCategories[record.id] = (record.participant, record.categories)
                if let at = byExcerpt[record.excerptID] {
                    for category in record.categories where !texts[at].categories.contains(category) { texts[at].categories.append(category) }
                    if texts[at].startTime == nil { texts[at].startTime = record.startTime }
                    continue
                }
                byExcerpt[record.excerptID] = texts.count
                texts.append(SearchableText(kind: .quote, id: record.excerptID, participant: record.participant, categories: record.categories,
                                            text: record.excerpt, startTime: record.startTime, transcript: record.transcript))
            }
            // Memos: a memo on a code is its excerpt's participant's, in the code's categories.
            for row in try Row.fetchAll(db, sql: """
                SELECT m.id, m.target, p.code AS participant, m.code_id, c.name AS category, m.text, t.key AS task
                FROM memo m LEFT JOIN participant p ON p.id = m.participant_id LEFT JOIN category c ON c.id = m.category_id
                LEFT JOIN task t ON t.id = m.task_id ORDER BY m.id
                """) {
                var participant: String? = row["participant"]
                var categories: [String] = (row["category"] as String?).map { [$0] } ?? []
                if let codeID: Int64 = row["code_id"], let code = codeCategories[codeID] {
                    participant = participant ?? code.participant
                    categories = code.categories
                }
                let target: String = row["target"]
                let place = target == "code" ? "code \(row["code_id"] as Int64? ?? 0)" : (row["task"] as String?).map { "\(target), \($0)" } ?? target
                texts.append(SearchableText(kind: .memo, id: row["id"], participant: participant, categories: categories, text: row["text"], place: place))
            }
            // Annotations: the transcript's participant's, timed as an excerpt at the same place would be.
            var timing: [Int64: (turns: [TranscriptTurn], words: [TimedWord])] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT a.id, a.transcript_id, a.span_start, a.span_end, a.text, nullif(t.label, '') AS label, p.code
                FROM annotation a JOIN transcript t ON t.id = a.transcript_id JOIN participant p ON p.id = t.participant_id ORDER BY a.id
                """) {
                let transcriptID: Int64 = row["transcript_id"]
                if timing[transcriptID] == nil {
                    let turns = try Row.fetchAll(db, sql: """
                        SELECT u.span_start, u.span_end, u.start_ms, u.end_ms, s.name FROM transcript_turn u
                        LEFT JOIN transcript_speaker s ON s.id = u.speaker_id WHERE u.transcript_id = ? ORDER BY u.position
                        """, arguments: [transcriptID]).map {
                        TranscriptTurn(speaker: $0["name"], start: $0["start_ms"], end: $0["end_ms"], span: ($0["span_start"] as Int)..<($0["span_end"] as Int))
                    }
                    timing[transcriptID] = (turns, turns.isEmpty ? [] : try Self.timedWords(db, transcript: transcriptID))
                }
                let start: Int = row["span_start"]
                let end: Int = row["span_end"]
                let time = timing[transcriptID].flatMap { ExcerptTiming.time(of: start..<max(start, end), turns: $0.turns, words: $0.words) }
                texts.append(SearchableText(kind: .annotation, id: row["id"], participant: row["code"], text: row["text"],
                                            startTime: time.map { Double($0.start) / 1000 }, transcript: row["label"]))
            }
            // Open answers: each text answer of a response set.
            for row in try Row.fetchAll(db, sql: """
                SELECT r.id, p.code, i.key AS instrument, CAST(a.key AS INTEGER) AS item, json_extract(a.value, '$.t') AS answer, k.key AS task
                FROM response_set r JOIN participant p ON p.id = r.participant_id JOIN instrument i ON i.id = r.instrument_id
                LEFT JOIN task k ON k.id = r.task_id, json_each(r.answers) a
                WHERE a.type = 'object' AND json_type(a.value, '$.t') = 'text'
                ORDER BY r.id, CAST(a.key AS INTEGER)
                """) {
                let item: Int = row["item"]
                let instrument: String = row["instrument"]
                let place = (row["task"] as String?).map { "\(instrument) \(item), \($0)" } ?? "\(instrument) \(item)"
                texts.append(SearchableText(kind: .answer, id: row["id"], item: item, participant: row["code"], text: row["answer"], place: place))
            }
            let roster = try Self.roster(db)
            var attributes: [String: [String: String]] = [:]
            for participant in roster.participants {
                var values: [String: String] = [:]
                for (name, value) in participant.attributes where !value.display.isEmpty { values[name] = value.display }
                attributes[participant.code] = values
            }
            let categories = try Row.fetchAll(db, sql: """
                SELECT c.name, t.name AS theme FROM category c LEFT JOIN category t ON t.id = c.parent_id ORDER BY c.position
                """).map { (name: $0["name"] as String, theme: $0["theme"] as String?) }
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            return StudyCorpus(path: path, name: name, title: info.title, language: info.language, texts: texts, attributes: attributes,
                               attributeNames: roster.attributes.map(\.name), categories: categories)
        }
    }
}
