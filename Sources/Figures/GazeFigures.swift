import Foundation

/// Eye-tracking pictures drawn over their stimulus: heat and blind-spot maps with a colour legend, and scan paths.
/// Coordinates are media pixels (origin top left, y down, as Tobii's MCSpx); a strip under the stimulus carries the
/// legend and the parameters, so a figure pasted into a thesis explains itself.
extension Figure {
    /// What a map's legend shows.
    public enum MapLegend: Sendable, Equatable {
        /// The heat ramp, low → high, with what the heat measures.
        case heat(measure: String, low: String, high: String)
        /// The fog of a blind-spot map, from nobody looked (fogged) to most attention (clear).
        case fog(low: String, high: String)
    }

    /// Text size in figure units for a figure `width` units wide: 13 units on the 680-unit layout of charts.
    static func legendTextSize(width: Double) -> Double { max(9, width / 680 * 13) }

    /// A heat or blind-spot map: the stimulus (PNG, or white), the map over it, and a legend strip below with the
    /// ramp and `notes` (parameters: kernel SD, weighting, participants).
    public static func gazeMap(width: Double, height: Double, background: Data?, overlay: Raster, legend: MapLegend, notes: [String]) -> Figure {
        let size = legendTextSize(width: width)
        let strip = size * (3.2 + 1.4 * Double(notes.count))
        var figure = Figure(width: width, height: height + strip)
        if let background { figure.elements.append(.image(png: background, x: 0, y: 0, width: width, height: height, alpha: 1)) }
        figure.elements.append(.raster(overlay, x: 0, y: 0, width: width, height: height))
        figure.line(0, height, width, height, .grid, width: max(1, size / 13))
        let barX = size, barY = height + size * 0.8, barWidth = min(width * 0.45, size * 22), barHeight = size * 0.9
        let steps = 64
        for step in 0..<steps {
            let t = (Double(step) + 0.5) / Double(steps)
            let colour: Colour
            switch legend {
            case .heat:
                let (r, g, b) = HeatMap.ramp(t)
                colour = Colour(red: r, green: g, blue: b, alpha: 0.6)
            case .fog:
                colour = Colour(red: 0.1, green: 0.1, blue: 0.1, alpha: 0.85 * (1 - t))
            }
            figure.rect(barX + barWidth * Double(step) / Double(steps), barY, barWidth / Double(steps) + 0.01, barHeight, colour)
        }
        let labelY = barY + barHeight + size * 1.1
        switch legend {
        case let .heat(measure, low, high):
            figure.text(low, barX, labelY, size: size * 0.85)
            figure.text(high, barX + barWidth, labelY, size: size * 0.85, anchor: .end)
            figure.text(measure, barX + barWidth + size, barY + barHeight * 0.85, size: size * 0.9)
        case let .fog(low, high):
            figure.text(low, barX, labelY, size: size * 0.85)
            figure.text(high, barX + barWidth, labelY, size: size * 0.85, anchor: .end)
        }
        for (index, note) in notes.enumerated() {
            figure.text(note, size, labelY + size * 1.4 * Double(index + 1), size: size * 0.85, colour: Colour(red: 0.3, green: 0.3, blue: 0.3))
        }
        return figure
    }

    /// One participant's fixation in a scan path.
    public struct ScanPoint: Sendable, Equatable {
        public var x: Double, y: Double, duration: Double
        public init(x: Double, y: Double, duration: Double) { self.x = x; self.y = y; self.duration = duration }
    }

    /// A scan path (PyGazeAnalyser's `draw_scanpath` convention): fixations numbered in order as circles whose area
    /// is proportional to their duration, joined by lines in time order, over the stimulus; several participants
    /// get one colour each, named in the legend strip.
    public static func scanPath(width: Double, height: Double, background: Data?, paths: [(label: String, points: [ScanPoint])],
                                notes: [String]) -> Figure {
        let size = legendTextSize(width: width)
        let legendRows = paths.count > 1 ? (paths.count + 3) / 4 : 0
        let strip = size * (1.2 + 1.4 * Double(notes.count + legendRows))
        var figure = Figure(width: width, height: height + strip)
        if let background { figure.elements.append(.image(png: background, x: 0, y: 0, width: width, height: height, alpha: 1)) }
        let palette = ["#1F77B4", "#D62728", "#2CA02C", "#9467BD", "#FF7F0E", "#17BECF", "#8C564B", "#E377C2"].map(Colour.init(hex:))
        // Area ∝ duration: radius = k·√duration, scaled so a 300 ms fixation is 2.2 % of the picture's width.
        let k = width * 0.022 / sqrt(300)
        for (number, path) in paths.enumerated() {
            var colour = palette[number % palette.count]
            colour.alpha = 0.7
            var fill = colour
            fill.alpha = 0.4
            for (a, b) in zip(path.points, path.points.dropFirst()) {
                figure.line(a.x, a.y, b.x, b.y, colour, width: max(1, size / 8))
            }
            for (index, point) in path.points.enumerated() {
                let radius = max(size * 0.35, k * sqrt(max(0, point.duration)))
                figure.circle(point.x, point.y, radius: radius, fill)
                figure.text(String(index + 1), point.x, point.y + size * 0.3, size: size * 0.8, anchor: .middle, bold: true, colour: .black)
            }
        }
        figure.line(0, height, width, height, .grid, width: max(1, size / 13))
        var y = height + size * 1.4
        if paths.count > 1 {
            let column = (width - 2 * size) / 4
            for (number, path) in paths.enumerated() {
                let x = size + column * Double(number % 4)
                let rowY = y + size * 1.4 * Double(number / 4)
                figure.circle(x + size * 0.4, rowY - size * 0.3, radius: size * 0.4, palette[number % palette.count])
                figure.text(path.label, x + size * 1.1, rowY, size: size * 0.85)
            }
            y += size * 1.4 * Double(legendRows)
        }
        for note in notes {
            figure.text(note, size, y, size: size * 0.85, colour: Colour(red: 0.3, green: 0.3, blue: 0.3))
            y += size * 1.4
        }
        return figure
    }
}
