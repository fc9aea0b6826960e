import Foundation
import Hummingbird
import HummingbirdTesting
import QualCoding
import StudyStore
import Testing
@testable import Workspace

/// The Suggestions tab through Hummingbird's test client: pending suggestions listed, one accepted (it becomes the
/// person's coding, counted under them), one rejected, the acceptance undone; a decision without a coder name, or by a
/// suggester, is refused and changes nothing.
@Suite struct SuggestionsTabTests {
    @Test func pendingSuggestionsAreAcceptedRejectedAndUndoneFromThePage() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suggestions-\(UUID().uuidString).sqlite").path
        let study = try StudyDatabase.create(at: path, title: "Oficina", language: .en)
        try study.addParticipant(code: "P1", attributes: [])
        let text = "The menu hides the search. I could not find the export button. Paying was quick."
        try study.addTranscript(participant: "P1", text: text)
        try study.addCategory(name: "Navigation", definition: nil, origin: .emergent)
        try study.addCategory(name: "Speed", definition: nil, origin: .emergent)
        try study.addCode(CodeEntry(participant: "P1", excerpt: "The menu hides the search.", code: "menu hides", categories: ["Navigation"], coder: "ana"))
        let transcript = try study.suggestionTranscript(participant: "P1", label: "")
        func unit(_ words: String) -> SuggestionTarget {
            let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: text.range(of: words)!.lowerBound.samePosition(in: text.unicodeScalars)!)
            return SuggestionTarget(participant: "P1", transcriptID: transcript.id, span: start..<(start + words.unicodeScalars.count), text: words)
        }
        try study.storeSuggestions(SuggesterInfo(name: "suggested", method: "test", parameters: "{}", trainingCoder: "ana"),
                                   units: [unit("I could not find the export button."), unit("Paying was quick.")],
                                   suggestions: [NewSuggestion(unit: 0, category: "Navigation", score: 0.9, rationale: "find, button"),
                                                 NewSuggestion(unit: 1, category: "Speed", score: 0.7, rationale: "quick")])
        let server = WorkspaceServer(study: study)
        let token: HTTPFields = [.init("X-Studyctl-Token")!: server.token]
        let write: HTTPFields = [.init("X-Studyctl-Token")!: server.token, .origin: "http://localhost", .contentType: "application/json"]
        @Sendable func body(_ object: [String: String]) throws -> ByteBuffer { ByteBuffer(data: try JSONSerialization.data(withJSONObject: object)) }
        try await Application(router: server.router()).test(.router) { client in
            var ids: [Int64] = []
            try await client.execute(uri: "/api/suggestions", method: .get, headers: token) { response in
                let pending = (try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])?["suggestions"] as? [[String: Any]] ?? []
                #expect(pending.map { $0["category"] as? String } == ["Navigation", "Speed"], "\(pending)")
                ids = pending.compactMap { ($0["id"] as? NSNumber)?.int64Value }
            }
            try #require(ids.count == 2)
            let before = try study.codes().count
            // No coder name: refused, nothing changes.
            try await client.execute(uri: "/api/suggestions/\(ids[0])/accept", method: .post, headers: write, body: try body([:])) {
                #expect($0.status == .unprocessableContent)
            }
            #expect(try study.codes().count == before)
            try await client.execute(uri: "/api/suggestions/\(ids[0])/accept", method: .post, headers: write, body: try body(["coder": "bia"])) {
                #expect($0.status == .ok)
            }
            #expect(try study.codes().contains { $0.coder == "bia" && $0.categories == ["Navigation"] && $0.excerpt == "I could not find the export button." })
            try await client.execute(uri: "/api/suggestions/\(ids[1])/reject", method: .post, headers: write, body: try body(["coder": "bia"])) {
                #expect($0.status == .ok)
            }
            #expect(try study.suggestions(status: "pending").isEmpty)
            try await client.execute(uri: "/api/suggestions/\(ids[0])/undo", method: .post, headers: write, body: try body([:])) {
                #expect($0.status == .ok)
            }
            #expect(try study.codes().count == before && (try study.suggestions(status: "pending")).map(\.id) == [ids[0]])
            // A suggester deciding: refused.
            try await client.execute(uri: "/api/suggestions/\(ids[0])/accept", method: .post, headers: write, body: try body(["coder": "suggested"])) {
                #expect($0.status == .unprocessableContent)
            }
        }
    }
}
