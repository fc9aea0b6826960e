import Figures
import Foundation
import Results
import Surveys
import Wording

/// Numbers as each language writes them: 2,82 in Portuguese, 2.82 in English.
public enum LocalNumber {
    public static func format(_ value: Double?, decimals: Int = 2, language: StudyLanguage) -> String {
        NumberStyle(language).number(value, decimals: decimals)
    }

    public static func percent(_ share: Double?, decimals: Int = 0, language: StudyLanguage) -> String {
        NumberStyle(language).percent(share, decimals: decimals)
    }
}

/// The charts of a report, as figures (drawn to SVG, PNG and PDF by `Figure.write`), sized for a thesis page.
/// Titles are left to the caption (a numbered "Figura 1 – …" / "Figure 1." under ABNT or APA), so the figure
/// itself carries axes, labels and legend only.
public enum Charts {
    static let width = 680.0
    static let palette = ["#2B6CB0", "#DD6B20", "#38A169", "#805AD5", "#D53F8C", "#319795", "#718096", "#B7791F", "#C53030", "#2C5282", "#9C4221"]
        .map(Figure.Colour.init(hex:))

    /// Horizontal bars with their value at the end (category shares), on a percentage axis.
    public static func horizontalBars(labels: [String], values: [Double], maximum: Double, valueText: (Double) -> String,
                                      axisTitle: String) -> Figure {
        let rowHeight = 26.0
        let longest = labels.map { Figure.textWidth(truncate($0, 48), size: 12) }.max() ?? 80
        let labelWidth = min(300, max(90, longest + 14))
        let top = 12.0
        let plotWidth = width - labelWidth - 70
        var figure = Figure(width: width, height: top + Double(labels.count) * rowHeight + 52)
        let bottom = top + Double(labels.count) * rowHeight
        for tick in niceTicks(maximum) {
            let x = labelWidth + plotWidth * tick / maximum
            figure.line(x, top, x, bottom, .grid)
            figure.text(format(tick), x, bottom + 16, size: 11, anchor: .middle)
        }
        for (index, (label, value)) in zip(labels, values).enumerated() {
            let y = top + Double(index) * rowHeight
            let length = maximum > 0 ? plotWidth * value / maximum : 0
            figure.text(fit(label, width: labelWidth - 12, size: 12), labelWidth - 8, y + 17, size: 12, anchor: .end)
            figure.rect(labelWidth, y + 5, length, 17, palette[0])
            figure.text(valueText(value), labelWidth + length + 5, y + 18, size: 11)
        }
        figure.line(labelWidth, top, labelWidth, bottom)
        figure.text(axisTitle, labelWidth + plotWidth / 2, bottom + 38, size: 12, anchor: .middle)
        return figure
    }

    /// Vertical columns (a histogram): whole-number counts on the axis.
    public static func columns(labels: [String], values: [Double], xTitle: String, yTitle: String) -> Figure {
        let height = 340.0
        let left = 60.0, bottom = 62.0, top = 16.0
        let plotHeight = height - top - bottom
        let plotWidth = width - left - 16
        let maximum = max(values.max() ?? 1, 1)
        // Room above the tallest column for its count.
        let ticks = niceTicks(maximum * 1.12, whole: true)
        let axisTop = ticks.last ?? maximum
        let slot = plotWidth / Double(max(labels.count, 1))
        var figure = Figure(width: width, height: height)
        axes(&figure, left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, ticks: ticks, maximum: axisTop, yTitle: yTitle)
        for (index, (label, value)) in zip(labels, values).enumerated() {
            let barHeight = plotHeight * value / axisTop
            let x = left + Double(index) * slot + slot * 0.15
            figure.rect(x, top + plotHeight - barHeight, slot * 0.7, barHeight, palette[0])
            if value > 0 { figure.text(format(value), x + slot * 0.35, top + plotHeight - barHeight - 4, size: 11, anchor: .middle) }
            figure.text(label, x + slot * 0.35, top + plotHeight + 16, size: 11, anchor: .middle)
        }
        figure.text(xTitle, left + plotWidth / 2, height - 16, size: 12, anchor: .middle)
        return figure
    }

    /// One series of a means chart: a group's mean of each category with its 95 % interval.
    public struct MeanSeries: Sendable {
        public var name: String
        public var means: [Double?]
        public var intervals: [ClosedRange<Double>?]
        public init(name: String, means: [Double?], intervals: [ClosedRange<Double>?]) {
            self.name = name
            self.means = means
            self.intervals = intervals
        }
    }

