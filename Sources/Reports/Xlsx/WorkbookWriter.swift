import CXlsxWriter
import Foundation
import Results
import StudyBasics
import Surveys
import Wording

/// Why a workbook could not be written.
public enum WorkbookError: Error, LocalizedError, Equatable {
    case cannotCreate(path: String)
    case failed(path: String, step: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .cannotCreate(path):
            return "Cannot create \(path): check that its folder exists and is writable."
        case let .failed(path, step, reason):
            return "Writing \(path) failed while \(step): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        }
    }
}

/// A block of numbers a native chart is drawn from, written to the "Chart data" sheet.
struct ChartBlock {
    /// `dots`: a line chart of markers only, one per category and series, with the benchmark as a line and, for one
    /// series, each value's interval.
    enum Kind { case column, bar, clusteredColumn, stackedBar, dots }
    var title: String
    var kind: Kind
    var categoryHeader: String
    var categories: [String]
    /// One series per entry: its name and one value per category (NaN where the category has none: a blank cell,
    /// no bar).
    var series: [(name: String, values: [Double])]
    var xAxis: String
    var yAxis: String
    var percent: Bool = false
    /// A published benchmark drawn across the chart as a line series: its name and value (the 78 % completion rate).
    var benchmark: (name: String, value: Double)?
    /// Per series, each category's interval (NaN ends where it has none); drawn in a `dots` chart of one series.
    var intervals: [[(low: Double, high: Double)]]?
    /// The value axis's upper end (1 for a rate: 100 %), when the values cannot exceed it.
    var maximum: Double?
    /// What the intervals are ("IC 95 %"), in their columns' headings.
    var intervalName = ""

    /// The block with each series on places of its own: each category once per series, side by side (the series'
    /// colours and the legend tell them apart), each series' values (and intervals) at its own places only, blank at
    /// the others'. For a `dots` chart of several series, whose dots and intervals would otherwise share each
    /// category's place. One series: unchanged.
    func spread() -> ChartBlock {
        guard series.count > 1 else { return self }
        var spread = self
        let count = series.count
        spread.categories = categories.flatMap { category in Array(repeating: category, count: count) }
        spread.series = series.enumerated().map { index, one in
            (one.name, one.values.flatMap { value in (0..<count).map { $0 == index ? value : .nan } })
        }
        spread.intervals = intervals.map { intervals in
            intervals.enumerated().map { index, one in
                one.flatMap { interval in (0..<count).map { $0 == index ? interval : (low: .nan, high: .nan) } }
            }
        }
        return spread
    }
}

/// Writes the study workbook with libxlsxwriter: one sheet per table (bold frozen header, autofilter, fitted
/// widths, numbers as numbers with two decimals, every typed text as a string), and native Excel charts.
/// The workbook is written in constant-memory mode: rows stream to temporary files, so large studies do not
/// grow memory.
public enum WorkbookWriter {
    /// Excel's limit on the characters of one cell.
    static let maxCellCharacters = 32_767
    static let maxRows = 1_048_576

    public static func write(_ snapshot: StudyData, to path: String) throws {
        try write(tables: StudyTables.make(snapshot), charts: chartBlocks(snapshot), to: path, language: snapshot.info.language)
    }

    /// The Scores and Summary sheets only: each participant's scores and the group summaries (with the contents
    /// sheet), for a study whose answers need no spreadsheet.
    public static func writeScores(_ snapshot: StudyData, to path: String) throws {
        try write(tables: [StudyTables.scores(snapshot), StudyTables.summary(snapshot)], charts: [], to: path, language: snapshot.info.language)
    }

    /// The cell formats of every sheet: header, two decimals, percent, integer, p-value, wrapped text, title.
    private static func formats(_ workbook: UnsafeMutablePointer<lxw_workbook>?, _ language: StudyLanguage)
        -> (header: UnsafeMutablePointer<lxw_format>?, decimal: UnsafeMutablePointer<lxw_format>?, percent: UnsafeMutablePointer<lxw_format>?,
            integer: UnsafeMutablePointer<lxw_format>?, p: UnsafeMutablePointer<lxw_format>?, wrapped: UnsafeMutablePointer<lxw_format>?,
            title: UnsafeMutablePointer<lxw_format>?, places: [UnsafeMutablePointer<lxw_format>?]) {
        let header = workbook_add_format(workbook)
        format_set_bold(header)
        format_set_bg_color(header, 0xDDEBF7)
        format_set_border(header, UInt8(LXW_BORDER_THIN.rawValue))
        let decimal = workbook_add_format(workbook)
        format_set_num_format(decimal, "0.00")
        let percent = workbook_add_format(workbook)
        format_set_num_format(percent, "0%")
        let integer = workbook_add_format(workbook)
        format_set_num_format(integer, "0")
        // p-values with three decimals, and never 0.000: below .001 the cell reads "< 0,001" (APA, ABNT).
        let pFormat = workbook_add_format(workbook)
        format_set_num_format(pFormat, "[<0.001]\"" + NumberStyle(language).p(0) + "\";0.000")
        let wrapped = workbook_add_format(workbook)
        format_set_text_wrap(wrapped)
        let title = workbook_add_format(workbook)
        format_set_bold(title)
        format_set_font_size(title, 14)
        // A number with as many decimals as its column shows: "23", "41.7", "86.36" (0 to `maxPlaces`).
        let places = (0...maxPlaces).map { count -> UnsafeMutablePointer<lxw_format>? in
            let format = workbook_add_format(workbook)
            format_set_num_format(format, count == 0 ? "0" : "0." + String(repeating: "0", count: count))
            return format
        }
        return (header, decimal, percent, integer, pFormat, wrapped, title, places)
    }

