import Foundation

/// Horizontal bar charts: one bar per label, longest at the top, its value at its end.
public enum BarFigure {
    /// Bars for `labels` and their counts, in the order given (the first at the top), under `title`, with
    /// `valueTitle` naming what the bars count under the axis.
    public static func horizontal(labels: [String], values: [Int], title: String, valueTitle: String? = nil) -> Figure {
        let barHeight = 22.0
        let gap = 6.0
        let labelSize = 13.0
        let labelWidth = min(260, (labels.map { Figure.textWidth($0, size: labelSize) }.max() ?? 40) + 12)
        let plotLeft = 16 + labelWidth
        let width = 720.0
        let plotWidth = width - plotLeft - 56
        let top = 48.0
        let height = top + Double(labels.count) * (barHeight + gap) + (valueTitle == nil ? 40 : 62)
        var figure = Figure(width: width, height: height)
        figure.rect(0, 0, width, height, .white)
        figure.text(title, width / 2, 28, size: 16, anchor: .middle, bold: true)
        let largest = Double(max(1, values.max() ?? 1))
        // Grid lines at round steps so the bars can be read against them.
        let step = niceStep(largest / 5)
        var tick = 0.0
        while tick <= largest + 1e-9 {
            let x = plotLeft + plotWidth * tick / largest
            figure.line(x, top - 4, x, top + Double(labels.count) * (barHeight + gap), .grid, width: 1)
            figure.text(String(Int(tick)), x, top + Double(labels.count) * (barHeight + gap) + 22, size: 11, anchor: .middle)
            tick += step
        }
        let fill = Figure.Colour(hex: "#4C72B0")
        for (index, (label, value)) in zip(labels, values).enumerated() {
            let y = top + Double(index) * (barHeight + gap)
            let length = plotWidth * Double(value) / largest
            figure.rect(plotLeft, y, length, barHeight, fill)
            figure.text(label, plotLeft - 8, y + barHeight * 0.7, size: labelSize, anchor: .end)
            figure.text(String(value), plotLeft + length + 5, y + barHeight * 0.7, size: 12)
        }
        if let valueTitle { figure.text(valueTitle, plotLeft + plotWidth / 2, height - 10, size: 12, anchor: .middle) }
        figure.line(plotLeft, top - 4, plotLeft, top + Double(labels.count) * (barHeight + gap), .black, width: 1)
        return figure
    }

    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return max(1, factor * magnitude) }
        return max(1, 10 * magnitude)
    }
}
