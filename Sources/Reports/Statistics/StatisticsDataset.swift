import Foundation

/// A study laid out for a statistics package (SPSS, Stata, JASP, jamovi, R through haven): one row per participant
/// and measurement, one variable per attribute, item and score, each with its label, its value labels, its
/// measurement level and its missing-value codes. Written to .sav and .dta by `ReadStatWriter`.
public struct StatisticsDataset: Sendable {
    /// How a variable's values are measured (SPSS's measurement level; Stata keeps none).
    public enum Measure: String, Sendable { case nominal, ordinal, scale }

    /// Why a numeric cell has no value, when the study knows why.
    public enum Missing: Sendable, Equatable {
        /// The respondent answered "does not apply" (N/A).
        case notApplicable
        /// The respondent left the item unanswered in a set they submitted.
        case unanswered
    }

    /// The user-missing codes, as SPSS users declare them (negative, outside every scale studyctl stores), and the
    /// Stata extended missing values they become (`.a`, `.b`).
    public static let notApplicableCode = -8.0
    public static let unansweredCode = -9.0
    public static let notApplicableTag: Character = "a"
    public static let unansweredTag: Character = "b"

    public struct Variable: Sendable {
        public enum Kind: Sendable, Equatable {
            /// Numbers; `integral` when every value is a whole number (Stata then stores it as a labelled integer).
            case number(integral: Bool)
            case text
        }

        /// Valid in SPSS and Stata (`VariableNames`).
        public var name: String
        /// What the variable holds, in the study's language (an item's text, a score's name).
        public var label: String
        /// What the variable came from in the study (attribute `nível`, `sus` item 3), for the name mapping.
        public var source: String
        public var kind: Kind
        public var measure: Measure
        /// A label for every value the variable can take (every scale point, every choice, every group).
        public var valueLabels: [(value: Int, label: String)] = []
        /// Whether the variable takes the N/A and unanswered codes (an item's answer).
        public var takesMissingCodes = false

        public init(name: String, label: String, source: String, kind: Kind, measure: Measure) {
            self.name = name
            self.label = label
            self.source = source
            self.kind = kind
            self.measure = measure
        }
    }

    public enum Value: Sendable, Equatable {
        case number(Double)
        case text(String)
        case missing(Missing)
        /// No value and no reason (system missing; an empty string in a text variable).
        case empty
    }

    /// The file's label (the study's title).
    public var fileLabel: String
    public var variables: [Variable]
    /// Each row has one value per variable, in order.
    public var rows: [[Value]]
    /// The labels for the two missing codes, in the study's language.
    public var notApplicableLabel: String
    public var unansweredLabel: String
}
