import Foundation
import Statistics

/// The Single Usability Metric (SUM) of one task: its completion rate, task time, task satisfaction and errors, each
/// standardised to the share of the normal curve on the good side of a specification limit, and averaged.
///
/// Sauro, J. & Kindlund, E. (2005), "A method to standardize usability metrics into a single score", *Proceedings of
/// CHI 2005*, pp. 401–409. The rules, and where each comes from:
/// - Four components, standardised with Six Sigma's z (Sauro & Kindlund 2005): completion as the proportion of
///   participants who completed (its z is Φ⁻¹(p)); errors as the proportion of error opportunities without an error,
///   1 − mean errors / opportunities (defects per opportunity, Six Sigma's discrete z); time as
///   z = (specification − mean) / s, a shorter time being better; satisfaction as z = (mean − specification) / s.
///   Each z is turned into its percentage, Φ(z), the area of the normal curve it leaves on the good side.
/// - The specification limits (Sauro & Kindlund 2005): satisfaction 4 on their 5-point scale, three quarters of the
///   way up it; on the SEQ's 7-point scale that point is 5.5 ((5.5 − 1) / (7 − 1) = (4 − 1) / (5 − 1) = 0.75), which
///   is also the SEQ benchmark (`TaskBenchmarks.seq`, Sauro 2012). Time's limit is the task's target time, which the
///   researcher sets per task (`task.target_seconds`). Error opportunities per task, entered with each task's errors,
///   as Tullis & Albert (2008, *Measuring the User Experience*, ch. 8) describe the SUM calculator's input.
/// - SUM is the equally weighted average of the standardised components (Sauro & Kindlund 2005, from a principal
///   components analysis; Sauro 2012, "10 things to know about the Single Usability Metric", MeasuringU, point 3: a
///   simple average is the least subjective). It is averaged here as percentages, the form SUM is reported in, so a
///   completion rate of 100 % (z = ∞) still averages.
/// - Three or four components (Sauro 2012, point 4: errors are the hardest metric to collect and may be left out,
///   giving a 3-metric SUM). Here a component that cannot be computed (no target time, no SEQ answers or none apart,
///   no error opportunities) is left out and named in `omitted`; completion is required.
/// - The interval is this tool's rule, stated because the passages of the sources read for it do not spell one out:
///   each component's interval at `confidence` (adjusted-Wald for completion, t for mean time, SEQ and errors) mapped
///   through the same standardisation, and their lower and upper bounds averaged. Nil when a component has none.
public struct SingleUsabilityMetric: Sendable, Equatable, Codable {
    public enum Component: String, Sendable, Codable, CaseIterable {
        case completion, time, satisfaction, errors
    }

    /// One standardised component.
    public struct Part: Sendable, Equatable, Codable {
        public var component: Component
        /// The share of the normal curve on the good side of the specification limit (0…1).
        public var percent: Double
        /// The z-score (nil when infinite: a completion or error-free rate of 0 or 1).
        public var z: Double?
        /// `percent`'s interval at the metric's confidence.
        public var interval: ClosedRange<Double>?
    }

    /// SUM: the mean of the parts' percentages (0…1).
    public var score: Double
    /// The mean of the parts' interval bounds, when every part has an interval.
    public var interval: ClosedRange<Double>?
    public var confidence: Double
    public var parts: [Part]
    /// Components left out because they cannot be computed.
    public var omitted: [Component]

    /// The satisfaction specification limit on the SEQ's 7-point scale (see the type's notes).
    public static let seqSpecification = TaskBenchmarks.seq

    /// A mean with its spread and n (a time, an SEQ, errors per attempt).
    public struct Sample: Sendable, Equatable {
        public var mean: Double
        public var sd: Double?
        public var n: Int
        public init(mean: Double, sd: Double?, n: Int) {
            self.mean = mean
            self.sd = sd
            self.n = n
        }

        /// The t interval of the mean at `confidence` (nil with fewer than two values).
        func interval(_ confidence: Double) -> ClosedRange<Double>? {
            guard n > 1, let sd else { return nil }
            let half = StudentT.quantile(1 - (1 - confidence) / 2, df: Double(n - 1)) * sd / Double(n).squareRoot()
            return (mean - half)...(mean + half)
        }
    }

