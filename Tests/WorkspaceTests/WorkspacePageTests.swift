import Foundation
import Hummingbird
import HummingbirdTesting
import QualCoding
import StudyStore
import Testing
@testable import Workspace

/// What the page reads about times, the comparison's audience, the Quotes tab's selection and the citation.
@Suite struct WorkspacePageTests {
    /// P1 (34) and P2 (52) with a timed transcript each; "Navegação" is a theme with "Menu" under it.
    static func study() throws -> StudyDatabase {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-page-\(UUID().uuidString).sqlite").path
        let study = try StudyDatabase.create(at: path, title: "Oficina", language: .en)
        try study.addParticipant(code: "P1", attributes: [(name: "age", value: "34"), (name: "name", value: "Rui")])
        try study.addParticipant(code: "P2", attributes: [(name: "age", value: "52"), (name: "name", value: "Ana")])
        let text = "Ana: How was it?\n\nRui: The menu hides and the search is slow.\n"
        let turns = [TranscriptTurn(speaker: "Ana", start: 1000, end: 3000, span: 5..<16),
                     TranscriptTurn(speaker: "Rui", start: 65_000, end: 70_000, span: 23..<62)]
        for participant in ["P1", "P2"] {
            try study.addTranscript(participant: participant, text: text, timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        }
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addCategory(name: "Menu", definition: nil, origin: .emergent, theme: "Navegação")
        try study.addCategory(name: "Busca", definition: nil, origin: .emergent)
        for participant in ["P1", "P2"] {
            try study.addCode(CodeEntry(participant: participant, excerpt: "The menu hides", code: "menu hides", categories: ["Menu"], coder: "ana"))
            try study.addCode(CodeEntry(participant: participant, excerpt: "the search is slow", code: "search is slow", categories: ["Navegação"], coder: "ana"))
        }
        try study.addCode(CodeEntry(participant: "P1", excerpt: "the search is slow", code: "search is slow", categories: ["Busca"], coder: "bia"))
        return study
    }

    func get(_ client: some TestClientProtocol, _ server: WorkspaceServer, _ uri: String) async throws -> (HTTPResponse.Status, [String: Any]) {
        try await client.execute(uri: uri, method: .get, headers: [.init("X-Studyctl-Token")!: server.token]) { response in
            (response.status, (try? JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]) ?? ["body": String(buffer: response.body)])
        }
    }

    /// A timed transcript's turns come with their starts; a coder who codes blind is offered no comparison and is
    /// refused one; someone who codes nothing (the one who settles) gets it.
    @Test func turnTimesAndTheComparisonsAudience() async throws {
        let server = WorkspaceServer(study: try Self.study())
        try await Application(router: server.router()).test(.router) { client in
            let (_, transcript) = try await get(client, server, "/api/transcript/P1?coder=ana")
            let turns = transcript["turns"] as? [[String: Any]] ?? []
            #expect(turns.map { $0["startMs"] as? Int } == [1000, 65_000] && turns.map { $0["at"] as? Int } == [5, 23], "\(transcript)")
            #expect(try await get(client, server, "/api/state?coder=ana").1["compare"] as? Bool == false)
            #expect(try await get(client, server, "/api/state?coder=Consenso").1["compare"] as? Bool == true)
            let (refused, said) = try await get(client, server, "/api/compare?coder=bia")
            #expect(refused == .unprocessableContent && "\(said)".contains("codes blind"), "\(said)")
            let (status, comparison) = try await get(client, server, "/api/compare?coder=Consenso")
            #expect(status == .ok && (comparison["differences"] as? [Any])?.count == 1, "\(comparison)")
        }
    }

