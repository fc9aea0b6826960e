import Foundation
import Hummingbird
import HummingbirdTesting
import StudyStore
import Results
import Surveys
import Testing
@testable import Workspace

/// The Across tab's trend (`serve --studies`): the same figures `studyctl trend` computes, the figure as SVG, read
/// through the served study's own connection, and a clear refusal with fewer than two studies.
@Suite struct TrendTabTests {
    /// Three releases of eight SUS respondents each, the served one first.
    static func releases() throws -> [StudyDatabase] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trend-tab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try ["4.1", "4.2", "4.3"].enumerated().map { release, name in
            let study = try StudyDatabase.create(at: folder.appendingPathComponent("\(name).sqlite").path, title: "Loja \(name)", language: .ptBR)
            for person in 1...8 {
                try study.addParticipant(code: "P\(person)", attributes: [])
                // Agreement rises with the release: odd items 3 + release, even items 2 (with one person's spread).
                let odd = Double(min(5, 3 + release)), even = Double(person % 2 == 0 ? 2 : 1)
                let answers = Dictionary(uniqueKeysWithValues: (1...10).map { ($0, Answer.value($0 % 2 == 1 ? odd : even)) })
                try study.recordResponses(instrument: "sus", ResponseSubmission(participant: "P\(person)", answers: answers), replace: false)
            }
            return study
        }
    }

    @Test func theTrendOfTheStudiesIsTheCommandsWithItsFigure() async throws {
        let studies = try Self.releases()
        let paths = studies.map(\.path)
        let server = WorkspaceServer(study: studies[0], studies: paths)
        let expected = try TrendReader.trend(paths, TrendReader.Request(measure: .sus), open: studies[0]).analysis
        try await Application(router: server.router()).test(.router) { client in
            try await client.execute(uri: "/api/across/trend?measure=sus", method: .get, headers: [.init("X-Studyctl-Token")!: server.token]) { response in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
                #expect((body["svg"] as? String)?.hasPrefix("<svg") == true || (body["svg"] as? String)?.contains("<svg") == true)
                let releases = body["releases"] as? [String: Any] ?? [:]
                let rows = releases["rows"] as? [[String]] ?? []
                #expect(rows.map { $0.first } == ["4.1", "4.2", "4.3"], "\(releases)")
                // The mean each row shows is the command's, in the study's language (a decimal comma).
                for (row, release) in zip(rows, expected.points) {
                    let mean = NumberStyle(.ptBR).number(release.estimate)
                    #expect(row.contains(mean), "\(row) lacks \(mean)")
                }
                #expect(((body["comparisons"] as? [String: Any])?["rows"] as? [[String]])?.isEmpty == false)
            }
            try await client.execute(uri: "/api/across/trend?measure=nps", method: .get, headers: [.init("X-Studyctl-Token")!: server.token]) {
                #expect($0.status == .unprocessableContent)
            }
        }
        // One study: no trend, said plainly.
        let alone = WorkspaceServer(study: studies[0], studies: [paths[0]])
        try await Application(router: alone.router()).test(.router) { client in
            try await client.execute(uri: "/api/across/trend?measure=sus", method: .get, headers: [.init("X-Studyctl-Token")!: alone.token]) { response in
                #expect(response.status == .unprocessableContent && String(buffer: response.body).contains("--studies"))
            }
        }
    }
}
