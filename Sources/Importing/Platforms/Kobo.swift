import Foundation
import StudyStore
import Surveys
import Tabular
import Wording

/// KoboToolbox CSV exports (support.kobotoolbox.org, "Exporting and downloading your data"): `;` between fields
/// by default; headers are the questions' XML names or their labels in one language, with the groups they sit
/// in joined by `/` (`avaliacao/sus_1`); a select-multiple question as one summary column, one column per option
/// (`cores/azul`), or both; choices as XML names (`strongly_agree`) or labels. Kobo adds `start`, `end`, `_id`,
/// `_uuid`, `_submission_time`, `_index` and the like; an unanswered question is blank.
enum Kobo: SurveyExport {
    static let platform = SurveyPlatform.kobo
    static let displayName = "KoboToolbox"
    static let metaNames: Set<String> = ["start", "end", "today", "deviceid", "username", "simserial", "subscriberid", "phonenumber",
                                         "audit", "audit_url", "_id", "_uuid", "_submission_time", "_validation_status", "_notes",
                                         "_status", "_submitted_by", "__version__", "_version_", "_tags", "_index", "_attachments",
                                         "_geolocation", "_xform_id_string", "meta/instanceid", "meta/rootuuid", "meta/deprecatedid",
                                         "meta/instancename", "formhub/uuid"]

    static func recognises(_ peek: TablePeek) -> Bool {
        peek.has("_uuid") || peek.has("_submission_time") || peek.has("meta/instanceid") || peek.has("formhub/uuid")
    }

    /// A choice's XML name read as words ("strongly_agree" → "strongly agree"); other text as it is.
    @Sendable static func choiceText(_ value: String) -> String {
        guard value.contains("_"), value.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }) else { return value }
        return value.replacingOccurrences(of: "_", with: " ")
    }

    static func normalise(_ peek: TablePeek, rest: [Record], keep: [String], loop _: [Int: String]? = nil) -> PlatformTable {
        let paths = Set(peek.folded)
        var columns: [PlatformColumn] = []
        for (index, field) in peek.header.enumerated() {
            let folded = AnswerReader.fold(field.value)
            let parts = field.value.split(separator: "/", omittingEmptySubsequences: false)
            let last = parts.last.map(String.init) ?? field.value
            var role: ColumnRole = .data
            if metaNames.contains(folded) || metaNames.contains(AnswerReader.fold(last)) && folded.hasPrefix("meta/") {
                role = .meta
            } else if parts.count > 1, paths.contains(AnswerReader.fold(parts.dropLast().joined(separator: "/"))) {
                // One option of a select-multiple whose summary column is also there: the summary is read.
                role = .meta
            }
            switch folded {
            case "_id": role = .respondent
            case "_submission_time": role = .submitted
            case "start": role = .started
            default: break
            }
            let header = parts.count > 1 && role == .data ? Field(value: last, line: field.line, column: field.column) : field
            columns.append(PlatformColumn(index: index, header: header, aliases: [field.value, last], role: role))
        }
        if !columns.contains(where: { $0.role == .respondent }), let uuid = columns.firstIndex(where: { AnswerReader.fold($0.aliases[0]) == "_uuid" }) {
            columns[uuid].role = .respondent
        }
        let records = peek.records + rest
        let groups = Checkboxes.koboGroups(peek.header, records: records, meta: { columns[$0].role != .data })
        return PlatformTable.build(platform: .kobo, file: peek.file, headerRows: 1, columns: columns, records: records,
                                   keep: keep, rewrite: Kobo.choiceText, checkboxes: groups)
    }
}

extension SurveyPlatform {
    /// KoboToolbox's exports (`--platform kobo`).
    static let kobo = SurveyPlatform(id: "kobo")
}
