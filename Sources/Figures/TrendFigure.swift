import Foundation
import Surveys
import Wording

/// A measure across releases (`trend`): each release's estimate with its t (or adjusted-Wald) interval as a broad
/// bar and its BCa interval as a thin capped line beside it, the control chart's centre line and 3σ limits from the
/// baseline releases, the published benchmark, and a flagged release in red with a ring.
public enum TrendFigure {
    static let estimateColour = Figure.Colour(hex: "#2B6CB0")
    static let intervalColour = Figure.Colour(red: 0.17, green: 0.42, blue: 0.69, alpha: 0.3)
    static let bcaColour = Figure.Colour(hex: "#1A202C")
    static let flagColour = Figure.Colour(hex: "#C53030")
    static let centreColour = Figure.Colour(hex: "#2F855A")
    static let benchmarkColour = Figure.Colour(hex: "#718096")

    /// The figure of `analysis` in `language`, titled by `title` (the measure and its task).
    /// - Parameter names: each release as people read it (its label), by name; a release not in it shows its name.
    public static func figure(_ analysis: TrendAnalysis, title: String, language: StudyLanguage, names: [String: String] = [:]) -> Figure {
        let width = 720.0, height = 460.0
        let left = 78.0, right = width - 96, top = 56.0, bottom = 350.0
        var figure = Figure(width: width, height: height)
        figure.rect(0, 0, width, height, .white)
        figure.text(title, width / 2, 30, size: 16, anchor: .middle, bold: true)
        let rate = analysis.measure.isRate
        let points = analysis.points
        // The axis spans every interval, limit and the benchmark, within the measure's own range.
        var values: [Double] = []
        for point in points where point.n > 0 {
            values.append(point.estimate)
            if let interval = point.interval { values += [interval.lowerBound, interval.upperBound] }
            if let bca = point.bca { values += [bca.low, bca.high] }
        }
        if let chart = analysis.chart { values += [chart.lower, chart.upper, chart.centre] }
        if let benchmark = analysis.measure.benchmark { values.append(benchmark) }
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        let pad = (high - low) * 0.08
        low -= pad
        high += pad
        if let range = scale(analysis.measure) { low = max(low, range.lowerBound); high = min(high, range.upperBound) }
        let step = niceStep((high - low) / 6)
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        func y(_ value: Double) -> Double { bottom - (value - low) / (high - low) * (bottom - top) }
        let style = Numbers(record: language.record)
        var tick = low
        while tick <= high + step / 1000 {
            figure.line(left, y(tick), right, y(tick), .grid, width: 1)
            let label = rate ? style.percent(tick, decimals: 0) : style.number(tick, decimals: step < 1 ? 1 : 0)
            figure.text(label, left - 8, y(tick) + 4, size: 11, anchor: .end)
            tick += step
        }
        figure.line(left, top, left, bottom, .black, width: 1)
        figure.line(left, bottom, right, bottom, .black, width: 1)
        figure.text(yLabel(analysis.measure, language: language), 22, (top + bottom) / 2, size: 12, anchor: .middle, angle: -90)
        // Reference lines: benchmark, centre, limits — each named at the right end.
        if let benchmark = analysis.measure.benchmark, benchmark >= low, benchmark <= high {
            figure.line(left, y(benchmark), right, y(benchmark), benchmarkColour, width: 1.5, dashed: true)
            let text = rate ? style.percent(benchmark, decimals: 0) : style.number(benchmark, decimals: benchmark.rounded() == benchmark ? 0 : 1)
            figure.text(Sentence("benchmark \(number: text)", context: "trend figure").text(language), right + 4, y(benchmark) + 4, size: 10, colour: benchmarkColour)
        }
        if let chart = analysis.chart {
            figure.line(left, y(chart.centre), right, y(chart.centre), centreColour, width: 1.5)
            figure.text(Sentence("centre", context: "trend figure").text(language), right + 4, y(chart.centre) + 4, size: 10, colour: centreColour)
            for (limit, name) in [(chart.upper, Sentence("UCL (3σ)", context: "trend figure")), (chart.lower, Sentence("LCL (3σ)", context: "trend figure"))]
            where limit >= low && limit <= high {
                figure.line(left, y(limit), right, y(limit), flagColour, width: 1.2, dashed: true)
                figure.text(name.text(language), right + 4, y(limit) + 4, size: 10, colour: flagColour)
            }
        }
        let slot = (right - left) / Double(max(points.count, 1))
        func x(_ index: Int) -> Double { left + (Double(index) + 0.5) * slot }
        // The estimates joined in order, under the intervals and points.
        let drawn = points.indices.filter { points[$0].n > 0 }
        for (a, b) in zip(drawn, drawn.dropFirst()) {
            figure.line(x(a), y(points[a].estimate), x(b), y(points[b].estimate), estimateColour, width: 1)
        }
        for index in points.indices {
            let point = points[index]
            let cx = x(index)
            figure.text(names[point.release] ?? point.release, cx, bottom + 20, size: 12, anchor: .middle, bold: !point.flags.isEmpty)
            figure.text("n = \(point.n)", cx, bottom + 36, size: 10, anchor: .middle)
            guard point.n > 0 else { continue }
            if let interval = point.interval {
                figure.rect(cx - 6, y(interval.upperBound), 12, max(1, y(interval.lowerBound) - y(interval.upperBound)), intervalColour)
            }
            if let bca = point.bca {
                let bx = cx + 12
                figure.line(bx, y(bca.low), bx, y(bca.high), bcaColour, width: 1.2)
                figure.line(bx - 4, y(bca.low), bx + 4, y(bca.low), bcaColour, width: 1.2)
                figure.line(bx - 4, y(bca.high), bx + 4, y(bca.high), bcaColour, width: 1.2)
            }
            if !point.flags.isEmpty {
                figure.circle(cx, y(point.estimate), radius: 9, flagColour)
                figure.circle(cx, y(point.estimate), radius: 6.5, .white)
            }
            figure.circle(cx, y(point.estimate), radius: 4.5, point.flags.isEmpty ? estimateColour : flagColour)
        }
        // Legend.
        let level = style.percent(analysis.confidence, decimals: 0)
        let legendY = height - 42
        var lx = left
        figure.rect(lx, legendY - 9, 12, 12, intervalColour)
        let intervalName: Sentence = rate ? "\(level) CI (adjusted Wald)" : "\(level) CI (t)"
        figure.text(intervalName.text(language), lx + 18, legendY + 1, size: 11)
        lx += 30 + Figure.textWidth(intervalName.text(language), size: 11)
        figure.line(lx + 6, legendY - 10, lx + 6, legendY + 4, bcaColour, width: 1.2)
        let bcaName: Sentence = "\(level) CI (BCa)"
        figure.text(bcaName.text(language), lx + 18, legendY + 1, size: 11)
        lx += 30 + Figure.textWidth(bcaName.text(language), size: 11)
        figure.circle(lx + 6, legendY - 3, radius: 6, flagColour)
        figure.circle(lx + 6, legendY - 3, radius: 3.5, .white)
        let flaggedName = Sentence("flagged by the control chart", context: "trend figure")
        figure.text(flaggedName.text(language), lx + 18, legendY + 1, size: 11)
        let rule: Sentence = analysis.chart == nil
            ? "No control chart: it needs two baseline releases or more with values (--baseline A,B)."
            : "Limits: baseline \(analysis.baseline.joined(separator: ", ")) ± 3σ (moving range); flagged outside them or 8 in a row on one side."
        figure.text(rule.text(language), left, height - 16, size: 10, colour: benchmarkColour)
        return figure
    }

