import Foundation
import Testing
@testable import Surveys
@testable import studyctl
import Results

/// `score --json` writes its rows one at a time; the document must be byte for byte what the encoder prints.
@Suite struct StreamedJSONTests {
    func rows() -> [ScoreReport.Row] {
        var good = ScoreReport.Row(participant: "P1", group: "Avançado", task: nil, scores: [Score(id: "SUS", value: 72.5, answered: 1, of: 1)])
        good.meanings["SUS"] = .init(adjective: SUSInterpretation.adjective(72.5), acceptability: SUSInterpretation.Acceptability(72.5))
        return [
            good,
            ScoreReport.Row(participant: "P\"2\\\n\u{1}", group: nil, task: "T1",
                            scores: [Score(id: "Overall", value: 2.3333333333333335, answered: 1, of: 1), Score(id: "SysUse", value: 70, answered: 1, of: 1), Score(id: "InfoQual", value: 1e-7, answered: 1, of: 1)]),
            ScoreReport.Row(participant: "名前 é", group: "(none)", task: "T/2", scores: []),
            ScoreReport.Row(participant: "P4", group: "x", task: nil, scores: [Score(id: "SUS", value: -0.0, answered: 1, of: 1), Score(id: "Raw", value: 123456789012.25, answered: 1, of: 1)]),
        ]
    }

    @Test func rowsWrittenOneByOneMatchTheEncoder() throws {
        let definition = try #require(try InstrumentCatalog.builtin("sus"))
        for rows in [rows(), []] {
            var report = try ScoreReport.Builder(definition, missing: .refuse).finish()
            report.rows = rows
            let whole = try JSONOutput.document(ScoreJSON(report, by: "level", language: .ptBR), command: "score")
            report.rows = []
            var streamed = ""
            try JSONOutput.document(ScoreJSON(report, by: "level", language: .ptBR), command: "score", streaming: "rows",
                                    write: { streamed += $0 }) {
                guard !rows.isEmpty else { return false }
                streamed += "\n" + rows.map(ScoreJSON.rowText).joined(separator: ",\n") + "\n  "
                return true
            }
            #expect(streamed == whole)
        }
    }

    /// Random rows (texts with quotes, control characters and any script; numbers of every size; conditions and
    /// occasions; several scores), a fixed seed: the hand-written rows stay the encoder's, byte for byte.
    @Test(arguments: [1, 2, 3] as [UInt64]) func randomRowsMatchTheEncoder(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let alphabet = Array("aZ09 _-é名🙂\"\\/\n\t\u{1}\u{7F}=:;")
        func text(_ length: Int) -> String { String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }) }
        // Occasions, factors and levels are names: never ';' or '=' (the store refuses them), nor spaces at the ends.
        let named = alphabet.filter { !";= ".contains($0) }
        func name(_ length: Int) -> String { String((0..<length).map { _ in named[Int(random.next() % UInt64(named.count))] }) }
        func number() -> Double {
            switch random.next() % 5 {
            case 0: Double(Int(random.next() % 201)) / 2
            case 1: Double(random.next() % 1_000_000) / 7
            case 2: -Double(random.next() % 1000) * 1e-9
            case 3: Double(random.next() % 1000) * 1e15
            default: 0
            }
        }
        let definition = try #require(try InstrumentCatalog.builtin("sus"))
        var rows: [ScoreReport.Row] = []
        for _ in 0..<200 {
            let occasion = random.next() % 3 == 0 ? "" : MeasurementKey(occasion: random.next() % 2 == 0 ? name(3) : "",
                                                                          conditions: [.init(factor: name(4), level: name(3)), .init(factor: name(2), level: name(5))]).key
            var row = ScoreReport.Row(participant: text(1 + Int(random.next() % 8)), group: random.next() % 2 == 0 ? nil : text(5),
                                      task: random.next() % 2 == 0 ? nil : text(2),
                                      scores: (0..<Int(random.next() % 4)).map { Score(id: "S\($0)" + text(2), value: number(), answered: 1, of: 1) })
            row.occasion = occasion
            if random.next() % 3 == 0 {
                row.meanings["SUS"] = .init(adjective: SUSInterpretation.adjective(72.5), acceptability: SUSInterpretation.Acceptability(72.5))
            }
            rows.append(row)
        }
        var report = try ScoreReport.Builder(definition, missing: .refuse).finish()
        report.rows = rows
        let whole = try JSONOutput.document(ScoreJSON(report, by: "level", language: .en), command: "score")
        report.rows = []
        var streamed = ""
        try JSONOutput.document(ScoreJSON(report, by: "level", language: .en), command: "score", streaming: "rows", write: { streamed += $0 }) {
            streamed += "\n" + rows.map(ScoreJSON.rowText).joined(separator: ",\n") + "\n  "
            return true
        }
        // The first line that differs, not two whole documents.
        let (a, b) = (streamed.split(separator: "\n", omittingEmptySubsequences: false), whole.split(separator: "\n", omittingEmptySubsequences: false))
        let first = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? (a.count == b.count ? nil : min(a.count, b.count))
        #expect(first == nil, "line \(first.map { $0 + 1 } ?? 0): streamed \(first.flatMap { $0 < a.count ? String(a[$0]).debugDescription : nil } ?? "end"), encoder \(first.flatMap { $0 < b.count ? String(b[$0]).debugDescription : nil } ?? "end")")
    }

    @Test func numbersAndStringsAsTheEncoderWritesThem() throws {
        for value in [0, -0.0, 1, 70, 72.5, 2.3333333333333335, 1e-7, 1e21, 123456789012.25, -3.75, 100, 0.1 + 0.2] {
            #expect(JSONOutput.number(value) == (try JSONOutput.text([value])).filter { !" \n[]".contains($0) }, "\(value)")
        }
        for text in ["plain", "quote \" back \\ slash /", "line\nbreak\ttab\r\u{8}\u{C}", "\u{1}\u{1F}\u{7F}", "名前 é 🙂"] {
            let encoded = try JSONOutput.text([text])
            #expect(encoded.contains(JSONOutput.quoted(text)), "\(text): \(encoded)")
        }
    }
}

