import Foundation
import Testing

/// Word times: a WhisperX JSON's words keep their times, and a clip of a few words inside a long segment lasts those
/// words; a subtitle cue without word times gives each excerpt its share of the cue. Recordings are spoken by
/// espeak-ng word by word, so each word's time is measured, not guessed.
@Suite(.serialized) struct WordTimeCommandTests {
    /// One word each, spoken apart by `gapMs` of silence, so every word's start and end in the recording is known.
    struct SpokenWords {
        var path: String
        var words: [(text: String, startMs: Int, endMs: Int)]
        var durationMs: Int
    }

    static func speak(_ words: [String], name: String, in folder: URL, gapMs: Int = 150) throws -> SpokenWords {
        var inputs: [String] = []
        var filters: [String] = []
        var timed: [(String, Int, Int)] = []
        var at = 0
        for (index, word) in words.enumerated() {
            let wav = folder.appendingPathComponent("\(name)-w\(index).wav").path
            try Tool.run("espeak-ng", ["-v", "en", "-s", "170", "-w", wav, word])
            let length = try Tool.durationMs(wav)
            timed.append((word, at, at + length))
            at += length + gapMs
            inputs += ["-i", wav]
            filters.append("[\(index):a]apad=pad_dur=\(Double(gapMs) / 1000)[a\(index)]")
        }
        let graph = filters.joined(separator: ";") + ";" + words.indices.map { "[a\($0)]" }.joined() + "concat=n=\(words.count):v=0:a=1[out]"
        let wav = folder.appendingPathComponent("\(name).wav").path
        try Tool.run("ffmpeg", ["-v", "error", "-y"] + inputs + ["-filter_complex", graph, "-map", "[out]", wav])
        return SpokenWords(path: wav, words: timed, durationMs: try Tool.durationMs(wav))
    }

    static let question = ["Tell", "me", "about", "the", "menu"]
    static let answer = ["Well", "honestly", "the", "settings", "menu", "was", "really", "confusing", "at", "first", "but", "later", "it", "felt", "fine"]

