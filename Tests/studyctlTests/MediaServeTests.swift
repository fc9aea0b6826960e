import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client on a socket, so a test sends exactly the headers it means (a Range, no token, a foreign Host)
/// and reads exactly what the server answered.
enum RawHTTP {
    struct Response {
        var status: Int
        /// Field names in lowercase.
        var headers: [String: String]
        var body: Data
    }

    static func get(port: Int, _ path: String, headers: [String: String] = [:]) throws -> Response {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &target.sin_addr)
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        try #require(connected, "cannot connect to 127.0.0.1:\(port)")
        var fields = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
        for (name, value) in headers { fields[name] = value }
        let request = "GET \(path) HTTP/1.1\r\n" + fields.map { "\($0.key): \($0.value)\r\n" }.joined() + "\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            try #require(n > 0)
            sent += n
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received.append(contentsOf: buffer[0..<n])
        }
        let separator = Data("\r\n\r\n".utf8)
        let end = try #require(received.range(of: separator), "no complete answer: \(String(decoding: received, as: UTF8.self))")
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var parsed: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(received[end.upperBound...])
        if parsed["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: parsed, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var out = Data()
        var rest = data[...]
        while let line = rest.range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16) ?? 0
            if size == 0 { break }
            let start = line.upperBound
            out.append(rest[start..<(start + size)])
            rest = rest[(start + size + 2)...]
        }
        return out
    }
}

/// `studyctl serve` plays a coded passage's recording: the file registered in the study, by its id, in byte ranges,
/// behind the run's token; nothing else on the disk.
@Suite(.serialized) struct MediaServeTests {
    /// Starts `studyctl serve` on a free port and returns it with the token it printed.
    static func serve(_ cli: StudyCtl) throws -> (Process, port: Int, token: String) {
        let process = Process()
        process.executableURL = StudyCtl.binary
        process.arguments = ["serve", "--port", "0", "--db", cli.path("study.sqlite")]
        process.currentDirectoryURL = cli.folder
        var environment = ProcessInfo.processInfo.environment
        environment["STUDYCTL_LANGUAGE"] = "en"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !printed.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let pattern = try Regex(#"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})"#)
        guard let match = printed.firstMatch(of: pattern), let port = Int(match.output[1].substring ?? ""), let token = match.output[2].substring else {
            process.terminate()
            Issue.record("studyctl serve printed no address: \(printed)")
            throw CancellationError()
        }
        return (process, port, String(token))
    }

    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func rangesOfARegisteredRecordingBehindTheToken() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Gravações", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        let interview = try Interview.make(Array(MediaCommandTests.p1Script.prefix(2)), name: "P1", in: cli.folder, video: true)
        try cli.write("P1.vtt", interview.webVTT)
        try cli.succeed(["transcript", "add", "P1", "P1.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "Bruno=P1"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "Achei o menu confuso", "--code", "menu confuso", "--category", "Navegação", "--coder", "ana"])
        try cli.succeed(["media", "add", "P1", "P1.mp4", "--transcript", ""])
        try cli.write("segredo.txt", "não é da conta do navegador\n")
        let file = try Data(contentsOf: URL(fileURLWithPath: interview.path))
        let size = file.count

        let (server, port, token) = try Self.serve(cli)
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        let auth = ["X-Studyctl-Token": token]

        // The transcript names its recording and each coding's time.
        let transcript = try RawHTTP.get(port: port, "/api/transcript/P1?coder=ana", headers: auth)
        #expect(transcript.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: transcript.body) as? [String: Any])
        let media = try #require(json["media"] as? [String: Any], "\(json)")
        #expect(media["url"] as? String == "/media/1" && media["kind"] as? String == "video")
        let coding = try #require((json["codings"] as? [[String: Any]])?.first)
        let said = interview.line(with: "Achei")
        #expect(abs((coding["startTime"] as? Double ?? -1) * 1000 - Double(said.startMs)) <= 1, "\(coding)")

        // The whole file, then ranges: first-last, first-, the last n bytes, one past the end clamped.
        let whole = try RawHTTP.get(port: port, "/media/1", headers: auth)
        #expect(whole.status == 200 && whole.body == file && whole.headers["accept-ranges"] == "bytes" && whole.headers["content-type"] == "video/mp4")
        #expect(whole.headers["content-length"] == String(size))
        let middle = try RawHTTP.get(port: port, "/media/1", headers: auth.merging(["Range": "bytes=100-1099"]) { $1 })
        #expect(middle.status == 206 && middle.headers["content-range"] == "bytes 100-1099/\(size)" && middle.headers["content-length"] == "1000")
        #expect(middle.body == file[100..<1100])
        let open = try RawHTTP.get(port: port, "/media/1", headers: auth.merging(["Range": "bytes=\(size - 300)-"]) { $1 })
        #expect(open.status == 206 && open.body == file[(size - 300)...] && open.headers["content-range"] == "bytes \(size - 300)-\(size - 1)/\(size)")
        let suffix = try RawHTTP.get(port: port, "/media/1", headers: auth.merging(["Range": "bytes=-50"]) { $1 })
        #expect(suffix.status == 206 && suffix.body == file[(size - 50)...])
        let over = try RawHTTP.get(port: port, "/media/1", headers: auth.merging(["Range": "bytes=\(size - 10)-\(size + 500)"]) { $1 })
        #expect(over.status == 206 && over.body == file[(size - 10)...] && over.headers["content-range"] == "bytes \(size - 10)-\(size - 1)/\(size)")
        // Ranges that cannot be satisfied: 416 with the file's size.
        for bad in ["bytes=\(size)-", "bytes=\(size + 1)-\(size + 9)", "bytes=500-100", "bytes=-0", "bytes=abc-"] {
            let refused = try RawHTTP.get(port: port, "/media/1", headers: auth.merging(["Range": bad]) { $1 })
            #expect(refused.status == 416 && refused.headers["content-range"] == "bytes */\(size)", "\(bad): \(refused.status) \(refused.headers)")
            #expect(refused.body != file && !refused.body.starts(with: file.prefix(8)))
        }

        // Refused: no token, a wrong one, a foreign Host; an id the study has not; anything but an id.
        #expect(try RawHTTP.get(port: port, "/media/1", headers: ["Range": "bytes=0-99"]).status == 403)
        #expect(try RawHTTP.get(port: port, "/media/1", headers: ["X-Studyctl-Token": String(token.reversed())]).status == 403)
        #expect(try RawHTTP.get(port: port, "/media/1", headers: auth.merging(["Host": "evil.example:\(port)"]) { $1 }).status == 403)
        #expect(try RawHTTP.get(port: port, "/media/2", headers: auth).status == 404)
        for path in ["/media/..%2Fsegredo.txt", "/media/../segredo.txt", "/media/1/../../segredo.txt", "/media/%2Fetc%2Fpasswd", "/segredo.txt",
                     "/media/" + cli.path("segredo.txt")] {
            let answer = try RawHTTP.get(port: port, path, headers: auth)
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 404 || answer.status == 400, "\(path): \(answer.status)")
            #expect(!text.contains("não é da conta") && !text.contains("root:"), "\(path): \(text)")
        }

        // A file that changed size since it was registered is no longer served as the recording.
        try (file + Data([0, 1, 2])).write(to: URL(fileURLWithPath: interview.path))
        #expect(try RawHTTP.get(port: port, "/media/1", headers: auth).status == 409)
        try FileManager.default.removeItem(atPath: interview.path)
        #expect(try RawHTTP.get(port: port, "/media/1", headers: auth).status == 404)
    }
}
