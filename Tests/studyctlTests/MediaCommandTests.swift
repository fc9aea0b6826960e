import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Real recordings made for the tests: espeak-ng speaks a scripted interview line by line to WAV, ffmpeg joins the
/// lines with a pause between them (and puts a coloured picture under the sound for a video); the WebVTT transcript
/// is written from each line's measured length, so its times are where the words are.
struct Interview {
    struct Line {
        var speaker: String
        var text: String
        var startMs = 0
        var endMs = 0

        /// Where the line's words less their final full stop (the excerpts `recordedStudy` codes) end: their share of
        /// the cue, as every output gives an excerpt's times (`ExcerptTiming`).
        var wordsEndMs: Int {
            let count = text.unicodeScalars.count
            return startMs + Int((Double(endMs - startMs) * Double(count - 1) / Double(count)).rounded())
        }
    }

    var path: String
    var lines: [Line]
    var durationMs: Int

    /// Why recordings cannot be made here (a program missing), or nil.
    static let unavailable: String? = {
        for program in ["espeak-ng", "ffmpeg", "ffprobe"] where Tool.locate(program) == nil {
            return "\(program) is not installed (scripts/install-deps.sh installs it)"
        }
        return nil
    }()

    /// Speaks `script` into `name` in `folder`: an MP4 (H.264 and AAC over a coloured picture) when `video`, else WAV.
    static func make(_ script: [(String, String)], name: String, in folder: URL, video: Bool, pauseMs: Int = 400) throws -> Interview {
        var lines: [Line] = []
        var inputs: [String] = []
        var filters: [String] = []
        var at = 0
        for (index, (speaker, text)) in script.enumerated() {
            let wav = folder.appendingPathComponent("\(name)-line\(index).wav").path
            try Tool.run("espeak-ng", ["-v", "pt-br", "-s", "165", "-w", wav, text])
            let length = try Tool.durationMs(wav)
            lines.append(Line(speaker: speaker, text: text, startMs: at, endMs: at + length))
            at += length + pauseMs
            inputs += ["-i", wav]
            filters.append("[\(index):a]apad=pad_dur=\(Double(pauseMs) / 1000)[a\(index)]")
        }
        let joined = filters.joined(separator: ";") + ";" + script.indices.map { "[a\($0)]" }.joined() + "concat=n=\(script.count):v=0:a=1[out]"
        let wav = folder.appendingPathComponent("\(name).wav").path
        try Tool.run("ffmpeg", ["-v", "error", "-y"] + inputs + ["-filter_complex", joined, "-map", "[out]", wav])
        guard video else { return Interview(path: wav, lines: lines, durationMs: try Tool.durationMs(wav)) }
        let mp4 = folder.appendingPathComponent("\(name).mp4").path
        let seconds = String(format: "%.3f", Double(try Tool.durationMs(wav)) / 1000)
        try Tool.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=navy:s=320x240:r=25", "-i", wav, "-t", seconds,
                                "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", mp4])
        return Interview(path: mp4, lines: lines, durationMs: try Tool.durationMs(mp4))
    }

    /// The transcript as WebVTT: a cue per line, "Speaker: words", at the line's measured times.
    var webVTT: String {
        func time(_ ms: Int) -> String { String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000) }
        return "WEBVTT\n\n" + lines.enumerated().map { index, line in
            "\(index + 1)\n\(time(line.startMs)) --> \(time(line.endMs))\n\(line.speaker): \(line.text)\n"
        }.joined(separator: "\n")
    }

    /// The line holding `words`.
    func line(with words: String) -> Line { lines.first { $0.text.contains(words) }! }
}

