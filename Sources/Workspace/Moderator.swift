import Foundation
import Hummingbird
import Results
import StudyStore
import Surveys
import Wording

/// The moderator's logger in the browser (`/moderator`): the same session, events and store calls as
/// `studyctl session`, for a second observer on a laptop. Times are taken on the server's clock, one per session
/// for the server's run, so two observers' keys fall on one time line.
struct ModeratorAPI {
    let server: WorkspaceServer
    var study: StudyDatabase { server.study }
    var api: API { API(server: server) }

    struct Open: Decodable { var participant: String; var conditions: [String: String]?; var tasks: [String]?; var afterTask: String? }
    struct NewEvent: Decodable { var kind: String; var task: String?; var value: String?; var observer: String? }
    struct Answers: Decodable { var task: String; var trial: Int?; var answers: [String: Double] }

    struct Task: Encodable { var key: String; var title: String }
    struct OpenTry: Encodable { var task: String; var seconds: Double; var running: Bool; var paused: Bool; var stopped: Bool; var errors: Int; var assisted: Bool }
    struct Finished: Encodable { var task: String; var trial: Int?; var seconds: Double; var errors: Int; var assisted: Bool; var outcome: String }
    struct Note: Encodable { var offset: Double; var clock: String; var task: String?; var text: String; var observer: String? }
    struct Item: Encodable { var number: Int; var text: String; var min: Int; var max: Int; var anchors: [String: String] }
    struct Questionnaire: Encodable { var id: String; var title: String; var items: [Item] }
    struct Session: Encodable {
        var id: Int64; var participant: String; var occasion: String; var started: String; var ended: String?; var resumed: Bool
        var now: Double; var tasks: [Task]; var open: OpenTry?; var finished: [Finished]; var notes: [Note]; var suggested: String?
        var questionnaire: Questionnaire?; var message: String?; var words: [String: String]
    }
    struct Factor: Encodable { var name: String; var levels: [String] }
    struct OpenSession: Encodable { var participant: String; var number: Int; var conditions: [String: String] }
    struct Participants: Encodable {
        var title: String; var language: String; var participants: [String]; var words: [String: String]
        /// The participant screen panel's words, so that it shows in the study's language before its first poll.
        var screenWords: [String: String]
        /// The conditions a session can run under, and the sessions left open (the page joins one instead of opening another).
        var factors: [Factor]; var open: [OpenSession]
    }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/moderator") { _, _ in try WorkspaceServer.asset("moderator.html", type: "text/html; charset=utf-8") }
        router.get("/moderator.js") { _, _ in try WorkspaceServer.asset("moderator.js", type: "text/javascript; charset=utf-8") }
        router.get("/moderator.css") { _, _ in try WorkspaceServer.asset("moderator.css", type: "text/css; charset=utf-8") }
        let group = router.group("api/sessions")
        group.get("participants") { _, _ in
            try await api.guarded {
                let info = try study.info()
                let open = try study.sessions().filter { $0.ended == nil }
                return Participants(title: info.title, language: info.language.rawValue, participants: try study.roster().participants.map(\.code),
                                    words: PageWord.all(info.language), screenWords: ParticipantWord.all(info.language),
                                    factors: try study.factors().map { Factor(name: $0.name, levels: $0.levels) },
                                    open: open.map { OpenSession(participant: $0.participant, number: $0.number, conditions: $0.conditions) })
            }
        }
        group.post("") { request, context in
            let body = try await request.decode(as: Open.self, context: context)
            return try await api.guarded {
                let (session, resumed) = try study.openSession(participant: body.participant, conditions: body.conditions ?? [:],
                                                               tasks: body.tasks, afterTask: body.afterTask ?? "seq")
                return try await shape(session, resumed: resumed, message: nil)
            }
        }
        group.get("{id}") { _, context in
            let id = try context.parameters.require("id", as: Int64.self)
            return try await api.guarded { try await shape(try study.session(id: id), resumed: false, message: nil) }
        }
        group.post("{id}/events") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let body = try await request.decode(as: NewEvent.self, context: context)
            return try await api.guarded {
                guard let kind = SessionEventKind(rawValue: body.kind) else {
                    throw StoreError.invalidInput([.init(location: "event", message: "'\(body.kind)' is not a session event")])
                }
                let session = try study.session(id: id)
                let offset = await server.clocks.offset(session: id, started: session.started)
                let language = try study.info().language
                let update = try study.logSessionEvent(session: id, SessionEvent(kind, task: body.task, offset: offset, value: body.value,
                                                                                 observer: body.observer?.nilIfBlank),
                                                       logLabel: Sentence("session \(session.number)").text(language))
                return try await shape(update.session, resumed: false, message: nil)
            }
        }
        group.post("{id}/answers") { request, context in
            let id = try context.parameters.require("id", as: Int64.self)
            let body = try await request.decode(as: Answers.self, context: context)
            return try await api.guarded {
                let session = try study.session(id: id)
                guard let instrument = session.afterTask, let definition = try study.instrument(instrument) else {
                    throw StoreError.invalidInput([.init(location: "session \(id)", message: "the session asks no questionnaire after its tasks")])
                }
                var answers: [Int: Answer] = [:]
                var raw: [Int: String] = [:]
                let reader = AnswerReader(definition: definition, orientation: .canonical)
                for (key, value) in body.answers {
                    guard let number = Int(key), let item = definition.items.first(where: { $0.number == number }) else {
                        throw StoreError.invalidInput([.init(location: "\(definition.id), item \(key)", message: "the instrument has no such item")])
                    }
                    let typed = NumberParser.format(value)
                    switch reader.read(typed, item: item) {
                    case let .success(answer?): answers[number] = answer; raw[number] = typed
                    case .success(nil): break
                    case let .failure(problem): throw StoreError.invalidInput([.init(location: "\(definition.id), item \(key)", message: problem.message)])
                    }
                }
                let occasion = session.occasion(trial: body.trial ?? 1)
                try study.recordResponses(instrument: definition.id, ResponseSubmission(
                    participant: session.participant, answers: answers, raw: raw, task: body.task, occasion: occasion,
                    orientation: .canonical, source: "session"), replace: false)
                return try await shape(try study.session(id: id), resumed: false, message: nil)
            }
        }
    }

    func shape(_ session: SessionRecord, resumed: Bool, message: String?) async throws -> Session {
        let language = try study.info().language
        let now = await server.clocks.offset(session: session.id, started: session.started)
        let state = session.state
        let trials = session.events.filter { $0.event.kind == .outcome }.map(\.trial)
        var questionnaire: Questionnaire?
        if let id = session.afterTask, let definition = try study.instrument(id) {
            questionnaire = Questionnaire(id: definition.id, title: definition.title.text(language), items: definition.items.map { item in
                let scale = definition.scale
                var anchors: [String: String] = [:]
                if let scale { for point in scale.min...scale.max { if let anchor = scale.anchor(point, language: language) { anchors["\(point)"] = anchor } } }
                return Item(number: item.number, text: item.text.text(language), min: scale?.min ?? 1, max: scale?.max ?? 7, anchors: anchors)
            })
        }
        return Session(
            id: session.id, participant: session.participant, occasion: session.occasion, started: session.started, ended: session.ended,
            resumed: resumed, now: now, tasks: session.tasks.map { Task(key: $0.key, title: $0.title) },
            open: state.open.map { OpenTry(task: $0.task, seconds: $0.seconds(at: max(now, state.lastOffset)), running: $0.runningSince != nil,
                                           paused: $0.paused, stopped: $0.stopped, errors: $0.errors, assisted: $0.assisted) },
            finished: state.finished.enumerated().map { index, done in
                Finished(task: done.task, trial: index < trials.count ? trials[index] : nil, seconds: done.seconds, errors: done.errors,
                         assisted: done.assisted, outcome: done.outcome.rawValue)
            },
            notes: state.notes.map { Note(offset: $0.offset, clock: SessionClock.clock($0.offset), task: $0.task, text: $0.value ?? "", observer: $0.observer) },
            suggested: state.suggestedTask, questionnaire: questionnaire, message: message, words: PageWord.all(language))
    }
}

/// One session clock per session for the server's run (monotonic between requests).
actor SessionClocks {
    private var clocks: [Int64: SessionClock] = [:]

    func offset(session: Int64, started: String) -> Double {
        if let clock = clocks[session] { return clock.offset() }
        let clock = SessionClock(started: started)
        clocks[session] = clock
        return clock.offset()
    }
}
