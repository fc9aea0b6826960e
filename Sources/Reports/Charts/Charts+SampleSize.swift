import Figures
import Foundation
import Results
import Surveys
import Wording

extension Charts {
    /// The discovery curve: the share of all problems expected to be found by 1…N participants, 1 − (1 − p)ⁿ
    /// (Lewis 2001), as a line; the share this study's participants found as they came (problems found so far over
    /// the estimated total) as dots; the goal as a dashed line and this study's size as a dotted one.
    public struct DiscoveryLabels: Sendable {
        public var xTitle: String, yTitle: String, expected: String, observed: String, goal: String
        public init(xTitle: String, yTitle: String, expected: String, observed: String, goal: String) {
            self.xTitle = xTitle
            self.yTitle = yTitle
            self.expected = expected
            self.observed = observed
            self.goal = goal
        }
    }

    public static func discoveryCurve(p: Double, observed: [Double], goal: Double, needed: Int, labels: DiscoveryLabels) -> Figure {
        let height = 360.0
        let left = 60.0, top = 16.0, bottom = 84.0
        let plotWidth = width - left - 24
        let plotHeight = height - top - bottom
        let last = min(60, max(observed.count + 2, needed + 1, 6))
        var figure = Figure(width: width, height: height)
        axes(&figure, left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, ticks: stride(from: 0.0, through: 100, by: 20).map { $0 },
             maximum: 100, yTitle: labels.yTitle)
        func x(_ n: Double) -> Double { left + plotWidth * (n - 0) / Double(last) }
        func y(_ share: Double) -> Double { top + plotHeight - plotHeight * min(max(share, 0), 1) }
        let step = max(1, Int((Double(last) / 12).rounded(.up)))
        for n in stride(from: 0, through: last, by: step) {
            figure.text(String(n), x(Double(n)), top + plotHeight + 16, size: 11, anchor: .middle)
        }
        figure.line(left, y(goal), left + plotWidth, y(goal), Figure.Colour(hex: "#C53030"), width: 1.4, dashed: true)
        figure.line(x(Double(observed.count)), top, x(Double(observed.count)), top + plotHeight, Figure.Colour(hex: "#718096"), width: 1, dashed: true)
        var previous: (Double, Double)?
        for n in 0...last {
            let point = (x(Double(n)), y(1 - pow(1 - p, Double(n))))
            if let previous { figure.line(previous.0, previous.1, point.0, point.1, palette[0], width: 2.2) }
            previous = point
        }
        for (index, share) in observed.enumerated() {
            figure.circle(x(Double(index + 1)), y(share), radius: 4, palette[1])
        }
        figure.text(labels.xTitle, left + plotWidth / 2, top + plotHeight + 36, size: 12, anchor: .middle)
        legend(&figure, [(labels.expected, palette[0]), (labels.observed, palette[1]), (labels.goal, Figure.Colour(hex: "#C53030"))], y: height - 16)
        return figure
    }

    /// Code saturation (Guest, Namey & Chen 2020): per interview in the order held, the categories raised for the
    /// first time as columns and the distinct categories so far as a line; the base shaded, and the interview at
    /// which saturation was reached marked.
    public struct SaturationLabels: Sendable {
        public var xTitle: String, yTitle: String, new: String, cumulative: String, base: String, saturation: String
        public init(xTitle: String, yTitle: String, new: String, cumulative: String, base: String, saturation: String) {
            self.xTitle = xTitle
            self.yTitle = yTitle
            self.new = new
            self.cumulative = cumulative
            self.base = base
            self.saturation = saturation
        }
    }

    public static func saturation(interviews: [String], new: [Int], cumulative: [Int], base: Int, saturatedAt: Int?,
                                  labels: SaturationLabels) -> Figure {
        let height = 360.0
        let left = 60.0, top = 16.0, bottom = 90.0
        let plotWidth = width - left - 16
        let plotHeight = height - top - bottom
        let ticks = niceTicks(Double(max(cumulative.max() ?? 1, 1)) * 1.08, whole: true)
        let axisTop = ticks.last ?? 1
        let slot = plotWidth / Double(max(interviews.count, 1))
        var figure = Figure(width: width, height: height)
        let shade = Figure.Colour(hex: "#EDF2F7")
        if base > 0 { figure.rect(left, top, slot * Double(min(base, interviews.count)), plotHeight, shade) }
        axes(&figure, left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, ticks: ticks, maximum: axisTop, yTitle: labels.yTitle)
        func y(_ value: Double) -> Double { top + plotHeight - plotHeight * value / axisTop }
        for (index, count) in new.enumerated() {
            let x = left + Double(index) * slot + slot * 0.2
            figure.rect(x, y(Double(count)), slot * 0.6, y(0) - y(Double(count)), palette[0])
            if count > 0 { figure.text(String(count), x + slot * 0.3, y(Double(count)) - 4, size: 10, anchor: .middle) }
        }
        var previous: (Double, Double)?
        for (index, total) in cumulative.enumerated() {
            let point = (left + Double(index) * slot + slot / 2, y(Double(total)))
            if let previous { figure.line(previous.0, previous.1, point.0, point.1, palette[1], width: 2.2) }
            figure.circle(point.0, point.1, radius: 3, palette[1])
            previous = point
        }
        if let saturatedAt, saturatedAt >= 1 {
            let x = left + slot * Double(saturatedAt)
            figure.line(x, top, x, top + plotHeight, Figure.Colour(hex: "#C53030"), width: 1.6, dashed: true)
        }
        let labelEvery = max(1, Int((Double(interviews.count) / 20).rounded(.up)))
        for (index, name) in interviews.enumerated() where index % labelEvery == 0 {
            figure.text(truncate(name, 8), left + Double(index) * slot + slot / 2, top + plotHeight + 16, size: 11, anchor: .middle)
        }
        figure.text(labels.xTitle, left + plotWidth / 2, top + plotHeight + 36, size: 12, anchor: .middle)
        var entries = [(labels.new, palette[0]), (labels.cumulative, palette[1]), (labels.base, shade)]
        if saturatedAt != nil { entries.append((labels.saturation, Figure.Colour(hex: "#C53030"))) }
        legend(&figure, entries, y: height - 16)
        return figure
    }

    /// The discovery figure's words in `language`.
    public static func discoveryLabels(goal: Double, language: StudyLanguage) -> DiscoveryLabels {
        DiscoveryLabels(xTitle: ("Participants" as Sentence).text(language),
                        yTitle: ("Categories found (%)" as Sentence).text(language),
                        expected: ("Expected, 1 − (1 − p)ⁿ" as Sentence).text(language),
                        observed: ("Found so far (of the estimate)" as Sentence).text(language),
                        goal: ("Goal \(NumberStyle(language).percent(goal))" as Sentence).text(language))
    }

    /// The saturation figure's words in `language`.
    public static func saturationLabels(_ language: StudyLanguage) -> SaturationLabels {
        SaturationLabels(xTitle: ("Interviews in the order held" as Sentence).text(language),
                         yTitle: ("Categories" as Sentence).text(language),
                         new: ("Raised for the first time" as Sentence).text(language),
                         cumulative: ("Distinct so far" as Sentence).text(language),
                         base: ("Base" as Sentence).text(language),
                         saturation: ("Saturation" as Sentence).text(language))
    }
}