    /// Numbers as the language writes them (the figure's axis and labels; `NumberStyle` lives above this target).
    struct Numbers {
        let record: LanguageRecord
        func number(_ value: Double, decimals: Int) -> String { record.decimal(String(format: "%.\(decimals)f", value)) }
        func percent(_ share: Double, decimals: Int) -> String { number(share * 100, decimals: decimals) + record.percentSuffix }
    }

    static func scale(_ measure: TrendMeasure) -> ClosedRange<Double>? {
        switch measure {
        case .sus, .umuxLite: return 0...100
        case .seq: return 1...7
        case .completion: return 0...1
        case .time: return 0...Double.greatestFiniteMagnitude
        }
    }

    static func yLabel(_ measure: TrendMeasure, language: StudyLanguage) -> String {
        switch measure {
        case .sus: return Sentence("mean SUS score", context: "trend figure").text(language)
        case .umuxLite: return Sentence("mean UMUX-Lite score", context: "trend figure").text(language)
        case .seq: return Sentence("mean SEQ (1–7)", context: "trend figure").text(language)
        case .completion: return Sentence("completion rate", context: "trend figure").text(language)
        case .time: return Sentence("mean task time (s)", context: "trend figure").text(language)
        }
    }

    /// A round step (1, 2 or 5 × 10ᵏ) at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }
}
