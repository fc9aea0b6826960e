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
