import Foundation
import StudyStore
import Surveys
import Tabular
import Wording

/// SurveyMonkey's expanded CSV export: two header rows. Row 1 holds each question's text over its first column
/// and nothing over the question's later columns; row 2 says what each column holds — "Response",
/// "Open-Ended Response", or the label of a matrix row or a choice. The meta columns come first: Respondent ID,
/// Collector ID, Start Date, End Date, IP Address, Email Address, First Name, Last Name, Custom Data 1. (No
/// official page describes it; this is the layout the parsers that read it rely on.)
enum SurveyMonkey: SurveyExport {
    static let platform = SurveyPlatform.surveymonkey
    static let displayName = "SurveyMonkey"
    static let headerMayRepeat = true
    static let metaNames: Set<String> = ["respondent id", "collector id", "start date", "end date", "ip address", "email address",
                                         "first name", "last name"]
    /// Row-2 texts that say "the answer to the question above" rather than naming a matrix row.
    static let plainAnswer: Set<String> = ["response", "open-ended response", "resposta", "resposta aberta"]

    static func recognises(_ peek: TablePeek) -> Bool {
        peek.has("respondent id") && peek.has("collector id")
    }

    static func isMeta(_ folded: String) -> Bool {
        metaNames.contains(folded) || folded.hasPrefix("custom data")
    }

    static func normalise(_ peek: TablePeek, rest: [Record], keep: [String], loop _: [Int: String]? = nil) throws -> PlatformTable {
        guard let labels = peek.records.first else {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(peek.file):2"),
                message: "a SurveyMonkey export has a second header row (\"Response\", or each matrix row's label); this file ends after line 1")])
        }
        let labelled = labels.fields.contains { plainAnswer.contains(AnswerReader.fold($0.value)) }
            || labels.fields.prefix(2).allSatisfy { Cell.isBlank($0.value) }
        guard labelled else {
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(peek.file):\(labels.line):1"),
                message: "a SurveyMonkey export has a second header row (\"Response\", or each matrix row's label), but line \(labels.line) holds answers; export the file again with both header rows, or give --from plain")])
        }
        var columns: [PlatformColumn] = []
        var question = ""
        for (index, field) in peek.header.enumerated() {
            let top = Cell.text(field.value)
            if !top.isEmpty { question = top }
            let sub = labels[index].map { Cell.text($0.value) } ?? ""
            let folded = AnswerReader.fold(question)
            var header = Field(value: question, line: field.line, column: field.column)
            var aliases = [question]
            if !sub.isEmpty, !plainAnswer.contains(AnswerReader.fold(sub)) {
                header = Field(value: question.isEmpty ? sub : "\(question) [\(sub)]", line: labels[index]?.line ?? 2, column: labels[index]?.column ?? field.column)
                aliases = [sub, header.value]
            }
            var role: ColumnRole = isMeta(folded) && top == question && !top.isEmpty ? .meta : .data
            if role == .meta {
                switch folded {
                case "respondent id": role = .respondent
                case "end date": role = .submitted
                case "start date": role = .started
                default: break
                }
            }
            columns.append(PlatformColumn(index: index, header: header, aliases: aliases, role: role))
        }
        return PlatformTable.build(platform: .surveymonkey, file: peek.file, headerRows: 2, columns: columns,
                                   records: Array(peek.records.dropFirst()) + rest, keep: keep)
    }
}

extension SurveyPlatform {
    /// SurveyMonkey's exports (`--platform surveymonkey`).
    static let surveymonkey = SurveyPlatform(id: "surveymonkey")
}
