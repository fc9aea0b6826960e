import Foundation
import Wording

/// The study's one analysis plan: what splits the data and who counts, resolved once per run from the study and the
/// options (`StudyDatabase.analysisPlan`) and handed to every analysis of that run — `score`, `tasks
/// summary|compare|benchmark`, the report, the workbook and `export csv|sav|dta` — so that no command decides on its
/// own what is compared or who is in.
///
/// - between: the participant attribute whose groups are compared (`--by`, else the first derived attribute), with
///   its levels' order;
/// - within: the conditions some participant did under two or more levels (at one task or in one questionnaire) and
///   whether a questionnaire was answered on several occasions — a comparison between groups is made within each of
///   their levels, never on values averaged over them;
/// - the analysis set (`AnalysisSet`: who is left out, by name and by rule, the speeder rule, and what an attempt
///   with no outcome counts as);
/// - the missing-item policy (`MissingPolicy`) and the level of every interval.
public struct AnalysisPlan: Sendable, Equatable {
    /// The attribute whose groups are compared.
    public struct Between: Sendable, Equatable {
        public var attribute: String
        /// The levels in the order a derivation rule declares them ("Iniciante, Intermediário, Avançado"); empty for
        /// an attribute typed in (its values then follow natural order).
        public var order: [String]
        /// Whether the researcher named it (`--by`) or it is the study's first derived attribute.
        public var named: Bool

        public init(attribute: String, order: [String] = [], named: Bool = true) {
            self.attribute = attribute
            self.order = order
            self.named = named
        }
    }

    public var between: Between?
    /// A condition and its levels, in declared order.
    public struct Factor: Sendable, Equatable {
        public var name: String
        public var levels: [String]
        public init(name: String, levels: [String]) {
            self.name = name
            self.levels = levels
        }
    }

    /// The study's conditions (every factor and its levels, in declared order).
    public var factors: [Factor]
    /// The conditions done within participants at a task (a participant did one task under two levels of it), in
    /// declared order.
    public var withinTasks: [String]
    /// The conditions done within participants in a questionnaire (a participant answered it under two levels).
    public var withinQuestionnaires: [String]
    /// The conditions done within participants at a task or in a questionnaire, in declared order.
    public var within: [String] {
        factors.map(\.name).filter { name in (withinTasks + withinQuestionnaires).contains { $0.caseInsensitiveCompare(name) == .orderedSame } }
    }
    /// Whether a questionnaire was answered on two occasions or more (occasions are always within participants).
    public var occasions: Bool
    public var set: AnalysisSet
    public var missing: MissingPolicy
    /// The level of every interval: 0.95 unless 0.90 was asked.
    public var confidence: Double

    public init(between: Between? = nil, factors: [Factor] = [], withinTasks: [String] = [], withinQuestionnaires: [String] = [], occasions: Bool = false,
                set: AnalysisSet = .everybody, missing: MissingPolicy = .refuse, confidence: Double = 0.95) {
        self.between = between
        self.withinTasks = withinTasks
        self.withinQuestionnaires = withinQuestionnaires
        self.occasions = occasions
        self.set = set
        self.missing = missing
        self.confidence = confidence
        self.factors = factors
    }

    /// Everybody, no grouping, the default policies: what a study read without options gets.
    public static let standard = AnalysisPlan()

    /// The conditions each participant did under one level only (compared between participants).
    public var betweenConditions: [String] { factors.map(\.name).filter { !isWithin($0) } }

    /// Whether `factor` (a condition's name, or "occasion") varies within participants.
    public func isWithin(_ factor: String) -> Bool {
        if factor.caseInsensitiveCompare(MeasurementKey.occasionFactor) == .orderedSame { return occasions }
        return within.contains { $0.caseInsensitiveCompare(factor) == .orderedSame }
    }

    /// The declared levels of a condition (empty for an unknown one).
    public func levels(of factor: String) -> [String] {
        factors.first { $0.name.caseInsensitiveCompare(factor) == .orderedSame }?.levels ?? []
    }

    /// The design in one sentence, for the methods and `--json` readers: "Groups of site (north, south) are compared
    /// between participants; proto (old, new) varies within participants, so groups are compared within each of its
    /// levels."
    /// Names and levels as people call them (`labels`: "faixa etária" for `grupo_etário`); the occasion in the
    /// reader's language.
    public func design(labels: StudyLabels = .plain) -> Sentence {
        var parts: [Sentence] = []
        func factor(_ name: String) -> String {
            "\(labels.factor(name)) (\(levels(of: name).map { labels.level($0, of: name) }.joined(separator: ", ")))"
        }
        let withinNames: [Sentence] = within.map { Sentence(verbatim: factor($0)) }
            + (occasions ? [("occasion" as Sentence)] : [])
        let withinList = Sentence.joined(withinNames, separator: ", ")
        if let between {
            let attribute = labels.attribute(between.attribute)
            let order = between.order.map { labels.value($0, of: between.attribute) }
            let named = Sentence(verbatim: order.isEmpty ? attribute : "\(attribute) (\(order.joined(separator: ", ")))")
            parts.append(withinNames.isEmpty
                ? "Groups of \(named) are compared between participants."
                : "Groups of \(named) are compared between participants, within each level of \(withinList) (done within participants), never on values averaged over them.")
        } else if !withinNames.isEmpty {
            parts.append("Within participants: \(withinList); each participant's values are paired across its levels.")
        }
        let betweenNames = betweenConditions.map(factor)
        if !betweenNames.isEmpty { parts.append("Between participants: \(betweenNames.joined(separator: ", ")).") }
        return Sentence.joined(parts, separator: " ")
    }

    /// The plan for a `--json` document (`plan`), in English words as the documents' keys are.
    public var document: Document {
        Document(between: between.map { Document.Between(attribute: $0.attribute, levels: $0.order, named: $0.named) },
                 within: within, occasions: occasions, betweenConditions: betweenConditions,
                 missing: missing.rawValue, confidence: confidence, abandoned: set.abandoned.rawValue)
    }

    /// `document`'s shape.
    public struct Document: Sendable, Encodable, Equatable {
        public struct Between: Sendable, Encodable, Equatable {
            public var attribute: String
            /// The declared order of its levels (empty: natural order).
            public var levels: [String]
            /// Named with `--by` (else the study's first derived attribute).
            public var named: Bool
        }
        public var between: Between?
        /// Conditions done within participants.
        public var within: [String]
        /// Whether a questionnaire was answered on several occasions.
        public var occasions: Bool
        /// Conditions done between participants.
        public var betweenConditions: [String]
        /// The missing-item policy: refuse, centre or prorate.
        public var missing: String
        public var confidence: Double
        /// What an attempt with no outcome counts as: failure or exclude.
        public var abandoned: String

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(between, forKey: .between)  // null when none: the key is always there
            try container.encode(within, forKey: .within)
            try container.encode(occasions, forKey: .occasions)
            try container.encode(betweenConditions, forKey: .betweenConditions)
            try container.encode(missing, forKey: .missing)
            try container.encode(confidence, forKey: .confidence)
            try container.encode(abandoned, forKey: .abandoned)
        }

        enum CodingKeys: String, CodingKey { case between, within, occasions, betweenConditions, missing, confidence, abandoned }
    }
}
