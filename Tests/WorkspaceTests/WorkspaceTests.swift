import Foundation
import Hummingbird
import HummingbirdTesting
import ServiceLifecycle
import StudyStore
import Testing
@testable import Workspace

/// The workspace's endpoints through Hummingbird's test client (no socket), the refusals first.
@Suite struct WorkspaceEndpointTests {
    /// A study with one participant whose transcript holds an emoji, a decomposed accent and Windows line ends.
    static func study() throws -> StudyDatabase {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString).sqlite").path
        let study = try StudyDatabase.create(at: path, title: "Oficina", language: .ptBR)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addParticipant(code: "P2", attributes: [])
        try study.addTranscript(participant: "P1", text: "Olá 👍 cafe\u{301}!\r\nO menu é confuso; o menu some.\r\nFim.")
        return study
    }

    let origin = "http://localhost"

    func json(_ object: Any) throws -> ByteBuffer { ByteBuffer(data: try JSONSerialization.data(withJSONObject: object)) }

    func headers(_ server: WorkspaceServer, write: Bool = false) -> HTTPFields {
        var fields: HTTPFields = [.init("X-Studyctl-Token")!: server.token]
        if write { fields[.origin] = origin; fields[.contentType] = "application/json" }
        return fields
    }

    func decode(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
    }

    @Test func refusesWhatALocalPageMustNotAccept() async throws {
        let server = WorkspaceServer(study: try Self.study())
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            // No token, a wrong token.
            try await client.execute(uri: "/api/state", method: .get) { #expect($0.status == .forbidden) }
            let wrong = (server.token.hasPrefix("0") ? "1" : "0") + server.token.dropFirst()
            try await client.execute(uri: "/", method: .get, headers: [.init("X-Studyctl-Token")!: wrong]) {
                #expect($0.status == .forbidden)
            }
            // A foreign Host (a DNS-rebinding page naming its own host), even with the token.
            var foreign = headers(server)
            foreign[.init("Host")!] = "attacker.example:7465"
            try await client.execute(uri: "/api/state", method: .get, headers: foreign) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("127.0.0.1 only"))
            }
            // A write from another origin, or without an origin, or not JSON.
            var cross = headers(server, write: true)
            cross[.origin] = "http://attacker.example"
            try await client.execute(uri: "/api/undo", method: .post, headers: cross, body: try json(["coder": "ana"])) { #expect($0.status == .forbidden) }
            var none = headers(server, write: true)
            none[.origin] = nil
            try await client.execute(uri: "/api/undo", method: .post, headers: none, body: try json(["coder": "ana"])) { #expect($0.status == .forbidden) }
            var form = headers(server, write: true)
            form[.contentType] = "application/x-www-form-urlencoded"
            try await client.execute(uri: "/api/undo", method: .post, headers: form, body: ByteBuffer(string: "coder=ana")) {
                #expect($0.status == .unsupportedMediaType)
            }
            // The token in the address becomes a strict, HTTP-only cookie and leaves the address.
            try await client.execute(uri: "/?token=\(server.token)", method: .get) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/")
                let cookie = response.headers[.setCookie] ?? ""
                #expect(cookie.contains("studyctl_token=\(server.token)") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "studyctl_token=\(server.token)"]) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("<script src=\"/app.js\" defer></script>"))
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            }
        }
    }

    @Test func codesASelectionAsCodeAddStoresItAndUndoes() async throws {
        let study = try Self.study()
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        let text = try study.transcript(participant: "P1")
        #expect(!text.contains("\r"), "stored with LF line ends")
        let scalars = Array(text.unicodeScalars)
        // The second "menu": scalar offsets (the emoji is one scalar, two UTF-16 units; the accent is composed).
        let second = text.ranges(of: "menu")[1]
        let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: second.lowerBound)
        #expect(String(String.UnicodeScalarView(scalars[start..<start + 4])) == "menu")
        try await app.test(.router) { client in
            // A category the codebook lacks is refused unless the coder confirmed it as new (the picker asks): "Nav"
            // and Enter never makes a category "Nav".
            let typo = try json(["participant": "P1", "start": start, "end": start + 4, "excerpt": "menu", "code": "menu", "category": "Nav", "coder": "ana"])
            try await client.execute(uri: "/api/codings", method: .post, headers: headers(server, write: true), body: typo) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("não há categoria 'Nav' no livro de códigos"), "\(String(buffer: response.body))")
            }
            #expect(try study.categories().isEmpty && study.codes().isEmpty)
            let body = try json(["participant": "P1", "start": start, "end": start + 4, "excerpt": "menu", "code": "menu", "category": "Navegação",
                                 "coder": "ana", "memo": "repete", "newCategory": true])
            let saved = try await client.execute(uri: "/api/codings", method: .post, headers: headers(server, write: true), body: body) { try decode($0) }
            #expect(saved["start"] as? Int == start && saved["message"] as? String == "“menu” codificado como Navegação", "in the study's language")
            // Stored where it was selected (not at the first "menu"), in an emergent category created on the way.
            let code = try #require(try study.codes().first)
            #expect(code.spanStart == start && code.coder == "ana" && code.inVivo && code.categories == ["Navegação"])
            #expect(try study.categories().first?.origin == "emergent")
            // Blind: another coder sees none of ana's codes.
            let other = try await client.execute(uri: "/api/transcript/P1?coder=bia", method: .get, headers: headers(server)) { try decode($0) }
            #expect((other["codings"] as? [Any])?.isEmpty == true)
            let own = try await client.execute(uri: "/api/transcript/P1?coder=ana", method: .get, headers: headers(server)) { try decode($0) }
            #expect(((own["codings"] as? [[String: Any]])?.first?["memo"] as? String) == "repete")
            // A selection that does not read as sent is refused, with the store's message, and nothing changes.
            let wrong = try json(["participant": "P1", "start": start + 1, "end": start + 5, "excerpt": "menu", "code": "menu", "category": "Navegação", "coder": "ana"])
            try await client.execute(uri: "/api/codings", method: .post, headers: headers(server, write: true), body: wrong) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("diz \\\"enu \\\", não o trecho enviado"))
            }
            #expect(try study.codes().count == 1)
            // A refused coding in a new category leaves no category behind (one transaction).
            let refused = try json(["participant": "P1", "start": start + 1, "end": start + 5, "excerpt": "menu", "code": "menu", "category": "Nova", "coder": "ana",
                                     "newCategory": true])
            try await client.execute(uri: "/api/codings", method: .post, headers: headers(server, write: true), body: refused) {
                #expect($0.status == .unprocessableContent)
            }
            #expect(try study.categories().map(\.name) == ["Navegação"])
            // Edit (the wording must stay in the excerpt for an in-vivo code), then move to another category.
            try study.addCategory(name: "Interface", definition: nil, origin: .literature(reference: "Nielsen (1994)"))
            let id = code.id
            try await client.execute(uri: "/api/codings/\(id)", method: .patch, headers: headers(server, write: true),
                                     body: try json(["coder": "ana", "code": "menu some"])) { #expect($0.status == .unprocessableContent) }
            try await client.execute(uri: "/api/codings/\(id)", method: .patch, headers: headers(server, write: true),
                                     body: try json(["coder": "ana", "category": "Interface"])) { #expect($0.status == .ok) }
            #expect(try study.codes().first?.categories == ["Interface"])
            // Another coder cannot delete it; ana can; undo brings it back; undo again removes it.
            try await client.execute(uri: "/api/codings/\(id)?coder=bia", method: .delete, headers: headers(server, write: true)) {
                #expect($0.status == .unprocessableContent)
            }
            try await client.execute(uri: "/api/codings/\(id)?coder=ana", method: .delete, headers: headers(server, write: true)) { #expect($0.status == .ok) }
            #expect(try study.codes().isEmpty)
            let undone = try await client.execute(uri: "/api/undo", method: .post, headers: headers(server, write: true), body: try json(["coder": "ana"])) { try decode($0) }
            #expect(undone["message"] as? String == "“menu” restaurado")
            let restored = try #require(try study.codes().first)
            #expect(restored.spanStart == start && restored.categories == ["Interface"])
            #expect(try study.memos(on: .code(restored.id)).first?.text == "repete")
        }
    }

    /// A coding of P1's "menu" (the second one) from `page`, as the page sends it.
    func coding(_ study: StudyDatabase, code: String = "menu", category: String, coder: String, page: String, occurrence: Int = 1) throws -> ByteBuffer {
        let text = try study.transcript(participant: "P1")
        let found = text.ranges(of: "menu")[occurrence]
        let start = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: found.lowerBound)
        return try json(["participant": "P1", "start": start, "end": start + 4, "excerpt": "menu", "code": code, "category": category,
                         "coder": coder, "page": page, "newCategory": true])
    }

    @Test func eachPageUndoesOnlyWhatItDidAndOnlyWhileNobodyChangedIt() async throws {
        let study = try Self.study()
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            let write = headers(server, write: true)
            // Page A codes the second "menu", page B (another tab of the same coder) the first.
            let a = try await client.execute(uri: "/api/codings", method: .post, headers: write,
                                             body: try coding(study, category: "Navegação", coder: "ana", page: "A")) { try decode($0) }
            let b = try await client.execute(uri: "/api/codings", method: .post, headers: write,
                                             body: try coding(study, category: "Navegação", coder: "ana", page: "B", occurrence: 0)) { try decode($0) }
            let actionA = try #require(a["action"] as? Int), actionB = try #require(b["action"] as? Int)
            _ = try #require(a["id"] as? Int64)
            let idB = try #require(b["id"] as? Int64)
            #expect(actionA != actionB)
            // A refused save is no action: page A's last is still its coding.
            let empty = try json(["participant": "P1", "start": 5, "end": 5, "excerpt": "", "code": "x", "category": "Navegação", "coder": "ana", "page": "A"])
            try await client.execute(uri: "/api/codings", method: .post, headers: write, body: empty) { #expect($0.status == .unprocessableContent) }
            // Page A undoes: its own coding goes, B's stays — though B's was the newer.
            let undone = try await client.execute(uri: "/api/undo", method: .post, headers: write,
                                                  body: try json(["coder": "ana", "page": "A", "action": actionA])) { try decode($0) }
            #expect(undone["message"] as? String == "Codificação “menu” desfeita")
            #expect(try study.codes().map(\.id) == [idB])
            // Nothing left for page A; a page (a reload) that did nothing has nothing to undo either.
            for page in ["A", "C"] {
                let nothing = try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "ana", "page": page])) { try decode($0) }
                #expect(nothing["message"] as? String == "Nada a desfazer")
            }
            #expect(try study.codes().map(\.id) == [idB])
            // Page C names page B's action: refused (409), nothing changed.
            try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "ana", "page": "C", "action": actionB])) { response in
                #expect(response.status == .conflict)
                #expect(String(buffer: response.body).contains("Recarregue a página"))
            }
            #expect(try study.codes().map(\.id) == [idB])
            // Page C edits B's coding (descriptive now, with a memo); B's undo is then refused: it would throw C's work away.
            let edited = try await client.execute(uri: "/api/codings/\(idB)", method: .patch, headers: write,
                                                  body: try json(["coder": "ana", "code": "menu confuso", "descriptive": true, "memo": "ver P2", "page": "C"])) { try decode($0) }
            let actionC = try #require(edited["action"] as? Int)
            let record = try #require(try study.codes().first)
            let memoB = try study.memos(on: .code(idB)).first?.text
            #expect(record.code == "menu confuso" && !record.inVivo && memoB == "ver P2")
            try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "ana", "page": "B", "action": actionB])) { response in
                #expect(response.status == .conflict)
                #expect(String(buffer: response.body).contains("“menu” foi alterado depois em outra página ou na linha de comando"))
            }
            #expect(try study.codes().map(\.id) == [idB], "the refused undo deleted nothing")
            // C undoes its edit: the in-vivo "menu" without memo is back.
            let back = try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "ana", "page": "C", "action": actionC])) { try decode($0) }
            #expect(back["message"] as? String == "Edição desfeita: “menu” voltou a ser como era")
            let restored = try #require(try study.codes().first)
            let memos = try study.memos(on: .code(idB))
            #expect(restored.code == "menu" && restored.inVivo && memos.isEmpty)
            // Another coder's undo never reaches ana's changes, even on the same page.
            let other = try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "bia", "page": "C"])) { try decode($0) }
            #expect(other["message"] as? String == "Nada a desfazer")
            // Page D gives the coding a memo, then deletes it. Undoing the delete restores it (with a new id and the
            // memo); the page's earlier edit follows it to that id and is undone in turn.
            let memo = try await client.execute(uri: "/api/codings/\(idB)", method: .patch, headers: write,
                                                body: try json(["coder": "ana", "memo": "rever", "page": "D"])) { try decode($0) }
            let deleted = try await client.execute(uri: "/api/codings/\(idB)?coder=ana&page=D", method: .delete, headers: write) { try decode($0) }
            let (memoAction, deleteAction) = (try #require(memo["action"] as? Int), try #require(deleted["action"] as? Int))
            #expect(try study.codes().isEmpty)
            try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "ana", "page": "D", "action": deleteAction])) {
                #expect($0.status == .ok)
            }
            let again = try #require(try study.codes().first)
            let memoAgain = try study.memos(on: .code(again.id)).first?.text
            #expect(again.code == "menu" && again.id != idB && memoAgain == "rever")
            try await client.execute(uri: "/api/undo", method: .post, headers: write, body: try json(["coder": "ana", "page": "D", "action": memoAction])) {
                #expect($0.status == .ok)
            }
            let left = try study.memos(on: .code(again.id))
            #expect(try study.codes().map(\.id) == [again.id] && left.isEmpty)
        }
    }

    @Test func aBlindCoderGetsNoOtherCodersCountsAndCategoriesKeepTheirColour() async throws {
        let study = try Self.study()
        try study.addTranscript(participant: "P2", text: "O menu some. Gostei do ícone.")
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addCategory(name: "Estética", definition: "Aparência", origin: .literature(reference: "Nielsen (1994)"))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu é confuso", code: "menu é confuso", categories: ["Navegação"], coder: "ana"))
        _ = try study.addCode(CodeEntry(participant: "P2", excerpt: "Gostei do ícone", code: "Gostei do ícone", categories: ["Estética"], coder: "ana"))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu é confuso", code: "confuso", categories: ["Estética"], coder: "bia"))
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            func categories(_ coder: String) async throws -> [[String: Any]] {
                let state = try await client.execute(uri: "/api/state?coder=\(coder)", method: .get, headers: headers(server)) { try decode($0) }
                return try #require(state["categories"] as? [[String: Any]])
            }
            // bia's codebook counts only bia's code; caio (nothing coded yet) sees zeros, not ana's and bia's three codes.
            let bia = try await categories("bia")
            #expect(bia.map { $0["name"] as? String } == ["Navegação", "Estética"])
            #expect(bia.map { $0["codes"] as? Int } == [0, 1] && bia.map { $0["participants"] as? Int } == [0, 1])
            let caio = try await categories("caio")
            #expect(caio.map { $0["codes"] as? Int } == [0, 0] && caio.map { $0["participants"] as? Int } == [0, 0])
            let nobody = try await categories("")
            #expect(nobody.allSatisfy { $0["codes"] as? Int == 0 && $0["participants"] as? Int == 0 })
            // Colours by codebook order, the same for every coder (what the page draws at once and after a reload).
            #expect(bia.map { $0["colour"] as? String } == [Palette.colour(0), Palette.colour(1)] && caio.map { $0["colour"] as? String } == [Palette.colour(0), Palette.colour(1)])
            // Quotes and frequencies: only the asker's own, and an asker must be named.
            let quotes = try await client.execute(uri: "/api/quotes?category=Est%C3%A9tica&coder=bia", method: .get, headers: headers(server)) { try decode($0) }
            #expect((quotes["quotes"] as? [[String: Any]])?.map { $0["coder"] as? String } == ["bia"])
            let none = try await client.execute(uri: "/api/quotes?category=Est%C3%A9tica&coder=caio", method: .get, headers: headers(server)) { try decode($0) }
            #expect((none["quotes"] as? [Any])?.isEmpty == true)
            for uri in ["/api/quotes?category=Est%C3%A9tica", "/api/frequencies", "/api/frequencies?coder="] {
                try await client.execute(uri: uri, method: .get, headers: headers(server)) { response in
                    #expect(response.status == .unprocessableContent, "\(uri)")
                    #expect(!String(buffer: response.body).contains("segments"), "\(uri)")
                }
            }
        }
    }

    @Test func frequenciesAndComparisonAreTheCommandLinesFigures() async throws {
        let study = try Self.study()
        try study.addTranscript(participant: "P2", text: "O menu some. Gostei do ícone.")
        try study.addCategory(name: "Navegação", definition: nil, origin: .emergent)
        try study.addCategory(name: "Estética", definition: nil, origin: .emergent)
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu é confuso", code: "menu é confuso", categories: ["Navegação"], coder: "ana"))
        _ = try study.addCode(CodeEntry(participant: "P2", excerpt: "Gostei do ícone", code: "Gostei do ícone", categories: ["Estética"], coder: "ana"))
        _ = try study.addCode(CodeEntry(participant: "P1", excerpt: "O menu é confuso", code: "confuso", categories: ["Estética"], coder: "bia"))
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            let data = try await client.execute(uri: "/api/frequencies?coder=ana", method: .get, headers: headers(server)) { $0.body }
            let table = try #require((try JSONSerialization.jsonObject(with: Data(buffer: data)) as? [String: Any])?["table"] as? [String: Any])
            let rows = try #require(table["rows"] as? [[String: Any]])
            #expect(table["participants"] as? Int == 2)
            #expect(rows.map { $0["category"] as? String } == ["Estética", "Navegação"] || rows.map { $0["category"] as? String } == ["Navegação", "Estética"])
            #expect(rows.allSatisfy { (($0["overall"] as? [String: Any])?["share"] as? Double) == 0.5 })
            // A coder who has coded nothing yet gets a table of zeros, not an error.
            let fresh = try await client.execute(uri: "/api/frequencies?coder=caio", method: .get, headers: headers(server)) { response in
                #expect(response.status == .ok)
                return response.body
            }
            let freshRows = try #require(((try JSONSerialization.jsonObject(with: Data(buffer: fresh)) as? [String: Any])?["table"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(!freshRows.isEmpty && freshRows.allSatisfy { ($0["overall"] as? [String: Any])?["segments"] as? Int == 0 })
            let comparison = try await client.execute(uri: "/api/compare", method: .get, headers: headers(server)) { try decode($0) }
            let differences = try #require(comparison["differences"] as? [[String: Any]])
            #expect(differences.count == 1 && differences[0]["participant"] as? String == "P1")
            #expect((comparison["report"] as? [String: Any])?["units"] as? Int == 1)
            // What the figures compared and left out, in the study's language, as `codes agreement` says it: half
            // compared is not few, so no pointer to the span measures.
            #expect(comparison["coverage"] as? [String] == [
                "Comparados: 1 dos 2 trechos que ana e bia codificaram (50 %), os que ambos codificaram com os mesmos limites.",
                "Deixados de fora: 1 trecho codificado só por ana; 0 trechos codificados só por bia; 0 trechos com outros limites (sobrepostos a um trecho de outro codificador sem coincidir com ele).",
            ])
            #expect(comparison["coverageHint"] == nil || comparison["coverageHint"] is NSNull)
            #expect(((comparison["report"] as? [String: Any])?["coverage"] as? [String: Any])?["leftOut"] != nil)
            // The resolution view: bia's reading of P1's excerpt settled into the consensus coder; the originals stay,
            // and the consensus is left out of the comparison, shown as the difference's settlement.
            let excerpt = try #require(differences[0]["id"] as? Int)
            let settle = try JSONSerialization.data(withJSONObject: ["excerpt": excerpt, "from": "bia", "consensus": "Consenso"])
            try await client.execute(uri: "/api/settle", method: .post, headers: headers(server, write: true), body: ByteBuffer(data: settle)) { response in
                #expect(response.status == .ok)
            }
            #expect(try study.codes(coder: "Consenso").map(\.categories) == [["Estética"]])
            #expect(try study.codes(coder: "bia").count == 1, "the originals stay")
            #expect(try study.codes(coder: "ana").count == 2)
            let settled = try await client.execute(uri: "/api/compare?consensus=Consenso", method: .get, headers: headers(server)) { try decode($0) }
            #expect(settled["coders"] as? [String] == ["ana", "bia"])
            #expect(((settled["differences"] as? [[String: Any]])?.first?["settled"] as? [String]) == ["Estética"])
            // Taking ana's instead replaces the consensus's coding of the excerpt; a consensus named as a coder is refused.
            let again = try JSONSerialization.data(withJSONObject: ["excerpt": excerpt, "from": "ana", "consensus": "Consenso"])
            try await client.execute(uri: "/api/settle", method: .post, headers: headers(server, write: true), body: ByteBuffer(data: again)) { #expect($0.status == .ok) }
            #expect(try study.codes(coder: "Consenso").map(\.categories) == [["Navegação"]])
            let bad = try JSONSerialization.data(withJSONObject: ["excerpt": excerpt, "from": "ana", "consensus": "bia"])
            let before = try study.codes()
            try await client.execute(uri: "/api/settle", method: .post, headers: headers(server, write: true), body: ByteBuffer(data: bad)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("O consenso precisa de um codificador próprio, não bia, que codifica por conta própria"))
            }
            #expect(try study.codes() == before, "a refused settlement changes nothing")
        }
    }
}