    /// A labelled reference line across a means chart: a published benchmark (78 % completion, Sauro 2011; SEQ
    /// 5.5, Sauro 2012), drawn dashed with its label above the line's right end.
    public struct Reference: Sendable {
        public var value: Double
        public var label: String
        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// Grouped columns of means with 95 % interval error bars, and a dashed norm line per category where there
    /// is one; `note` (e.g. "lower is better") is written under the axis.
    ///
    /// Every mean has its value written above its bar (above the interval's top when there is one); the plot
    /// leaves room above its top for the labels of the tallest bars, so none is clipped or left out. With
    /// `wrapCategories` (task titles) each category name is wrapped over up to two lines in its slot; a name
    /// that still does not fit is shortened with "…" and written in full in a key under the chart, after its
    /// `categoryKeys` entry (the task's key).
    public static func means(categories: [String], series: [MeanSeries], norms: [Double?], minimum: Double = 0, maximum: Double?,
                             yTitle: String, normLabel: String, note: String?, valueText: (Double) -> String,
                             reference: Reference? = nil, wrapCategories: Bool = false, categoryKeys: [String]? = nil) -> Figure {
        let firstSlot = (width - 76) / Double(max(categories.count, 1))
        // Category names wider than their slot are slanted (or wrapped, with `wrapCategories`), and the figure
        // grows to hold them (below, and on the left for the first name).
        let widest = categories.map { Figure.textWidth(truncate($0, 24), size: 12) }.max() ?? 0
        let slanted = !wrapCategories && widest > firstSlot * 0.95
        let firstWidth = categories.first.map { Figure.textWidth(truncate($0, 24), size: 12) } ?? 0
        let left = slanted ? max(60, firstWidth * 0.87 - firstSlot / 2 + 12) : 60
        let plotWidth = width - left - 16
        let slot = plotWidth / Double(max(categories.count, 1))
        var wrapped = categories.map { wrap($0, width: slot - 6, size: 11, lines: 2) }
        let shortened = wrapCategories ? categories.indices.filter { wrapped[$0].shortened } : []
        // A shortened name starts with its key, which leads to its full name in the key under the chart.
        for index in shortened {
            wrapped[index] = wrap("\(categoryKeys?[index] ?? String(index + 1)): \(categories[index])", width: slot - 6, size: 11, lines: 2)
        }
        let labelDepth = wrapCategories ? Double(wrapped.map(\.lines.count).max() ?? 1) * 13 + 8 : (slanted ? widest * 0.5 + 14 : 20)
        let barWidth = slot * 0.8 / Double(max(series.count, 1))
        // Value labels: 10-unit text across the bar when it fits, else smaller, else turned upright.
        let labels = series.map { entry in entry.means.map { $0.map(valueText) } }
        let widestLabel = labels.flatMap { $0.compactMap { $0 } }.map { Figure.textWidth($0, size: 10) }.max() ?? 0
        let labelSize = widestLabel <= barWidth + 4 ? 10.0 : max(7, 10 * (barWidth + 4) / max(widestLabel, 1))
        let upright = Figure.textWidth(labels.flatMap { $0.compactMap { $0 } }.max { $0.count < $1.count } ?? "", size: labelSize) > barWidth + 4
        let labelRoom = upright ? widestLabel * labelSize / 10 + 8 : labelSize + 6
        let top = 16.0 + labelRoom
        let keyLines = shortened.map { index in "\(categoryKeys?[index] ?? String(index + 1)): \(categories[index])" }
        let keyDepth = Double(keyLines.count) * 15 + (keyLines.isEmpty ? 0 : 6)
        let bottom = 72.0 + labelDepth + keyDepth
        let height = 272.0 + labelRoom + bottom
        let plotHeight = height - top - bottom
        let highest = series.flatMap { $0.intervals.compactMap { $0?.upperBound } + $0.means.compactMap { $0 } }.max() ?? 1
        let axisTop = maximum ?? (niceTicks(max(highest, norms.compactMap { $0 }.max() ?? 0, reference?.value ?? 0) * 1.05).last ?? highest)
        // A short scale (PSSUQ 1–7) gets a tick at every point.
        let ticks = axisTop - minimum <= 10 && minimum > 0 ? stride(from: minimum, through: axisTop, by: 1).map { $0 } : niceTicks(axisTop).filter { $0 >= minimum }
        var figure = Figure(width: width, height: height)
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * (min(max(value, minimum), axisTop) - minimum) / (axisTop - minimum) }
        axes(&figure, left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, ticks: ticks, maximum: axisTop, minimum: minimum, yTitle: yTitle)
        let referenceColour = Figure.Colour(hex: "#C53030")
        if let reference {
            figure.line(left, y(reference.value), left + plotWidth, y(reference.value), referenceColour, width: 1.6, dashed: true)
        }
        for (c, category) in categories.enumerated() {
            for (s, entry) in series.enumerated() {
                guard let mean = entry.means[c] else { continue }
                let x = left + Double(c) * slot + slot * 0.1 + Double(s) * barWidth
                let middle = x + barWidth * 0.45
                figure.rect(x, y(mean), barWidth * 0.9, y(minimum) - y(mean), palette[s % palette.count])
                var labelBase = y(mean)
                if let interval = entry.intervals[c] {
                    figure.line(middle, y(interval.upperBound), middle, y(interval.lowerBound), .black, width: 1.2)
                    figure.line(middle - 5, y(interval.upperBound), middle + 5, y(interval.upperBound), .black, width: 1.2)
                    figure.line(middle - 5, y(interval.lowerBound), middle + 5, y(interval.lowerBound), .black, width: 1.2)
                    labelBase = min(labelBase, y(interval.upperBound))
                }
                let label = valueText(mean)
                if upright {
                    figure.text(label, middle + labelSize * 0.35, labelBase - 4, size: labelSize, anchor: .start, angle: -90)
                } else {
                    // On a white ground, so a reference line passing behind the label does not cross it.
                    let labelWidth = Figure.textWidth(label, size: labelSize)
                    figure.rect(middle - labelWidth / 2 - 1, labelBase - 4 - labelSize * 0.8, labelWidth + 2, labelSize, .white)
                    figure.text(label, middle, labelBase - 4, size: labelSize, anchor: .middle)
                }
            }
            if c < norms.count, let norm = norms[c] {
                let x0 = left + Double(c) * slot + slot * 0.05
                figure.line(x0, y(norm), x0 + slot * 0.9, y(norm), referenceColour, width: 1.6, dashed: true)
            }
            if wrapCategories {
                for (index, line) in wrapped[c].lines.enumerated() {
                    figure.text(line, left + Double(c) * slot + slot / 2, top + plotHeight + 16 + Double(index) * 13, size: 11, anchor: .middle)
                }
            } else if slanted {
                figure.text(truncate(category, 24), left + Double(c) * slot + slot / 2 + 4, top + plotHeight + 14, size: 12, anchor: .end, angle: -30)
            } else {
                figure.text(truncate(category, 24), left + Double(c) * slot + slot / 2, top + plotHeight + 16, size: 12, anchor: .middle)
            }
        }
        let keyTop = top + plotHeight + labelDepth + 12
        for (index, line) in keyLines.enumerated() {
            figure.text(fit(line, width: plotWidth, size: 10), left, keyTop + Double(index) * 15, size: 10)
        }
        // The legend names the groups and the dashed lines (a norm, a reference with its source), the lines drawn
        // dashed as in the plot; one series alone needs no name.
        var entries = series.count > 1 ? series.enumerated().map { ($0.element.name, palette[$0.offset % palette.count]) } : []
        var dashed: Set<Int> = []
        if norms.contains(where: { $0 != nil }) { dashed.insert(entries.count); entries.append((normLabel, referenceColour)) }
        if let reference { dashed.insert(entries.count); entries.append((reference.label, referenceColour)) }
        if !entries.isEmpty { legend(&figure, entries, y: height - 44, dashed: dashed) }
        if let note { figure.text(note, left, height - 12, size: 11) }
        return figure
    }