    static func write(tables allTables: [ResultTable], charts: [ChartBlock], to path: String, language: StudyLanguage = .en) throws {
        // No empty sheets: a table with no rows is left out (the Study sheet always stays).
        let tables = allTables.filter { !$0.isEmpty || $0.id == "study" }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
              FileManager.default.isWritableFile(atPath: folder) else {
            throw WorkbookError.cannotCreate(path: path)
        }
        var options = lxw_workbook_options()
        options.constant_memory = 1
        options.use_zip64 = 1
        let temporary = AtomicOutput.temporaryPath(for: path)
        var committed = false
        defer { if !committed { try? FileManager.default.removeItem(atPath: temporary) } }
        guard let workbook = temporary.withCString({ workbook_new_opt($0, &options) }) else {
            throw WorkbookError.cannotCreate(path: path)
        }
        var closed = false
        defer { if !closed { _ = StandardErrorCapture.run { workbook_close(workbook) } } }

        let (header, decimal, percent, integer, pFormat, _, title, places) = formats(workbook, language)

        func check(_ error: lxw_error, _ step: String) throws {
            if error != LXW_NO_ERROR {
                throw WorkbookError.failed(path: path, step: step, reason: String(cString: lxw_strerror(error)))
            }
        }

        // The first sheet says what each sheet holds.
        guard let contents = Sentence("Contents", context: "sheet").text(language).withCString({ workbook_add_worksheet(workbook, $0) }) else {
            throw WorkbookError.failed(path: path, step: "adding the contents sheet", reason: "the workbook library refused it")
        }
        try ("What each sheet holds" as Sentence).text(language).withCString {
            try check(worksheet_write_string(contents, 0, 0, $0, title), "writing the contents sheet")
        }
        var listed = tables.map { $0.sheet ?? Sheet(name: $0.title, about: "") }
        if !charts.isEmpty { listed += [chartsSheet(language), chartDataSheet(language)] }
        for (offset, sheet) in listed.enumerated() {
            try sheet.name.withCString { try check(worksheet_write_string(contents, UInt32(offset + 2), 0, $0, header), "writing the contents sheet") }
            try sheet.about.withCString { try check(worksheet_write_string(contents, UInt32(offset + 2), 1, $0, nil), "writing the contents sheet") }
        }
        worksheet_set_column(contents, 0, 0, 26, nil)
        worksheet_set_column(contents, 1, 1, 90, nil)
        printSetup(contents, repeatHeader: false, widths: [26, 90])

        var chartsSheet: UnsafeMutablePointer<lxw_worksheet>?
        var errorBars: [ErrorBars] = []
        for (index, table) in tables.enumerated() {
            // A table longer than Excel's row limit continues on "Name 2", "Name 3"…; rows are written as the
            // table yields them (a streamed table is read from the study meanwhile).
            let sheets = TableSheets(table: table, language: language, workbook: workbook,
                                     formats: .init(header: header, decimal: decimal, percent: percent, integer: integer, p: pFormat, places: places), check: check)
            try table.forEachRow { try sheets.append($0) }
            try sheets.finish()
            // The charts sit right after the summary, where an advisor looks first.
            if !charts.isEmpty, table.id == "summary" || (index == tables.count - 1 && chartsSheet == nil) {
                guard let sheet = Self.chartsSheet(language).name.withCString({ workbook_add_worksheet(workbook, $0) }) else {
                    throw WorkbookError.failed(path: path, step: "adding the charts sheet", reason: "the workbook library refused it")
                }
                chartsSheet = sheet
                printSetup(sheet, repeatHeader: false)
            }
        }
        if !charts.isEmpty, let chartsSheet {
            let dataSheetName = chartDataSheet(language).name
            guard let dataSheet = dataSheetName.withCString({ workbook_add_worksheet(workbook, $0) }) else {
                throw WorkbookError.failed(path: path, step: "adding the chart data sheet", reason: "the workbook library refused it")
            }
            var row: UInt32 = 0
            for (index, block) in charts.enumerated() {
                let first = row
                try "\(block.categoryHeader)".withCString { try check(worksheet_write_string(dataSheet, row, 0, $0, header), "writing chart data") }
                for (column, series) in block.series.enumerated() {
                    try series.name.withCString { try check(worksheet_write_string(dataSheet, row, UInt16(column + 1), $0, header), "writing chart data") }
                }
                // After the series: each series' interval ends, then the benchmark (`ChartColumns`).
                let columns = ChartColumns(block)
                for (index, series) in block.series.enumerated() where columns.low(index) != nil {
                    for (column, end) in [(columns.low(index), "↓"), (columns.high(index), "↑")] {
                        try "\(series.name): \(block.intervalName) \(end)".withCString { try check(worksheet_write_string(dataSheet, row, column ?? 0, $0, header), "writing chart data") }
                    }
                }
                if let benchmark = block.benchmark, let column = columns.benchmark {
                    try benchmark.name.withCString { try check(worksheet_write_string(dataSheet, row, column, $0, header), "writing chart data") }
                }
                for (index, series) in block.series.enumerated() {
                    guard let plus = columns.plus(index), let minus = columns.minus(index) else { continue }
                    for (column, end) in [(plus, "↑"), (minus, "↓")] {
                        let name = Sentence("\(series.name): distance to the \(block.intervalName) \(end)").text(language)
                        try name.withCString { try check(worksheet_write_string(dataSheet, row, column, $0, header), "writing chart data") }
                    }
                }
                row += 1
                let format = block.percent ? percent : decimal
                for (offset, category) in block.categories.enumerated() {
                    try category.withCString { try check(worksheet_write_string(dataSheet, row, 0, $0, nil), "writing chart data") }
                    for (column, series) in block.series.enumerated() where !series.values[offset].isNaN {
                        try check(worksheet_write_number(dataSheet, row, UInt16(column + 1), series.values[offset], format), "writing chart data")
                    }
                    for (index, intervals) in (block.intervals ?? []).enumerated() where offset < intervals.count && !intervals[offset].low.isNaN {
                        if let low = columns.low(index), let high = columns.high(index) {
                            try check(worksheet_write_number(dataSheet, row, low, intervals[offset].low, format), "writing chart data")
                            try check(worksheet_write_number(dataSheet, row, high, intervals[offset].high, format), "writing chart data")
                        }
                    }
                    if let benchmark = block.benchmark, let column = columns.benchmark {
                        try check(worksheet_write_number(dataSheet, row, column, benchmark.value, format), "writing chart data")
                    }
                    for (index, series) in block.series.enumerated() {
                        let value = series.values[offset]
                        guard let plus = columns.plus(index), let minus = columns.minus(index), !value.isNaN,
                              let interval = block.intervals?[index], offset < interval.count, !interval[offset].low.isNaN else { continue }
                        try check(worksheet_write_number(dataSheet, row, plus, max(0, interval[offset].high - value), format), "writing chart data")
                        try check(worksheet_write_number(dataSheet, row, minus, max(0, value - interval[offset].low), format), "writing chart data")
                    }
                    row += 1
                }
                let chart = try addChart(block, to: workbook, data: dataSheetName, rows: first...(row - 1), path: path)
                let distances = block.series.indices.compactMap { index in columns.plus(index).map { ErrorBars.Distances(plus: $0, minus: $0 + 1) } }
                if !distances.isEmpty {
                    errorBars.append(ErrorBars(chart: index + 1, sheet: dataSheetName, rows: (first + 1)...(row - 1), series: distances))
                }
                var options = lxw_chart_options()
                options.x_scale = 1.6
                options.y_scale = block.categories.count > 10 ? 1.8 : 1.3
                try check(worksheet_insert_chart_opt(chartsSheet, UInt32(index * 26), 0, chart, &options), "placing a chart")
                row += 1
            }
            worksheet_set_column(dataSheet, 0, 0, 40, nil)
            printSetup(dataSheet, repeatHeader: false, widths: [40] + Array(repeating: 12, count: charts.map(\.series.count).max() ?? 1))
            // One chart per printed page: a page break before each chart after the first.
            var breaks = (1..<max(charts.count, 1)).map { UInt32($0 * 26) } + [0]
            breaks.withUnsafeMutableBufferPointer { buffer in _ = worksheet_set_h_pagebreaks(chartsSheet, buffer.baseAddress) }
        }
        closed = true
        let (result, said) = StandardErrorCapture.run { workbook_close(workbook) }
        if result != LXW_NO_ERROR {
            let reason = String(cString: lxw_strerror(result)) + (StandardErrorCapture.systemReason(said).map { " (\($0))" } ?? "")
            throw WorkbookError.failed(path: path, step: "saving the workbook", reason: reason)
        }
        if !errorBars.isEmpty {
            do { try ErrorBars.write(errorBars, into: temporary) } catch {
                throw WorkbookError.failed(path: path, step: "drawing the charts' intervals", reason: "\(error)")
            }
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

    /// The native chart of `block`, its series read from `rows` of the chart data sheet (the first row is the
    /// header: series names).
    private static func addChart(_ block: ChartBlock, to workbook: UnsafeMutablePointer<lxw_workbook>?, data dataSheetName: String,
                                 rows: ClosedRange<UInt32>, path: String) throws -> UnsafeMutablePointer<lxw_chart> {
        let (first, last) = (rows.lowerBound, rows.upperBound)
        let type: UInt8
        switch block.kind {
        case .column, .clusteredColumn, .dots: type = UInt8(LXW_CHART_COLUMN.rawValue)
        case .bar: type = UInt8(LXW_CHART_BAR.rawValue)
        case .stackedBar: type = UInt8(LXW_CHART_BAR_STACKED.rawValue)
        }
        guard let chart = workbook_add_chart(workbook, block.kind == .dots ? UInt8(LXW_CHART_LINE.rawValue) : type) else {
            throw WorkbookError.failed(path: path, step: "adding the chart '\(block.title)'", reason: "the workbook library refused it")
        }
        block.title.withCString { chart_title_set_name(chart, $0) }
        if block.kind == .dots { try dots(block, chart: chart, data: dataSheetName, rows: rows, path: path) }
        for (column, _) in block.series.enumerated() where block.kind != .dots {
            guard let series = chart_add_series(chart, nil, nil) else {
                throw WorkbookError.failed(path: path, step: "adding a series to the chart '\(block.title)'", reason: "the workbook library refused it")
            }
            if block.kind == .stackedBar {
                // Likert answers in a diverging palette: red for disagreement, grey neutral, blue agreement.
                var fill = lxw_chart_fill()
                fill.color = likertColour(column, of: block.series.count)
                chart_series_set_fill(series, &fill)
            }
            dataSheetName.withCString { sheetName in
                chart_series_set_categories(series, sheetName, first + 1, 0, last, 0)
                chart_series_set_values(series, sheetName, first + 1, UInt16(column + 1), last, UInt16(column + 1))
                chart_series_set_name_range(series, sheetName, first, UInt16(column + 1))
            }
        }
        // In a bar chart the category axis is the vertical one.
        let horizontal = block.kind == .bar || block.kind == .stackedBar
        let categoryAxis = horizontal ? chart.pointee.y_axis : chart.pointee.x_axis
        let valueAxis = horizontal ? chart.pointee.x_axis : chart.pointee.y_axis
        block.xAxis.withCString { chart_axis_set_name(categoryAxis, $0) }
        block.yAxis.withCString { chart_axis_set_name(valueAxis, $0) }
        if block.percent { chart_axis_set_num_format(valueAxis, "0%") }
        chart_axis_set_min(valueAxis, 0)
        if block.series.count == 1 && block.kind != .dots { chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_NONE.rawValue)) } else {
            chart_legend_set_position(chart, UInt8(LXW_CHART_LEGEND_BOTTOM.rawValue))
        }
        if block.kind == .bar || block.kind == .stackedBar {
            // Bar charts list categories bottom-up; reverse so they read in table order.
            chart_axis_set_reverse(chart.pointee.y_axis)
        }
        if let maximum = block.maximum { chart_axis_set_max(valueAxis, maximum) }
        return chart
    }

