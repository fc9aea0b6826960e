import Foundation
import Testing

/// A pt-BR study with a video and a sound recording, each with its WebVTT interview and codings, through QualCoder's own
/// REFI-QDA import and export (scripts/qualcoder-media-roundtrip.py, offscreen PyQt6) and back into studyctl.
///
/// QualCoder is not on PyPI: the test reads its source from $QUALCODER_SRC or .build/qualcoder/src (a checkout of
/// https://github.com/ccbogel/QualCoder), and makes a venv with PyQt6, pymupdf and pillow in .build/qualcoder-venv.
/// Without the source, or where PyQt6 cannot be installed, it is skipped and says why.
@Suite(.serialized) struct REFIQualCoderMediaTests {
    static let source: String? = {
        let candidates = [ProcessInfo.processInfo.environment["QUALCODER_SRC"], Repository.path(".build/qualcoder/src")].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/qualcoder/refi.py") }
    }()

    /// The venv's python, made when missing; nil (with the reason printed) when PyQt6 cannot be installed.
    static func python() -> String? {
        let venv = Repository.path(".build/qualcoder-venv")
        let python = venv + "/bin/python"
        func succeeds(_ tool: String, _ arguments: [String]) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        if succeeds(python, ["-c", "import PyQt6.QtWidgets, fitz, PIL"]) { return python }
        guard let python3 = Tool.locate("python3"), succeeds(python3, ["-m", "venv", venv]),
              succeeds(venv + "/bin/pip", ["install", "--quiet", "PyQt6", "pymupdf", "pillow"]) else {
            print("QualCoder round trip skipped: PyQt6, pymupdf and pillow could not be installed from PyPI into \(venv)")
            return nil
        }
        return python
    }

    static let unavailable: String? = {
        if let missing = Interview.unavailable { return missing }
        if source == nil { return "QualCoder's source is not here: set QUALCODER_SRC to its src folder, or check out https://github.com/ccbogel/QualCoder into .build/qualcoder" }
        return nil
    }()

