import Foundation
import StudyStore
import Surveys
import Tabular
import Wording

/// SoSci Survey's data (soscisurvey.de manual, "Data download" and "Missing values"): one column per item named
/// by question and item (`AB01_01`), scale answers stored 1…n whatever labels were shown, and the missing codes
/// −1, −2, −3 (residual options such as "don't know"), −8 (faulty) and −9 (not answered), all read as
/// unanswered. Meta columns: CASE, SERIAL, REF, QUESTNNR, MODE, STARTED, FINISHED, Q_VIEWER, LASTPAGE, MAXPAGE,
/// MISSING, MISSREL, TIME001…, TIME_SUM, TIME_RSI, DEG_TIME, LASTDATA. A second row of variable labels, when the
/// download has one, gives the items' texts.
enum SoSci: SurveyExport {
    static let platform = SurveyPlatform.sosci
    static let displayName = "SoSci Survey"
    static let metaNames: Set<String> = ["case", "serial", "ref", "questnnr", "mode", "started", "finished", "q_viewer", "lastpage",
                                         "maxpage", "missing", "missrel", "time_sum", "time_rsi", "deg_time", "lastdata", "mailsent"]

    static func recognises(_ peek: TablePeek) -> Bool {
        peek.has("case") && (peek.has("questnnr") || peek.has("serial") || peek.has("time_sum") || peek.has("lastpage"))
    }

    static func isMeta(_ folded: String) -> Bool {
        if metaNames.contains(folded) { return true }
        return folded.hasPrefix("time") && folded.dropFirst(4).allSatisfy(\.isNumber) && folded.count > 4
    }

    static func normalise(_ peek: TablePeek, rest: [Record], keep: [String], loop _: [Int: String]? = nil) -> PlatformTable {
        // A label row: its CASE cell is text ("Interview number (ongoing)"), not the case's number.
        let caseIndex = peek.index("case") ?? 0
        let labelled = !peek.records.isEmpty && Cell.number(peek.cell(0, caseIndex)) == nil && !Cell.isBlank(peek.cell(0, caseIndex))
        var columns: [PlatformColumn] = []
        for (index, field) in peek.header.enumerated() {
            let folded = AnswerReader.fold(field.value)
            var role: ColumnRole = isMeta(folded) ? .meta : .data
            switch folded {
            case "case": role = .respondent
            case "lastdata": role = .submitted
            case "started": role = .started
            default: break
            }
            var header = field
            var aliases = [field.value]
            if labelled, role == .data, let label = peek.records[0][index], !Cell.isBlank(label.value) {
                header = Field(value: Cell.text(label.value), line: label.line, column: label.column)
                aliases.append(header.value)
            }
            columns.append(PlatformColumn(index: index, header: header, aliases: aliases, role: role))
        }
        return PlatformTable.build(platform: .sosci, file: peek.file, headerRows: labelled ? 2 : 1, columns: columns,
                                   records: Array(peek.records.dropFirst(labelled ? 1 : 0)) + rest, keep: keep,
                                   missingCodes: ["-1", "-2", "-3", "-8", "-9"])
    }
}

extension SurveyPlatform {
    /// SoSci Survey's exports (`--platform sosci`).
    static let sosci = SurveyPlatform(id: "sosci")
}