    /// The series of a `dots` chart (libxlsxwriter combines no chart types, so a rate, its interval and the benchmark
    /// share one line chart): the values (a dot each, no line between categories), each dot's interval as error bars
    /// (Excel and LibreOffice both draw them; up–down bars, which LibreOffice leaves out of a line chart, are not
    /// used), and the benchmark (a dashed line). Several series are spread first (`ChartBlock.spread`), so that no
    /// two dots or intervals share a place.
    private static func dots(_ block: ChartBlock, chart: UnsafeMutablePointer<lxw_chart>, data dataSheetName: String,
                             rows: ClosedRange<UInt32>, path: String) throws {
        let columns = ChartColumns(block)
        let (first, last) = (rows.lowerBound, rows.upperBound)
        enum Look { case dot(Int), benchmark }
        @discardableResult
        func add(_ column: UInt16, _ look: Look) throws -> UnsafeMutablePointer<lxw_chart_series> {
            guard let series = chart_add_series(chart, nil, nil) else {
                throw WorkbookError.failed(path: path, step: "adding a series to the chart '\(block.title)'", reason: "the workbook library refused it")
            }
            dataSheetName.withCString { sheetName in
                chart_series_set_categories(series, sheetName, first + 1, 0, last, 0)
                chart_series_set_values(series, sheetName, first + 1, column, last, column)
                chart_series_set_name_range(series, sheetName, first, column)
            }
            var style = lxw_chart_line()
            switch look {
            case let .dot(index):
                style.none = 1
                chart_series_set_line(series, &style)
                var mark = lxw_chart_line()
                var fill = lxw_chart_fill()
                let colours: [UInt32] = [0x2166AC, 0xD6604D, 0x4D9221, 0x762A83, 0x8C510A, 0x01665E]
                mark.color = colours[index % colours.count]
                fill.color = colours[index % colours.count]
                chart_series_set_marker_type(series, UInt8(LXW_CHART_MARKER_CIRCLE.rawValue))
                chart_series_set_marker_size(series, 8)
                chart_series_set_marker_line(series, &mark)
                chart_series_set_marker_fill(series, &fill)
            case .benchmark:
                style.color = 0xC00000
                style.dash_type = UInt8(LXW_CHART_LINE_DASH_DASH.rawValue)
                style.width = 1.5
                chart_series_set_line(series, &style)
                chart_series_set_marker_type(series, UInt8(LXW_CHART_MARKER_NONE.rawValue))
            }
            return series
        }
        for index in block.series.indices {
            let series = try add(UInt16(index + 1), .dot(index))
            // A series with its intervals: error bars from each value to its interval's ends. libxlsxwriter writes
            // error bars of one fixed size only; `ErrorBars.write` points these at the distances on the chart data
            // sheet once the workbook is written.
            if columns.plus(index) != nil, let bars = chart_series_get_error_bars(series, LXW_CHART_ERROR_BAR_AXIS_Y) {
                chart_series_set_error_bars(bars, UInt8(LXW_CHART_ERROR_BAR_TYPE_FIXED.rawValue), 0)
                var line = lxw_chart_line()
                line.color = 0x222222
                line.width = 1.25
                chart_series_set_error_bars_line(bars, &line)
            }
        }
        if let benchmark = columns.benchmark { try add(benchmark, .benchmark) }
    }

