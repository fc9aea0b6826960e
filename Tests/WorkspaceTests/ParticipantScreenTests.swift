import Foundation
import Hummingbird
import HummingbirdTesting
import StudyStore
import Surveys
import Testing
@testable import Workspace

/// The participant screen through Hummingbird's test client: its link, the consent it takes first, and the answers it
/// stores as `studyctl respond` stores them, and refuses without consent.
@Suite struct ParticipantScreenTests {
    static let tcle = "Termo de Consentimento Livre e Esclarecido\n\nVocê está sendo convidado a participar de um teste de usabilidade."

    /// A pt-BR study with P4, one task, the factor protótipo (antigo, novo), a consent text under version 2, and P4's
    /// session under protótipo=novo asking the SEQ after each task.
    static func study() throws -> (StudyDatabase, SessionRecord) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("participant-\(UUID().uuidString).sqlite").path
        let study = try StudyDatabase.create(at: path, title: "Oficina", language: .ptBR)
        try study.addParticipant(code: "P4", attributes: [])
        try study.addParticipant(code: "P5", attributes: [])
        try study.addTask(key: "T1", title: "Encontrar o menu")
        try study.addFactor(name: "protótipo", levels: ["antigo", "novo"])
        try study.addConsent(version: "2", title: "TCLE", text: tcle)
        let (session, _) = try study.openSession(participant: "P4", conditions: ["protótipo": "novo"], tasks: nil, afterTask: "seq")
        return (study, session)
    }

    let origin = "http://localhost"

    func json(_ object: Any) throws -> ByteBuffer { ByteBuffer(data: try JSONSerialization.data(withJSONObject: object)) }

    /// The session logger's headers: the workspace token (and, for a write, the page's origin and JSON).
    func logger(_ server: WorkspaceServer, write: Bool = false) -> HTTPFields {
        var fields: HTTPFields = [.init("X-Studyctl-Token")!: server.token]
        if write { fields[.origin] = origin; fields[.contentType] = "application/json" }
        return fields
    }

    /// The participant screen's headers: no workspace token at all.
    var screen: HTTPFields { [.origin: origin, .contentType: "application/json"] }

    func decode(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
    }

    @Test func theScreenTakesConsentFirstThenStoresTheSEQAsRespondDoes() async throws {
        let (study, session) = try Self.study()
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            // The screen's routes are not the workspace's: without the workspace token the panel is refused.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant", method: .post, headers: screen) { #expect($0.status == .forbidden) }
            var link = ""
            try await client.execute(uri: "/api/sessions/\(session.id)/participant", method: .post, headers: logger(server, write: true)) { response in
                #expect(response.status == .ok)
                let panel = try decode(response)
                link = panel["link"] as? String ?? ""
                #expect((panel["address"] as? String)?.hasSuffix(link) == true)
                #expect(panel["consent"] == nil)
            }
            let token = String(link.dropFirst("/p/".count))
            #expect(link.hasPrefix("/p/") && token.count == 32 && token != server.token)
            // Opening it again gives the same link: one per session.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant", method: .post, headers: logger(server, write: true)) { response in
                let again = try decode(response)
                #expect(again["link"] as? String == link)
            }
            // The QR code of the link, as an SVG image.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/qr.svg", method: .get, headers: logger(server)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
                #expect(String(buffer: response.body).contains("<title>Código QR do link da tela do participante</title>"))
            }
            // The page itself and its state need only the link's token; a made-up token opens nothing.
            try await client.execute(uri: link, method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("/p/assets/participant.js"))
                #expect(response.headers[.setCookie] == nil)
            }
            try await client.execute(uri: "/p/\(String(repeating: "0", count: 32))/state", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("Este link não é válido"))
            }
            // The workspace's own routes stay closed to the screen's token.
            try await client.execute(uri: "/api/state?token=\(token)", method: .get) { #expect($0.status == .forbidden) }
            try await client.execute(uri: "/p/\(token)/../../api/state", method: .get) { #expect($0.status != .ok) }
            try await client.execute(uri: "\(link)/state", method: .get) { response in
                #expect(response.status == .ok)
                let state = try decode(response)
                let consent = state["consent"] as? [String: Any]
                #expect(consent?["version"] as? String == "2")
                #expect(consent?["text"] as? String == Self.tcle)
                #expect(consent?["sha256"] as? String == StudyDatabase.consentHash(Self.tcle))
                #expect(state["form"] == nil && state["language"] as? String == "pt-BR")
            }
            // The moderator sends the SEQ after T1; the screen still shows the consent, and answers are refused.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/requests", method: .post, headers: logger(server, write: true),
                                     body: try json(["instrument": "seq", "task": "T1"])) { response in
                #expect(response.status == .ok)
                let requests = try decode(response)["requests"] as? [[String: Any]] ?? []
                #expect(requests.count == 1 && requests.first?["state"] as? String == "waiting")
            }
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": 1, "answers": ["1": "6"]])) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("consentimento"))
            }
            #expect(try study.responseSets(instrument: "seq").1.isEmpty)
            // A write from another origin is refused before anything else.
            var foreign = screen
            foreign[.origin] = "http://attacker.example"
            try await client.execute(uri: "\(link)/consent", method: .post, headers: foreign,
                                     body: try json(["decision": "agreed", "version": "2", "sha256": StudyDatabase.consentHash(Self.tcle)])) {
                #expect($0.status == .forbidden)
            }
            // A decision on other words than the current text's is refused.
            try await client.execute(uri: "\(link)/consent", method: .post, headers: screen,
                                     body: try json(["decision": "agreed", "version": "2", "sha256": StudyDatabase.consentHash("outro texto")])) {
                #expect($0.status == .conflict)
            }
            #expect(try study.consentRecords().isEmpty)
            try await client.execute(uri: "\(link)/consent?lang=en", method: .post, headers: screen,
                                     body: try json(["decision": "agreed", "version": "2", "sha256": StudyDatabase.consentHash(Self.tcle)])) { response in
                #expect(response.status == .ok)
                let state = try decode(response)
                #expect(state["decision"] as? String == "agreed" && state["consent"] == nil && state["language"] as? String == "en")
                let form = state["form"] as? [String: Any]
                #expect(form?["instrument"] as? String == "seq" && form?["task"] as? String == "T1" && form?["taskTitle"] as? String == "Encontrar o menu")
                let options = ((form?["items"] as? [[String: Any]])?.first?["options"] as? [[String: Any]]) ?? []
                #expect(options.map { $0["label"] as? String ?? "" } == ["1 – Very difficult", "2", "3", "4", "5", "6", "7 – Very easy"])
            }
            // The decision as `consent record` stores it: participant, version, the text's hash, when (with its offset), how.
            let record = try #require(try study.consentRecords().last)
            #expect(record.participant == "P4" && record.version == "2" && record.decision == .agreed && record.how == .page)
            #expect(record.sha256 == StudyDatabase.consentHash(Self.tcle))
            #expect(record.at.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$"#, options: .regularExpression) != nil, "\(record.at)")
            try await client.execute(uri: "\(link)/state", method: .get) { response in
                let items = ((try decode(response)["form"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
                #expect((items.first?["options"] as? [[String: Any]])?.first?["label"] as? String == "1 – Muito difícil")
                #expect(items.first?["text"] as? String == "De modo geral, quão difícil ou fácil foi concluir esta tarefa?")
            }
            // An answer outside the scale is refused with the reader's words, and nothing is stored.
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": 1, "answers": ["1": "9"]])) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("9"))
            }
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": 1, "answers": ["1": "6"]])) { response in
                #expect(response.status == .ok)
                let state = try decode(response)
                #expect(state["form"] == nil)
            }
            // Stored as `respond P4 seq --task T1 --condition protótipo=novo --answers 6` stores it.
            let sets = try study.responseSets(instrument: "seq", task: "T1").1
            #expect(sets.count == 1)
            #expect(sets.first?.participant == "P4" && sets.first?.answers == [1: .value(6)])
            #expect(sets.first?.occasion == (try study.measurementKey(occasion: "", conditions: ["protótipo": "novo"])))
            // The logger sees it answered.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant", method: .get, headers: logger(server)) { response in
                let panel = try decode(response)
                let requests = panel["requests"] as? [[String: Any]] ?? []
                #expect(requests.map { $0["state"] as? String ?? "" } == ["answered"])
                #expect((panel["consent"] as? [String: Any])?["decision"] as? String == "agreed")
            }
            // The same answers twice are refused as `respond` refuses them without --replace; the first set stays.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/requests", method: .post, headers: logger(server, write: true),
                                     body: try json(["instrument": "seq", "task": "T1"])) { #expect($0.status == .ok) }
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": 2, "answers": ["1": "2"]])) { response in
                #expect(response.status == .unprocessableContent)
            }
            #expect(try study.responseSets(instrument: "seq", task: "T1").1.map(\.answers) == [[1: .value(6)]])
            // A request already answered cannot be answered again; a per-task instrument needs its task.
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": 1, "answers": ["1": "2"]])) {
                #expect($0.status == .conflict)
            }
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/requests", method: .post, headers: logger(server, write: true),
                                     body: try json(["instrument": "seq"])) { #expect($0.status == .unprocessableContent) }
            // The SUS, once per session: under the session's conditions, with no task.
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/requests/2", method: .delete, headers: logger(server, write: true)) {
                #expect($0.status == .ok)
            }
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/requests", method: .post, headers: logger(server, write: true),
                                     body: try json(["instrument": "sus"])) { #expect($0.status == .ok) }
            var susRequest = 0
            try await client.execute(uri: "\(link)/state", method: .get) { response in
                let form = try decode(response)["form"] as? [String: Any]
                susRequest = form?["request"] as? Int ?? 0
                let items = form?["items"] as? [[String: Any]] ?? []
                #expect(items.count == 10)
                #expect((items.first?["options"] as? [[String: Any]])?.map { $0["label"] as? String ?? "" }.first == "1 – Discordo totalmente")
            }
            let sus = Dictionary(uniqueKeysWithValues: (1...10).map { ("\($0)", $0 % 2 == 1 ? "5" : "1") })
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": susRequest, "answers": sus])) {
                #expect($0.status == .ok)
            }
            let susSets = try study.responseSets(instrument: "sus").1
            #expect(susSets.count == 1 && susSets.first?.task == nil && susSets.first?.answers.count == 10)
            #expect(susSets.first?.occasion == (try study.measurementKey(occasion: "", conditions: ["protótipo": "novo"])))
            // When the session ends, the screen thanks and stores nothing more; the panel can no longer open a link.
            _ = try study.closeSession(participant: "P4", conditions: ["protótipo": "novo"], logLabel: "session 1")
            try await client.execute(uri: "\(link)/state", method: .get) { response in
                #expect(response.status == .ok)
                let state = try decode(response)
                #expect(state["ended"] as? Bool == true && state["form"] == nil && state["consent"] == nil)
            }
            try await client.execute(uri: "\(link)/answers", method: .post, headers: screen, body: try json(["request": susRequest, "answers": sus])) {
                #expect($0.status == .gone)
            }
            try await client.execute(uri: "/api/sessions/\(session.id)/participant/requests", method: .post, headers: logger(server, write: true),
                                     body: try json(["instrument": "sus"])) { #expect($0.status == .unprocessableContent) }
        }
    }

    @Test func aDeclinedConsentOrNoConsentTextStoresNothing() async throws {
        let (study, session) = try Self.study()
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        try await app.test(.router) { client in
            let token = await server.participants.token(session: session.id)
            _ = await server.participants.send(session: session.id, instrument: "sus", task: nil, trial: 1)
            try await client.execute(uri: "/p/\(token)/consent", method: .post, headers: screen,
                                     body: try json(["decision": "declined", "version": "2", "sha256": StudyDatabase.consentHash(Self.tcle)])) { response in
                #expect(response.status == .ok)
                let state = try decode(response)
                #expect(state["decision"] as? String == "declined" && state["form"] == nil && state["consent"] == nil)
            }
            #expect(try study.consentRecords().map(\.decision) == [.declined])
            let sus = Dictionary(uniqueKeysWithValues: (1...10).map { ("\($0)", "3") })
            try await client.execute(uri: "/p/\(token)/answers", method: .post, headers: screen, body: try json(["request": 1, "answers": sus])) {
                #expect($0.status == .forbidden)
            }
            #expect(try study.responseSets(instrument: "sus").1.isEmpty)
            // A new version of the text is shown again: the decline was on version 2.
            try study.addConsent(version: "3", title: "TCLE", text: Self.tcle + "\n\nVersão revisada.")
            try await client.execute(uri: "/p/\(token)/state", method: .get) { response in
                let state = try decode(response)
                #expect((state["consent"] as? [String: Any])?["version"] as? String == "3")
            }
        }
        // A study without a consent text: the screen says so and stores nothing.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("participant-\(UUID().uuidString).sqlite").path
        let bare = try StudyDatabase.create(at: path, title: "Sem termo", language: .en)
        try bare.addParticipant(code: "P1", attributes: [])
        try bare.addTask(key: "T1", title: "Find the menu")
        let (open, _) = try bare.openSession(participant: "P1")
        let bareServer = WorkspaceServer(study: bare)
        try await Application(router: bareServer.router()).test(.router) { client in
            let token = await bareServer.participants.token(session: open.id)
            _ = await bareServer.participants.send(session: open.id, instrument: "sus", task: nil, trial: 1)
            try await client.execute(uri: "/p/\(token)/state", method: .get) { response in
                let state = try decode(response)
                #expect(state["hasConsentText"] as? Bool == false && state["form"] == nil)
            }
            try await client.execute(uri: "/p/\(token)/consent", method: .post, headers: screen,
                                     body: try json(["decision": "agreed", "version": "1", "sha256": "x"])) { #expect($0.status == .conflict) }
            let sus = Dictionary(uniqueKeysWithValues: (1...10).map { ("\($0)", "3") })
            try await client.execute(uri: "/p/\(token)/answers", method: .post, headers: screen, body: try json(["request": 1, "answers": sus])) {
                #expect($0.status == .forbidden)
            }
            #expect(try bare.responseSets(instrument: "sus").1.isEmpty)
        }
    }

    /// NASA-TLX (its six ratings, in steps of 5 on 0–100) and a study's own instrument with a choice and an open
    /// question: each asked in the screen's language and stored as `respond` stores it.
    @Test func nasaTLXAndAStudysOwnInstrumentAreAskedAndStored() async throws {
        let (study, session) = try Self.study()
        let custom = """
            {"id": "opiniao", "title": {"en": "Opinion", "pt-BR": "Opinião"}, "scoring": "none", "items": [
              {"number": 1, "kind": "choice", "text": {"en": "Would you use it again?", "pt-BR": "Você usaria de novo?"},
               "choices": [{"key": "sim", "label": {"en": "Yes", "pt-BR": "Sim"}}, {"key": "nao", "label": {"en": "No", "pt-BR": "Não"}}]},
              {"number": 2, "kind": "text", "text": {"en": "What would you change?", "pt-BR": "O que você mudaria?"}}]}
            """
        try study.addInstrument(try InstrumentDefinition.load(from: Data(custom.utf8), file: "opiniao.json"))
        try study.recordConsent(participant: "P4", version: "2", decision: .agreed, how: .paper)
        let server = WorkspaceServer(study: study)
        let token = await server.participants.token(session: session.id)
        let tlx = await server.participants.send(session: session.id, instrument: "nasa-tlx", task: nil, trial: 1)
        let own = await server.participants.send(session: session.id, instrument: "opiniao", task: nil, trial: 1)
        try await Application(router: server.router()).test(.router) { client in
            // Agreed on paper to the current version: the screen goes straight to the questionnaire.
            try await client.execute(uri: "/p/\(token)/state", method: .get) { response in
                let state = try decode(response)
                #expect(state["consent"] == nil && state["decision"] as? String == "agreed")
                let form = state["form"] as? [String: Any]
                let items = form?["items"] as? [[String: Any]] ?? []
                #expect(form?["instrument"] as? String == "nasa-tlx" && items.count == 6)
                #expect(items.allSatisfy { $0["kind"] as? String == "numeric" && $0["min"] as? Double == 0 && $0["max"] as? Double == 100 && $0["step"] as? Double == 5 })
                #expect(items.first?["text"] as? String == "Demanda mental: Quão mentalmente exigente foi a tarefa?")
            }
            let ratings = ["1": "55", "2": "10", "3": "40", "4": "25", "5": "60", "6": "35"]
            try await client.execute(uri: "/p/\(token)/answers", method: .post, headers: screen, body: try json(["request": tlx.id, "answers": ratings])) { response in
                #expect(response.status == .ok)
                let form = try decode(response)["form"] as? [String: Any]
                let items = form?["items"] as? [[String: Any]] ?? []
                #expect(form?["instrument"] as? String == "opiniao")
                #expect((items.first?["options"] as? [[String: Any]])?.map { $0["label"] as? String ?? "" } == ["Sim", "Não"])
                #expect(items.last?["kind"] as? String == "text")
            }
            let (tlxDefinition, tlxSets) = try study.responseSets(instrument: "nasa-tlx")
            #expect(tlxSets.count == 1)
            #expect(try tlxDefinition.score(tlxSets[0].answers).first { $0.id == "Raw TLX" }?.value == 37.5)
            try await client.execute(uri: "/p/\(token)/answers", method: .post, headers: screen,
                                     body: try json(["request": own.id, "answers": ["1": "sim", "2": "O botão de salvar, que não avisa."]])) {
                #expect($0.status == .ok)
            }
            let ownSets = try study.responseSets(instrument: "opiniao").1
            #expect(ownSets.first?.answers == [1: .choice("sim"), 2: .text("O botão de salvar, que não avisa.")])
            // PSSUQ allows N/A: the screen is told so (it offers N/A after the points), and an N/A is stored as N/A.
            let pssuq = await server.participants.send(session: session.id, instrument: "pssuq", task: nil, trial: 1)
            try await client.execute(uri: "/p/\(token)/state", method: .get) { response in
                let items = ((try decode(response)["form"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
                #expect(items.count == 16 && items.allSatisfy { $0["allowsNA"] as? Bool == true })
                #expect((items.first?["options"] as? [[String: Any]])?.last?["label"] as? String == "7 – Discordo totalmente")
            }
            var answers = Dictionary(uniqueKeysWithValues: (1...16).map { ("\($0)", "2") })
            answers["3"] = "n"
            try await client.execute(uri: "/p/\(token)/answers", method: .post, headers: screen, body: try json(["request": pssuq.id, "answers": answers])) {
                #expect($0.status == .ok)
            }
            let stored = try study.responseSets(instrument: "pssuq").1.first?.answers ?? [:]
            #expect(stored.count == 16 && stored[3] == .notApplicable && stored[1] == .value(2))
        }
    }

    /// With a network address (`serve --participant-host`), a tablet reaches the participant screen there and nothing
    /// else: the workspace, the logger and their API stay on 127.0.0.1; the link and its QR code name that address.
    @Test func onTheLabsNetworkOnlyTheParticipantScreenIsReached() async throws {
        let (study, session) = try Self.study()
        let server = WorkspaceServer(study: study, participantHost: "192.168.0.12")
        try await Application(router: server.router()).test(.router) { client in
            var panelHeaders = logger(server, write: true)
            panelHeaders[.init("Host")!] = "127.0.0.1:8080"
            panelHeaders[.origin] = "http://127.0.0.1:8080"
            var link = ""
            try await client.execute(uri: "/api/sessions/\(session.id)/participant", method: .post, headers: panelHeaders) { response in
                #expect(response.status == .ok)
                let panel = try decode(response)
                link = panel["link"] as? String ?? ""
                #expect(panel["address"] as? String == "http://192.168.0.12:8080\(link)", "\(panel)")
            }
            let network: HTTPFields = [.init("Host")!: "192.168.0.12:8080"]
            try await client.execute(uri: link, method: .get, headers: network) { #expect($0.status == .ok) }
            try await client.execute(uri: link + "/state", method: .get, headers: network) { #expect($0.status == .ok) }
            // The workspace from the network: refused, even with its token.
            var workspace = network
            workspace[.init("X-Studyctl-Token")!] = server.token
            for uri in ["/", "/moderator", "/api/state", "/api/sessions/\(session.id)/participant"] {
                try await client.execute(uri: uri, method: .get, headers: workspace) { #expect($0.status == .forbidden, "\(uri)") }
            }
            // Another host name still refused for the screen too (a DNS-rebinding page).
            try await client.execute(uri: link, method: .get, headers: [.init("Host")!: "evil.example:8080"]) { #expect($0.status == .forbidden) }
        }
        // Without the option, the screen is on 127.0.0.1 only.
        let local = WorkspaceServer(study: study)
        try await Application(router: local.router()).test(.router) { client in
            try await client.execute(uri: "/p/0123", method: .get, headers: [.init("Host")!: "192.168.0.12:8080"]) { #expect($0.status == .forbidden) }
        }
    }
}
