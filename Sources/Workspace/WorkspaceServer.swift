import Foundation
import Hummingbird
import QualCoding
import StudyStore
import Surveys

/// The coding workspace: a page on 127.0.0.1 for coding transcripts in the browser, over the same study file and the
/// same `StudyDatabase` writes as the command line. Every request must carry the run's token (in the first URL,
/// then a cookie); a request naming a foreign host (DNS rebinding) or a write from another origin is refused.
public struct WorkspaceServer: Sendable {
    public let study: StudyDatabase
    public let token: String
    /// This computer's address on the lab's network, where a tablet reaches the participant screen (and nothing
    /// else); nil: everything on 127.0.0.1 only.
    public let participantHost: String?
    /// Other study files the Across tab searches, read-only (`serve --studies`).
    public let studies: [String]
    let undo = UndoLog()
    let clocks = SessionClocks()
    let participants = ParticipantDesk()

    public init(study: StudyDatabase, token: String = WorkspaceServer.newToken(), participantHost: String? = nil, studies: [String] = []) {
        self.study = study
        self.token = token
        self.participantHost = participantHost
        self.studies = studies
    }

    /// The first IPv4 address of an interface that is up and not the loopback (the lab's network), or nil.
    public static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// 128 random bits as 32 hexadecimal digits.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    /// The router with every route and the guard in front of them.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: GuardMiddleware(token: token, participantHost: participantHost))
        router.get("/") { _, _ in try Self.asset("index.html", type: "text/html; charset=utf-8") }
        router.get("/common.js") { _, _ in try Self.asset("common.js", type: "text/javascript; charset=utf-8") }
        router.get("/app.js") { _, _ in try Self.asset("app.js", type: "text/javascript; charset=utf-8") }
        router.get("/codebook.js") { _, _ in try Self.asset("codebook.js", type: "text/javascript; charset=utf-8") }
        router.get("/search.js") { _, _ in try Self.asset("search.js", type: "text/javascript; charset=utf-8") }
        router.get("/across.js") { _, _ in try Self.asset("across.js", type: "text/javascript; charset=utf-8") }
        router.get("/trend.js") { _, _ in try Self.asset("trend.js", type: "text/javascript; charset=utf-8") }
        router.get("/suggestions.js") { _, _ in try Self.asset("suggestions.js", type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in try Self.asset("app.css", type: "text/css; charset=utf-8") }
        // The page's icon, which the pages name; a browser that asks for /favicon.ico anyway gets it there too.
        router.get("/favicon.svg") { _, _ in try Self.asset("favicon.svg", type: "image/svg+xml") }
        router.get("/favicon.ico") { _, _ in try Self.asset("favicon.svg", type: "image/svg+xml") }
        API(server: self).register(on: router)
        SearchAPI(server: self).register(on: router)
        AcrossAPI(server: self).register(on: router)
        ModeratorAPI(server: self).register(on: router)
        MediaRoute(server: self).register(on: router)
        ParticipantScreen(server: self).register(on: router)
        TrendAPI(server: self).register(on: router)
        SuggestionsAPI(server: self).register(on: router)
        return router
    }

    /// The application listening on 127.0.0.1 only (on every interface with `participantHost`, where the guard lets
    /// only the participant screen be reached from the network), at `port` (0: any free port); `onRunning` gets the
    /// bound port.
    public func application(port: Int, onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        Application(router: router(), configuration: .init(address: .hostname(participantHost == nil ? "127.0.0.1" : "0.0.0.0", port: port), serverName: "studyctl"),
                    onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) })
    }

    /// A file of the page, from the target's resources.
    static func asset(_ name: String, type: String) throws -> Response {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page"),
              let data = try? Data(contentsOf: url) else { throw HTTPError(.notFound) }
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        // Scripts only from the page's own origin, nothing inline, no framing.
        headers[.contentSecurityPolicy] = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'"
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(data: data)))
    }
}