    /// Where a chart block's columns sit on the chart data sheet: the categories, one per series, then each series'
    /// interval ends, then the benchmark.
    struct ChartColumns {
        let series: Int
        let hasIntervals: [Bool]
        let hasBenchmark: Bool

        init(_ block: ChartBlock) {
            series = block.series.count
            hasIntervals = block.series.indices.map { index in
                (block.intervals?.count ?? 0) > index && block.intervals?[index].contains { !$0.low.isNaN } == true
            }
            hasBenchmark = block.benchmark != nil
        }

        private func offset(_ index: Int) -> Int { hasIntervals.prefix(index).filter { $0 }.count * 2 }
        func low(_ index: Int) -> UInt16? { hasIntervals[index] ? UInt16(series + 1 + offset(index)) : nil }
        func high(_ index: Int) -> UInt16? { low(index).map { $0 + 1 } }
        var benchmark: UInt16? { hasBenchmark ? UInt16(series + 1 + offset(series)) : nil }
        /// A series with its intervals: the distances from each value up to its interval's upper end and down to
        /// its lower end, which the series' error bars read (after the benchmark, series after series).
        func plus(_ index: Int) -> UInt16? {
            guard hasIntervals[index] else { return nil }
            return UInt16(series + 1 + offset(series) + (hasBenchmark ? 1 : 0) + offset(index))
        }
        func minus(_ index: Int) -> UInt16? { plus(index).map { $0 + 1 } }
    }