/// The server itself, on a real socket: it answers on 127.0.0.1 and on no other address of the machine.
@Suite struct WorkspaceListenerTests {
    @Test func listensOnLoopbackOnly() async throws {
        let server = WorkspaceServer(study: try WorkspaceEndpointTests.study())
        let bound = PortBox()
        let app = server.application(port: 0) { port in await bound.set(port) }
        // Run as the command does, under a service group, and stop it gracefully: connections opened by the checks
        // are closed before the server goes (cancelling the task instead would tear NIO down under them).
        let services = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var port = 0
            for _ in 0..<200 where port == 0 {
                try await Task.sleep(for: .milliseconds(25))
                port = await bound.port
            }
            #expect(port > 0)
            #expect(Self.connects(to: "127.0.0.1", port: port))
            for address in Self.otherAddresses() {
                #expect(!Self.connects(to: address, port: port), "\(address) must not reach the workspace")
            }
            try await Task.sleep(for: .milliseconds(200))
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }

    actor PortBox {
        var port = 0
        func set(_ value: Int) { port = value }
    }

    /// Whether a TCP connection to `address`:`port` is accepted.
    static func connects(to address: String, port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, address, &target.sin_addr)
        return withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The machine's IPv4 addresses other than loopback.
    static func otherAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !text.hasPrefix("127.") { found.append(text) }
            }
        }
        return found
    }
}
