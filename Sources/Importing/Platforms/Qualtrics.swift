import Foundation
import StudyStore
import Surveys
import Tabular
import Wording

/// Qualtrics CSV/TSV exports (Qualtrics support, "Understanding your dataset"; the R packages qualtRics and
/// kutils read the same layout): three header rows — field ids (`Q4_1` for a matrix statement, `Q5_TEXT` for text
/// entry, `1_Q1_1` in a loop), question texts ("Question - statement" for a matrix), and each column's ImportId as
/// JSON (`{"ImportId":"QID90_1"}`). The legacy export has two: `V1`…`V10` or the field names, then the texts.
/// Answers are choice texts or the question's recode values; "-99" is Qualtrics' code for a question seen but
/// not answered.
enum Qualtrics: SurveyExport {
    static let platform = SurveyPlatform.qualtrics
    static let displayName = "Qualtrics"
    static let headerMayRepeat = true
    /// Field ids of the columns Qualtrics adds to every response (folded).
    static let metaIDs: Set<String> = [
        "startdate", "enddate", "status", "ipaddress", "progress", "duration (in seconds)", "finished", "recordeddate",
        "responseid", "recipientlastname", "recipientfirstname", "recipientemail", "externalreference", "externaldatareference",
        "locationlatitude", "locationlongitude", "locationaccuracy", "distributionchannel", "userlanguage",
    ]
    /// The legacy export's further meta columns.
    static let legacyIDs: Set<String> = ["responseset", "name", "emailaddress"]
    /// Column-name endings of timing questions and display orders, which are no answers.
    static let metaSuffixes = ["_first click", "_last click", "_page submit", "_click count", "_do"]
    /// Row-2 texts of the new export's meta columns.
    static let metaTexts: Set<String> = ["start date", "end date", "response type", "ip address", "progress", "duration (in seconds)",
                                         "finished", "recorded date", "response id"]

    static func isImportID(_ text: String) -> Bool {
        text.hasPrefix("{\"ImportId\"") || text.hasPrefix("{\"importId\"")
    }

    static func recognises(_ peek: TablePeek) -> Bool {
        if peek.records.contains(where: { $0.fields.contains { isImportID($0.value) } }) { return true }
        // The legacy export: V1…V10, or its field names ResponseID, ResponseSet.
        if peek.has("v1") && peek.has("v10") { return true }
        return peek.has("responseid") && (peek.has("startdate") || peek.has("recordeddate") || peek.has("distributionchannel") || peek.has("responseset"))
    }

    static func isMeta(_ id: String) -> Bool {
        let folded = AnswerReader.fold(id)
        if metaIDs.contains(folded) || folded.hasPrefix("q_") { return true }
        if folded.count <= 3, folded.hasPrefix("v"), let number = Int(folded.dropFirst()), (1...10).contains(number) { return true }
        return metaSuffixes.contains { folded.hasSuffix($0) }
    }

    /// A matrix column's text, "Question - statement", as "Question [statement]" (the form Google Forms grids
    /// take, which the item matcher reads).
    static func itemText(_ text: String) -> String {
        for separator in [" - ", " – ", " — "] {
            if let range = text.range(of: separator, options: .backwards) {
                let question = text[..<range.lowerBound], statement = text[range.upperBound...]
                if !question.isEmpty, !statement.isEmpty { return "\(question) [\(statement)]" }
            }
        }
        return text
    }

