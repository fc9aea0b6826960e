import Foundation
import Testing

/// `export qdpx` with recordings and `import qdpx` of the project into a new study, on real recordings (espeak-ng and
/// ffmpeg), in a pt-BR study: the recordings travel as REFI-QDA AudioSource/VideoSource with their transcript, sync
/// points and transcript selections, and come back as the same recordings, turns, times and codings.
@Suite(.serialized) struct REFIMediaCommandTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// What must come back: each transcript's turns (speaker, times, span) and each coding (wording, categories, coder,
    /// span, times).
    func transcript(_ cli: StudyCtl, _ participant: String, db: String) throws -> (turns: [String], codings: [String], text: String) {
        let shown = try json(try cli.succeed(["transcript", "show", participant, "--json", "--db", db]))
        let turns = (shown["turns"] as? [[String: Any]] ?? []).map {
            "\($0["speaker"] as? String ?? "-") \($0["start"] as? Int ?? -1)-\($0["end"] as? Int ?? -1) @\($0["spanStart"] as? Int ?? -1)-\($0["spanEnd"] as? Int ?? -1)"
        }
        let codings = (shown["codings"] as? [[String: Any]] ?? []).map {
            "\($0["code"] as? String ?? "") [\(($0["categories"] as? [String] ?? []).joined(separator: ","))] \($0["coder"] as? String ?? "-") "
                + "@\($0["spanStart"] as? Int ?? -1)-\($0["spanEnd"] as? Int ?? -1) \($0["startTime"] as? Double ?? -1)-\($0["endTime"] as? Double ?? -1)"
        }.sorted()
        return (turns, codings, shown["text"] as? String ?? "")
    }

    func qde(_ cli: StudyCtl, _ qdpx: String, into folder: String) throws -> String {
        try Tool.run("unzip", ["-o", "-q", cli.path(qdpx), "-d", cli.path(folder)])
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: cli.path(folder + "/project.qde"))), as: UTF8.self)
    }

    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func recordingsGoOutAsAudioAndVideoSourcesAndComeBackWithTurnsTimesAndCodings() throws {
        let (cli, p1, p2) = try MediaCommandTests().recordedStudy(language: "pt-BR")
        let exported = try cli.succeed(["export", "qdpx", "media.qdpx"])
        #expect(ForeignWordCheck.english(in: exported).isEmpty, "\(exported)")

        let xml = try qde(cli, "media.qdpx", into: "media")
        // Valid against the standard's schema (REFI-QDA 1.0 Project.xsd).
        let lint = Process()
        lint.executableURL = URL(fileURLWithPath: try #require(Tool.locate("xmllint")))
        lint.arguments = ["--noout", "--schema", Repository.path("Tests/Fixtures/refi-qda/Project.xsd"), cli.path("media/project.qde")]
        lint.standardError = FileHandle.nullDevice
        try lint.run()
        lint.waitUntilExit()
        #expect(lint.terminationStatus == 0, "project.qde is not valid against Project.xsd")
        // P1's interview is a video, P2's a sound recording, P3's a plain text source; each recording is inside.
        #expect(xml.contains("<VideoSource") && xml.contains("<AudioSource") && xml.contains("<TextSource"), "\(xml)")
        #expect(xml.contains("name=\"P1.mp4\"") && xml.contains("name=\"P2.wav\""))
        let inside = try FileManager.default.contentsOfDirectory(atPath: cli.path("media/sources"))
        let mp4 = try #require(inside.first { $0.hasSuffix(".mp4") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("media/sources/" + mp4))) == Data(contentsOf: URL(fileURLWithPath: p1.path)))
        // A sync point at the start of each of P1's four turns, at the turn's time.
        for line in p1.lines {
            #expect(xml.contains("timeStamp=\"\(line.startMs)\""), "no sync point at \(line.startMs) ms")
        }
        // One selection per excerpt and coder: P1's first excerpt by two coders, its second, and P2's two.
        #expect(xml.components(separatedBy: "<TranscriptSelection ").count - 1 == 5, "\(xml)")

        // Into a study of its own: the recordings copied out beside it, the same turns, times and codings.
        let imported = try cli.succeed(["import", "qdpx", "media.qdpx", "--db", "volta.sqlite"])
        #expect(ForeignWordCheck.english(in: imported).isEmpty, "\(imported)")
        let media = try json(try cli.succeed(["media", "list", "--json", "--db", "volta.sqlite"]))["media"] as? [[String: Any]] ?? []
        #expect(media.map { $0["participant"] as? String } == ["P1", "P2"] && media.map { $0["kind"] as? String } == ["video", "audio"], "\(media)")
        #expect(media.allSatisfy { ($0["path"] as? String)?.contains("volta-gravações/") == true && $0["transcriptTimed"] as? Bool == true }, "\(media)")
        let original = try json(try cli.succeed(["media", "list", "--json"]))["media"] as? [[String: Any]] ?? []
        #expect(media.map { $0["sha256"] as? String } == original.map { $0["sha256"] as? String })
        for participant in ["P1", "P2", "P3"] {
            let before = try transcript(cli, participant, db: "study.sqlite"), after = try transcript(cli, participant, db: "volta.sqlite")
            #expect(after.text == before.text, "\(participant)")
            #expect(after.turns == before.turns, "\(participant): \(after.turns) ≠ \(before.turns)")
            #expect(after.codings == before.codings, "\(participant): \(after.codings) ≠ \(before.codings)")
        }
        #expect(try transcript(cli, "P2", db: "volta.sqlite").turns.count == p2.lines.count)

        // --media link: only the path goes; the import registers the recording where it lies.
        _ = try cli.succeed(["export", "qdpx", "ligado.qdpx", "--media", "link"])
        let linked = try qde(cli, "ligado.qdpx", into: "ligado")
        #expect(linked.contains("path=\"absolute://\(URL(fileURLWithPath: p1.path).standardizedFileURL.path)\""), "\(linked)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("ligado/sources")).allSatisfy { $0.hasSuffix(".txt") })
        _ = try cli.succeed(["import", "qdpx", "ligado.qdpx", "--db", "ligado.sqlite"])
        let linkedMedia = try json(try cli.succeed(["media", "list", "--json", "--db", "ligado.sqlite"]))["media"] as? [[String: Any]] ?? []
        #expect(linkedMedia.map { $0["path"] as? String } == original.map { $0["path"] as? String })
    }
}