    /// The WhisperX JSON of the recording: the moderator's question and the participant's answer as two segments, each
    /// word with its time, score and speaker (one word left unaligned, as WhisperX leaves numbers).
    static func whisperX(_ spoken: SpokenWords) -> String {
        func seconds(_ ms: Int) -> String { String(format: "%.3f", Double(ms) / 1000) }
        func segment(_ range: Range<Int>, speaker: String) -> String {
            let words = spoken.words[range]
            let list = words.enumerated().map { offset, word -> String in
                offset == 1 && speaker == "SPEAKER_01"
                    ? "{\"word\": \"\(word.text)\"}"
                    : "{\"word\": \"\(word.text)\", \"start\": \(seconds(word.startMs)), \"end\": \(seconds(word.endMs)), \"score\": 0.91, \"speaker\": \"\(speaker)\"}"
            }
            let text = " " + words.map(\.text).joined(separator: " ") + "."
            return "{\"start\": \(seconds(words.first!.startMs)), \"end\": \(seconds(words.last!.endMs)), \"text\": \"\(text)\", \"speaker\": \"\(speaker)\", \"words\": [\(list.joined(separator: ", "))]}"
        }
        let split = question.count
        return "{\"segments\": [\(segment(0..<split, speaker: "SPEAKER_01")), \(segment(split..<spoken.words.count, speaker: "SPEAKER_00"))], \"language\": \"en\"}"
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The clip of three words inside a fifteen-word segment lasts those words with the lead-in and lead-out (ffprobe,
    /// within 100 ms); the same two excerpts in a transcript of one SRT cue per turn, without word times, get each its
    /// share of the cue (two different clips, said as such), where they used to get the whole cue.
    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func aWhisperXTranscriptKeepsItsWordTimesAndAClipLastsItsWords() throws {
        let cli = try StudyCtl(language: "en")
        try cli.succeed(["init", "--title", "Word times"])
        for code in ["P1", "P2"] { try cli.succeed(["participant", "add", code]) }
        try cli.succeed(["category", "add", "Menus", "--origin", "emergent"])
        let spoken = try Self.speak(Self.question + Self.answer, name: "P1", in: cli.folder)
        try cli.write("P1.json", Self.whisperX(spoken))
        let added = try cli.succeed(["transcript", "add", "P1", "P1.json", "--speaker", "SPEAKER_01=moderator", "--speaker", "SPEAKER_00=P1"])
        #expect(added.contains("Read as whisper JSON (WhisperX, whisper): 2 turns"), "\(added)")
        #expect(added.contains("Words with their own times: 19 of 20"), "\(added)")
        let shown = try json(try cli.succeed(["transcript", "show", "P1", "--json"]))
        #expect((shown["text"] as? String)?.hasPrefix("SPEAKER_01: Tell me about the menu.\n\nSPEAKER_00: Well honestly") == true, "\(shown)")

        // P2: the same recording with a transcript of one SRT cue per turn (no word times).
        func srtTime(_ ms: Int) -> String { String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000) }
        let words = spoken.words
        let split = Self.question.count
        try cli.write("P2.srt", """
            1
            \(srtTime(words[0].startMs)) --> \(srtTime(words[split - 1].endMs))
            Moderator: \(Self.question.joined(separator: " ")).

            2
            \(srtTime(words[split].startMs)) --> \(srtTime(words.last!.endMs))
            Rui: \(Self.answer.joined(separator: " ")).

            """)
        try cli.succeed(["transcript", "add", "P2", "P2.srt", "--speaker", "Moderator=moderator", "--speaker", "Rui=P2"])
        for participant in ["P1", "P2"] {
            try cli.succeed(["media", "add", participant, spoken.path, "--transcript", ""])
            try cli.succeed(["code", "add", participant, "--excerpt", "really confusing at", "--code", "confusing", "--category", "Menus", "--coder", "ana"])
            try cli.succeed(["code", "add", participant, "--excerpt", "later it felt", "--code", "it felt", "--category", "Menus", "--coder", "ana"])
        }

        // Excerpt times as `code list` gives them: P1's by its words, P2's by its share of the cue.
        let codes = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json"]).utf8)) as? [[String: Any]]
                                 ?? (try json(try cli.succeed(["code", "list", "--json"]))["codes"] as? [[String: Any]]))
        let confusing = try #require(words.firstIndex { $0.text == "really" })
        let p1Confusing = try #require(codes.first { $0["participant"] as? String == "P1" && $0["code"] as? String == "confusing" })
        #expect(p1Confusing["timeBasis"] as? String == "words")
        #expect(abs(((p1Confusing["startTime"] as? Double) ?? -1) * 1000 - Double(words[confusing].startMs)) <= 1)
        #expect(abs(((p1Confusing["endTime"] as? Double) ?? -1) * 1000 - Double(words[confusing + 2].endMs)) <= 1)
        let p2Codes = codes.filter { $0["participant"] as? String == "P2" }
        #expect(p2Codes.count == 2 && p2Codes.allSatisfy { $0["timeBasis"] as? String == "cue share" }, "\(p2Codes)")
        #expect(Set(p2Codes.compactMap { $0["startTime"] as? Double }).count == 2, "two excerpts of one cue share a start: \(p2Codes)")

        let result = try cli.run(["clips", "--category", "Menus", "-o", "clips", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let clips = try json(result.stdout)["clips"] as? [[String: Any]] ?? []
        #expect(clips.count == 4, "\(clips)")
        // P1's clips: each lasts its three words, with 1.5 s before and after.
        for (excerptWords, first) in [("really confusing at", confusing), ("later it felt", try #require(words.firstIndex { $0.text == "later" }))] {
            let clip = try #require(clips.first { $0["participant"] as? String == "P1" && $0["excerpt"] as? String == excerptWords })
            #expect(clip["timeBasis"] as? String == "words")
            let start = max(0, words[first].startMs - 1500), end = min(spoken.durationMs, words[first + 2].endMs + 1500)
            let measured = try Tool.durationMs(cli.path(try #require(clip["file"] as? String)))
            #expect(abs(measured - (end - start)) <= 100, "\(excerptWords): \(measured) ms, expected \(end - start) ms (\(start)–\(end))")
            // Far shorter than the whole segment with its lead-in and lead-out.
            #expect(measured < words.last!.endMs - words[split].startMs)
        }
        // P2's two excerpts in one cue: two different clips, each its share of the cue.
        let p2Clips = clips.filter { $0["participant"] as? String == "P2" }
        #expect(p2Clips.allSatisfy { $0["timeBasis"] as? String == "cue share" })
        #expect(Set(p2Clips.compactMap { $0["startMs"] as? Int }).count == 2, "\(p2Clips)")
        let said = try cli.succeed(["clips", "--category", "Menus", "-o", "clips", "--participant", "P2"])
        #expect(said.contains("Excerpt times: 2 by the excerpt's share of its cue (the cue's time spread evenly over its characters)."), "\(said)")
    }

    /// A participant interviewed without a moderated session gets the time line of the interview's recording, on its
    /// own clock; asking for a session they do not have is still refused.
    @Test func aTimelineOfAnInterviewWithoutSessionUsesTheRecordingsClock() throws {
        let cli = try StudyCtl(language: "en")
        try cli.succeed(["init", "--title", "Interviews"])
        try cli.succeed(["participant", "add", "P1"])
        try cli.succeed(["category", "add", "Menus", "--origin", "emergent"])
        try cli.write("P1.vtt", """
            WEBVTT

            00:00:01.000 --> 00:00:03.000
            Ana: How was the menu?

            00:00:04.000 --> 00:00:14.000
            Rui: The menu was confusing at first, but later it felt fine.

            """)
        try cli.succeed(["transcript", "add", "P1", "P1.vtt", "--speaker", "Ana=moderator", "--speaker", "Rui=P1"])
        try cli.succeed(["code", "add", "P1", "--excerpt", "later it felt fine", "--code", "fine", "--category", "Menus", "--coder", "ana"])
        let table = try cli.succeed(["timeline", "P1"])
        #expect(table.contains("P1 has no moderated session: times on the clock of transcript '' (0:00 = the recording's start)."), "\(table)")
        let timeline = try json(try cli.succeed(["timeline", "P1", "--json"]))
        #expect(timeline["recording"] as? String == "transcript ''")
        let items = timeline["items"] as? [[String: Any]] ?? []
        #expect(items.filter { $0["kind"] as? String == "turn" }.compactMap { $0["startMs"] as? Int } == [1000, 4000], "\(items)")
        // The excerpt is its share of the ten-second cue: "later it felt fine" starts two thirds in.
        let excerpt = try #require(items.first { $0["kind"] as? String == "excerpt" })
        let text = "The menu was confusing at first, but later it felt fine."
        let offset = try #require(text.range(of: "later")).lowerBound.utf16Offset(in: text)
        #expect(excerpt["startMs"] as? Int == 4000 + Int((10_000.0 * Double(offset) / Double(text.count)).rounded()), "\(excerpt)")
        #expect(excerpt["endMs"] as? Int == 4000 + Int((10_000.0 * Double(text.count - 1) / Double(text.count)).rounded()), "\(excerpt)")
        let refused = try cli.run(["timeline", "P1", "--session", "1"])
        #expect(refused.status != 0 && refused.stderr.contains("has no moderated session"), "\(refused.stderr)")
    }
}