    @Test(.enabled(if: unavailable == nil, "\(unavailable ?? "")"))
    func qualCoderImportsTheRecordingsWithTranscriptsAndCodingsAndItsExportComesBack() throws {
        let python = try #require(Self.python(), "PyQt6 could not be installed for QualCoder")
        let source = try #require(Self.source)
        let cli = try StudyCtl(language: "pt-BR")
        try cli.succeed(["init", "--title", "Entrevistas gravadas", "--language", "pt-BR"])
        for code in ["P1", "P2"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["category", "add", "Navegação", "--origin", "emergent"])
        let p1 = try Interview.make(MediaCommandTests.p1Script, name: "P1", in: cli.folder, video: true)
        let p2 = try Interview.make(MediaCommandTests.p2Script, name: "P2", in: cli.folder, video: false)
        try Tool.run("ffmpeg", ["-v", "error", "-y", "-i", p2.path, "-c:a", "aac", cli.path("P2.m4a")])
        try cli.write("P1.vtt", p1.webVTT)
        try cli.write("P2.vtt", p2.webVTT)
        for participant in ["P1", "P2"] {
            try cli.succeed(["transcript", "add", participant, "\(participant).vtt", "--speaker", "Entrevistadora=moderator"])
        }
        // One coder per passage and code: QualCoder reads a transcript selection's coder from the Transcript, and
        // keeps one coding per code, passage and coder.
        for (participant, excerpt, code) in [("P1", "Achei o menu confuso no começo", "menu confuso"),
                                             ("P1", "Não encontrei a busca em lugar nenhum", "não encontrei a busca"),
                                             ("P2", "O menu some quando giro a tela", "menu some")] {
            try cli.succeed(["code", "add", participant, "--excerpt", excerpt, "--code", code, "--category", "Navegação", "--coder", "ana"])
        }
        try cli.succeed(["media", "add", "P1", "P1.mp4", "--transcript", ""])
        try cli.succeed(["media", "add", "P2", "P2.m4a", "--transcript", ""])

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Repository.path("scripts/qualcoder-media-roundtrip.py"), source, StudyCtl.binary.path, cli.path("study.sqlite"), cli.path("qualcoder")]
        process.environment = ProcessInfo.processInfo.environment.merging(["STUDYCTL_LANGUAGE": "pt-BR", "QT_QPA_PLATFORM": "offscreen"]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errors.suffix(3000))")
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("qualcoder/report.json")))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(String(decoding: data, as: UTF8.self)) \(errors.suffix(2000))")
        print(String(decoding: data, as: UTF8.self))

        // QualCoder holds both recordings in its own folders, each transcript as studyctl wrote it, and each coding on it.
        let qualcoder = try #require(report["qualcoder"] as? [String: Any])
        let recordings = qualcoder["recordings"] as? [[String: Any]] ?? []
        #expect(recordings.map { $0["mediapath"] as? String } == ["/video/P1.mp4", "/audio/P2.m4a"], "\(recordings)")
        #expect(recordings.allSatisfy { $0["fileInProject"] as? Bool == true })
        let before = try #require(report["before"] as? [String: Any])
        let texts = (before["transcripts"] as? [String: [String: Any]] ?? [:]).mapValues { $0["text"] as? String ?? "" }
        let transcripts = qualcoder["transcripts"] as? [[String: Any]] ?? []
        #expect(transcripts.map { $0["name"] as? String } == ["P1.mp4.txt", "P2.m4a.txt"], "\(transcripts)")
        #expect(transcripts.map { $0["text"] as? String } == [texts["P1"], texts["P2"]])
        let codings = qualcoder["codings"] as? [[String: Any]] ?? []
        #expect(codings.map { $0["recording"] as? String } == ["P1.mp4", "P1.mp4", "P2.m4a"], "\(codings)")
        let ours = ["P1", "P2"].flatMap { ((before["transcripts"] as? [String: [String: Any]])?[$0]?["codings"] as? [[Any]] ?? [])
            .sorted { ($0[1] as? Int ?? 0) < ($1[1] as? Int ?? 0) } }
        #expect(ours.count == codings.count)
        // QualCoder places a transcript selection one character after its sync point (refi.py: pos0 = position + 1);
        // the same shift for every coding, and the text at its positions is the text at ours, shifted alike.
        for (coding, our) in zip(codings, ours) {
            let shift = (coding["pos0"] as? Int ?? -99) - (our[1] as? Int ?? 0)
            #expect(shift == 0 || shift == 1, "\(coding) against \(our)")
            #expect((coding["pos1"] as? Int ?? -99) - (our[2] as? Int ?? 0) == shift)
            #expect(coding["code"] as? String == our[0] as? String)
        }

        // Back in studyctl: the recordings (same bytes), linked to their transcripts (QualCoder's "P1.mp4.txt"), the same
        // text, every coding; what QualCoder dropped (the sync points, so the turns' times) is said.
        let imported = report["imported"] as? String ?? ""
        #expect(ForeignWordCheck.english(in: imported).isEmpty, "\(imported)")
        let after = try #require(report["after"] as? [String: Any])
        let backRecordings = after["recordings"] as? [[String: Any]] ?? []
        #expect(backRecordings.map { $0["sha256"] as? String } == (before["recordings"] as? [[String: Any]] ?? []).map { $0["sha256"] as? String })
        #expect(backRecordings.map { $0["kind"] as? String } == ["video", "audio"] && backRecordings.allSatisfy { $0["transcript"] as? String == "" }, "\(backRecordings)")
        for participant in ["P1", "P2"] {
            let back = (after["transcripts"] as? [String: [String: Any]])?[participant]
            #expect(back?["text"] as? String == texts[participant], "\(participant)")
            let backCodings = back?["codings"] as? [[Any]] ?? []
            let ourCodings = (before["transcripts"] as? [String: [String: Any]])?[participant]?["codings"] as? [[Any]] ?? []
            #expect(backCodings.map { $0[0] as? String } == ourCodings.map { $0[0] as? String }, "\(participant): \(backCodings) against \(ourCodings)")
        }
    }
}
