import Foundation
import Testing
import StudyStore
@testable import Importing

/// A suggestions file's fields under the format's own keys and under the other names the vocabularies give them
/// (`column.suggestion.<field>`), with case and accents ignored.
@Suite struct SuggestionFileNamesTests {
    static func file(_ text: String, _ ext: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("studyctl-suggestions-\(UUID().uuidString).\(ext)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func portugueseAndEnglishNamesAreRead() throws {
        let json = try Self.file(#"[{"Participante": "P1", "Transcrição": "t1", "Início": 3, "Fim": 9, "Categoria": "Ajuda", "Confiança": 0.8, "Justificativa": "porque", "Modelo": "m", "Hash do prompt": "abc", "Quando": "2026-01-01"}]"#, "json")
        let read = try StudyDatabase.jsonSuggestions(json)
        #expect(read.count == 1)
        let suggestion = try #require(read.first)
        #expect(suggestion.participant == "P1" && suggestion.transcript == "t1" && suggestion.start == 3 && suggestion.end == 9)
        #expect(suggestion.category == "Ajuda" && suggestion.score == 0.8 && suggestion.rationale == "porque")
        #expect(suggestion.model == "m" && suggestion.promptHash == "abc" && suggestion.time == "2026-01-01")
        let csv = try Self.file("participant,excerpt,category,confidence,reason,model_id\nP2,hello there,Help,0.5,why,llm\n", "csv")
        let row = try #require(try StudyDatabase.csvSuggestions(csv).first)
        #expect(row.participant == "P2" && row.passage == "hello there" && row.category == "Help" && row.score == 0.5 && row.rationale == "why" && row.model == "llm")
    }

    /// The format's own key comes first: an object with both `score` and `confidence` is read by `score`.
    @Test func theFormatsOwnKeyComesFirst() throws {
        let json = try Self.file(#"[{"participant": "P1", "category": "A", "confidence": 0.1, "score": 0.9, "passage": "x"}]"#, "json")
        #expect(try StudyDatabase.jsonSuggestions(json).first?.score == 0.9)
    }
}
