import Figures
import Foundation
import Media

extension Charts {
    /// A session's time line as the figure draws it: one row per lane (with a group title above each kind), its bars and
    /// marks at their milliseconds on the session's clock; every text already in the reader's language.
    public struct TimelineDrawing: Sendable {
        public enum Style: String, Sendable, CaseIterable {
            case success, partial, fail, otherAttempt, error, assist, note, otherEvent, turn, excerpt, gaze
        }

        public struct Mark: Sendable {
            public var startMs: Int
            /// nil: a moment, drawn as a tick.
            public var endMs: Int?
            public var text: String
            public var style: Style
            public init(startMs: Int, endMs: Int?, text: String, style: Style) {
                self.startMs = startMs
                self.endMs = endMs
                self.text = text
                self.style = style
            }
        }

        public struct Row: Sendable {
            /// The kind's title, on the first row of each kind.
            public var group: String?
            public var title: String
            public var marks: [Mark]
            public init(group: String?, title: String, marks: [Mark]) {
                self.group = group
                self.title = title
                self.marks = marks
            }
        }

        public var rows: [Row]
        public var fromMs: Int
        public var toMs: Int
        public var axisTitle: String
        /// What each colour means, in the reader's words; only styles that appear are shown.
        public var legend: [(String, Style)]

        public init(rows: [Row], fromMs: Int, toMs: Int, axisTitle: String, legend: [(String, Style)]) {
            self.rows = rows
            self.fromMs = fromMs
            self.toMs = max(toMs, fromMs + 1000)
            self.axisTitle = axisTitle
            self.legend = legend
        }
    }

    static func colour(_ style: TimelineDrawing.Style) -> Figure.Colour {
        switch style {
        case .success: return Figure.Colour(hex: "#38A169")
        case .partial: return Figure.Colour(hex: "#D69E2E")
        case .fail: return Figure.Colour(hex: "#C53030")
        case .otherAttempt: return Figure.Colour(hex: "#A0AEC0")
        case .error: return Figure.Colour(hex: "#E53E3E")
        case .assist: return Figure.Colour(hex: "#DD6B20")
        case .note: return Figure.Colour(hex: "#4A5568")
        case .otherEvent: return Figure.Colour(hex: "#718096")
        case .turn: return Figure.Colour(hex: "#2B6CB0")
        case .excerpt: return Figure.Colour(hex: "#805AD5")
        case .gaze: return Figure.Colour(hex: "#319795")
        }
    }

    /// A tick step (seconds) giving at most about ten ticks over `span` ms: 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1 h.
    static func timelineStep(_ spanMs: Int) -> Int {
        let steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]
        return steps.first { spanMs / ($0 * 1000) <= 10 } ?? 7200
    }

    /// Horizontal lanes on one time axis in minutes:seconds: bars from start to end with their text inside where it fits,
    /// ticks for moments, a title per kind of lane, and a legend of the colours.
    public static func timeline(_ drawing: TimelineDrawing) -> Figure {
        let rowHeight = 22.0, groupGap = 18.0, top = 10.0
        let titles = drawing.rows.map { truncate($0.title, 26) }
        let labelWidth = min(190, max(80, (titles.map { Figure.textWidth($0, size: 11) }.max() ?? 60) + 16))
        let left = labelWidth + 8, right = 20.0
        let plotWidth = width - left - right
        var y = top
        var rowTops: [Double] = []
        for row in drawing.rows {
            if row.group != nil { y += groupGap }
            rowTops.append(y)
            y += rowHeight
        }
        let plotBottom = y + 4
        let styles = Set(drawing.rows.flatMap { $0.marks.map(\.style) })
        let legend = drawing.legend.filter { styles.contains($0.1) }
        let legendTop = plotBottom + 46
        var figure = Figure(width: width, height: legendTop + legendHeight(legend.map(\.0)) + 8)
        let from = Double(drawing.fromMs), to = Double(drawing.toMs)
        func x(_ ms: Int) -> Double { left + plotWidth * (Double(ms) - from) / (to - from) }

        // Grid and axis in minutes:seconds.
        let step = timelineStep(drawing.toMs - drawing.fromMs) * 1000
        var tick = Int((from / Double(step)).rounded(.up)) * step
        while Double(tick) <= to {
            figure.line(x(tick), top, x(tick), plotBottom, .grid)
            figure.text(MediaTime.clock(tick), x(tick), plotBottom + 14, size: 10, anchor: .middle)
            tick += step
        }
        if drawing.fromMs < 0 && drawing.toMs > 0 { figure.line(x(0), top, x(0), plotBottom, .black, width: 1, dashed: true) }
        figure.line(left, plotBottom, left + plotWidth, plotBottom)
        figure.text(drawing.axisTitle, left + plotWidth / 2, plotBottom + 32, size: 12, anchor: .middle)

        for (index, row) in drawing.rows.enumerated() {
            let rowTop = rowTops[index]
            if let group = row.group { figure.text(group, 8, rowTop - 5, size: 11, bold: true) }
            if index % 2 == 0 { figure.rect(left, rowTop, plotWidth, rowHeight, Figure.Colour(red: 0.97, green: 0.97, blue: 0.98)) }
            figure.text(titles[index], labelWidth, rowTop + 15, size: 11, anchor: .end)
            for mark in row.marks {
                let paint = Self.colour(mark.style)
                let start = min(max(x(mark.startMs), left), left + plotWidth)
                if let end = mark.endMs {
                    let stop = min(max(x(end), left), left + plotWidth)
                    let barWidth = max(2, stop - start)
                    figure.rect(start, rowTop + 3, barWidth, rowHeight - 6, paint)
                    let text = fitted(mark.text, width: barWidth - 6, size: 9)
                    if !text.isEmpty { figure.text(text, start + 3, rowTop + 14.5, size: 9, colour: .white) }
                } else {
                    figure.line(start, rowTop + 2, start, rowTop + rowHeight - 2, paint, width: 2)
                    figure.circle(start, rowTop + 5, radius: 3, paint)
                }
            }
        }
        legendEntries(&figure, legend.map { ($0.0, Self.colour($0.1)) }, y: legendTop)
        return figure
    }

    static func legendEntries(_ figure: inout Figure, _ entries: [(String, Figure.Colour)], y: Double) {
        legend(&figure, entries, y: y)
    }

    /// As much of `text` as fits in `width` at `size`, with an ellipsis when cut; "" when not even two letters fit.
    static func fitted(_ text: String, width: Double, size: Double) -> String {
        guard width > size else { return "" }
        if Figure.textWidth(text, size: size) <= width { return text }
        var count = text.count
        while count > 1 {
            count -= 1
            let candidate = String(text.prefix(count)) + "…"
            if Figure.textWidth(candidate, size: size) <= width { return count >= 2 ? candidate : "" }
        }
        return ""
    }
}
