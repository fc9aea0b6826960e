import Figures
import Foundation

extension Charts {
    /// A within-participants comparison drawn as it was measured: each participant's values at the levels joined by
    /// a thin grey line (so a reader sees how many improved, and by how much), and over them each level's mean with
    /// its t interval at the report's level as a point with error bars, its value written beside it (the "paired
    /// dot plot" that Weissgerber et al. 2015, *PLoS Biology* 13(4), recommend over bar charts for paired data).
    ///
    /// - Parameters:
    ///   - blocks: one row per participant with a value at every level, in `levels` order.
    ///   - intervals: per level, the interval of its mean (nil where it cannot be computed).
    public static func paired(levels: [String], blocks: [[Double]], means: [Double], intervals: [ClosedRange<Double>?],
                              minimum: Double, maximum: Double, xTitle: String, yTitle: String, valueText: (Double) -> String) -> Figure {
        let left = 64.0, top = 20.0, plotHeight = 260.0
        let plotWidth = width - left - 24
        let height = top + plotHeight + 62
        var figure = Figure(width: width, height: height)
        let ticks = niceTicks(maximum).filter { $0 >= minimum }
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * (min(max(value, minimum), maximum) - minimum) / (maximum - minimum) }
        let slot = plotWidth / Double(max(levels.count, 1))
        func x(_ level: Int) -> Double { left + slot * (Double(level) + 0.5) }
        axes(&figure, left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, ticks: ticks, maximum: maximum, minimum: minimum,
             yTitle: yTitle)
        let participant = Figure.Colour(red: 0.55, green: 0.55, blue: 0.55, alpha: 0.55)
        for block in blocks {
            for index in block.indices.dropFirst() {
                figure.line(x(index - 1), y(block[index - 1]), x(index), y(block[index]), participant, width: 1)
            }
            for (index, value) in block.enumerated() { figure.circle(x(index), y(value), radius: 2.2, participant) }
        }
        let mean = Figure.Colour(hex: "#2B6CB0")
        for index in means.indices.dropFirst() {
            figure.line(x(index - 1), y(means[index - 1]), x(index), y(means[index]), mean, width: 2.4)
        }
        for (index, value) in means.enumerated() {
            if index < intervals.count, let interval = intervals[index] {
                let middle = x(index)
                figure.line(middle, y(interval.upperBound), middle, y(interval.lowerBound), .black, width: 1.4)
                figure.line(middle - 6, y(interval.upperBound), middle + 6, y(interval.upperBound), .black, width: 1.4)
                figure.line(middle - 6, y(interval.lowerBound), middle + 6, y(interval.lowerBound), .black, width: 1.4)
            }
            figure.circle(x(index), y(value), radius: 5, mean)
            // On a white ground, so the participants' lines behind the label do not cross it.
            let label = valueText(value)
            figure.rect(x(index) + 9, y(value) - 17, Figure.textWidth(label, size: 11, bold: true) + 2, 14, .white)
            figure.text(label, x(index) + 10, y(value) - 6, size: 11, bold: true)
        }
        for (index, level) in levels.enumerated() {
            figure.text(truncate(level, 24), x(index), top + plotHeight + 18, size: 12, anchor: .middle)
        }
        figure.text(xTitle, left + plotWidth / 2, top + plotHeight + 42, size: 12, anchor: .middle)
        return figure
    }
}
