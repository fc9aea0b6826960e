import Foundation
import QualCoding
import Surveys
import Wording

/// `codes agreement --coders PERSON,SUGGESTER` (docs/json.md): a suggester measured like a coder — per category κ,
/// α, precision, recall and F1 of its suggestions against the person on the units it was asked about, and for a
/// local model the cross-validated figures on the person's own codings with its learning curve.
public struct SuggestionAgreementDocument: Encodable, Sendable, Equatable {
    public var agreement: SuggestionAgreement

    public init(_ agreement: SuggestionAgreement) { self.agreement = agreement }

    public func encode(to encoder: Encoder) throws { try agreement.encode(to: encoder) }

    /// The tables people read: the stored suggestions against the person (when any unit is compared), the
    /// cross-validation, and the learning curve.
    public func tables(language: StudyLanguage) -> [ResultTable] {
        var tables: [ResultTable] = []
        if !agreement.units.isEmpty {
            let title: Sentence = "Suggestions of \(agreement.suggester) against \(agreement.person), on \(agreement.units.count) units"
            tables.append(Self.scores(id: "suggestion_agreement", title: title, agreement.categories, pooledKappa: agreement.pooledKappa,
                                      macroF1: agreement.macroF1, language: language))
        }
        if let validation = agreement.crossValidation {
            let title: Sentence = "\(validation.method) cross-validated on \(validation.trainingCoder)'s \(validation.units) units (\(validation.folds) folds)"
            var table = Self.scores(id: "suggestion_cross_validation", title: title, validation.categories, pooledKappa: validation.pooledKappa,
                                    macroF1: validation.macroF1, language: language)
            let others = validation.methods.map { "\($0.method): \(String(format: "%.3f", $0.macroF1))" }.joined(separator: "; ")
            table.notes = [("Each unit scored by a model fitted on the other folds; units with the same words are kept in one fold. The method with the better macro F1 was chosen (\(others))." as Sentence).text(language)]
            tables.append(table)
            var curve = ResultTable(id: "suggestion_learning_curve", title: ("Learning curve: agreement against the coded units learnt from" as Sentence).text(language),
                                    language: language,
                                    columns: [Column(.units, .count, language), Column("kappa", "κ", .number(decimals: 3)),
                                              Column("macro_f1", ("Macro F1" as Sentence).text(language), .number(decimals: 3))])
            for point in validation.learningCurve { curve.append([.count(point.units), Value(point.kappa), .number(point.macroF1)]) }
            tables.append(curve)
        }
        return tables
    }

    static func scores(id: String, title: Sentence, _ lines: [CategoryScores], pooledKappa: Double?, macroF1: Double, language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: id, title: title.text(language), language: language,
                                columns: [Column(.category, .text, language), Column(.units, .count, language),
                                          Column("person", ("Person" as Sentence).text(language), .count),
                                          Column("suggested", ("Suggested" as Sentence).text(language), .count),
                                          Column("kappa", "κ", .number(decimals: 3)), Column("alpha", "α", .number(decimals: 3)),
                                          Column("precision", ("Precision" as Sentence).text(language), .number(decimals: 3)),
                                          Column("recall", ("Recall" as Sentence).text(language), .number(decimals: 3)),
                                          Column("f1", "F1", .number(decimals: 3))])
        // Precision is not defined without a suggestion, recall and F1 without a unit the person coded: "–", not 0.
        for line in lines where line.person > 0 || line.suggested > 0 {
            table.append([.text(line.category), .count(line.units), .count(line.person), .count(line.suggested), Value(line.kappa), Value(line.alpha),
                          line.suggested > 0 ? .number(line.precision) : .empty, line.person > 0 ? .number(line.recall) : .empty,
                          line.person > 0 ? .number(line.f1) : .empty])
        }
        let person = lines.reduce(0) { $0 + $1.person }
        table.append([.text(("Overall" as Sentence).text(language)), .count(lines.first?.units ?? 0), .count(person),
                      .count(lines.reduce(0) { $0 + $1.suggested }), Value(pooledKappa), .empty, .empty, .empty, person > 0 ? .number(macroF1) : .empty],
                     emphasised: true)
        table.notes = [("Per category, presence on each unit, the person taken as the truth: Cohen's κ, Krippendorff's α, precision, recall and F1; overall: κ pooled over every unit × category and the macro F1 over the categories the person used." as Sentence).text(language)]
        // Units only the suggester was asked about: nothing of the person's to agree with, by construction.
        if person == 0, id == "suggestion_agreement" {
            table.notes.append(("The person coded none of these units, so every suggestion counts against the suggester and recall and F1 are not defined; the units were not coded by both. Code some of them, or read the cross-validated figures, which measure the suggester on the person's own codings." as Sentence).text(language))
        }
        return table
    }
}

/// `code suggestions list` (docs/json.md): the stored suggestions, each with its unit, score, rationale and decision.
public struct SuggestionListDocument: Encodable, Sendable, Equatable {
    public struct Line: Encodable, Sendable, Equatable {
        public var id: Int64
        public var suggester: String
        public var participant: String
        public var transcript: String
        public var start: Int
        public var end: Int
        public var text: String
        public var category: String
        public var score: Double
        public var rationale: String
        public var model: String?
        public var promptHash: String?
        public var suggested: String
        public var status: String
        public var decidedBy: String?
        public var decided: String?
        public var code: Int64?

        public init(id: Int64, suggester: String, participant: String, transcript: String, start: Int, end: Int, text: String, category: String,
                    score: Double, rationale: String, model: String?, promptHash: String?, suggested: String, status: String, decidedBy: String?,
                    decided: String?, code: Int64?) {
            self.id = id
            self.suggester = suggester
            self.participant = participant
            self.transcript = transcript
            self.start = start
            self.end = end
            self.text = text
            self.category = category
            self.score = score
            self.rationale = rationale
            self.model = model
            self.promptHash = promptHash
            self.suggested = suggested
            self.status = status
            self.decidedBy = decidedBy
            self.decided = decided
            self.code = code
        }
    }
    public var suggestions: [Line]

    public init(_ lines: [Line]) { suggestions = lines }

    public func table(language: StudyLanguage) -> ResultTable {
        var table = ResultTable(id: "suggestions", title: ("Suggestions" as Sentence).text(language), language: language,
                                columns: [Column("id", "#", .count), Column(.participant, .text, language),
                                          Column(.category, .text, language), Column(.score, .number(decimals: 2), language),
                                          Column("status", ("Status" as Sentence).text(language), .text)
                                            .worded(["pending": ("pending" as Sentence).text(language), "accepted": ("accepted" as Sentence).text(language),
                                                     "rejected": ("rejected" as Sentence).text(language)]),
                                          Column("passage", ("Passage" as Sentence).text(language), .prose),
                                          Column("rationale", ("Rationale" as Sentence).text(language), .prose)])
        for line in suggestions {
            table.append([.count(Int(line.id)), .text(line.participant), .text(line.category), .number(line.score), .text(line.status),
                          .text(line.text), .text(line.rationale)])
        }
        return table
    }
}
