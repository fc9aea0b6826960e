import Foundation
import StudyStore
import Surveys
import Tabular
import Wording

/// REDCap's data exports (REDCap's API and export page: `rawOrLabel`, `rawOrLabelHeaders`): one header row of
/// variable names (`record_id`, `redcap_event_name`, `sus_timestamp`, `sus_complete`, checkbox choices as
/// `var___1`) or of field labels ("Record ID", "Event Name", "Survey Timestamp", "Complete?"); values raw codes
/// or labels; a checkbox field's boxes 0/1 or "Checked"/"Unchecked" (headers "Label (choice=Option)" with labels).
/// The first column is always the record's id, whatever the project called it. Missing-data codes
/// (REDCap's standard list: NI, UNK, NASK, ASKU, NAV, MSK, …) are unanswered; "NA" means not applicable.
enum REDCap: SurveyExport {
    static let platform = SurveyPlatform.redcap
    static let displayName = "REDCap"
    static let metaNames: Set<String> = ["redcap_event_name", "redcap_repeat_instrument", "redcap_repeat_instance",
                                         "redcap_survey_identifier", "redcap_data_access_group", "event name", "repeat instrument",
                                         "repeat instance", "survey identifier", "data access group", "complete?"]
    static let missingCodes: Set<String> = ["NI", "INV", "UNK", "NASK", "ASKU", "NAV", "MSK", "NAVU", "NP", "QS", "QI", "TRC",
                                            "UNC", "DER", "PINF", "NINF", "OTH"]

    static func recognises(_ peek: TablePeek) -> Bool {
        if peek.folded.contains(where: { $0.hasPrefix("redcap_") }) { return true }
        if peek.has("survey timestamp") || peek.has("survey identifier") || (peek.has("record id") && peek.has("complete?")) { return true }
        return peek.folded.contains { $0.hasSuffix("_complete") } && peek.folded.contains { $0.hasSuffix("_timestamp") }
    }

    static func normalise(_ peek: TablePeek, rest: [Record], keep: [String], loop _: [Int: String]? = nil) -> PlatformTable {
        var columns: [PlatformColumn] = []
        for (index, field) in peek.header.enumerated() {
            let folded = AnswerReader.fold(field.value)
            var role: ColumnRole = .data
            if index == 0 {
                role = .respondent
            } else if metaNames.contains(folded) || folded.hasSuffix("_complete") {
                role = .meta
            } else if folded.hasSuffix("_timestamp") || folded == "survey timestamp" {
                role = columns.contains { $0.role == .submitted } ? .meta : .submitted
            }
            columns.append(PlatformColumn(index: index, header: field, aliases: [field.value], role: role))
        }
        return PlatformTable.build(platform: .redcap, file: peek.file, headerRows: 1, columns: columns, records: peek.records + rest,
                                   keep: keep, missingCodes: missingCodes, checkboxes: Checkboxes.redcapGroups(peek.header))
    }
}

extension SurveyPlatform {
    /// REDCap's exports (`--platform redcap`).
    static let redcap = SurveyPlatform(id: "redcap")
}
