import Foundation
import Testing
@testable import Importing

/// The pieces of the workbook reader that turn stored numbers into what a sheet shows.
@Suite struct WorkbookTests {
    /// Serials from Python's datetime (the 1900 date system counts from 1899-12-30, the 1904 one from 1904-01-01):
    /// (date(2026,11,18) - date(1899,12,30)).days == 46344; (date(2026,11,18) - date(1904,1,1)).days == 44882;
    /// (datetime(2026,11,18,17,34,56) - datetime(1899,12,30)).total_seconds() / 86400 == 46344.73259259259.
    @Test func dateSerialsReadAsISO8601() {
        #expect(Workbook.isoDate(serial: 46344, date1904: false, hasDate: true, hasTime: false) == "2026-11-18")
        #expect(Workbook.isoDate(serial: 44882, date1904: true, hasDate: true, hasTime: false) == "2026-11-18")
        #expect(Workbook.isoDate(serial: 46344.73259259259, date1904: false, hasDate: true, hasTime: true) == "2026-11-18T17:34:56")
        #expect(Workbook.isoDate(serial: 0.7325925925925926, date1904: false, hasDate: false, hasTime: true) == "17:34:56")
        // 1900-03-01, the first day after Excel's phantom 1900-02-29.
        #expect(Workbook.isoDate(serial: 61, date1904: false, hasDate: true, hasTime: false) == "1900-03-01")
    }

    /// ECMA-376 Part 1, 18.8.30: built-in formats 14–22 show dates and times; a format code shows one when it has
    /// y, m, d, h or s outside quotes and brackets.
    @Test func dateFormatsAreToldFromNumberFormats() {
        #expect(Workbook.dateFormat(id: 14, code: nil)! == (true, false))
        #expect(Workbook.dateFormat(id: 22, code: nil)! == (true, true))
        #expect(Workbook.dateFormat(id: 0, code: nil) == nil)
        #expect(Workbook.dateFormat(id: 2, code: nil) == nil)
        #expect(Workbook.dateFormat(id: 164, code: "dd/mm/yyyy hh:mm")! == (true, true))
        #expect(Workbook.dateFormat(id: 165, code: "[$-416]d \"de\" mmmm \"de\" yyyy")! == (true, false))
        #expect(Workbook.dateFormat(id: 166, code: "0.00 \"dias\"") == nil)
        #expect(Workbook.dateFormat(id: 167, code: "#,##0.00;[Red]-#,##0.00") == nil)
    }

    /// Numbers as a General cell shows them: whole numbers without a point, at most 15 significant digits.
    @Test func numbersReadAsASheetShowsThem() {
        #expect(Workbook.shown("4") == "4")
        #expect(Workbook.shown("4.0") == "4")
        #expect(Workbook.shown("3.5") == "3.5")
        #expect(Workbook.shown("4.4000000000000004") == "4.4")
        #expect(Workbook.shown("-0.25") == "-0.25")
        #expect(Workbook.shown("abc") == "abc")
    }

    @Test func odfTimesReadAsTimesOfDay() {
        #expect(Workbook.ODSSheetReader.time("PT17H34M56S") == "17:34:56")
        #expect(Workbook.ODSSheetReader.time("PT09H05M00.5S") == "09:05:00")
    }
}