/// Refuses what a local page must never accept: a request without the run's token, a Host header naming anything
/// but the loopback address (a DNS-rebinding page), and a write whose Origin is not the page's own.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String
    /// The network address the participant screen may be reached at (`serve --participant-host`), else nil.
    var participantHost: String? = nil
    static var cookieName: String { "studyctl_token" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1's Host header arrives as the request's authority; a Host field left among the headers counts too.
        let authority = request.headers[HeaderName.host] ?? request.head.authority ?? ""
        let hostName = authority.split(separator: ":").first.map(String.init) ?? ""
        // The participant screen (/p/<link token>) never holds the workspace's token: its routes check their own.
        // (A path that could be read as another one, with dot segments or escapes, is not let through.)
        let path = request.uri.path
        let participantScreen = path.hasPrefix("/p/") && !path.contains("..") && !path.contains("%") && !path.contains("//")
        // From the lab's network only the participant screen, at the address it was given; everything else on
        // 127.0.0.1 alone.
        let onNetwork = participantScreen && participantHost.map { $0.caseInsensitiveCompare(hostName) == .orderedSame } == true
        guard ["127.0.0.1", "localhost"].contains(hostName.lowercased()) || onNetwork else {
            return Self.refuse(.forbidden, participantScreen && participantHost != nil
                               ? "studyctl serves the participant screen at \(participantHost ?? "") and 127.0.0.1 only; the request named the host '\(authority)'"
                               : "studyctl serves this study to 127.0.0.1 only; the request named the host '\(authority)'")
        }
        let fromQuery = participantScreen ? nil : request.uri.queryParameters.get("token")
        let presented = fromQuery ?? request.cookies[Self.cookieName]?.value ?? request.headers[HeaderName.studyctlToken]
        guard participantScreen || presented.map({ Self.same($0, token) }) == true else {
            return Self.refuse(.forbidden, "open the workspace with the link 'studyctl serve' printed (it carries this run's token)")
        }
        if ![.get, .head].contains(request.method) {
            guard let origin = request.headers[.origin], origin == "http://\(authority)" else {
                return Self.refuse(.forbidden, "a change must come from the workspace page itself (Origin http://\(authority))")
            }
            guard request.method == .delete || request.headers[.contentType]?.hasPrefix("application/json") == true else {
                return Self.refuse(.unsupportedMediaType, "send JSON (Content-Type: application/json)")
            }
        }
        if fromQuery != nil, request.method == .get {
            // The token moves from the address bar into a cookie only this origin's requests carry.
            var response = Response(status: .seeOther, headers: [.location: request.uri.path])
            response.setCookie(Cookie(name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        return try await next(request, context)
    }

    /// Constant-time comparison: how long it takes does not tell how much of a guess was right.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func refuse(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: body)))
    }
}

/// What each page did in this run, for its "undo": a page (one browser tab, one load) names itself with a random id
/// and every write it makes is recorded under that id and its coder. A page undoes only its own actions, newest
/// first, and only while the coding is still as the action left it; a reload is a new page with nothing to undo.
actor UndoLog {
    /// What a coding was (its wording, categories, place, kind and memo): how an action left it, to check at undo time
    /// that nobody changed it since.
    struct Snapshot: Sendable, Equatable {
        var record: CodeRecord
        var memo: String?

        static func == (a: Snapshot, b: Snapshot) -> Bool {
            a.record.id == b.record.id && a.record.code == b.record.code && a.record.categories.sorted() == b.record.categories.sorted()
            && a.record.inVivo == b.record.inVivo && a.record.excerpt == b.record.excerpt && a.record.spanStart == b.record.spanStart
            && a.record.spanEnd == b.record.spanEnd && a.record.transcript == b.record.transcript && a.memo == b.memo
        }
    }
    enum Change: Sendable {
        case created(Snapshot)
        case deleted(Snapshot)
        case edited(before: Snapshot, after: Snapshot)
        /// Codings made in one step (every hit of a search): undone together.
        case batch([Snapshot])

        /// The coding the change left behind (nil: it deleted it).
        var after: Snapshot? {
            switch self {
            case let .created(after), let .edited(_, after): return after
            case .deleted, .batch: return nil
            }
        }
    }
    struct Action: Sendable {
        var id: Int64
        var page: String
        var coder: String
        var change: Change
    }
    private var next: Int64 = 1
    /// Every page's actions, oldest first.
    private var actions: [Action] = []

    /// Records what `page` did for `coder`; returns the action's id, which the page names when it undoes it.
    func record(_ change: Change, page: String, coder: String) -> Int64 {
        defer { next += 1 }
        actions.append(Action(id: next, page: page, coder: coder, change: change))
        return next
    }

    /// The newest action `page` made as `coder`, if any is left.
    func last(page: String, coder: String) -> Action? { actions.last { $0.page == page && $0.coder == coder } }

    func remove(_ id: Int64) { actions.removeAll { $0.id == id } }

    /// A deleted coding restored by "undo" comes back with a new id: the actions on it follow it.
    func renumber(code old: Int64, to new: Int64) {
        func moved(_ snapshot: Snapshot) -> Snapshot {
            guard snapshot.record.id == old else { return snapshot }
            var copy = snapshot
            copy.record.id = new
            return copy
        }
        for index in actions.indices {
            switch actions[index].change {
            case let .created(after): actions[index].change = .created(moved(after))
            case let .deleted(before): actions[index].change = .deleted(moved(before))
            case let .edited(before, after): actions[index].change = .edited(before: moved(before), after: moved(after))
            case let .batch(made): actions[index].change = .batch(made.map(moved))
            }
        }
    }
}

