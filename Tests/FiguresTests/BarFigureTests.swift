import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GoldenFiles
import Testing
@testable import Figures

/// The horizontal bar chart: its SVG pinned by a golden file, and what any such chart must do whatever its layout.
@Suite struct BarFigureTests {
    static let labels = ["Navegação", "Feedback visual", "Precisão do olhar", "Calibração"]
    static let values = [12, 7, 5, 1]
    static let figure = BarFigure.horizontal(labels: labels, values: values, title: "Códigos por categoria", valueTitle: "Trechos")

    @Test func theSVGOfASmallBarChartIsPinned() {
        assertGolden(Self.figure.svg(), named: "bars.svg")
    }

    /// The bars drawn with the chart's fill, in the order given.
    static func bars(_ figure: Figure) -> [(x: Double, y: Double, width: Double, height: Double)] {
        figure.elements.compactMap {
            if case let .rect(x, y, width, height, fill) = $0, fill == Figure.Colour(hex: "#4C72B0") { return (x, y, width, height) }
            return nil
        }
    }

    @Test func barLengthsAreProportionalToTheValuesAndTheirOrderIsKept() {
        let bars = Self.bars(Self.figure)
        #expect(bars.count == Self.values.count)
        // One left edge; each bar below the one before; length over value the same for every bar.
        #expect(Set(bars.map(\.x)).count == 1)
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.y < $1.y })
        let unit = bars[0].width / Double(Self.values[0])
        for (bar, value) in zip(bars, Self.values) {
            #expect(abs(bar.width - unit * Double(value)) < 1e-9, "bar of \(value) is \(bar.width) long, expected \(unit * Double(value))")
        }
        // The longest bar ends where the plot ends, inside the picture with room for its value label.
        #expect(bars[0].x + bars[0].width < Self.figure.width - 40)
    }

    @Test func everyLabelAndValueIsTextAPersonCanSelect() throws {
        let texts = Self.figure.texts
        #expect(texts.first == "Códigos por categoria")
        #expect(texts.last == "Trechos")
        for (label, value) in zip(Self.labels, Self.values) {
            let index = try #require(texts.firstIndex(of: label), "label \(label)")
            #expect(texts[index + 1] == String(value), "the value follows its label")
        }
        // In the SVG every text is a <text> element (not glyph paths), escaped, and the document parses as XML.
        let svg = Self.figure.svg()
        let collector = TextCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "the SVG is well-formed XML")
        #expect(collector.texts == texts)
        #expect(collector.width == "453.50pt", "printed at the thesis text width, 16 cm")
    }

    @Test func markupInALabelIsEscaped() {
        let figure = BarFigure.horizontal(labels: ["<b>&\"x\""], values: [3], title: "A & B")
        let svg = figure.svg()
        #expect(svg.contains(">&lt;b&gt;&amp;&quot;x&quot;</text>"))
        #expect(svg.contains(">A &amp; B</text>"))
        #expect(!svg.contains("<b>"))
    }

    @Test func theSameChartDrawnAsPNGHasThePrintSizeAt300DPI() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bars-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.figure.write(to: path, format: .png)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        // IHDR: width and height, big-endian, at bytes 16–23.
        func word(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let scale = Figure.printWidthPoints / Self.figure.width * Figure.pngDPI / 72
        #expect(word(16) == Int((Self.figure.width * scale).rounded(.up)))
        #expect(word(20) == Int((Self.figure.height * scale).rounded(.up)))
    }

    final class TextCollector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var width: String?
        private var current: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "svg" { width = attributes["width"] }
            if name == "text" { current = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let current { texts.append(current) }
            if name == "text" { current = nil }
        }
    }
}
