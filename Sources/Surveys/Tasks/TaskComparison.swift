import Foundation
import Wording

/// What a comparison of two conditions measures.
public enum TaskMeasure: String, Sendable, Codable, CaseIterable {
    /// Task time, compared on the log scale (times are skewed; Sauro & Lewis 2016, ch. 5).
    case time
    /// Time plus errors × penalty, on the log scale.
    case total
    /// Error counts, on their own scale.
    case errors

    var usesLogScale: Bool { self != .errors }
}

/// Two conditions of one task compared: paired when every participant did both (their per-participant means
/// are paired), otherwise Welch's t-test. Times are compared as logs, and the difference is reported back as
/// a ratio of geometric means with its interval.
public struct TaskComparison: Sendable, Equatable, Codable {
    public var task: String
    public var measure: TaskMeasure
    public var levelA: String
    public var levelB: String
    public var test: TwoConditionComparison
    /// Typical value per condition: geometric means for times, means for errors.
    public var typicalA: Double
    public var typicalB: Double
    /// For times: B / A with its 95 % interval (exp of the log difference); for errors: B − A.
    public var effect: Double
    public var effectCI: ClosedRange<Double>

    public enum Failure: Error, WordedError, Equatable, LocalizedError {
        case tooFew(level: String, count: Int)
        case noVariation

        public var errorDescription: String? { sentence.description }


        public var sentence: Sentence {
            switch self {
            case let .tooFew(level, count):
                return count == 1 ? "condition \(level) has 1 usable attempt; a comparison needs at least 2 per condition"
                    : "condition \(level) has \(count) usable attempts; a comparison needs at least 2 per condition"
            case .noVariation:
                return "no variation: test undefined (the compared values are all the same)"
            }
        }
    }

    /// - Parameter values: (participant, level, value) for the task's attempts with the measure present.
    public static func compare(task: String, measure: TaskMeasure, levelA: String, levelB: String,
                               values: [(participant: String, level: String, value: Double)]) throws -> TaskComparison {
        func transformed(_ value: Double) -> Double? {
            measure.usesLogScale ? (value > 0 ? log(value) : nil) : value
        }
        func perParticipant(_ level: String) -> [String: Double] {
            var grouped: [String: [Double]] = [:]
            for entry in values where entry.level == level {
                if let value = transformed(entry.value) { grouped[entry.participant, default: []].append(value) }
            }
            return grouped.mapValues { $0.reduce(0, +) / Double($0.count) }
        }
        let a = perParticipant(levelA)
        let b = perParticipant(levelB)
        if a.count < 2 { throw Failure.tooFew(level: levelA, count: a.count) }
        if b.count < 2 { throw Failure.tooFew(level: levelB, count: b.count) }
        let paired = Set(a.keys) == Set(b.keys)
        let test: TwoConditionComparison?
        if paired {
            test = TwoConditionComparison(pairs: a.keys.sorted().map { (a[$0]!, b[$0]!) })
        } else {
            test = TwoConditionComparison(a: Array(a.values), b: Array(b.values))
        }
        guard let test else { throw Failure.noVariation }
        let meanA = a.values.reduce(0, +) / Double(a.count)
        let meanB = b.values.reduce(0, +) / Double(b.count)
        if measure.usesLogScale {
            return TaskComparison(task: task, measure: measure, levelA: levelA, levelB: levelB, test: test,
                                  typicalA: exp(meanA), typicalB: exp(meanB), effect: exp(test.difference),
                                  effectCI: exp(test.ci95.lowerBound)...exp(test.ci95.upperBound))
        }
        return TaskComparison(task: task, measure: measure, levelA: levelA, levelB: levelB, test: test,
                              typicalA: meanA, typicalB: meanB, effect: test.difference, effectCI: test.ci95)
    }
}