    /// The sheet of native charts and the sheet of the numbers they are drawn from.
    static func chartsSheet(_ language: StudyLanguage) -> Sheet {
        Sheet("Charts", about: "native Excel charts of the tables", language)
    }

    static func chartDataSheet(_ language: StudyLanguage) -> Sheet {
        Sheet("Chart data", about: "the values the charts are drawn from", language)
    }

    /// The width an A4 landscape page prints on, in points: 29.7 cm less libxlsxwriter's margins (0.7 in each side).
    static let printableWidth = (29.7 / 2.54 - 1.4) * 72

    /// The smallest print scale a sheet is shrunk to so that it fits one page wide: below it, text is too small to read.
    static let smallestScale = 0.6

    /// A column `width` characters wide (Excel's unit: the default font's digit, 7 pixels, plus 5 pixels of padding) in
    /// points.
    static func points(_ width: Double) -> Double { (width * 7 + 5) * 0.75 }

    /// Printing: A4 landscape, the header row repeated on every page; one page wide when the columns (`widths`, in
    /// Excel's characters) fit at `smallestScale` or more, otherwise at full size, the columns going on across pages
    /// with the first one repeated on each.
    static func printSetup(_ sheet: UnsafeMutablePointer<lxw_worksheet>, repeatHeader: Bool, widths: [Double] = []) {
        worksheet_set_landscape(sheet)
        worksheet_set_paper(sheet, 9)
        if repeatHeader { worksheet_repeat_rows(sheet, 0, 0) }
        let total = widths.map(points).reduce(0, +)
        // A little room under the limit: a spreadsheet rounds each column to whole pixels.
        if total <= printableWidth / smallestScale * 0.97 {
            worksheet_fit_to_pages(sheet, 1, 0)
        } else {
            worksheet_repeat_columns(sheet, 0, 0)
            // Across first: a wide table is read row by row, its next columns on the next page.
            worksheet_print_across(sheet)
        }
    }

    /// The diverging palette of the report's Likert charts (ColorBrewer RdBu), as 0xRRGGBB.
    static func likertColour(_ point: Int, of count: Int) -> UInt32 {
        let low: [UInt32] = [0xB2182B, 0xD6604D, 0xF4A582, 0xFDDBC7]
        let high: [UInt32] = [0xD1E5F0, 0x92C5DE, 0x4393C3, 0x2166AC]
        let half = count / 2
        if count % 2 == 1 && point == half { return 0xD9D9D9 }
        if point < half { return low[min(3, point * 4 / max(half, 1))] }
        let offset = point - (count + 1) / 2
        return high[max(0, 3 - (half - 1 - offset) * 4 / max(half, 1))]
    }

    struct Formats {
        var header, decimal, percent, integer, p: UnsafeMutablePointer<lxw_format>?
        /// Number formats by decimals, 0 to `maxPlaces`.
        var places: [UnsafeMutablePointer<lxw_format>?] = []
    }

    /// The most decimals a number cell shows.
    static let maxPlaces = 6

    /// How many decimals `value` has, up to `limit`: 0 for 23, 1 for 41.7, `limit` for 1/3.
    static func decimals(_ value: Double, limit: Int) -> Int {
        var scaled = value
        for count in 0..<limit {
            if abs(scaled - scaled.rounded()) < 1e-9 * max(1, abs(scaled)) { return count }
            scaled *= 10
        }
        return limit
    }

