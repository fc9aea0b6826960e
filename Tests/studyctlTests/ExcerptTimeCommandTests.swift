import Foundation
import Testing

/// One end time per excerpt: `code list --json` and the REFI-QDA export's sync points give an excerpt the same start
/// and end (the excerpt's share of its cue), where `code list` once gave the whole cue's end (9.9 s) and the export
/// the excerpt's own (6.982 s).
@Suite(.serialized) struct ExcerptTimeCommandTests {
    @Test(.enabled(if: Interview.unavailable == nil, "\(Interview.unavailable ?? "")"))
    func codeListAndTheREFIExportGiveAnExcerptOneStartAndOneEnd() throws {
        let (cli, p1, _) = try MediaCommandTests().recordedStudy()
        // A passage inside a cue: its end lies before the cue's.
        try cli.succeed(["code", "add", "P1", "--excerpt", "menu confuso", "--code", "menu", "--category", "Navegação", "--coder", "ana"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(try cli.succeed(["code", "list", "--json"]).utf8)) as? [String: Any])
        let codes = (listed["codes"] as? [[String: Any]] ?? []).filter { $0["startTime"] is NSNumber && $0["participant"] as? String != "P3" }
        #expect(codes.count == 6, "\(codes)")
        let inner = try #require(codes.first { $0["code"] as? String == "menu" })
        let cue = p1.line(with: "menu confuso")
        let innerEnd = try #require((inner["endTime"] as? NSNumber)?.doubleValue)
        #expect(innerEnd * 1000 < Double(cue.endMs) - 100 && innerEnd * 1000 > Double(cue.startMs), "\(inner) in \(cue.startMs)–\(cue.endMs)")

        try cli.succeed(["export", "qdpx", "times.qdpx"])
        try Tool.run("unzip", ["-o", "-q", cli.path("times.qdpx"), "-d", cli.path("times")])
        let xml = String(decoding: try Data(contentsOf: URL(fileURLWithPath: cli.path("times/project.qde"))), as: UTF8.self)
        var points: [String: (time: Int, position: Int)] = [:]
        for match in xml.matches(of: /<SyncPoint guid="([^"]+)" timeStamp="(\d+)" position="(\d+)"/) {
            points[String(match.1)] = (Int(match.2)!, Int(match.3)!)
        }
        var compared = 0
        for match in xml.matches(of: /<TranscriptSelection [^>]*fromSyncPoint="([^"]+)" toSyncPoint="([^"]+)"/) {
            let from = try #require(points[String(match.1)]), to = try #require(points[String(match.2)])
            let code = try #require(codes.first { ($0["spanStart"] as? Int) == from.position && ($0["spanEnd"] as? Int) == to.position },
                                    "no coding at \(from.position)–\(to.position)")
            let start = Int((((code["startTime"] as? NSNumber)?.doubleValue ?? -1) * 1000).rounded())
            let end = Int((((code["endTime"] as? NSNumber)?.doubleValue ?? -1) * 1000).rounded())
            #expect(start == from.time && end == to.time, "code list \(start)–\(end) ms, REFI-QDA \(from.time)–\(to.time) ms")
            compared += 1
        }
        #expect(compared == 6, "\(xml)")
    }
}