    /// `loop` (iteration → task) makes each iteration of a loop & merge a row of its own (`QualtricsLoop`);
    /// without it the looped columns stay as they are, for the import to refuse if it would read items there.
    static func normalise(_ peek: TablePeek, rest: [Record], keep: [String], loop: [Int: String]? = nil) throws -> PlatformTable {
        let file = peek.file
        let first = peek.records.first, second = peek.records.count > 1 ? peek.records[1] : nil
        let jsonInFirst = first?.fields.contains { isImportID($0.value) } ?? false
        let jsonInSecond = second?.fields.contains { isImportID($0.value) } ?? false
        if jsonInFirst, let first {
            // The ImportId row right under the header: the question texts or the field ids are missing.
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(file):\(first.line):1"),
                message: "this Qualtrics export has its ImportId row on line \(first.line), but it comes third, after the field ids and the question texts; export the file again from Qualtrics with all three header rows")])
        }
        let legacy = peek.has("v1") || peek.has("responseset")
        // Row 2 holds texts (in the survey's language) when it has the English meta texts, or when the cell under
        // ResponseId is not a response id (`R_…`).
        let responseID = peek.index("responseid").map { peek.cell(0, $0) }
        let texts = first.map { record in record.fields.contains { metaTexts.contains(AnswerReader.fold($0.value)) }
            || record.fields.contains { AnswerReader.fold($0.value) == "responseid" } } ?? false
            || responseID.map { !$0.isEmpty && !$0.hasPrefix("R_") && !$0.hasPrefix("{") } ?? false
        var headerRows = 1
        if legacy {
            headerRows = texts ? 2 : 1
        } else if jsonInSecond {
            headerRows = 3
        } else if texts, let line = second?.line ?? first.map({ $0.line + 1 }) {
            // `texts` is true only when the first record exists, so the line is known.
            let found = second?.fields.first?.value ?? ""
            throw StoreError.invalidInput([.init(location: Sentence(verbatim: "\(file):\(line):1"),
                message: "this Qualtrics export has field ids and question texts but no ImportId row on line \(line) (each column's {\"ImportId\":\"QID1\"}); it holds '\(found)'. Export the file again from Qualtrics with all three header rows, or give --from plain to read line 1 as the only header")])
        }
        var columns: [PlatformColumn] = []
        for (index, field) in peek.header.enumerated() {
            let id = field.value
            let text = headerRows >= 2 ? peek.cell(0, index) : ""
            var header = field
            if !text.isEmpty, let cell = first?[index] { header = Field(value: itemText(text), line: cell.line, column: cell.column) }
            let folded = AnswerReader.fold(id), foldedText = AnswerReader.fold(text)
            var role: ColumnRole = isMeta(id) || (legacy && (legacyIDs.contains(folded) || legacyIDs.union(metaIDs).contains(foldedText))) ? .meta : .data
            if folded == "responseid" || (legacy && (folded == "v1" || foldedText == "responseid")) { role = .respondent }
            if folded == "recordeddate" || (legacy && (folded == "v9" || foldedText == "enddate")) { role = .submitted }
            if folded == "startdate" || (legacy && (folded == "v8" || foldedText == "startdate")) { role = .started }
            columns.append(PlatformColumn(index: index, header: header, aliases: [id] + (text.isEmpty ? [] : [text]), role: role))
        }
        // Without a RecordedDate, the end of the response is when it was submitted.
        if !columns.contains(where: { $0.role == .submitted }), let end = columns.firstIndex(where: { AnswerReader.fold($0.aliases[0]) == "enddate" }) {
            columns[end].role = .submitted
        }
        var records = Array(peek.records.dropFirst(headerRows - 1)) + rest
        var iterations: [LoopIteration] = []
        if let loop {
            (columns, records, iterations) = try QualtricsLoop.reshape(file: file, columns: columns, records: records, mapping: loop, missing: ["-99"])
        }
        var table = PlatformTable.build(platform: .qualtrics, file: file, headerRows: headerRows, columns: columns, records: records,
                                        keep: keep, missingCodes: ["-99"])
        if loop != nil {
            table.reading.loop = iterations
            table.loopTaskColumn = QualtricsLoop.taskHeader
        } else {
            let looped = table.names.indices.filter { index in table.names[index].contains { QualtricsLoop.split($0) != nil } }
            table.loopColumns = looped
            table.loopPrefixes = Array(Set(looped.flatMap { table.names[$0].compactMap { QualtricsLoop.split($0)?.prefix } })).sorted()
        }
        return table
    }
}

extension SurveyPlatform {
    /// Qualtrics's exports (`--platform qualtrics`).
    static let qualtrics = SurveyPlatform(id: "qualtrics")
}