    /// SUM from a task's measures; nil without a completion rate.
    /// - Parameters:
    ///   - completion: the completion rate, with its adjusted-Wald interval at `confidence`.
    ///   - time: the mean task time (seconds) with its SD; left out without `target` or without spread.
    ///   - target: the time specification limit (seconds).
    ///   - seq: the mean SEQ with its SD; left out without spread.
    ///   - errors: mean errors per attempt with their SD; left out without `opportunities`.
    ///   - opportunities: error opportunities per attempt.
    public static func compute(completion: CompletionRate?, time: Sample?, target: Double?, seq: Sample?,
                               seqSpecification: Double = seqSpecification, errors: Sample?, opportunities: Int?,
                               confidence: Double = 0.95) -> SingleUsabilityMetric? {
        guard let completion else { return nil }
        var parts: [Part] = [proportionPart(.completion, completion.rate, interval: completion.ci95)]
        var omitted: [Component] = []

        if let time, let target, let sd = time.sd, sd > 0 {
            let standardise = { (mean: Double) in StandardNormal.cdf((target - mean) / sd) }
            let bounds = time.interval(confidence).map { standardise($0.upperBound)...standardise($0.lowerBound) }
            parts.append(Part(component: .time, percent: standardise(time.mean), z: (target - time.mean) / sd, interval: bounds))
        } else {
            omitted.append(.time)
        }

        if let seq, let sd = seq.sd, sd > 0 {
            let standardise = { (mean: Double) in StandardNormal.cdf((mean - seqSpecification) / sd) }
            let bounds = seq.interval(confidence).map { standardise($0.lowerBound)...standardise($0.upperBound) }
            parts.append(Part(component: .satisfaction, percent: standardise(seq.mean), z: (seq.mean - seqSpecification) / sd,
                              interval: bounds))
        } else {
            omitted.append(.satisfaction)
        }

        if let errors, let opportunities, opportunities > 0 {
            let errorFree = { (mean: Double) in min(1, max(0, 1 - mean / Double(opportunities))) }
            var bounds: ClosedRange<Double>?
            if let interval = errors.interval(confidence) {
                bounds = errorFree(interval.upperBound)...errorFree(interval.lowerBound)
            } else if errors.sd == 0 {
                bounds = errorFree(errors.mean)...errorFree(errors.mean)
            }
            parts.append(proportionPart(.errors, errorFree(errors.mean), interval: bounds))
        } else {
            omitted.append(.errors)
        }

        let score = parts.map(\.percent).reduce(0, +) / Double(parts.count)
        var interval: ClosedRange<Double>?
        let intervals = parts.compactMap(\.interval)
        if intervals.count == parts.count {
            let low = intervals.map(\.lowerBound).reduce(0, +) / Double(intervals.count)
            let high = intervals.map(\.upperBound).reduce(0, +) / Double(intervals.count)
            interval = low...high
        }
        return SingleUsabilityMetric(score: score, interval: interval, confidence: confidence, parts: parts, omitted: omitted)
    }

    /// A proportion as its own percentage, with its z = Φ⁻¹(p) when finite.
    static func proportionPart(_ component: Component, _ p: Double, interval: ClosedRange<Double>?) -> Part {
        let z: Double? = p > 0 && p < 1 ? StandardNormal.quantile(p) : nil
        return Part(component: component, percent: p, z: z, interval: interval)
    }

    /// The part for `component`, when it was computed.
    public func part(_ component: Component) -> Part? { parts.first { $0.component == component } }
}

extension TaskSummaryRow {
    /// The row's Single Usability Metric at the row's confidence: completion, time against the row's target, SEQ
    /// against 5.5 and errors against the task's error opportunities (nil without a completion rate).
    public var singleUsabilityMetric: SingleUsabilityMetric? {
        SingleUsabilityMetric.compute(
            completion: completion,
            time: time.map { .init(mean: $0.mean, sd: $0.sd, n: $0.n) }, target: target,
            seq: seqMean.map { .init(mean: $0, sd: seqSD, n: seqN) },
            errors: errorsMean.map { .init(mean: $0, sd: errorsSD, n: errorsN) }, opportunities: errorOpportunities,
            confidence: confidence)
    }
}