    /// Writes one table into as many sheets as Excel's row limit needs, a row at a time: column widths from the
    /// header and the first rows, a bold frozen header, numbers as numbers, every text as a string.
    final class TableSheets {
        let table: ResultTable
        /// The machine names of the table's columns (an interval is two), which choose a number's format.
        let names: [String]
        let wordings: [[String: String]]
        let sheetName: String
        let language: StudyLanguage
        let workbook: UnsafeMutablePointer<lxw_workbook>
        let formats: Formats
        let check: (lxw_error, String) throws -> Void
        let labels: [String]
        let pColumns: Set<Int>
        var shareColumns: Set<Int>
        /// What a failed cell was part of, made once (it was interpolated for every cell written).
        let writing: String
        /// Rows held back until there are enough to size the columns by.
        var sample: [[Value]] = []
        var widths: [Double]?
        /// Per machine column, the decimals its numbers show: as many as the sampled values have (none for ages and
        /// years), at most as many as the column's kind gives (two for a mean).
        var places: [Int] = []
        /// The decimals each machine column's kind gives.
        let declared: [Int]
        var sheet: UnsafeMutablePointer<lxw_worksheet>?
        var part = 0
        var rowNumber: UInt32 = 0
        static let sampleSize = 2_000

        init(table: ResultTable, language: StudyLanguage, workbook: UnsafeMutablePointer<lxw_workbook>, formats: Formats,
             check: @escaping (lxw_error, String) throws -> Void) {
            self.table = table
            self.language = language
            self.workbook = workbook
            self.formats = formats
            self.check = check
            labels = table.machineLabels
            names = table.machineNames
            wordings = table.machineWordings
            sheetName = table.sheet?.name ?? table.title
            writing = "writing \(sheetName)"
            // p-values: `p`, and a test's or an adjustment's (`paired_p`, `p_holm`, `p_adjusted`).
            pColumns = Set(names.enumerated().filter { $0.element == "p" || $0.element.hasPrefix("p_") || $0.element.hasSuffix("_p") }.map(\.offset))
            shareColumns = Set(names.enumerated().filter { $0.element == "share" || $0.element.hasPrefix("completion") }.map(\.offset))
            declared = table.columns.flatMap { column -> [Int] in
                switch column.kind {
                case let .number(decimals): return [decimals]
                case let .interval(decimals): return [decimals, decimals]
                default: return Array(repeating: 2, count: column.machineWidth)
                }
            }
            // Shares (0 to 1) as percentages: a column of shares, and the share of a count with its share.
            var offset = 0
            var shares = shareColumns
            for column in table.columns {
                switch column.kind {
                case .percent: shares.insert(offset)
                case .countShare: shares.insert(offset + 1)
                default: break
                }
                offset += column.machineWidth
            }
            shareColumns = shares
        }

        func append(_ row: [Value]) throws {
            let row = table.machineCells(row)
            if widths == nil {
                sample.append(row)
                if sample.count == Self.sampleSize { try flushSample() }
                return
            }
            try write(row)
        }

        func finish() throws {
            if widths == nil { try flushSample() }
            if sheet == nil { try openSheet() }  // a table with no rows still gets its header (the Study sheet)
            closeSheet()
        }

        private func flushSample() throws {
            // Wide enough to read, never wider than 60.
            widths = names.indices.map { column in
                var width = labels[column].count + 4
                for row in sample where column < row.count {
                    switch row[column] {
                    case let .text(machine): width = max(width, min((wordings[column][machine] ?? machine).count, 60) + 2)
                    case .number: width = max(width, 10)
                    case let .count(value): width = max(width, String(value).count + 2)
                    default: break
                    }
                }
                return Double(min(width, 60))
            }
            places = names.indices.map { column in
                let limit = min(column < declared.count ? declared[column] : 2, maxPlaces)
                return sample.reduce(0) { most, row in
                    guard column < row.count, case let .number(value) = row[column], value.isFinite else { return most }
                    return max(most, decimals(value, limit: limit))
                }
            }
            let rows = sample
            sample = []
            for row in rows { try write(row) }
        }

        private func openSheet() throws {
            let name = part == 0 ? sheetName : "\(sheetName) \(part + 1)"
            part += 1
            guard let sheet = name.withCString({ workbook_add_worksheet(workbook, $0) }) else {
                throw WorkbookError.failed(path: sheetName, step: "adding sheet \(name)", reason: "libxlsxwriter refused it")
            }
            self.sheet = sheet
            for (column, width) in (widths ?? []).enumerated() { worksheet_set_column(sheet, UInt16(column), UInt16(column), width, nil) }
            for (column, name) in labels.enumerated() {
                try name.withCString {
                    try check(worksheet_write_string(sheet, 0, UInt16(column), $0, formats.header), "writing the \(sheetName) header")
                }
            }
            rowNumber = 0
        }

        private func closeSheet() {
            guard let sheet else { return }
            worksheet_freeze_panes(sheet, 1, 0)
            if !names.isEmpty {
                worksheet_autofilter(sheet, 0, 0, max(1, rowNumber), UInt16(names.count - 1))
            }
            printSetup(sheet, repeatHeader: true, widths: widths ?? [])
            self.sheet = nil
        }