    /// `text` broken into at most `lines` lines, each at most `width` wide at `size` (words kept whole where they
    /// fit; a word wider than the line is cut), the last one shortened with "…" when the text does not fit.
    static func wrap(_ text: String, width: Double, size: Double, lines maximum: Int) -> (lines: [String], shortened: Bool) {
        var lines: [String] = []
        var current = ""
        let words = text.split(separator: " ").map(String.init)
        var index = 0
        while index < words.count {
            let word = words[index]
            let candidate = current.isEmpty ? word : current + " " + word
            if Figure.textWidth(candidate, size: size) <= width {
                current = candidate
                index += 1
            } else if current.isEmpty {
                // A single word wider than the line: cut it.
                current = fit(word, width: width, size: size)
                index += 1
                if current != word { lines.append(current); current = ""; if lines.count == maximum { break } }
            } else {
                lines.append(current)
                current = ""
                if lines.count == maximum { break }
            }
        }
        if !current.isEmpty && lines.count < maximum { lines.append(current) }
        let shown = lines.joined(separator: " ")
        let shortened = shown != text
        if shortened, let last = lines.last {
            var end = last
            while end.count > 1, Figure.textWidth(end + "…", size: size) > width { end = String(end.dropLast()) }
            lines[lines.count - 1] = end.hasSuffix("…") ? end : end + "…"
        }
        return (lines.isEmpty ? [""] : lines, shortened)
    }

