import Foundation
import Hummingbird
import QRCode
import Results
import StudyStore
import Surveys
import Wording

/// The participant's own screen (`/p/<token>`) and its panel on the session logger. The moderator opens a link for
/// one session; the screen shows the study's current consent text first and records the decision as `studyctl consent
/// record` does (how: page); then it shows the questionnaires the moderator sends, and stores each set of answers as
/// `studyctl respond` does (one transaction, the same refusal of a second set), under the session's conditions. Nothing
/// from the screen is stored before the participant agreed to the current consent text, and nothing after the session
/// ended. The screen's routes need no workspace token (the participant never sees it): the link's own token, bound to
/// one session, is all they accept.
struct ParticipantScreen {
    let server: WorkspaceServer
    var study: StudyDatabase { server.study }
    var desk: ParticipantDesk { server.participants }

    // MARK: What the pages receive

    struct Option: Encodable { var value: String; var label: String }
    struct Item: Encodable {
        var number: Int; var text: String; var kind: String; var options: [Option]
        var min: Double?; var max: Double?; var step: Double?; var allowsNA: Bool
    }
    struct Form: Encodable {
        var request: Int; var instrument: String; var title: String; var task: String?; var taskTitle: String?; var items: [Item]
    }
    struct ConsentShown: Encodable { var version: String; var title: String; var text: String; var sha256: String }
    struct Language: Encodable { var tag: String; var name: String }
    /// What the participant screen shows now.
    struct ScreenState: Encodable {
        var language: String; var languages: [Language]; var words: [String: String]
        var ended: Bool
        /// The consent text to decide on (nil once agreed, or when the study has none).
        var consent: ConsentShown?
        var hasConsentText: Bool
        /// "agreed", "declined" or nil (not yet decided on the current text).
        var decision: String?
        var form: Form?
    }
    struct Instrument: Encodable { var id: String; var title: String; var perTask: Bool }
    struct ConsentStatus: Encodable { var decision: String; var version: String; var at: String; var how: String }
    struct SentRequest: Encodable { var id: Int; var instrument: String; var title: String; var task: String?; var trial: Int; var state: String }
    /// The session logger's panel.
    struct Panel: Encodable {
        var link: String?; var address: String?
        var consent: ConsentStatus?; var hasConsentText: Bool
        var requests: [SentRequest]; var instruments: [Instrument]; var words: [String: String]
    }

    struct Send: Decodable { var instrument: String; var task: String?; var trial: Int? }
    struct Decision: Decodable { var decision: String; var version: String; var sha256: String }
    struct Answers: Decodable { var request: Int; var answers: [String: String] }

    /// A participant-screen request the server turns down, with the HTTP status that says why.
    struct Refusal: Error {
        var status: HTTPResponse.Status
        var sentence: Sentence
    }

