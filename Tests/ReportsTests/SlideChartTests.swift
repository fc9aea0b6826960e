import Figures
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Reports

/// The means chart as slides need it: a label on every bar, the tallest ones included; long task titles wrapped
/// and keyed; a labelled reference line; SVG whose texts are `<text>` elements.
@Suite struct SlideChartTests {
    /// Two groups × five tasks, the tallest bars at the top of a fixed 0–100 axis (where labels used to be left out).
    static func completionChart() -> Figure {
        let titles = ["Find the return policy on the help pages of the shop", "Change the delivery address", "Pay",
                      "Cancel an order that has already been handed to the carrier for delivery", "Rate"]
        let series = [
            Charts.MeanSeries(name: "Mobile", means: [100, 80, 96, 55, 100],
                              intervals: [79...100, 52...94, 75...100, 30...78, 79...100]),
            Charts.MeanSeries(name: "Desktop", means: [92, nil, 100, 61, 88], intervals: [66...99, nil, 79...100, 35...82, 60...98]),
        ]
        return Charts.means(categories: titles, series: series, norms: [], maximum: 100, yTitle: "Completion (%, 95% CI)", normLabel: "",
                            note: nil, valueText: { String(Int($0)) }, reference: .init(value: 78, label: "Average completion 78% (Sauro 2011)"),
                            wrapCategories: true, categoryKeys: ["T1", "T2", "T3", "T4", "T5"])
    }

    @Test func everyBarHasItsLabelInsideTheFigure() throws {
        let figure = Self.completionChart()
        var labels: [(String, Double)] = []
        for case let .text(text, _, y, _, _, _, _, _) in figure.elements where text.range(of: "^[0-9]+$", options: .regularExpression) != nil {
            labels.append((text, y))
        }
        // Nine bars (one mean missing), nine labels; the axis ticks (0, 20, …, 100) are the other numbers.
        let ticks = ["0", "20", "40", "60", "80", "100"]
        var barLabels = labels.map(\.0)
        for tick in ticks { if let index = barLabels.firstIndex(of: tick) { barLabels.remove(at: index) } }
        #expect(barLabels.sorted() == ["100", "100", "100", "55", "61", "80", "88", "92", "96"].sorted(), "\(labels)")
        #expect(labels.allSatisfy { $0.1 > 8 && $0.1 < figure.height }, "no label above the top of the figure: \(labels)")
        #expect(figure.texts.contains("Average completion 78% (Sauro 2011)"))
        // Titles on the axis, wrapped; the ones too long for two lines in full under the chart after their key.
        #expect(figure.texts.contains("Pay") && figure.texts.contains("Rate"))
        #expect(figure.texts.contains("T4: Cancel an order that has already been handed to the carrier for delivery"))
        #expect(figure.texts.contains { $0.hasSuffix("…") })
        #expect(figure.texts.contains { $0.hasPrefix("T4: Cancel") }, "a shortened title starts with its key: \(figure.texts)")
        #expect(!figure.texts.contains("T2"), "a title that fits is not keyed")
    }

    @Test func svgKeepsEveryTextAsText() throws {
        let figure = Self.completionChart()
        let svg = figure.svg()
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let texts = svg.components(separatedBy: "<text ").count - 1
        #expect(texts == figure.texts.count, "one <text> per text of the figure")
        #expect(svg.contains(">Average completion 78% (Sauro 2011)</text>"))
        #expect(!svg.contains("<path"), "no glyph outlines")
        let escaped = Charts.horizontalBars(labels: ["<b>&\"x\""], values: [5], maximum: 10, valueText: { "\($0)" }, axisTitle: "").svg()
        #expect(escaped.contains(">&lt;b&gt;&amp;&quot;x&quot;</text>"))
        // The file Figure.write makes is that document, parsed as XML.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slides-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.svg").path
        try figure.write(to: path, format: .svg)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: data, as: UTF8.self) == svg)
        #expect(try XMLDocument(data: data).rootElement()?.name == "svg")
        try figure.write(to: folder.appendingPathComponent("c.png").path, format: .png)
    }

    @Test func wrapsTitlesIntoTwoLinesAndMarksTheShortened() {
        let short = Charts.wrap("Change the delivery address", width: Figure.textWidth("Change the delivery", size: 11) + 2, size: 11, lines: 2)
        #expect(short.lines == ["Change the delivery", "address"] && !short.shortened)
        let long = Charts.wrap("Cancel an order that has already been handed to the carrier", width: 90, size: 11, lines: 2)
        #expect(long.lines.count == 2 && long.shortened && long.lines[1].hasSuffix("…"))
        #expect(long.lines.allSatisfy { Figure.textWidth($0, size: 11) <= 90 })
    }
}