        private func write(_ row: [Value]) throws {
            if sheet == nil { try openSheet() }
            rowNumber += 1
            // Opened on the line above when there was none (openSheet sets it or throws).
            guard let sheet else { throw WorkbookError.failed(path: sheetName, step: "writing row \(rowNumber)", reason: "no sheet is open") }
            for (column, cell) in row.enumerated() {
                let col = UInt16(column)
                switch cell {
                case let .text(machine):
                    let text = wordings[column][machine] ?? machine
                    // Characters are counted only when the bytes could exceed the limit (a character is one byte or more).
                    let clipped = text.utf8.count > maxCellCharacters && text.count > maxCellCharacters
                        ? String(text.prefix(maxCellCharacters - 1)) + "…" : text
                    // Always a string: text a participant said that begins with = + - @ stays text, never a formula.
                    try clipped.withCString { try check(worksheet_write_string(sheet, rowNumber, col, $0, nil), writing) }
                case let .number(number):
                    guard number.isFinite else { continue }
                    let place = column < places.count ? places[column] : 2
                    let format = pColumns.contains(column) ? formats.p : shareColumns.contains(column) ? formats.percent
                        : place < formats.places.count ? formats.places[place] : formats.decimal
                    try check(worksheet_write_number(sheet, rowNumber, col, number, format), writing)
                case let .count(value):
                    try check(worksheet_write_number(sheet, rowNumber, col, Double(value), formats.integer), writing)
                default:
                    continue
                }
            }
            if rowNumber == UInt32(maxRows - 1) { closeSheet() }
        }
    }

    /// The data behind the native charts: SUS score distribution, category shares, sub-scores by group, the
    /// answer distribution of each Likert item, and completion, SEQ and time per task.
    static func chartBlocks(_ snapshot: StudyData) -> [ChartBlock] {
        var blocks: [ChartBlock] = []
        for questionnaire in snapshot.questionnaires {
            guard let graded = questionnaire.definition.formula.gradedScore(of: questionnaire.definition) else { continue }
            let scores = questionnaire.report.distributions[graded] ?? [:]
            guard !scores.isEmpty else { continue }
            let bins = Histogram.susBins(scores)
            blocks.append(ChartBlock(title: ("SUS score distribution" as Sentence).text(snapshot.info.language), kind: .column,
                                     categoryHeader: "SUS", categories: bins.map(\.label),
                                     series: [(("Participants" as Sentence).text(snapshot.info.language), bins.map { Double($0.count) })],
                                     xAxis: ("SUS score" as Sentence).text(snapshot.info.language), yAxis: ("Participants" as Sentence).text(snapshot.info.language)))
        }
        let used = snapshot.frequencies.rows
        if !used.isEmpty && snapshot.codes.count > 0 {
            blocks.append(ChartBlock(title: ("Share of participants raising each category" as Sentence).text(snapshot.info.language),
                                     kind: .bar, categoryHeader: ("Category" as Sentence).text(snapshot.info.language), categories: used.map(\.category),
                                     series: [(("Participants (%)" as Sentence).text(snapshot.info.language), used.map(\.overall.share))],
                                     xAxis: ("Category" as Sentence).text(snapshot.info.language), yAxis: ("Participants" as Sentence).text(snapshot.info.language), percent: true))
        }
        for questionnaire in snapshot.questionnaires where !questionnaire.definition.scoreIDs.isEmpty && !questionnaire.report.groups.isEmpty {
            let ids = questionnaire.definition.scoreIDs.filter { id in questionnaire.report.overall.first?.summaries.contains { $0.scoreID == id } == true }
            guard !ids.isEmpty, questionnaire.report.groups.allSatisfy({ $0.task == nil }) else { continue }
            // Each series named by its measurement and group, as the report's chart names it (two prototypes of one
            // group are two series, never two of the same name).
            let series = questionnaire.report.groups.map { group in
                (ScoreGroupLabel.label(group, name: group.name == ScoreReport.allName ? nil : snapshot.groupValue(group.name), snapshot.info.language, labels: snapshot.labels), ids.map { id in group.summaries.first { $0.scoreID == id }?.statistics.mean ?? 0 })
            }
            blocks.append(ChartBlock(title: "\(questionnaire.definition.id.uppercased()): " + (("scores by group" as Sentence).text(snapshot.info.language)),
                                     kind: .clusteredColumn, categoryHeader: ("Score" as Sentence).text(snapshot.info.language),
                                     categories: ids.map { ScoreNames.name($0, questionnaire.definition, snapshot.info.language) }, series: series,
                                     xAxis: ("Score" as Sentence).text(snapshot.info.language), yAxis: ("Mean" as Sentence).text(snapshot.info.language)))
        }
        for questionnaire in snapshot.questionnaires {
            // The report's per-item counts (none when the sets span several occasions: no chart of zeros then); a
            // per-task instrument's per task and item.
            guard let scale = questionnaire.definition.scale else { continue }
            let likert = Set(questionnaire.definition.items.filter { $0.kind == .likert }.map(\.number))
            let items = questionnaire.report.items.filter { likert.contains($0.item) }
            guard !items.isEmpty else { continue }
            let points = Array(scale.min...scale.max)
            let series = points.map { point -> (String, [Double]) in
                let label = scale.anchor(point, language: snapshot.info.language).map { "\(point) \($0)" } ?? String(point)
                return (label, items.map { item in Double(item.distribution.first { $0.point == point }?.count ?? 0) })
            }
            blocks.append(ChartBlock(title: "\(questionnaire.definition.id.uppercased()): " + (("answers per item" as Sentence).text(snapshot.info.language)),
                                     kind: .stackedBar, categoryHeader: ("Item" as Sentence).text(snapshot.info.language),
                                     categories: items.map { "\(questionnaire.definition.id.uppercased()) \($0.item)" + ($0.task.map { " · \($0)" } ?? "") }, series: series,
                                     xAxis: ("Item" as Sentence).text(snapshot.info.language), yAxis: ("Answers" as Sentence).text(snapshot.info.language)))
        }
        return blocks + taskChartBlocks(snapshot)
    }
}