    /// Diverging stacked bars of Likert answers per item, centred on the scale's midpoint (Robbins & Heiberger
    /// 2011), on a percentage axis: disagreement to the left, agreement to the right, the neutral point split
    /// across the centre. With `lowIsPositive` (PSSUQ: 1 = strongly agree) the low end is drawn in the positive
    /// colour. Items are labelled as given (number and text, wrapped over two lines); a report recodes negatively worded
    /// items before drawing them, so the favourable side is the same for every row.
    public static func divergingLikert(items: [String], points scalePoints: [String], counts scaleCounts: [[Int]], lowIsPositive: Bool = false,
                                       axisTitle: String) -> Figure {
        // Disagreement always on the left: a scale that runs from "agree" (PSSUQ) is drawn from its high end.
        let points = lowIsPositive ? Array(scalePoints.reversed()) : scalePoints
        let counts = lowIsPositive ? scaleCounts.map { Array($0.reversed()) } : scaleCounts
        // Room for the longest label, up to 42 % of the width; item texts longer than that wrap over two lines.
        let labelWidth = min(width * 0.42, max(70.0, (items.map { Figure.textWidth($0, size: 11) }.max() ?? 0) + 12))
        let wrapped = items.map { wrap($0, width: labelWidth - 12, size: 11, lines: 2).lines }
        let rowHeight = wrapped.contains { $0.count > 1 } ? 32.0 : 24.0
        let top = 12.0
        let plotWidth = width - labelWidth - 20
        let centre = labelWidth + plotWidth / 2
        let bottom = top + Double(items.count) * rowHeight
        // The axis title under the plot's centre, or over two lines across the figure when longer than the plot.
        let titleLines = Figure.textWidth(axisTitle, size: 11) <= plotWidth ? [axisTitle] : wrap(axisTitle, width: width - 24, size: 11, lines: 2).lines
        let titleDepth = Double(titleLines.count - 1) * 14
        var figure = Figure(width: width, height: bottom + 40 + titleDepth + legendHeight(points) + 8)
        for tick in stride(from: -100.0, through: 100, by: 25) {
            let x = centre + plotWidth / 2 * tick / 100
            figure.line(x, top, x, bottom, .grid)
            figure.text(format(abs(tick)) + "%", x, bottom + 14, size: 10, anchor: .middle)
        }
        let k = points.count
        for (index, row) in counts.enumerated() {
            let total = Double(max(row.reduce(0, +), 1))
            let y = top + Double(index) * rowHeight
            let lines = wrapped[index]
            let barMiddle = y + 4 + (rowHeight - 7) / 2
            for (number, line) in lines.enumerated() {
                figure.text(line, labelWidth - 8, barMiddle + 4 + (Double(number) - Double(lines.count - 1) / 2) * 12, size: 11, anchor: .end)
            }
            var lower = 0.0
            for point in 0..<(k / 2) { lower += Double(row[point]) }
            if k % 2 == 1 { lower += Double(row[k / 2]) / 2 }
            var x = centre - plotWidth / 2 * lower / total
            for point in 0..<k {
                let w = plotWidth / 2 * Double(row[point]) / total
                if w > 0 { figure.rect(x, y + 4, w, rowHeight - 7, likertColour(point, of: k)) }
                x += w
            }
        }
        figure.line(centre, top, centre, bottom, .black, width: 1.2)
        for (index, line) in titleLines.enumerated() {
            figure.text(line, titleLines.count == 1 ? centre : width / 2, bottom + 30 + Double(index) * 14, size: 11, anchor: .middle)
        }
        legend(&figure, points.enumerated().map { ($0.element, likertColour($0.offset, of: k)) }, y: bottom + 52 + titleDepth)
        return figure
    }

