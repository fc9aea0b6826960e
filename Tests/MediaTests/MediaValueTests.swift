import Foundation
import Media
import Testing

/// The pure parts of recordings: digests, times, sync points, clip windows, names, captions, chapters, ffprobe's JSON.
@Suite struct MediaValueTests {
    /// FIPS 180-4's examples (NIST, "SHA256.pdf", Example Algorithms) and the digest of a million 'a's.
    @Test func sha256MatchesTheStandardsExamples() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var hasher = SHA256()
        // Fed in uneven pieces: the blocks are cut the same way whatever the pieces.
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var offset = 0
        var step = 1
        while offset < million.count {
            let end = min(million.count, offset + step)
            million[offset..<end].withUnsafeBytes { hasher.update($0) }
            offset = end
            step = step * 3 % 997 + 1
        }
        #expect(hasher.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A file's digest is sha256sum's, and the state of a registered file follows what happens to it.
    @Test func fingerprintsTellAMovedOrChangedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.bin").path
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let print = try FileFingerprint.read(path)
        #expect(print.size == 3_000_000 && print.sha256 == SHA256.hex(bytes))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(said.hasPrefix(print.sha256))
        }
        #expect(print.state(of: path) == .unchanged)
        // Same size, other content, a later modification time: read again, and told.
        var changed = bytes
        changed[1000] ^= 0xFF
        try Data(changed).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
        #expect(print.state(of: path) == .changed(size: 3_000_000))
        try Data(bytes.prefix(10)).write(to: URL(fileURLWithPath: path))
        #expect(print.state(of: path) == .changed(size: 10))
        try FileManager.default.moveItem(atPath: path, toPath: path + ".moved")
        #expect(print.state(of: path) == .missing)
        #expect(throws: MediaError.cannotRead(file: path, reason: "no such file")) { try FileFingerprint.read(path) }
    }

    @Test func timesAreReadAsPeopleTypeThem() {
        #expect(MediaTime.milliseconds("12.5") == 12_500)
        #expect(MediaTime.milliseconds("12,5") == 12_500)
        #expect(MediaTime.milliseconds("00:00:05") == 5000)
        #expect(MediaTime.milliseconds("1:02:03.250") == 3_723_250)
        #expect(MediaTime.milliseconds("02:03") == 123_000)
        for bad in ["", "-1", "1:75", "abc", "1::2", "1.2.3", "5s"] { #expect(MediaTime.milliseconds(bad) == nil, "\(bad)") }
        #expect(MediaTime.text(3_723_250) == "1:02:03.250")
        #expect(MediaTime.text(5_250) == "0:05.250")
        #expect(MediaTime.text(-1500) == "-0:01.500")
        #expect(MediaTime.seconds(12_500) == "12.5" && MediaTime.seconds(3000) == "3" && MediaTime.seconds(1) == "0.001")
    }

    @Test func syncPointsTieARecordingsTimeToASessionsMoment() throws {
        let point = try SyncPoint(parsing: "00:00:05=event:start T1")
        #expect(point == SyncPoint(mediaMs: 5000, anchor: .event(kind: "start", task: "T1")))
        // T1 started 42 s into the session and 5 s into the recording: the recording began 37 s into the session.
        #expect(point.recordingStart(anchorAtMs: 42_000) == 37_000)
        let session = try SyncPoint(parsing: "2.5=session")
        #expect(session.anchor == .sessionStart && session.recordingStart(anchorAtMs: 0) == -2500)
        #expect(try SyncPoint(parsing: "0=EVENT:end").anchor == .event(kind: "end", task: nil))
        #expect(throws: MediaError.self) { try SyncPoint(parsing: "00:00:05") }
        #expect(throws: MediaError.self) { try SyncPoint(parsing: "five=session") }
        #expect(throws: MediaError.self) { try SyncPoint(parsing: "5=start T1") }
        do {
            _ = try SyncPoint(parsing: "5=start T1")
        } catch {
            #expect(error.sentence.description.contains("'start T1' is neither 'session' nor 'event:KIND TASK'"))
        }
    }

    /// The lead-in and lead-out are kept inside the recording; an excerpt past its end has no clip.
    @Test func clipWindowsAreClampedToTheRecording() {
        let middle = ClipWindow.around(spanStartMs: 10_000, spanEndMs: 14_000, leadMs: 1500, tailMs: 1500, durationMs: 60_000)
        #expect(middle == ClipWindow(startMs: 8500, endMs: 15_500, wordsStartMs: 1500, wordsEndMs: 5500, leadClamped: false, tailClamped: false))
        let early = ClipWindow.around(spanStartMs: 400, spanEndMs: 2000, leadMs: 1500, tailMs: 1500, durationMs: 60_000)!
        #expect(early.startMs == 0 && early.endMs == 3500 && early.wordsStartMs == 400 && early.leadClamped)
        let late = ClipWindow.around(spanStartMs: 58_000, spanEndMs: 59_800, leadMs: 1500, tailMs: 1500, durationMs: 60_000)!
        #expect(late.startMs == 56_500 && late.endMs == 60_000 && late.tailClamped && late.durationMs == 3500)
        // A turn that ends after the recording: cut at its end.
        let over = ClipWindow.around(spanStartMs: 59_000, spanEndMs: 65_000, leadMs: 0, tailMs: 0, durationMs: 60_000)!
        #expect(over.endMs == 60_000 && over.wordsEndMs == 1000)
        #expect(ClipWindow.around(spanStartMs: 60_000, spanEndMs: 61_000, leadMs: 1500, tailMs: 1500, durationMs: 60_000) == nil)
    }

    @Test func clipNamesSortByPlaceParticipantAndTime() {
        let name = ClipNaming.fileName(index: 3, of: 12, participant: "P3", startMs: 65_250, code: "Não achei o botão de busca!", ext: "mp4")
        #expect(name == "03-P3-01m05s250-nao-achei-o-botao-de-busca.mp4")
        #expect(ClipNaming.fileName(index: 7, of: 120, participant: "P/10", startMs: 3_723_000, code: "…", ext: "m4a") == "007-P-10-1h02m03s000.m4a")
        let names = [(1, "P2", 9000), (2, "P2", 61_000), (3, "P10", 500)].map {
            ClipNaming.fileName(index: $0.0, of: 3, participant: $0.1, startMs: $0.2, code: "x", ext: "mp4")
        }
        #expect(names == names.sorted())
        #expect(ClipNaming.slug(String(repeating: "palavra ", count: 20)).count <= 40)
    }

    @Test func captionsAreWebVTTWithWrappedLines() {
        let vtt = Captions.webVTT([.init(startMs: 1500, endMs: 5500, text: "Achei o menu confuso, não encontrei a busca --> nem o botão de voltar")])
        #expect(vtt == """
            WEBVTT

            00:00:01.500 --> 00:00:05.500
            Achei o menu confuso, não encontrei a
            busca → nem o botão de voltar

            """)
    }

    @Test func chaptersAreOnePerParticipantInFFmetadata() {
        let chapters = Chapters.perParticipant([("P1", 3000), ("P1", 2500), ("P2", 4000), ("P1", 1000)])
        #expect(chapters == [.init(title: "P1", startMs: 0, endMs: 5500), .init(title: "P2", startMs: 5500, endMs: 9500),
                             .init(title: "P1", startMs: 9500, endMs: 10_500)])
        let text = Chapters.ffmetadata(title: "Navegação; busca = menu", chapters: Array(chapters.prefix(1)))
        #expect(text == ";FFMETADATA1\ntitle=Navegação\\; busca \\= menu\n\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=5500\ntitle=P1\n")
    }

    @Test func probeAnswersBecomeFactsOrRefusals() throws {
        let video = """
            {"streams": [{"codec_type": "video", "codec_name": "h264", "width": 320, "height": 240, "disposition": {"attached_pic": 0}},
                         {"codec_type": "audio", "codec_name": "aac"}],
             "format": {"format_name": "mov,mp4,m4a,3gp,3g2,mj2", "duration": "5.427710"}}
            """
        let facts = try ProbeReading.facts(fromJSON: Data(video.utf8), file: "a.mp4")
        #expect(facts == MediaFacts(kind: .video, durationMs: 5428, container: "mov,mp4,m4a,3gp,3g2,mj2", videoCodec: "h264", audioCodec: "aac",
                                    width: 320, height: 240))
        #expect(facts.codec == "h264+aac" && facts.contentType(path: "/x/a.mp4") == "video/mp4")
        // An MP3 with its cover picture is a recording of sound.
        let song = """
            {"streams": [{"codec_type": "audio", "codec_name": "mp3"}, {"codec_type": "video", "codec_name": "mjpeg", "disposition": {"attached_pic": 1}}],
             "format": {"format_name": "mp3", "duration": "61.2"}}
            """
        let audio = try ProbeReading.facts(fromJSON: Data(song.utf8), file: "a.mp3")
        #expect(audio.kind == .audio && audio.videoCodec == nil && audio.contentType(path: "a.mp3") == "audio/mpeg")
        let picture = """
            {"streams": [{"codec_type": "video", "codec_name": "png", "width": 10, "height": 10}], "format": {"format_name": "png_pipe"}}
            """
        #expect(throws: MediaError.self) { try ProbeReading.facts(fromJSON: Data(picture.utf8), file: "p.png") }
        let silent = #"{"streams": [{"codec_type": "data"}], "format": {"format_name": "mpegts", "duration": "3"}}"#
        #expect(throws: MediaError.notARecording(file: "d.ts", reason: "it holds no audio or video stream")) {
            try ProbeReading.facts(fromJSON: Data(silent.utf8), file: "d.ts")
        }
    }
}