extension WorkbookWriter {
    /// The task charts of a slide deck: completion rate, SEQ and time per task, the tasks by their titles, one
    /// series per group when the summary is grouped (`--by`, or the study's conditions), else one.
    static func taskChartBlocks(_ snapshot: StudyData) -> [ChartBlock] {
        let language = snapshot.info.language
        let rows = snapshot.taskSummary
        guard !rows.isEmpty else { return [] }
        let taskKeys = NaturalOrder.distinct(rows.map(\.task), preferring: snapshot.tasks.map(\.key))
        let titles = taskKeys.map { key in snapshot.tasks.first { $0.key == key }?.title ?? key }
        let groups = NaturalOrder.distinct(rows.map { $0.group.joined(separator: " · ") })
        let names = Charts.taskGroupNames(rows.map(\.group), language: language, groupings: snapshot.taskGroupNames,
                                          labels: snapshot.labels, attribute: snapshot.groupAttribute)
        // Each series named in full: its factors, by their labels, with their levels ("aparelho: celular").
        let fullNames = names
        func row(_ task: String, _ group: String) -> TaskSummaryRow? {
            rows.first { $0.task == task && $0.group.joined(separator: " · ") == group }
        }
        func series(_ value: (TaskSummaryRow) -> Double?) -> [(name: String, values: [Double])] {
            groups.map { group in (fullNames[group] ?? names[group] ?? group, taskKeys.map { task in row(task, group).flatMap(value) ?? .nan }) }
        }
        let taskWord = ("Task" as Sentence).text(language)
        var blocks: [ChartBlock] = []
        if rows.contains(where: { $0.completion != nil }) {
            // Capped at 100 %, with the 78 % benchmark as a line and each rate's interval; several groups side by side.
            let intervals = groups.map { group in
                taskKeys.map { task in row(task, group)?.completion.map { (low: $0.ci95.lowerBound, high: $0.ci95.upperBound) } ?? (low: .nan, high: .nan) }
            }
            blocks.append(ChartBlock(title: ("Completion rate per task" as Sentence).text(language), kind: .dots, categoryHeader: taskWord,
                                     categories: titles, series: series { $0.completion?.rate }, xAxis: taskWord,
                                     yAxis: ("Completion" as Sentence).text(language), percent: true,
                                     benchmark: (("Average completion \(NumberStyle(language).percent(TaskBenchmarks.completion, decimals: 0))" as Sentence).text(language),
                                                 TaskBenchmarks.completion),
                                     intervals: intervals, maximum: 1, intervalName: ResultTable.intervalLabel(snapshot.confidence, language)).spread())
        }
        if rows.contains(where: { $0.seqMean != nil }) {
            blocks.append(ChartBlock(title: ("SEQ per task (mean, 1–7)" as Sentence).text(language), kind: .clusteredColumn, categoryHeader: taskWord,
                                     categories: titles, series: series(\.seqMean), xAxis: taskWord, yAxis: "SEQ"))
        }
        if rows.contains(where: { $0.time?.geometricMean != nil }) {
            blocks.append(ChartBlock(title: ("Time per task (s, geometric mean)" as Sentence).text(language), kind: .clusteredColumn, categoryHeader: taskWord,
                                     categories: titles, series: series { $0.time?.geometricMean?.value }, xAxis: taskWord,
                                     yAxis: ("Time (s)" as Sentence).text(language)))
        }
        return blocks
    }
}

/// Bins for a SUS score histogram: 0–9.9, 10–19.9, …, 90–100.
enum Histogram {
    /// Bins the report's counts of distinct scores (score → how many participants) without expanding them: a
    /// million participants' scores would be a transient 8 MB array per pass.
    static func susBins(_ counts: [Double: Int]) -> [(label: String, count: Int)] {
        var bins = [Int](repeating: 0, count: 10)
        for (score, count) in counts {
            bins[min(9, max(0, Int((score / 10).rounded(.down))))] += count
        }
        return bins.indices.map { bin in (bin == 9 ? "90–100" : "\(bin * 10)–\(bin * 10 + 9)", bins[bin]) }
    }
}
