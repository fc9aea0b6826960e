import Foundation
import Hummingbird

/// The participant screens of this server's run: one link per session, and the questionnaires the moderator sent to
/// it. Kept in memory on purpose: a link is a secret for one session on one device, so it dies with the server (or
/// with the session, which the routes check on every request) and is never written to the study file. The answers
/// themselves go to the study the moment they are sent.
actor ParticipantDesk {
    /// A questionnaire sent to a participant screen.
    struct Request: Sendable, Encodable, Equatable {
        enum State: String, Sendable, Encodable { case waiting, answered, cancelled }
        var id: Int
        var instrument: String
        /// The task a per-task instrument (SEQ) is about.
        var task: String?
        /// The task's try the answers belong to (a second try's answers are kept under `trial=2`).
        var trial: Int
        var state: State
    }

    private var sessionOfToken: [String: Int64] = [:]
    private var tokenOfSession: [Int64: String] = [:]
    private var requests: [Int64: [Request]] = [:]
    private var nextRequest = 1

    /// The session's link token, made on first use: 128 random bits.
    func token(session: Int64) -> String {
        if let token = tokenOfSession[session] { return token }
        let token = WorkspaceServer.newToken()
        tokenOfSession[session] = token
        sessionOfToken[token] = session
        return token
    }

    /// The link token already made for the session, if any.
    func existingToken(session: Int64) -> String? { tokenOfSession[session] }

    /// The session a token opens, if it is one of this run's.
    func session(token: String) -> Int64? {
        // Compared in constant time against every token: how long it takes tells nothing of a guess.
        var found: Int64?
        for (known, session) in sessionOfToken where GuardMiddleware<BasicRequestContext>.same(known, token) { found = session }
        return found
    }

    /// Sends a questionnaire; a same one still waiting (same instrument, task and try) is not sent twice.
    func send(session: Int64, instrument: String, task: String?, trial: Int) -> Request {
        if let waiting = requests[session, default: []].first(where: {
            $0.state == .waiting && $0.instrument == instrument && $0.task == task && $0.trial == trial
        }) { return waiting }
        defer { nextRequest += 1 }
        let request = Request(id: nextRequest, instrument: instrument, task: task, trial: trial, state: .waiting)
        requests[session, default: []].append(request)
        return request
    }

    /// Every questionnaire sent to the session's screen, oldest first.
    func requests(session: Int64) -> [Request] { requests[session] ?? [] }

    /// The questionnaire the screen shows now: the oldest still waiting.
    func current(session: Int64) -> Request? { requests[session]?.first { $0.state == .waiting } }

    /// Marks a waiting request answered or cancelled; false when it was not waiting.
    func settle(session: Int64, request id: Int, as state: Request.State) -> Bool {
        guard let index = requests[session]?.firstIndex(where: { $0.id == id && $0.state == .waiting }) else { return false }
        requests[session]?[index].state = state  // found above
        return true
    }

    func request(session: Int64, id: Int) -> Request? { requests[session]?.first { $0.id == id } }
}
