import Foundation
import Hummingbird
import HummingbirdTesting
import Media
import QualCoding
import StudyStore
import Testing
@testable import Workspace

/// The recording's captions for the player's `<track>`: WebVTT made from the linked transcript's timed turns, behind
/// the same token as the recording; none for a recording whose transcript has no times.
@Suite struct CaptionsRouteTests {
    static let facts = MediaFacts(kind: .video, durationMs: 12_000, container: "mov,mp4,m4a,3gp,3g2,mj2", videoCodec: "h264", audioCodec: "aac",
                                  width: 320, height: 240)
    static let print = FileFingerprint(size: 1234, sha256: String(repeating: "ab", count: 32), modified: 1_800_000_000)

    static func span(_ words: String, in text: String) -> Range<Int> {
        let start = text.range(of: words)!.lowerBound
        let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: start)
        return offset..<(offset + words.unicodeScalars.count)
    }

    @Test func aTimedTranscriptCaptionsItsRecording() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("captions-\(UUID().uuidString).sqlite").path
        let study = try StudyDatabase.create(at: path, title: "Gravações", language: .ptBR)
        try study.addParticipant(code: "P1", attributes: [])
        try study.addParticipant(code: "P2", attributes: [])
        // The second turn has no end time: its cue lasts until the next turn starts; the last one's until the recording ends.
        let text = "Ana: Como foi? 👍\n\nBruno: Achei o menu confuso --> e a busca sumiu.\n\nAna: Obrigada."
        let turns = [TranscriptTurn(speaker: "Ana", start: 0, end: 2000, span: Self.span("Como foi? 👍", in: text)),
                     TranscriptTurn(speaker: "Bruno", start: 2500, end: nil, span: Self.span("Achei o menu confuso --> e a busca sumiu.", in: text)),
                     TranscriptTurn(speaker: "Ana", start: 9000, end: nil, span: Self.span("Obrigada.", in: text))]
        try study.addTranscript(participant: "P1", text: text, timing: TranscriptTiming(turns: turns, roles: ["Ana": .moderator]))
        let timed = try study.addMedia(MediaRegistration(participant: "P1", path: "/recordings/P1.mp4", facts: Self.facts, fingerprint: Self.print, transcript: ""))
        try study.addTranscript(participant: "P2", text: "Achei tudo fácil.")
        let untimed = try study.addMedia(MediaRegistration(participant: "P2", path: "/recordings/P2.mp4", facts: Self.facts, fingerprint: Self.print, transcript: ""))
        let server = WorkspaceServer(study: study)
        let app = Application(router: server.router())
        let token: HTTPFields = [.init("X-Studyctl-Token")!: server.token]
        try await app.test(.router) { client in
            try await client.execute(uri: "/media/\(timed.id)/captions.vtt", method: .get, headers: token) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/vtt; charset=utf-8")
                #expect(String(buffer: response.body) == """
                    WEBVTT

                    00:00:00.000 --> 00:00:02.000
                    Ana: Como foi? 👍

                    00:00:02.500 --> 00:00:09.000
                    Bruno: Achei o menu confuso → e a busca
                    sumiu.

                    00:00:09.000 --> 00:00:12.000
                    Ana: Obrigada.

                    """)
            }
            // The transcript names its captions for the page's <track>; a transcript without times has none.
            try await client.execute(uri: "/api/transcript/P1?coder=ana", method: .get, headers: token) { response in
                let json = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let media = json?["media"] as? [String: Any]
                #expect(media?["captions"] as? String == "/media/\(timed.id)/captions.vtt")
            }
            try await client.execute(uri: "/media/\(untimed.id)/captions.vtt", method: .get, headers: token) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("no timed transcript"))
            }
            try await client.execute(uri: "/media/999/captions.vtt", method: .get, headers: token) { #expect($0.status == .notFound) }
            // Behind the token, as the recording is.
            try await client.execute(uri: "/media/\(timed.id)/captions.vtt", method: .get) { #expect($0.status == .forbidden) }
        }
    }
}