/// Programs run by the tests, found on PATH.
enum Tool {
    static func locate(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    @discardableResult
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(locate(name), "\(name) is not on PATH"))
        process.arguments = arguments
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let handle = try FileHandle(forWritingTo: out)
        defer { try? FileManager.default.removeItem(at: out) }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        #expect(process.terminationStatus == 0, "\(name) \(arguments.joined(separator: " ")) failed")
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }

    /// The container's duration, as ffprobe reads it.
    static func durationMs(_ path: String) throws -> Int {
        let text = try run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])
        return Int(((Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) * 1000).rounded())
    }

    static func probe(_ path: String, _ arguments: [String]) throws -> [String: Any] {
        let text = try run("ffprobe", ["-v", "error", "-of", "json"] + arguments + [path])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

/// `media add`, `media list`, `clips` and `check` on recordings the test makes, run as a researcher would.
@Suite(.serialized) struct MediaCommandTests {
    static let p1Script = [("Entrevistadora", "Olá. Como foi usar o aplicativo?"), ("Bruno", "Achei o menu confuso no começo."),
                           ("Entrevistadora", "E a busca?"), ("Bruno", "Não encontrei a busca em lugar nenhum.")]
    static let p2Script = [("Carla", "Eu gosto das cores."), ("Entrevistadora", "E o menu?"), ("Carla", "O menu some quando giro a tela.")]

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// Where an excerpt opening `line` ends by its share of the cue: the cue's time spread evenly over its characters.
    static func shareEnd(_ excerpt: String, of line: Interview.Line) -> Int {
        line.startMs + Int((Double(line.endMs - line.startMs) * Double(excerpt.unicodeScalars.count) / Double(line.text.unicodeScalars.count)).rounded())
    }

    /// A study with P1's video interview and P2's audio one, each with its WebVTT transcript linked, and P3's plain text
    /// transcript (no times); four excerpts coded in Navegação (one by two coders), one of P3's.
    func recordedStudy(language: String? = "en") throws -> (StudyCtl, Interview, Interview) {
        let cli = try StudyCtl(language: language)
        try cli.succeed(["init", "--title", "Entrevistas gravadas", "--language", "pt-BR"])
        for code in ["P1", "P2", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        let p1 = try Interview.make(Self.p1Script, name: "P1", in: cli.folder, video: true)
        let p2 = try Interview.make(Self.p2Script, name: "P2", in: cli.folder, video: false)
        try cli.write("P1.vtt", p1.webVTT)
        try cli.write("P2.vtt", p2.webVTT)
        try cli.write("P3.txt", "Achei o menu confuso também.")
        try cli.succeed(["transcript", "add", "P1", "P1.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "Bruno=P1"])
        try cli.succeed(["transcript", "add", "P2", "P2.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "Carla=P2"])
        try cli.succeed(["transcript", "add", "P3", "P3.txt"])
        for (participant, excerpt, code, coder) in [("P1", "Achei o menu confuso no começo", "menu confuso", "ana"),
                                                    ("P1", "Achei o menu confuso no começo", "menu confuso", "bia"),
                                                    ("P1", "Não encontrei a busca em lugar nenhum", "não encontrei a busca", "ana"),
                                                    ("P2", "Eu gosto das cores", "gosto das cores", "ana"),
                                                    ("P2", "O menu some quando giro a tela", "menu some", "ana"),
                                                    ("P3", "Achei o menu confuso também", "menu confuso", "ana")] {
            try cli.succeed(["code", "add", participant, "--excerpt", excerpt, "--code", code, "--category", "Navegação", "--coder", coder])
        }
        try cli.succeed(["media", "add", "P1", "P1.mp4", "--transcript", ""])
        try cli.succeed(["media", "add", "P2", "P2.wav", "--transcript", ""])
        return (cli, p1, p2)
    }

    /// Each clip is its excerpt's share of its turn with 1.5 s before and after, kept inside the recording (ffprobe's duration within
    /// 50 ms); the names sort by participant and time; the reel has a chapter per participant; P3's excerpt, whose
    /// transcript has no times, is skipped with the reason.
    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func clipsOfACategoryFollowTheirExcerptsAndTheReelHasAChapterPerParticipant() throws {
        let (cli, p1, p2) = try recordedStudy()
        let listed = try json(try cli.succeed(["media", "list", "--json"]))["media"] as? [[String: Any]] ?? []
        #expect(listed.map { $0["participant"] as? String } == ["P1", "P2"] && listed.map { $0["kind"] as? String } == ["video", "audio"])
        #expect(listed.allSatisfy { $0["file"] as? String == "ok" && $0["transcriptTimed"] as? Bool == true })
        #expect(listed.first?["sha256"] as? String == (try Tool.run("sha256sum", [p1.path]).split(separator: " ").first.map(String.init)))
        #expect(listed.first?["path"] as? String == URL(fileURLWithPath: p1.path).standardizedFileURL.path)

        let result = try cli.run(["clips", "--category", "navegação", "-o", "destaques", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try json(result.stdout)
        let clips = summary["clips"] as? [[String: Any]] ?? []
        #expect(clips.count == 4, "\(summary)")
        #expect(summary["captions"] as? String == "soft")
        // Progress, on standard error, names each clip.
        #expect(result.stderr.contains("Clip 4 of 4: P2"), "\(result.stderr)")
        let expected: [(Interview, String)] = [(p1, "Achei o menu confuso no começo"), (p1, "Não encontrei a busca em lugar nenhum"),
                                               (p2, "Eu gosto das cores"), (p2, "O menu some quando giro a tela")]
        for ((interview, words), clip) in zip(expected, clips) {
            let line = interview.line(with: words)
            let start = max(0, line.startMs - 1500), end = min(interview.durationMs, Self.shareEnd(words, of: line) + 1500)
            #expect(clip["timeBasis"] as? String == "cue share")
            let file = try #require(clip["file"] as? String)
            let measured = try Tool.durationMs(cli.path(file))
            #expect(abs(measured - (end - start)) <= 50, "\(file): \(measured) ms, expected \(end - start) ms (\(start)–\(end))")
            let streams = try Tool.probe(cli.path(file), ["-show_streams"])["streams"] as? [[String: Any]] ?? []
            #expect(Set(streams.compactMap { $0["codec_name"] as? String }) == ["h264", "aac", "mov_text"], "\(file): \(streams)")
        }
        // The second P2 clip runs to the recording's end; the first starts at its start.
        #expect((clips[2]["startMs"] as? Int) == 0 && (clips[3]["endMs"] as? Int) == p2.durationMs)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.path("destaques")).sorted()
        #expect(names.filter { $0.hasSuffix(".mp4") && !$0.hasPrefix("reel") } == clips.compactMap { ($0["file"] as? String).map { ($0 as NSString).lastPathComponent } })
        #expect(names.allSatisfy { !$0.hasPrefix(".") }, "a temporary file was left: \(names)")
        #expect(names.prefix(4).map { String($0.prefix(6)) } == ["01-P1-", "02-P1-", "03-P2-", "04-P2-"], "\(names)")
        #expect(names.last == "reel-navegacao.mp4")

        let reel = cli.path("destaques/reel-navegacao.mp4")
        let chapters = try Tool.probe(reel, ["-show_chapters"])["chapters"] as? [[String: Any]] ?? []
        #expect(chapters.compactMap { ($0["tags"] as? [String: Any])?["title"] as? String } == ["P1", "P2"], "\(chapters)")
        let measuredClips = try clips.map { try Tool.durationMs(cli.path($0["file"] as! String)) }
        #expect(abs(try Tool.durationMs(reel) - measuredClips.reduce(0, +)) <= 100)
        let boundary = Double(chapters.last?["start_time"] as? String ?? "") ?? -1
        #expect(abs(boundary * 1000 - Double(measuredClips[0] + measuredClips[1])) <= 50, "\(chapters)")

        let skipped = summary["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.count == 1 && skipped.first?["participant"] as? String == "P3")
        #expect((skipped.first?["reason"] as? String)?.contains("no times") == true)

        // Said for people: the summary, the captions, the skipped excerpt; again into the same folder, files replaced.
        let said = try cli.succeed(["clips", "--category", "Navegação", "-o", "destaques", "--participant", "P1", "--lead", "0", "--tail", "0"])
        #expect(said.contains("Wrote 2 clips of 'Navegação' to destaques") && said.contains("a chapter per participant: P1"), "\(said)")
        #expect(said.contains("Captions: a subtitle track (mov_text)"))
        let onlySpan = try Tool.durationMs(cli.path("destaques/01-P1-" + names[0].dropFirst(6)))
        #expect(abs(onlySpan - (Self.shareEnd("Achei o menu confuso no começo", of: p1.line(with: "Achei")) - p1.line(with: "Achei").startMs)) <= 50)

        // Burned in: no subtitle track.
        try cli.succeed(["clips", "--category", "Navegação", "-o", "queimadas", "--participant", "P1", "--burn"])
        let burned = try FileManager.default.contentsOfDirectory(atPath: cli.path("queimadas")).sorted()
        let streams = try Tool.probe(cli.path("queimadas/" + burned[0]), ["-show_streams"])["streams"] as? [[String: Any]] ?? []
        #expect(!streams.contains { $0["codec_type"] as? String == "subtitle" }, "\(streams)")
    }

    /// A file that is no recording is refused naming it, with ffprobe's words, and the study is left as it was; so is
    /// any recording when ffprobe is missing. A moved or changed file is told by `media list` and `check`.
    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func notARecordingIsRefusedAndAMovedFileIsTold() throws {
        let cli = try StudyCtl()
        try cli.succeed(["init", "--title", "Gravações", "--language", "pt-BR"])
        try cli.succeed(["participant", "add", "P1"])
        let notes = try cli.write("notas.txt", "Não é uma gravação, só anotações.\n")
        let refused = try cli.fail(["media", "add", "P1", "notas.txt"])
        #expect(refused.stderr.contains("\(URL(fileURLWithPath: notes).standardizedFileURL.path) is not an audio or video recording: ffprobe said: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("Invalid data"), "\(refused.stderr)")
        let missing = try cli.fail(["media", "add", "P1", "nada.mp4"])
        #expect(missing.stderr.contains("nada.mp4: cannot read the file: no such file"), "\(missing.stderr)")

        let interview = try Interview.make([("Ana", "Uma frase só.")], name: "P1", in: cli.folder, video: false)
        let before = try cli.dump("study.sqlite")
        let noProbe = try cli.run(["media", "add", "P1", interview.path], environment: ["PATH": "/nonexistent"])
        #expect(noProbe.status != 0 && noProbe.stderr.contains("ffprobe was not found on PATH"), "\(noProbe.stderr)")
        #expect(try cli.dump("study.sqlite") == before)
        try cli.fail(["media", "add", "P1", interview.path, "--starts-at", "3"])  // P1 has no session
        try cli.fail(["media", "add", "P1", interview.path, "--sync", "3=session", "--starts-at", "1"])
        try cli.fail(["media", "add", "P9", interview.path])

        let added = try cli.succeed(["media", "add", "P1", interview.path, "--label", "áudio"])
        #expect(added.contains("Registered P1's recording 'áudio': audio, pcm_s16le"), "\(added)")
        #expect(try cli.succeed(["check"]).contains("ok"))
        // Changed in place (same size, other bytes): told.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: interview.path))
        bytes[bytes.count - 10] ^= 0x55
        try bytes.write(to: URL(fileURLWithPath: interview.path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 120)], ofItemAtPath: interview.path)
        let changed = try cli.run(["check"])
        #expect(changed.status == 1 && changed.stdout.contains("recordings: participant P1's recording 'áudio' (\(interview.path)): the file's content changed"),
                "\(changed.stdout)")
        try FileManager.default.moveItem(atPath: interview.path, toPath: interview.path + ".old")
        let list = try cli.run(["media", "list"])
        #expect(list.status == 0 && list.stdout.contains("gone (moved or deleted)") && list.stderr.contains("the file is gone"), "\(list.stdout)\(list.stderr)")
        let gone = try cli.run(["check"])
        #expect(gone.status == 1 && gone.stdout.contains("the file is gone (moved or deleted)"), "\(gone.stdout)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("study.sqlite.damaged")), "a gone recording is not damage to the study")
        #expect(try cli.succeed(["media", "remove", "P1", "--label", "áudio"]).contains("was not touched"))
        #expect(try cli.succeed(["check"]).contains("ok"))
    }

    /// What a pt-BR study says about recordings and clips is Portuguese only.
    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func aPortugueseStudySpeaksPortugueseAboutRecordings() throws {
        let cli = try StudyCtl(language: nil)
        try cli.succeed(["init", "--title", "Gravações", "--language", "pt-BR"])
        for code in ["P1", "P3"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        let p1 = try Interview.make(Array(Self.p1Script.prefix(2)), name: "P1", in: cli.folder, video: true)
        try cli.write("P1.vtt", p1.webVTT)
        try cli.write("P3.txt", "Achei o menu confuso também.")
        try cli.succeed(["transcript", "add", "P1", "P1.vtt", "--speaker", "Entrevistadora=moderator", "--speaker", "Bruno=P1"])
        try cli.succeed(["transcript", "add", "P3", "P3.txt"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "Achei o menu confuso", "--code", "menu confuso", "--category", "Navegação"])
        try cli.succeed(["code", "add", "P3", "--excerpt", "Achei o menu confuso", "--code", "menu confuso", "--category", "Navegação"])
        try cli.write("notas.txt", "Não é uma gravação.\n")
        var said: [String] = []
        func run(_ arguments: [String], succeeds: Bool = true) throws {
            let result = try cli.run(arguments)
            #expect((result.status == 0) == succeeds, "\(arguments): \(result.stderr)")
            // Paths, ffprobe's own words and the parser's value names (<participant>, as in every command's usage) are not the tool's.
            let text = (result.stdout + result.stderr).replacingOccurrences(of: cli.folder.path, with: "").replacingOccurrences(of: "study.sqlite", with: "")
                .replacingOccurrences(of: "Invalid data found when processing input", with: "")
                .replacingOccurrences(of: "<[^>\\n]*>", with: "", options: .regularExpression)
            said.append(text)
        }
        try run(["media", "add", "P1", "P1.mp4", "--transcript", ""])
        try run(["media", "add", "P1", "notas.txt", "--label", "x"], succeeds: false)
        try run(["media", "add", "P1", "P1.mp4", "--transcript", ""], succeeds: false)
        try run(["media", "add", "P1", "P1.mp4", "--label", "y", "--starts-at", "2"], succeeds: false)
        try run(["media", "add", "P1", "P1.mp4", "--label", "y", "--sync", "sem tempo"], succeeds: false)
        try run(["media", "list"])
        try run(["clips", "--category", "Navegação", "-o", "destaques"])
        try run(["clips", "--category", "Inexistente"], succeeds: false)
        try run(["media", "--help"])
        try run(["media", "add", "--help"])
        try run(["clips", "--help"])
        try FileManager.default.moveItem(atPath: cli.path("P1.mp4"), toPath: cli.path("P1-movido.mp4"))
        try run(["media", "list"])
        try run(["check"], succeeds: false)
        try run(["clips", "--category", "Navegação", "-o", "de-novo"], succeeds: false)
        try run(["media", "remove", "P1"])
        let all = said.joined(separator: "\n")
        #expect(all.contains("Gravação de P1 registrada"), "\(all)")
        #expect(ForeignWordCheck.english(in: all).isEmpty, "\(Set(ForeignWordCheck.english(in: all)).sorted())\n\(all)")
    }
}
