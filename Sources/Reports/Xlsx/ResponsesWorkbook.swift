import CXlsxWriter
import Foundation
import StudyStore
import Surveys

extension WorkbookWriter {
    /// Writes only the answers, in long format, streaming them from the study: memory stays flat for any size.
    /// Sheets hold Excel's maximum of 1,048,576 rows each; further answers go to "Responses 2", "Responses 3"…
    /// `progress` is told the share of response sets written (0…1) now and then.
    public static func writeResponses(_ study: StudyDatabase, to path: String, progress: ((Double) -> Void)? = nil) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else { throw WorkbookError.cannotCreate(path: path) }
        var options = lxw_workbook_options()
        options.constant_memory = 1
        options.use_zip64 = 1
        let temporary = AtomicOutput.temporaryPath(for: path)
        var committed = false
        defer { if !committed { try? FileManager.default.removeItem(atPath: temporary) } }
        guard let workbook = temporary.withCString({ workbook_new_opt($0, &options) }) else { throw WorkbookError.cannotCreate(path: path) }
        var closed = false
        defer { if !closed { _ = StandardErrorCapture.run { workbook_close(workbook) } } }
        let header = workbook_add_format(workbook)
        format_set_bold(header)
        let integer = workbook_add_format(workbook)
        format_set_num_format(integer, "0")
        // The measurement as the other tables give it: the occasion, then a column per condition factor.
        let measurement = MeasurementColumns(keys: try study.instruments().flatMap { try study.occasions(instrument: $0.id) })
        let factors = measurement.factors
        let columns = ["participant", "instrument", "task", "occasion"] + factors
            + ["item", "value", "answer", "not_applicable", "orientation", "submitted"]
        let after = UInt16(factors.count)
        var sheet: UnsafeMutablePointer<lxw_worksheet>?
        var sheets = 0
        var row: UInt32 = 0
        let total = progress == nil ? 0 : try study.responseSetCount()
        var setsWritten = 0
        func newSheet() {
            sheets += 1
            sheet = (sheets == 1 ? "Responses" : "Responses \(sheets)").withCString { workbook_add_worksheet(workbook, $0) }
            for (index, name) in columns.enumerated() {
                name.withCString { _ = worksheet_write_string(sheet, 0, UInt16(index), $0, header) }
            }
            worksheet_freeze_panes(sheet, 1, 0)
            row = 1
        }
        newSheet()
        try study.forEachAnswer { answer in
            if row >= UInt32(maxRows) {
                worksheet_autofilter(sheet, 0, 0, row - 1, UInt16(columns.count - 1))
                newSheet()
            }
            answer.participant.withCString { _ = worksheet_write_string(sheet, row, 0, $0, nil) }
            answer.instrument.withCString { _ = worksheet_write_string(sheet, row, 1, $0, nil) }
            if let task = answer.task { task.withCString { _ = worksheet_write_string(sheet, row, 2, $0, nil) } }
            if !answer.occasion.isEmpty {
                let key = MeasurementKey(key: answer.occasion)
                if !key.occasion.isEmpty { key.occasion.withCString { _ = worksheet_write_string(sheet, row, 3, $0, nil) } }
                for (offset, factor) in factors.enumerated() {
                    key.level(of: factor)?.withCString { _ = worksheet_write_string(sheet, row, UInt16(4 + offset), $0, nil) }
                }
            }
            worksheet_write_number(sheet, row, 4 + after, Double(answer.item), integer)
            if let value = answer.value { worksheet_write_number(sheet, row, 5 + after, value, nil) }
            if let text = answer.answer { text.withCString { _ = worksheet_write_string(sheet, row, 6 + after, $0, nil) } }
            worksheet_write_number(sheet, row, 7 + after, answer.notApplicable ? 1 : 0, integer)
            answer.orientation.withCString { _ = worksheet_write_string(sheet, row, 8 + after, $0, nil) }
            if let submitted = answer.submitted { submitted.withCString { _ = worksheet_write_string(sheet, row, 9 + after, $0, nil) } }
            row += 1
        } afterSet: {
            setsWritten += 1
            if total > 0, setsWritten % 10_000 == 0 { progress?(Double(setsWritten) / Double(total)) }
        }
        worksheet_autofilter(sheet, 0, 0, max(1, row - 1), UInt16(columns.count - 1))
        closed = true
        let (result, said) = StandardErrorCapture.run { workbook_close(workbook) }
        if result != LXW_NO_ERROR {
            let reason = String(cString: lxw_strerror(result)) + (StandardErrorCapture.systemReason(said).map { " (\($0))" } ?? "")
            throw WorkbookError.failed(path: path, step: "saving the workbook", reason: reason)
        }
        // A sheet cut short by a disk that refused libxlsxwriter's temporary files is found before the name is taken.
        let cut: [String]
        do { cut = try WorkbookCheck.truncatedSheets(temporary) } catch {
            throw WorkbookError.failed(path: path, step: "checking the written workbook", reason: "\(error)")
        }
        if !cut.isEmpty {
            throw WorkbookError.failed(path: path, step: "saving the workbook",
                                       reason: "the disk refused part of it (\(cut.joined(separator: ", ")) cut short); free some space and export again")
        }
        // Renamed into place only once libxlsxwriter has written the whole file.
        guard rename(temporary, path) == 0 else {
            throw WorkbookError.failed(path: path, step: "moving the workbook into place", reason: String(cString: strerror(errno)))
        }
        committed = true
    }
}