    func register(on router: Router<BasicRequestContext>) {
        // The participant's side: the link's token only.
        router.get("/p/assets/participant.js") { _, _ in try WorkspaceServer.asset("participant.js", type: "text/javascript; charset=utf-8") }
        router.get("/p/assets/participant.css") { _, _ in try WorkspaceServer.asset("participant.css", type: "text/css; charset=utf-8") }
        router.get("/p/assets/common.js") { _, _ in try WorkspaceServer.asset("common.js", type: "text/javascript; charset=utf-8") }
        router.get("/p/assets/favicon.svg") { _, _ in try WorkspaceServer.asset("favicon.svg", type: "image/svg+xml") }
        router.get("/p/{token}") { _, _ in
            var response = try WorkspaceServer.asset("participant.html", type: "text/html; charset=utf-8")
            // The token in the address is not sent on to any other site.
            response.headers[HeaderName.referrerPolicy] = "no-referrer"
            return response
        }
        router.get("/p/{token}/state") { request, context in
            let token = try context.parameters.require("token")
            let language = request.uri.queryParameters.get("lang").flatMap(StudyLanguage.init(rawValue:))
            return try await screenGuarded(language) { try await screenState(token: token, language: language) }
        }
        router.post("/p/{token}/consent") { request, context in
            let token = try context.parameters.require("token")
            let body = try await request.decode(as: Decision.self, context: context)
            let language = request.uri.queryParameters.get("lang").flatMap(StudyLanguage.init(rawValue:))
            return try await screenGuarded(language) {
                let session = try await openSession(token: token)
                guard let decision = ConsentRecord.Decision(rawValue: body.decision) else {
                    throw Refusal(status: .badRequest, sentence: Sentence("'\(body.decision)' is not a consent decision (agreed or declined)"))
                }
                guard let current = try study.consents().last else {
                    throw Refusal(status: .conflict, sentence: Sentence("This study has no consent text yet: add one with 'studyctl consent add'."))
                }
                // The decision is on the words the participant was shown: a text changed meanwhile is shown again.
                guard current.version == body.version, current.sha256 == body.sha256 else {
                    throw Refusal(status: .conflict, sentence: Sentence("The consent text changed while it was shown (now version \(current.version)): read it again, please."))
                }
                try study.recordConsent(participant: session.participant, version: current.version, decision: decision, how: .page)
                return try await screenState(token: token, language: language)
            }
        }
        router.post("/p/{token}/answers") { request, context in
            let token = try context.parameters.require("token")
            let body = try await request.decode(as: Answers.self, context: context)
            let language = request.uri.queryParameters.get("lang").flatMap(StudyLanguage.init(rawValue:))
            return try await screenGuarded(language) {
                let session = try await openSession(token: token)
                try requireConsent(session.participant)
                guard let sent = await desk.request(session: session.id, id: body.request), sent.state == .waiting else {
                    throw Refusal(status: .conflict, sentence: Sentence("This questionnaire was already answered or withdrawn by the researcher."))
                }
                try storeAnswers(body.answers, to: sent, session: session)
                _ = await desk.settle(session: session.id, request: sent.id, as: .answered)
                return try await screenState(token: token, language: language)
            }
        }

        // The session logger's side: behind the workspace token like the rest of /api.
        router.get("/moderator-participant.js") { _, _ in try WorkspaceServer.asset("moderator-participant.js", type: "text/javascript; charset=utf-8") }
        router.get("/moderator-participant.css") { _, _ in try WorkspaceServer.asset("moderator-participant.css", type: "text/css; charset=utf-8") }
        let group = router.group("api/sessions/{id}/participant")
        group.get("") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            return try await API(server: server).guarded { try await panel(session: id, request: request) }
        }
        group.post("") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            return try await API(server: server).guarded {
                let session = try study.session(id: id)
                guard session.ended == nil else {
                    throw StoreError.invalidInput([.init(location: "session \(session.number)", message: "the session has ended: open another to show a participant screen")])
                }
                _ = await desk.token(session: id)
                return try await panel(session: id, request: request)
            }
        }
        group.get("qr.svg") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            guard let token = await desk.existingToken(session: id) else { throw HTTPError(.notFound) }
            let language = try study.info().language
            let svg = try QRCode(Self.address(request, token: token, host: server.participantHost)).svg(title: ParticipantWord.qrName.text(language))
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
        group.post("requests") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let body = try await request.decode(as: Send.self, context: context)
            return try await API(server: server).guarded {
                let session = try study.session(id: id)
                guard session.ended == nil else {
                    throw StoreError.invalidInput([.init(location: "session \(session.number)", message: "the session has ended")])
                }
                guard let definition = try study.instrument(body.instrument) else {
                    throw StoreError.unknownInstrument(id: body.instrument, known: try study.instruments().map(\.id))
                }
                let task = body.task?.nilIfBlank
                if definition.perTask {
                    guard let task else { throw StoreError.taskRequired(instrument: definition.id) }
                    guard session.tasks.contains(where: { $0.key == task }) else {
                        throw StoreError.invalidInput([.init(location: "task \(task)", message: "the session has no such task")])
                    }
                }
                _ = await desk.send(session: id, instrument: definition.id, task: definition.perTask ? task : nil, trial: max(1, body.trial ?? 1))
                return try await panel(session: id, request: request)
            }
        }
        group.delete("requests/{request}") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let number = try context.parameters.require("request", as: Int.self)
            return try await API(server: server).guarded {
                _ = await desk.settle(session: id, request: number, as: .cancelled)
                return try await panel(session: id, request: request)
            }
        }
    }

    // MARK: The participant's side

    /// The session a link opens, while it is open; a link of this run whose session ended says so.
    func openSession(token: String) async throws -> SessionRecord {
        guard let id = await desk.session(token: token) else {
            throw Refusal(status: .notFound, sentence: ParticipantWord.invalidLink.sentence)
        }
        let session = try study.session(id: id)
        guard session.ended == nil else {
            throw Refusal(status: .gone, sentence: Sentence("The session has ended: nothing more is stored from this screen."))
        }
        return session
    }

    /// The current consent text and the participant's latest decision on it.
    func consent(of participant: String) throws -> (current: ConsentText?, latest: ConsentRecord?) {
        let current = try study.consents().last
        let latest = try study.consentRecords().last { $0.participant.caseInsensitiveCompare(participant) == .orderedSame }
        return (current, latest)
    }

    /// Whether the participant agreed to the study's current consent text (the one the screen shows).
    func agreed(_ participant: String) throws -> Bool {
        let (current, latest) = try consent(of: participant)
        guard let current, let latest else { return false }
        return latest.decision == .agreed && latest.version == current.version
    }

    func requireConsent(_ participant: String) throws {
        guard try agreed(participant) else {
            throw Refusal(status: .forbidden, sentence: Sentence("Nothing is stored from the participant screen before the participant agrees to the study's current consent text."))
        }
    }

    func screenState(token: String, language chosen: StudyLanguage?) async throws -> ScreenState {
        let language = try chosen ?? study.info().language
        let languages = StudyLanguage.allCases.map { Language(tag: $0.rawValue, name: Self.endonyms[$0.rawValue] ?? $0.rawValue) }
        var state = ScreenState(language: language.rawValue, languages: languages, words: ParticipantWord.all(language), ended: false,
                                consent: nil, hasConsentText: false, decision: nil, form: nil)
        guard let id = await desk.session(token: token) else {
            throw Refusal(status: .notFound, sentence: ParticipantWord.invalidLink.sentence)
        }
        let session = try study.session(id: id)
        // After the session, the screen thanks the participant and shows nothing of the study.
        guard session.ended == nil else { state.ended = true; return state }
        let (current, latest) = try consent(of: session.participant)
        state.hasConsentText = current != nil
        guard let current else { return state }
        if let latest, latest.version == current.version {
            state.decision = latest.decision.rawValue
        }
        guard state.decision == ConsentRecord.Decision.agreed.rawValue else {
            if state.decision == nil { state.consent = ConsentShown(version: current.version, title: current.title, text: current.text, sha256: current.sha256) }
            return state
        }
        if let request = await desk.current(session: id), let definition = try study.instrument(request.instrument) {
            state.form = form(definition, request: request, session: session, language: language)
        }
        return state
    }

    /// An instrument as the screen asks it, in `language`: each Likert point labelled "1 – Discordo totalmente" where
    /// the scale names it, and N/A offered where the instrument allows it.
    /// NASA-TLX is asked as the Raw TLX (its six ratings, Hart 2006): its weights come from 15 pairwise comparisons of
    /// the six sources, a procedure of its own that the screen does not run (the scoring takes the weights as optional).
    func form(_ definition: InstrumentDefinition, request: ParticipantDesk.Request, session: SessionRecord, language: StudyLanguage) -> Form {
        let asked = definition.formula.ratedItems(of: definition)
        let items = asked.map { item -> Item in
            var options: [Option] = []
            var low: Double?, high: Double?, step: Double?
            switch item.kind {
            case .likert:
                if let scale = definition.scale {
                    options = (scale.min...scale.max).map { point in
                        Option(value: String(point), label: scale.anchor(point, language: language).map { "\(point) – \($0)" } ?? String(point))
                    }
                }
            case .choice:
                options = (item.choices ?? []).map { Option(value: $0.key, label: $0.label.text(language)) }
            case .numeric:
                let range = definition.range(of: item)
                low = range?.lowerBound
                high = range?.upperBound
                // The formula's marks (NASA-TLX: steps of 5 on 0–100).
                step = range.map { definition.formula.ratingStep(item, range: $0) } ?? 1
            case .text:
                break
            }
            return Item(number: item.number, text: item.text.text(language), kind: item.kind.rawValue, options: options,
                        min: low, max: high, step: step, allowsNA: item.kind != .text && definition.allowsNA(item))
        }
        let title = request.task.flatMap { key in session.tasks.first { $0.key == key }?.title }
        return Form(request: request.id, instrument: definition.id, title: definition.title.text(language), task: request.task,
                    taskTitle: title, items: items)
    }

    /// The answers as `studyctl respond --answers` reads them (the same reader, every problem at once), stored in one
    /// transaction under the session's conditions (and the try, from a second one on); a set already stored for the
    /// same participant, instrument, task and conditions is refused, as `respond` refuses it without `--replace`.
    func storeAnswers(_ typed: [String: String], to request: ParticipantDesk.Request, session: SessionRecord) throws {
        guard let definition = try study.instrument(request.instrument) else {
            throw StoreError.unknownInstrument(id: request.instrument, known: try study.instruments().map(\.id))
        }
        let reader = AnswerReader(definition: definition, orientation: .canonical)
        var answers: [Int: Answer] = [:]
        var raw: [Int: String] = [:]
        var problems: [StoreError.Problem] = []
        for (key, value) in typed.sorted(by: { $0.key < $1.key }) {
            guard let number = Int(key), let item = definition.item(number) else {
                problems.append(.init(location: "\(definition.id), item \(key)", message: "the instrument has no such item"))
                continue
            }
            switch reader.read(value, item: item) {
            case let .success(answer?): answers[number] = answer; raw[number] = value
            case .success(nil): break
            case let .failure(problem): problems.append(.init(location: "\(definition.id), item \(key)", message: problem.message))
            }
        }
        guard problems.isEmpty else { throw StoreError.invalidInput(problems) }
        try study.recordResponses(instrument: definition.id, ResponseSubmission(
            participant: session.participant, answers: answers, raw: raw, task: request.task, occasion: session.occasion(trial: request.trial),
            orientation: .canonical, source: "participant-page"), replace: false)
    }

    /// The answer as JSON, or the refusal in the screen's language with its status.
    func screenGuarded<T: Encodable>(_ chosen: StudyLanguage?, _ body: () async throws -> T) async throws -> Response {
        let language = chosen ?? (try? study.info().language) ?? .en
        do {
            let data = try JSONEncoder().encode(try await body())
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(data: data)))
        } catch let refusal as Refusal {
            return GuardMiddleware<BasicRequestContext>.refuse(refusal.status, refusal.sentence.text(language))
        } catch let error as HTTPError {
            throw error
        } catch {
            let message = (error as? StoreError)?.text(language) ?? (error as? WordedError)?.text(language)
                ?? (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            return GuardMiddleware<BasicRequestContext>.refuse(.unprocessableContent, message)
        }
    }

    /// Languages named in themselves, for the screen's language choice.
    static let endonyms = ["en": "English", "pt-BR": "Português (Brasil)"]

    // MARK: The session logger's side

    /// The link as the moderator's browser reached this server (the host it named), with the session's token; with
    /// `serve --participant-host`, at that network address (and the same port), for a tablet on the lab's network.
    static func address(_ request: Request, token: String, host: String? = nil) -> String {
        let authority = request.headers[HeaderName.host] ?? request.head.authority ?? "127.0.0.1"
        guard let host else { return "http://\(authority)/p/\(token)" }
        let port = authority.split(separator: ":").dropFirst().first.map { ":" + $0 } ?? ""
        return "http://\(host)\(port)/p/\(token)"
    }

    func panel(session id: Int64, request: Request) async throws -> Panel {
        let session = try study.session(id: id)
        let language = try study.info().language
        let token = await desk.existingToken(session: id)
        let (current, latest) = try consent(of: session.participant)
        var titles: [String: String] = [:]
        var instruments: [Instrument] = []
        for summary in try study.instruments() {
            guard let definition = try study.instrument(summary.id) else { continue }
            titles[definition.id] = definition.title.text(language)
            instruments.append(Instrument(id: definition.id, title: definition.title.text(language), perTask: definition.perTask))
        }
        return Panel(link: token.map { "/p/\($0)" }, address: token.map { Self.address(request, token: $0, host: server.participantHost) },
                     consent: latest.map { ConsentStatus(decision: $0.decision.rawValue, version: $0.version, at: $0.at, how: $0.how.rawValue) },
                     hasConsentText: current != nil,
                     requests: await desk.requests(session: id).map {
                         SentRequest(id: $0.id, instrument: $0.instrument, title: titles[$0.instrument] ?? $0.instrument, task: $0.task, trial: $0.trial,
                                     state: $0.state.rawValue)
                     },
                     instruments: instruments, words: ParticipantWord.all(language))
    }
}