    /// A diverging palette (ColorBrewer RdBu): red for disagreement, grey for neutral, blue for agreement.
    static func likertColour(_ point: Int, of count: Int) -> Figure.Colour {
        let low = ["#B2182B", "#D6604D", "#F4A582", "#FDDBC7"]
        let high = ["#D1E5F0", "#92C5DE", "#4393C3", "#2166AC"]
        let half = count / 2
        if count % 2 == 1 && point == half { return Figure.Colour(hex: "#D9D9D9") }
        // The extremes get the strongest colours; inner points lighter ones, spread over the four shades.
        if point < half { return Figure.Colour(hex: low[min(3, point * 4 / max(half, 1))]) }
        let offset = point - (count + 1) / 2
        return Figure.Colour(hex: high[max(0, 3 - (half - 1 - offset) * 4 / max(half, 1))])
    }

    static func axes(_ figure: inout Figure, left: Double, top: Double, plotWidth: Double, plotHeight: Double, ticks: [Double],
                     maximum: Double, minimum: Double = 0, yTitle: String) {
        for value in ticks {
            let y = top + plotHeight - plotHeight * (value - minimum) / (maximum - minimum)
            if value > minimum { figure.line(left, y, left + plotWidth, y, .grid) }
            figure.text(format(value), left - 6, y + 4, size: 11, anchor: .end)
        }
        figure.line(left, top + plotHeight, left + plotWidth, top + plotHeight)
        figure.line(left, top, left, top + plotHeight)
        figure.text(yTitle, 16, top + plotHeight / 2, size: 12, anchor: .middle, angle: -90)
    }

    /// Round tick values from 0 up to at least `maximum` (1, 2 or 5 times a power of ten apart; whole numbers
    /// only when `whole`, for counts).
    static func niceTicks(_ maximum: Double, whole: Bool = false) -> [Double] {
        guard maximum > 0 else { return [0, 1] }
        let rough = maximum / 5
        let power = pow(10, floor(log10(rough)))
        var step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
        if whole { step = max(1, step.rounded(.up)) }
        var ticks: [Double] = []
        var value = 0.0
        while value < maximum - step * 1e-9 { ticks.append(value); value += step }
        ticks.append(value)
        return ticks
    }

    static func legendHeight(_ names: [String]) -> Double {
        var x = 16.0
        var rows = 1.0
        for name in names {
            let needed = 22 + Figure.textWidth(truncate(name, 34), size: 11) + 14
            if x + needed > width - 8 { x = 16; rows += 1 }
            x += needed
        }
        return rows * 18
    }

    /// A legend row (wrapping when full): a square of each entry's colour, or for the entries in `dashed` a short
    /// dashed line (a norm or reference line), then its name (up to 34 characters; a dashed line's label, which
    /// names a source, up to 60).
    static func legend(_ figure: inout Figure, _ entries: [(String, Figure.Colour)], y: Double, dashed: Set<Int> = []) {
        var x = 16.0
        var row = y
        for (index, (name, colour)) in entries.enumerated() {
            let line = dashed.contains(index)
            let text = truncate(name, line ? 60 : 34)
            let swatch = line ? 26.0 : 12.0
            let needed = swatch + 10 + Figure.textWidth(text, size: 11) + 14
            if x + needed > width - 8 { x = 16; row += 18 }
            if line {
                figure.line(x, row - 4, x + swatch, row - 4, colour, width: 1.6, dashed: true)
            } else {
                figure.rect(x, row - 10, 12, 12, colour)
            }
            figure.text(text, x + swatch + 5, row, size: 11)
            x += needed
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? NumberParser.format(value) : String(format: "%.1f", value)
    }

    /// `text`, shortened with "…" until it is at most `width` wide at `size`.
    static func fit(_ text: String, width: Double, size: Double) -> String {
        var shown = text
        while shown.count > 4, Figure.textWidth(shown, size: size) > width {
            shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
        }
        return shown
    }

    static func truncate(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }
}
