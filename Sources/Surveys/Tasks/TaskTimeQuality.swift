import Foundation
import Statistics
import Wording

/// When a task time is too short to be a real attempt (a remote participant clicking through): under a share of the
/// task's median time (by default 25 %, the median over every timed attempt at the task when it has at least 3), or
/// under a number of seconds the researcher sets (`--speeder "under 5s"`). A flag is a flag: nothing is left out
/// unless asked (`--exclude-flagged`).
///
/// A share of the median adapts to each task's length; a fixed floor states what no one could do in less time
/// (Greszki, Meyer & Schoen 2015, *Public Opinion Quarterly* 79(2), discuss both kinds of speeder thresholds).
public enum SpeederRule: Sendable, Equatable, Codable {
    /// Under `share` × the task's median time.
    case shareOfMedian(Double)
    /// Under this many seconds.
    case under(seconds: Double)

    /// The rule studyctl applies unless told otherwise: under 25 % of the task's median.
    public static let standard = SpeederRule.shareOfMedian(0.25)

    /// Why a rule's text was not read.
    public struct ParseError: Error, Sendable, Equatable {
        public var text: String
        public var message: Sentence { "'\(text)' is not a speeder rule: write \"under 5s\" (seconds) or \"under 25% of median\" (a share of the task's median time)" }
    }

    /// "under 5s", "under 5 s", "under 2.5 seconds", "under 1 min", "under 25% of median", "under 25 % of the median", and in
    /// Portuguese "abaixo de 5 s", "abaixo de 25% da mediana" (a decimal comma too).
    public init(parsing text: String) throws(ParseError) {
        let folded = text.lowercased().folding(options: .diacriticInsensitive, locale: nil)
            .replacingOccurrences(of: ",", with: ".").trimmingCharacters(in: .whitespaces)
        var rest = folded
        for prefix in ["under ", "below ", "abaixo de ", "menos de ", "<"] where rest.hasPrefix(prefix) {
            rest = String(rest.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let number = String(rest.prefix { $0.isNumber || $0 == "." })
        let unit = rest.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let value = Double(number), value.isFinite, value > 0 else { throw ParseError(text: text) }
        if ["s", "sec", "secs", "second", "seconds", "seg", "segundo", "segundos"].contains(unit) {
            self = .under(seconds: value)
        } else if ["m", "min", "mins", "minute", "minutes", "minuto", "minutos"].contains(unit) {
            self = .under(seconds: value * 60)
        } else if unit.hasPrefix("%"), value < 100,
                  ["of median", "of the median", "of the task's median", "da mediana", "of the task median"].contains(unit.dropFirst().trimmingCharacters(in: .whitespaces)) {
            self = .shareOfMedian(value / 100)
        } else {
            throw ParseError(text: text)
        }
    }

    /// The rule as a reader is told it: "under 25 % of the task's median", "under 5 s".
    public var description: Sentence {
        switch self {
        case let .shareOfMedian(share):
            let percent = (share * 100).rounded() == share * 100 ? String(Int(share * 100)) : String(share * 100)
            return "under \(percent) % of the task's median"
        case let .under(seconds):
            return "under \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) s"
        }
    }
}

public enum TaskTimeQuality {
    /// Timed attempts a task needs before its median is a yardstick.
    public static let minimumAttempts = 3

    /// One attempt flagged: whose, which task, its time and the task's median (nil when the rule needs none and the
    /// task has too few timed attempts for one).
    public struct Flag: Sendable, Equatable, Codable {
        public var participant: String
        public var task: String
        public var seconds: Double
        public var median: Double?
    }

    /// Every attempt `rule` flags, in the order given.
    public static func flags(_ observations: [TaskObservation], rule: SpeederRule = .standard) -> [Flag] {
        var medians: [String: Double] = [:]
        for (task, attempts) in Dictionary(grouping: observations.filter { $0.seconds != nil }, by: \.task)
            where attempts.count >= minimumAttempts {
            medians[task] = Descriptive(attempts.compactMap(\.seconds))?.median
        }
        return observations.compactMap { observation in
            guard let seconds = observation.seconds else { return nil }
            let median = medians[observation.task]
            switch rule {
            case let .shareOfMedian(share):
                guard let median, median > 0, seconds < share * median else { return nil }
            case let .under(limit):
                guard seconds < limit else { return nil }
            }
            return Flag(participant: observation.participant, task: observation.task, seconds: seconds, median: median)
        }
    }
}
