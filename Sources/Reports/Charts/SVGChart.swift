import Foundation
import Surveys

/// Numbers as each language writes them: 2,82 in Portuguese, 2.82 in English.
public enum LocalNumber {
    public static func format(_ value: Double?, decimals: Int = 2, language: StudyLanguage) -> String {
        guard let value, value.isFinite else { return "–" }
        let text = String(format: "%.\(decimals)f", value)
        return language == .ptBR ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    public static func percent(_ share: Double?, decimals: Int = 0, language: StudyLanguage) -> String {
        guard let share else { return "–" }
        return format(share * 100, decimals: decimals, language: language) + (language == .ptBR ? " %" : "%")
    }
}

/// Small SVG charts sized for a thesis page (800 px wide, 14 px text), with every text escaped.
public enum SVGChart {
    static let width = 800.0
    static let font = "font-family=\"Helvetica, Arial, sans-serif\""
    static let palette = ["#2B6CB0", "#DD6B20", "#38A169", "#805AD5", "#D53F8C", "#319795", "#718096", "#B7791F", "#C53030", "#2C5282", "#9C4221"]

    /// Escapes text for SVG (XML) content and attributes.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\t" }) { result.append(character) }
            }
        }
        return result
    }

    static func header(height: Double, title: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-label="\(escape(title))">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(width / 2))" y="26" text-anchor="middle" \(font) font-size="17" font-weight="bold">\(escape(title))</text>

        """
    }

    /// Horizontal bars with their value at the end (category shares).
    public static func horizontalBars(title: String, labels: [String], values: [Double], maximum: Double,
                                      valueText: (Double) -> String) -> String {
        let rowHeight = 30.0
        let longest = Double(labels.map { min($0.count, 52) }.max() ?? 10)
        let labelWidth = min(430, max(120, longest * 7.4 + 20))
        let top = 50.0
        let height = top + Double(labels.count) * rowHeight + 20
        let plotWidth = width - labelWidth - 90
        var svg = header(height: height, title: title)
        for (index, (label, value)) in zip(labels, values).enumerated() {
            let y = top + Double(index) * rowHeight
            let length = maximum > 0 ? plotWidth * value / maximum : 0
            svg += "<text x=\"\(Int(labelWidth - 8))\" y=\"\(Int(y + 19))\" text-anchor=\"end\" \(font) font-size=\"14\">\(escape(truncate(label, 52)))</text>\n"
            svg += "<rect x=\"\(Int(labelWidth))\" y=\"\(Int(y + 5))\" width=\"\(String(format: "%.1f", length))\" height=\"20\" fill=\"\(palette[0])\"/>\n"
            svg += "<text x=\"\(Int(labelWidth + length + 6))\" y=\"\(Int(y + 19))\" \(font) font-size=\"14\">\(escape(valueText(value)))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// Vertical columns (a histogram).
    public static func columns(title: String, labels: [String], values: [Double], xTitle: String, yTitle: String) -> String {
        let height = 420.0
        let left = 70.0
        let bottom = 70.0
        let top = 50.0
        let plotHeight = height - top - bottom
        let plotWidth = width - left - 20
        let maximum = max(values.max() ?? 1, 1)
        let slot = plotWidth / Double(max(labels.count, 1))
        var svg = header(height: height, title: title)
        svg += axes(left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, maximum: maximum, yTitle: yTitle)
        for (index, (label, value)) in zip(labels, values).enumerated() {
            let barHeight = plotHeight * value / maximum
            let x = left + Double(index) * slot + slot * 0.15
            svg += "<rect x=\"\(String(format: "%.1f", x))\" y=\"\(String(format: "%.1f", top + plotHeight - barHeight))\" width=\"\(String(format: "%.1f", slot * 0.7))\" height=\"\(String(format: "%.1f", barHeight))\" fill=\"\(palette[0])\"/>\n"
            if value > 0 {
                svg += "<text x=\"\(String(format: "%.1f", x + slot * 0.35))\" y=\"\(String(format: "%.1f", top + plotHeight - barHeight - 5))\" text-anchor=\"middle\" \(font) font-size=\"13\">\(escape(NumberParser.format(value)))</text>\n"
            }
            svg += "<text x=\"\(String(format: "%.1f", x + slot * 0.35))\" y=\"\(Int(top + plotHeight + 20))\" text-anchor=\"middle\" \(font) font-size=\"13\">\(escape(label))</text>\n"
        }
        svg += "<text x=\"\(Int(left + plotWidth / 2))\" y=\"\(Int(height - 20))\" text-anchor=\"middle\" \(font) font-size=\"14\">\(escape(xTitle))</text>\n"
        return svg + "</svg>\n"
    }

    /// Grouped columns: one cluster per category (score), one column per series (group).
    public static func groupedColumns(title: String, categories: [String], series: [(name: String, values: [Double])],
                                      maximum: Double?, yTitle: String, valueText: (Double) -> String) -> String {
        let height = 460.0
        let left = 70.0
        let bottom = 100.0
        let top = 50.0
        let plotHeight = height - top - bottom
        let plotWidth = width - left - 20
        let top0 = maximum ?? max(series.flatMap(\.values).max() ?? 1, 1)
        let slot = plotWidth / Double(max(categories.count, 1))
        let barWidth = slot * 0.8 / Double(max(series.count, 1))
        var svg = header(height: height, title: title)
        svg += axes(left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, maximum: top0, yTitle: yTitle)
        for (c, category) in categories.enumerated() {
            for (s, entry) in series.enumerated() {
                let value = entry.values[c]
                let barHeight = plotHeight * value / top0
                let x = left + Double(c) * slot + slot * 0.1 + Double(s) * barWidth
                svg += "<rect x=\"\(String(format: "%.1f", x))\" y=\"\(String(format: "%.1f", top + plotHeight - barHeight))\" width=\"\(String(format: "%.1f", barWidth * 0.92))\" height=\"\(String(format: "%.1f", barHeight))\" fill=\"\(palette[s % palette.count])\"/>\n"
                svg += "<text x=\"\(String(format: "%.1f", x + barWidth * 0.46))\" y=\"\(String(format: "%.1f", top + plotHeight - barHeight - 4))\" text-anchor=\"middle\" \(font) font-size=\"11\">\(escape(valueText(value)))</text>\n"
            }
            svg += "<text x=\"\(String(format: "%.1f", left + Double(c) * slot + slot / 2))\" y=\"\(Int(top + plotHeight + 20))\" text-anchor=\"middle\" \(font) font-size=\"14\">\(escape(category))</text>\n"
        }
        svg += legend(series.map(\.name), y: height - 40)
        return svg + "</svg>\n"
    }

    /// Diverging stacked bars of Likert answers per item, centred on the scale's midpoint (Robbins & Heiberger
    /// 2011): disagreement to the left, agreement to the right, the neutral point split across the centre.
    /// With `lowIsPositive` (PSSUQ: 1 = strongly agree), the low end of the scale is drawn in the positive colour.
    public static func divergingLikert(title: String, items: [String], points: [String], counts: [[Int]], lowIsPositive: Bool = false) -> String {
        let rowHeight = 28.0
        let labelWidth = 90.0
        let top = 50.0
        let height = top + Double(items.count) * rowHeight + 70
        let plotWidth = width - labelWidth - 30
        let centre = labelWidth + plotWidth / 2
        var svg = header(height: height, title: title)
        let k = points.count
        for (index, (item, row)) in zip(items, counts).enumerated() {
            let total = Double(max(row.reduce(0, +), 1))
            let y = top + Double(index) * rowHeight
            svg += "<text x=\"\(Int(labelWidth - 8))\" y=\"\(Int(y + 18))\" text-anchor=\"end\" \(font) font-size=\"13\">\(escape(item))</text>\n"
            // Start left of centre by the share of the lower half (and half the middle point for odd scales).
            var lower = 0.0
            for point in 0..<(k / 2) { lower += Double(row[point]) }
            if k % 2 == 1 { lower += Double(row[k / 2]) / 2 }
            var x = centre - plotWidth / 2 * lower / total
            for point in 0..<k {
                let w = plotWidth / 2 * Double(row[point]) / total
                if w > 0 {
                    svg += "<rect x=\"\(String(format: "%.1f", x))\" y=\"\(Int(y + 4))\" width=\"\(String(format: "%.1f", w))\" height=\"20\" fill=\"\(likertColour(lowIsPositive ? k - 1 - point : point, of: k))\"/>\n"
                }
                x += w
            }
        }
        svg += "<line x1=\"\(Int(centre))\" y1=\"\(Int(top))\" x2=\"\(Int(centre))\" y2=\"\(Int(top + Double(items.count) * rowHeight))\" stroke=\"#333\" stroke-width=\"1\"/>\n"
        svg += legend(points, y: height - 40, colours: (0..<k).map { likertColour(lowIsPositive ? k - 1 - $0 : $0, of: k) })
        return svg + "</svg>\n"
    }

    static func likertColour(_ point: Int, of count: Int) -> String {
        let low = ["#B2182B", "#D6604D", "#F4A582", "#FDDBC7"]
        let high = ["#D1E5F0", "#92C5DE", "#4393C3", "#2166AC"]
        let half = count / 2
        if count % 2 == 1 && point == half { return "#E0E0E0" }
        if point < half { return low[max(0, low.count - half + point)] }
        let offset = point - (count + 1) / 2
        return high[min(high.count - 1, offset + max(0, high.count - half))]
    }

    static func axes(left: Double, top: Double, plotWidth: Double, plotHeight: Double, maximum: Double, yTitle: String) -> String {
        var svg = "<line x1=\"\(Int(left))\" y1=\"\(Int(top + plotHeight))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(Int(top + plotHeight))\" stroke=\"#333\"/>\n"
        svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(top))\" x2=\"\(Int(left))\" y2=\"\(Int(top + plotHeight))\" stroke=\"#333\"/>\n"
        let ticks = niceTicks(maximum)
        for (step, value) in ticks.enumerated() {
            let y = top + plotHeight - plotHeight * value / maximum
            svg += "<text x=\"\(Int(left - 8))\" y=\"\(Int(y + 5))\" text-anchor=\"end\" \(font) font-size=\"12\">\(escape(value == value.rounded() ? NumberParser.format(value) : String(format: "%.1f", value)))</text>\n"
            if step > 0 && value > 0 { svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(y))\" x2=\"\(Int(left + plotWidth))\" y2=\"\(Int(y))\" stroke=\"#ddd\"/>\n" }
        }
        svg += "<text x=\"18\" y=\"\(Int(top + plotHeight / 2))\" transform=\"rotate(-90 18 \(Int(top + plotHeight / 2)))\" text-anchor=\"middle\" \(font) font-size=\"14\">\(escape(yTitle))</text>\n"
        return svg
    }

    /// Round tick values from 0 up to `maximum` (1, 2 or 5 times a power of ten apart).
    static func niceTicks(_ maximum: Double) -> [Double] {
        guard maximum > 0 else { return [0] }
        let rough = maximum / 5
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
        return stride(from: 0, through: maximum + step * 1e-9, by: step).map { $0 }
    }

    static func legend(_ names: [String], y: Double, colours: [String]? = nil) -> String {
        var svg = ""
        var x = 20.0
        var row = y
        for (index, name) in names.enumerated() {
            let text = truncate(name, 30)
            let needed = 24 + Double(text.count) * 7.5 + 16
            if x + needed > width - 10 { x = 20; row += 20 }
            svg += "<rect x=\"\(Int(x))\" y=\"\(Int(row - 11))\" width=\"14\" height=\"14\" fill=\"\(colours?[index] ?? palette[index % palette.count])\"/>\n"
            svg += "<text x=\"\(Int(x + 20))\" y=\"\(Int(row + 1))\" \(font) font-size=\"13\">\(escape(text))</text>\n"
            x += needed
        }
        return svg
    }

    static func truncate(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }
}
