import Foundation
import ZIPFoundation

/// A chart's interval drawn as error bars of custom lengths, read from the chart data sheet.
///
/// libxlsxwriter 1.1 writes error bars of one size for every point only (fixed, percentage, standard deviation or
/// error), and combines no chart types, so a rate's own interval has no native form; up–down bars between two series
/// of interval ends are drawn by Excel but not by LibreOffice. OOXML's custom error bars (`c:errValType val="cust"`
/// with `c:plus`/`c:minus` ranges, ECMA-376 Part 1, §21.2.2.55) are drawn by both. So the writer asks libxlsxwriter for
/// fixed error bars on the series, and this rewrites them, once the workbook is written and before it takes its name,
/// to read each point's distances up and down from two columns of the chart data sheet. By hand because no library
/// here writes them.
struct ErrorBars: Equatable {
    /// The columns (0-based) of a series' distances up to its interval's upper end and down to its lower end.
    struct Distances: Equatable {
        var plus: UInt16
        var minus: UInt16
    }

    /// The chart's number in the package (`xl/charts/chartN.xml`: libxlsxwriter numbers charts as they are added).
    var chart: Int
    /// The sheet holding the distances.
    var sheet: String
    /// The rows of the points (0-based).
    var rows: ClosedRange<UInt32>
    /// Per series with error bars, in the chart's order, the columns of its distances.
    var series: [Distances]

    /// An A1 reference to `column` over `rows` on `sheet`: `'Chart data'!$F$2:$F$4`.
    static func reference(sheet: String, column: UInt16, rows: ClosedRange<UInt32>) -> String {
        var letters = ""
        var number = Int(column) + 1
        while number > 0 {
            let remainder = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            number = (number - 1) / 26
        }
        let quoted = "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'"
        return "\(quoted)!$\(letters)$\(rows.lowerBound + 1):$\(letters)$\(rows.upperBound + 1)"
    }

    /// `xml` (a chart part) with each of its error bars, in order, reading its series' distances; the bars' line kept.
    func rewrite(_ xml: String) throws -> String {
        var xml = xml
        var from = xml.startIndex
        for distances in series {
            guard let start = xml.range(of: "<c:errBars>", range: from..<xml.endIndex),
                  let end = xml.range(of: "</c:errBars>", range: start.upperBound..<xml.endIndex) else {
                throw ErrorBarsFailure(reason: "chart \(chart) has fewer error bars than the \(series.count) series with intervals")
            }
            let old = xml[start.upperBound..<end.lowerBound]
            let line = old.range(of: "<c:spPr>").flatMap { open in old.range(of: "</c:spPr>").map { String(old[open.lowerBound..<$0.upperBound]) } } ?? ""
            func escaped(_ text: String) -> String {
                text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            }
            func range(_ element: String, _ column: UInt16) -> String {
                "<c:\(element)><c:numRef><c:f>\(escaped(Self.reference(sheet: sheet, column: column, rows: rows)))</c:f></c:numRef></c:\(element)>"
            }
            let bars = "<c:errDir val=\"y\"/><c:errBarType val=\"both\"/><c:errValType val=\"cust\"/><c:noEndCap val=\"0\"/>"
                + range("plus", distances.plus) + range("minus", distances.minus) + line
            let offset = xml.distance(from: xml.startIndex, to: start.upperBound) + bars.count
            xml.replaceSubrange(start.upperBound..<end.lowerBound, with: bars)
            from = xml.index(xml.startIndex, offsetBy: offset)
        }
        return xml
    }

    /// Rewrites each chart of `bars` in the workbook package at `path`.
    static func write(_ bars: [ErrorBars], into path: String) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .update)
        for bar in bars {
            let name = "xl/charts/chart\(bar.chart).xml"
            guard let entry = archive[name] else { throw ErrorBarsFailure(reason: "\(name) is not in the workbook") }
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: true) { data.append($0) }
            let rewritten = Data(try bar.rewrite(String(decoding: data, as: UTF8.self)).utf8)
            try archive.remove(entry)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(rewritten.count), compressionMethod: .deflate) { position, size in
                rewritten.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }
}

struct ErrorBarsFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
