import Foundation
import Hummingbird
import Media
import QualCoding
import StudyStore

/// Serves the study's registered recordings to the page's player, by their id in the study (never by a path the request
/// names), with byte ranges so the browser can seek: 206 Partial Content for a satisfiable range, 416 for one that is
/// not, the whole file otherwise. Behind the same guard (token, Host) as every other route.
struct MediaRoute {
    let server: WorkspaceServer

    func register(on router: Router<BasicRequestContext>) {
        router.get("media/{id}") { request, context in try await serve(request, context: context) }
        router.get("media/{id}/captions.vtt") { _, context in try captions(context: context) }
    }

    /// The recording's captions: WebVTT made from the timed turns of the transcript linked to it (the player's
    /// `<track>`), one cue per turn with its speaker's name before the words. 404 for a recording with no timed transcript.
    func captions(context: BasicRequestContext) throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let record = try server.study.media(id: id) else {
            return GuardMiddleware<BasicRequestContext>.refuse(.notFound, "the study has no such recording")
        }
        guard let label = record.transcript, record.transcriptTimed == true else {
            return GuardMiddleware<BasicRequestContext>.refuse(.notFound, "the recording has no timed transcript to caption it")
        }
        let details = try server.study.transcriptDetails(participant: record.participant, label: label)
        let vtt = Self.webVTT(text: details.text, turns: details.turns, durationMs: record.durationMs)
        var headers: HTTPFields = [.contentType: "text/vtt; charset=utf-8", .cacheControl: "no-store"]
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: vtt)))
    }

    /// One cue per timed turn (Unicode scalar spans of `text`): "Speaker: words" from its start to its end — or, where
    /// the file gave no end, to the next turn's start (the recording's end for the last).
    static func webVTT(text: String, turns: [TranscriptTurn], durationMs: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let timed = turns.compactMap { turn in turn.start.map { (start: $0, turn: turn) } }.sorted { $0.start < $1.start }
        let cues = timed.enumerated().map { index, item -> Captions.Cue in
            let (start, turn) = (item.start, item.turn)
            let next = index + 1 < timed.count ? timed[index + 1].start : max(durationMs, start + 1)
            let lower = max(0, min(turn.spanStart, scalars.count)), upper = max(lower, min(turn.spanEnd, scalars.count))
            var words = String(String.UnicodeScalarView(scalars[lower..<upper]))
            if let speaker = turn.speaker, !speaker.isEmpty { words = speaker + ": " + words }
            return Captions.Cue(startMs: start, endMs: turn.end ?? next, text: words)
        }
        return Captions.webVTT(cues)
    }

    func serve(_ request: Request, context: BasicRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let record = try server.study.media(id: id) else {
            return GuardMiddleware<BasicRequestContext>.refuse(.notFound, "the study has no such recording")
        }
        // The file as registered: gone or of another size, it is not the recording the transcript's times are of.
        guard let now = FileFingerprint.attributes(record.path) else {
            return GuardMiddleware<BasicRequestContext>.refuse(.notFound, "the recording's file is gone (moved or deleted): \(record.path)")
        }
        guard now.size == record.size else {
            return GuardMiddleware<BasicRequestContext>.refuse(.conflict, "the recording's file changed since it was registered: \(record.path)")
        }
        let size = Int(now.size)
        var headers: HTTPFields = [.acceptRanges: "bytes", .contentType: record.facts.contentType(path: record.path), .cacheControl: "no-store"]
        headers[.xContentTypeOptions] = "nosniff"
        switch ByteRangeRequest(header: request.headers[.range], size: size) {
        case .whole:
            headers[.contentLength] = String(size)
            let body = try await FileIO().loadFile(path: record.path, context: context)
            return Response(status: .ok, headers: headers, body: body)
        case let .partial(range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            headers[.contentLength] = String(range.count)
            let body = try await FileIO().loadFile(path: record.path, range: range, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            headers[.contentType] = "application/json"
            let message = (try? JSONEncoder().encode(["error": "the range \(request.headers[.range] ?? "") cannot be served: the recording has \(size) bytes"])) ?? Data()
            return Response(status: .rangeNotSatisfiable, headers: headers, body: .init(byteBuffer: ByteBuffer(data: message)))
        }
    }
}

/// What a `Range` header asks of a file of `size` bytes (RFC 9110 §14): one byte range — `first-last`, `first-` or the
/// last `-n` bytes — or the whole file when there is no header, another unit, or several ranges (a server may answer
/// those with the whole file); a range that is malformed or starts past the end cannot be satisfied.
enum ByteRangeRequest: Equatable {
    case whole
    case partial(ClosedRange<Int>)
    case unsatisfiable

    init(header: String?, size: Int) {
        guard let header else { self = .whole; return }
        guard let equals = header.firstIndex(of: "="),
              header[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "bytes" else { self = .whole; return }
        let ranges = header[header.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        guard ranges.count == 1 else { self = .whole; return }
        let spec = ranges[0].trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-"), size > 0 else { self = .unsatisfiable; return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        func number(_ text: Substring) -> Int? { text.allSatisfy { $0.isASCII && $0.isNumber } ? Int(text) : nil }
        if first.isEmpty {
            guard let count = number(last), count > 0 else { self = .unsatisfiable; return }
            self = .partial(max(0, size - count)...(size - 1))
            return
        }
        guard let start = number(first), start < size else { self = .unsatisfiable; return }
        if last.isEmpty { self = .partial(start...(size - 1)); return }
        guard let end = number(last), end >= start else { self = .unsatisfiable; return }
        self = .partial(start...min(end, size - 1))
    }
}