    /// A theme's quotes include its sub-categories'; a numeric attribute is offered as a range and selects by it; the
    /// citation chosen once is stored, cited by the tab and by `quoteMaterial` (what `export quotes` writes).
    @Test func quotesOfAThemeByARangeWithTheStudysCitation() async throws {
        let study = try Self.study()
        let server = WorkspaceServer(study: study)
        try await Application(router: server.router()).test(.router) { client in
            let (_, theme) = try await get(client, server, "/api/quotes?category=Navega%C3%A7%C3%A3o&coder=ana")
            #expect(theme["categories"] as? [String] == ["Navegação", "Menu"])
            #expect(Set((theme["quotes"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }) == ["menu hides", "search is slow"])
            #expect(theme["passages"] as? Int == 4)
            let age = (theme["attributes"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "age" }
            #expect(age?["numeric"] as? Bool == true && age?["low"] as? Double == 34 && age?["high"] as? Double == 52 && (age?["values"] as? [Any])?.isEmpty == true)
            let (_, older) = try await get(client, server, "/api/quotes?category=Navega%C3%A7%C3%A3o&coder=ana&min=age%3D40")
            #expect(Set((older["quotes"] as? [[String: Any]] ?? []).compactMap { $0["participant"] as? String }) == ["P2"], "\(older)")
            let (_, between) = try await get(client, server, "/api/quotes?category=Menu&coder=ana&min=age%3D30&max=age%3D40")
            #expect((between["quotes"] as? [[String: Any]] ?? []).compactMap { $0["participant"] as? String } == ["P1"])
            let (bad, _) = try await get(client, server, "/api/quotes?category=Menu&coder=ana&min=name%3D3")
            #expect(bad == .unprocessableContent)

            // The citation: age alone, never the name.
            let chosen = try JSONSerialization.data(withJSONObject: ["attributes": ["AGE"]])
            try await client.execute(uri: "/api/citation", method: .post,
                                     headers: [.init("X-Studyctl-Token")!: server.token, .origin: "http://localhost", .contentType: "application/json"],
                                     body: ByteBuffer(data: chosen)) { #expect($0.status == .ok) }
            #expect(try study.citationAttributes() == ["age"])
            let (_, cited) = try await get(client, server, "/api/quotes?category=Menu&coder=ana")
            #expect(cited["citation"] as? [String] == ["age"])
            #expect((cited["quotes"] as? [[String: Any]] ?? []).allSatisfy { ($0["attributes"] as? [String: String]).map(Array.init)?.map(\.key) == ["age"] }, "\(cited)")
        }
        // Labels for people: the tab offers and cites the attribute by its label and a value by its own.
        try study.setAttributeLabels(attribute: "name", label: "first name", values: [(value: "Rui", label: "Rui (pilot)")])
        try study.setCitationAttributes(nil)
        try await Application(router: server.router()).test(.router) { client in
            let (_, state) = try await get(client, server, "/api/state?coder=ana")
            #expect((state["attributeLabels"] as? [String: String]) == ["age": "age", "name": "first name"], "\(state)")
            let (_, labelled) = try await get(client, server, "/api/quotes?category=Menu&coder=ana")
            let name = (labelled["attributes"] as? [[String: Any]] ?? []).first { $0["name"] as? String == "name" }
            #expect(name?["label"] as? String == "first name", "\(labelled)")
            let values = (name?["values"] as? [[String: String]] ?? []).map { [$0["value"] ?? "", $0["label"] ?? ""] }
            #expect(values.contains(["Rui", "Rui (pilot)"]) && values.contains(["Ana", "Ana"]), "\(values)")
            let first = (labelled["quotes"] as? [[String: Any]] ?? []).first { $0["participant"] as? String == "P1" }
            #expect((first?["attributes"] as? [String: String])?["name"] == "Rui (pilot)", "\(labelled)")
        }
        try study.setCitationAttributes(["age"])
        let material = try study.quoteMaterial(coder: "ana")
        #expect(material.citation == ["age"])
        #expect(throws: StoreError.self) { try study.setCitationAttributes(["email"]) }
        try study.setCitationAttributes(nil)
        #expect(try study.citationAttributes() == nil)
    }
}
