import Foundation
import Statistics

/// One passage a model learns from or is scored on: its text and the categories a person gave it (none: the person
/// read it and coded nothing there).
public struct LabelledUnit: Sendable, Equatable {
    public var text: String
    public var categories: Set<String>
    public init(text: String, categories: Set<String>) {
        self.text = text
        self.categories = categories
    }
}

/// How far one coder (the person) and another (a model's suggestions) agree on each category over the same units:
/// presence or absence of the category on each unit, as `AgreementReport` compares two people.
public struct CategoryScores: Sendable, Equatable, Codable {
    public var category: String
    public var units: Int
    /// Units the person gave the category, and units the model did.
    public var person: Int
    public var suggested: Int
    /// Cohen's κ (Cohen 1960) and Krippendorff's nominal α (Krippendorff 2011) of presence on each unit.
    public var kappa: Double?
    public var alpha: Double?
    /// Precision tp / (tp + fp), recall tp / (tp + fn) and F1 their harmonic mean (van Rijsbergen 1979), the person
    /// taken as the truth; 0 where the denominator is 0, as scikit-learn's `precision_recall_fscore_support` with
    /// `zero_division=0` gives it.
    public var precision: Double
    public var recall: Double
    public var f1: Double

    /// - Parameters: `person` and `model`: presence of the category on each unit, in the same order.
    public init(category: String, person: [Bool], model: [Bool]) {
        self.category = category
        units = person.count
        self.person = person.filter { $0 }.count
        suggested = model.filter { $0 }.count
        var table = [[0, 0], [0, 0]]
        for (p, m) in zip(person, model) { table[p ? 0 : 1][m ? 0 : 1] += 1 }
        kappa = CohenKappa(table: table)?.kappa
        alpha = KrippendorffAlpha(units: zip(person, model).map { [$0 ? "1" : "0", $1 ? "1" : "0"] }).alpha
        let tp = Double(table[0][0]), fp = Double(table[1][0]), fn = Double(table[0][1])
        precision = tp + fp > 0 ? tp / (tp + fp) : 0
        recall = tp + fn > 0 ? tp / (tp + fn) : 0
        f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }

    /// Every category's scores, and the macro mean of F1 over the categories the person used.
    public static func all(categories: [String], person: [Set<String>], model: [Set<String>]) -> [CategoryScores] {
        categories.map { category in
            CategoryScores(category: category, person: person.map { $0.contains(category) }, model: model.map { $0.contains(category) })
        }
    }

    /// The mean F1 over the categories the person gave at least once (scikit-learn's `average="macro"` over the
    /// labels present), the figure the two methods are chosen by.
    public static func macroF1(_ scores: [CategoryScores]) -> Double {
        let used = scores.filter { $0.person > 0 }
        return used.isEmpty ? 0 : used.reduce(0) { $0 + $1.f1 } / Double(used.count)
    }
}

/// k-fold cross-validation of the local model on a person's coded units (Stone 1974, "Cross-validatory choice and
/// assessment of statistical predictions", JRSS B 36): each unit is scored by a model fitted without it. Units with
/// the same words (folded case, accents and spacing) are kept in one fold, so a passage said twice — or coded twice —
/// is never scored by a model that learnt it (grouped k-fold; Kaufman et al. 2012, "Leakage in data mining").
public struct SuggestionValidation: Sendable {
    public struct Point: Sendable, Equatable, Codable {
        /// Units each fold's model learnt from (at most).
        public var units: Int
        /// κ of presence pooled over every unit × category, and the macro F1.
        public var kappa: Double?
        public var macroF1: Double
    }

    public var method: SuggestionMethod
    public var folds: Int
    /// Each unit's fold (0-based).
    public var fold: [Int]
    /// Each unit's categories by the model fitted on the other folds, at the threshold.
    public var predicted: [Set<String>]
    public var scores: [CategoryScores]
    public var macroF1: Double
    /// Pooled κ over every unit × category.
    public var pooledKappa: Double?

    /// Each unit's fold: the distinct texts (by `key`) shuffled with `seed` and dealt round-robin into `k` folds.
    public static func folds(_ units: [LabelledUnit], k: Int, seed: UInt64) -> [Int] {
        var groups: [String: Int] = [:]
        var keys: [String] = []
        var groupOfUnit: [Int] = []
        for unit in units {
            let key = groupKey(unit.text)
            let number = groups[key] ?? keys.count
            if number == keys.count { groups[key] = number; keys.append(key) }
            groupOfUnit.append(number)
        }
        var order = Array(keys.indices)
        var generator = Bootstrap.Generator(seed: seed)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.below(i + 1)) }
        var foldOfGroup = [Int](repeating: 0, count: keys.count)
        for (position, group) in order.enumerated() { foldOfGroup[group] = position % max(1, k) }
        return groupOfUnit.map { foldOfGroup[$0] }
    }

    /// The words of a unit as one key: folded, runs of white space as one space, trimmed.
    public static func groupKey(_ text: String) -> String {
        TextFeatures.words(text).joined(separator: " ")
    }

    /// Cross-validates `method` on `units`: `k` folds (fewer when there are fewer distinct texts), each scored by a
    /// model fitted on the others.
    public init(method: SuggestionMethod, units: [LabelledUnit], categories: [String], features: TextFeatures, k: Int = 5,
                threshold: Double, parameters: SuggestionParameters = SuggestionParameters(), counts given: [[UInt64: Double]]? = nil) {
        self.method = method
        let counts = given ?? units.map { features.counts($0.text) }
        let distinct = Set(units.map { Self.groupKey($0.text) }).count
        folds = max(2, min(k, distinct))
        let fold = Self.folds(units, k: folds, seed: parameters.seed)
        self.fold = fold
        var predicted = [Set<String>](repeating: [], count: units.count)
        for f in 0..<folds {
            let train = units.indices.filter { fold[$0] != f }
            let test = units.indices.filter { fold[$0] == f }
            guard !train.isEmpty, !test.isEmpty else { continue }
            let model = CategoryModel(method: method, categories: categories, rows: train.map { counts[$0] },
                                      labels: train.map { units[$0].categories }, parameters: parameters)
            for i in test {
                let s = model.scores(counts[i])
                predicted[i] = Set(categories.indices.filter { s[$0] >= threshold }.map { categories[$0] })
            }
        }
        self.predicted = predicted
        scores = CategoryScores.all(categories: categories, person: units.map(\.categories), model: predicted)
        macroF1 = CategoryScores.macroF1(scores)
        pooledKappa = Self.pooledKappa(categories: categories, person: units.map(\.categories), model: predicted)
    }

    /// κ of presence over every unit × category.
    public static func pooledKappa(categories: [String], person: [Set<String>], model: [Set<String>]) -> Double? {
        var table = [[0, 0], [0, 0]]
        for (p, m) in zip(person, model) {
            for category in categories { table[p.contains(category) ? 0 : 1][m.contains(category) ? 0 : 1] += 1 }
        }
        return CohenKappa(table: table)?.kappa
    }

    /// The learning curve: agreement against the number of coded units a model learnt from. Each fold's training
    /// units are taken in one seeded order and cut at each size; the test folds are those of the cross-validation,
    /// so every point is scored on units its models never saw.
    public static func learningCurve(method: SuggestionMethod, units: [LabelledUnit], categories: [String], features: TextFeatures,
                                     fold: [Int], folds: Int, threshold: Double, parameters: SuggestionParameters = SuggestionParameters(),
                                     counts given: [[UInt64: Double]]? = nil) -> [Point] {
        let counts = given ?? units.map { features.counts($0.text) }
        var generator = Bootstrap.Generator(seed: parameters.seed &+ 7)
        var order = Array(units.indices)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.below(i + 1)) }
        // The last point learns from every unit of the other folds: the cross-validation itself.
        let largest = (0..<folds).map { f in fold.filter { $0 != f }.count }.max() ?? 0
        var sizes: [Int] = []
        var size = 10
        while size < largest { sizes.append(size); size = size < 50 ? size + 10 : size * 2 }
        sizes.append(largest)
        return sizes.map { size in
            var predicted = [Set<String>](repeating: [], count: units.count)
            for f in 0..<folds {
                // The first `size` of the seeded order, fitted in the units' own order (as the cross-validation is).
                let train = Array(order.filter { fold[$0] != f }.prefix(size)).sorted()
                let test = units.indices.filter { fold[$0] == f }
                guard !train.isEmpty, !test.isEmpty else { continue }
                let model = CategoryModel(method: method, categories: categories, rows: train.map { counts[$0] },
                                          labels: train.map { units[$0].categories }, parameters: parameters)
                for i in test {
                    let s = model.scores(counts[i])
                    predicted[i] = Set(categories.indices.filter { s[$0] >= threshold }.map { categories[$0] })
                }
            }
            let person = units.map(\.categories)
            return Point(units: size, kappa: pooledKappa(categories: categories, person: person, model: predicted),
                         macroF1: CategoryScores.macroF1(CategoryScores.all(categories: categories, person: person, model: predicted)))
        }
    }
}

/// The local suggester: both methods cross-validated on the person's units, the one with the better macro F1 fitted
/// on all of them and asked about the units the person has not coded.
public struct LocalSuggester: Sendable {
    public struct Suggestion: Sendable, Equatable {
        /// The unit's index among those asked about.
        public var unit: Int
        public var category: String
        public var score: Double
        /// The words of the unit that weighed most towards the category.
        public var words: [String]
    }

    public var chosen: SuggestionMethod
    /// Each method's cross-validation, in `SuggestionMethod.allCases` order.
    public var validations: [SuggestionValidation]
    public var suggestions: [Suggestion]
    public var parameters: SuggestionParameters
    public var threshold: Double

    /// - Parameters:
    ///   - training: the person's coded units (and the units they read and left uncoded, with no category).
    ///   - targets: the texts of the units to suggest categories for.
    ///   - threshold: the least score a suggestion must have (`--min-confidence`); also the cut of the validation.
    public init(training: [LabelledUnit], targets: [String], categories: [String], features: TextFeatures, folds: Int = 5,
                threshold: Double, parameters: SuggestionParameters = SuggestionParameters()) {
        self.parameters = parameters
        self.threshold = threshold
        let counts = training.map { features.counts($0.text) }
        validations = SuggestionMethod.allCases.map {
            SuggestionValidation(method: $0, units: training, categories: categories, features: features, k: folds,
                                 threshold: threshold, parameters: parameters, counts: counts)
        }
        chosen = Self.choose(validations).method
        let model = CategoryModel(method: chosen, categories: categories, rows: counts, labels: training.map(\.categories), parameters: parameters)
        var suggestions: [Suggestion] = []
        for (index, text) in targets.enumerated() {
            let unitCounts = features.counts(text)
            let scores = model.scores(unitCounts)
            for (c, score) in scores.enumerated() where score >= threshold {
                suggestions.append(Suggestion(unit: index, category: categories[c], score: score,
                                              words: model.weighedMost(text, counts: unitCounts, category: c, features: features)))
            }
        }
        self.suggestions = suggestions
    }

    /// The validation with the better macro F1; a tie goes to logistic regression, whose scores are the better
    /// calibrated (Niculescu-Mizil & Caruana 2005, "Predicting good probabilities with supervised learning", ICML).
    public static func choose(_ validations: [SuggestionValidation]) -> SuggestionValidation {
        validations.max { a, b in
            a.macroF1 < b.macroF1 || (a.macroF1 == b.macroF1 && a.method != .logisticRegression && b.method == .logisticRegression)
        } ?? validations[0]
    }

    /// The cross-validation of the chosen method.
    public var validation: SuggestionValidation {
        validations.first { $0.method == chosen } ?? validations[0]
    }
}

/// What the cross-validation of a local suggester says (`codes agreement --coders PERSON,SUGGESTER`): every figure is
/// of units scored by a model that did not learn from them.
public struct CrossValidationReport: Sendable, Equatable, Codable {
    public struct MethodFigure: Sendable, Equatable, Codable {
        public var method: String
        public var macroF1: Double
        public var pooledKappa: Double?
    }
    /// One unit of the person's: its words, its fold, the person's categories and the model's.
    public struct Prediction: Sendable, Equatable, Codable {
        public var text: String
        public var fold: Int
        public var person: [String]
        public var predicted: [String]
    }

    public var trainingCoder: String
    public var method: String
    /// What the method was chosen by.
    public var chosenBy = "macro F1 of the cross-validation"
    public var folds: Int
    public var threshold: Double
    public var units: Int
    public var categories: [CategoryScores]
    public var pooledKappa: Double?
    public var macroF1: Double
    public var methods: [MethodFigure]
    public var learningCurve: [SuggestionValidation.Point]
    public var predictions: [Prediction]

    /// Cross-validates both methods on `units` (as `LocalSuggester` chose), and draws the chosen one's learning curve.
    public init(trainingCoder: String, units: [LabelledUnit], categories: [String], features: TextFeatures, folds: Int = 5,
                threshold: Double, parameters: SuggestionParameters = SuggestionParameters()) {
        let counts = units.map { features.counts($0.text) }
        let validations = SuggestionMethod.allCases.map {
            SuggestionValidation(method: $0, units: units, categories: categories, features: features, k: folds,
                                 threshold: threshold, parameters: parameters, counts: counts)
        }
        let chosen = LocalSuggester.choose(validations)
        self.trainingCoder = trainingCoder
        method = chosen.method.rawValue
        self.folds = chosen.folds
        self.threshold = threshold
        self.units = units.count
        self.categories = chosen.scores
        pooledKappa = chosen.pooledKappa
        macroF1 = chosen.macroF1
        methods = validations.map { MethodFigure(method: $0.method.rawValue, macroF1: $0.macroF1, pooledKappa: $0.pooledKappa) }
        learningCurve = SuggestionValidation.learningCurve(method: chosen.method, units: units, categories: categories, features: features,
                                                           fold: chosen.fold, folds: chosen.folds, threshold: threshold, parameters: parameters,
                                                           counts: counts)
        predictions = units.indices.map {
            Prediction(text: units[$0].text, fold: chosen.fold[$0], person: categories.filter(units[$0].categories.contains),
                       predicted: categories.filter(chosen.predicted[$0].contains))
        }
    }
}

/// How a suggester's stored suggestions agree with a person on the units it was asked about: the person's
/// categories on a unit are those of their codings that touch it; units in transcripts the person coded nothing in
/// are left out (the person gave no value there).
public struct SuggestionAgreement: Sendable, Equatable, Codable {
    public struct Unit: Sendable, Equatable, Codable {
        public var participant: String
        public var transcript: String
        public var start: Int
        public var end: Int
        public var text: String
        public var person: [String]
        public var suggested: [String]
        public init(participant: String, transcript: String, start: Int, end: Int, text: String, person: [String], suggested: [String]) {
            self.participant = participant
            self.transcript = transcript
            self.start = start
            self.end = end
            self.text = text
            self.person = person
            self.suggested = suggested
        }
    }

    public var person: String
    public var suggester: String
    /// How the suggester suggested ("logistic regression", "naive Bayes", "external").
    public var method: String
    public var trainingCoder: String?
    /// Only units with a suggestion compared (`--suggested-only`).
    public var suggestedOnly: Bool
    /// Units the suggester was asked about, and those compared.
    public var unitsAsked: Int
    public var units: [Unit]
    public var categories: [CategoryScores]
    public var pooledKappa: Double?
    public var macroF1: Double
    /// The local model's cross-validated figures on the person's own codings, when the person is its training coder.
    public var crossValidation: CrossValidationReport?

    public init(person: String, suggester: String, method: String, trainingCoder: String?, categories: [String], units: [Unit],
                unitsAsked: Int, suggestedOnly: Bool, crossValidation: CrossValidationReport? = nil) {
        self.person = person
        self.suggester = suggester
        self.method = method
        self.trainingCoder = trainingCoder
        self.suggestedOnly = suggestedOnly
        self.unitsAsked = unitsAsked
        self.units = units
        let personSets = units.map { Set($0.person) }
        let modelSets = units.map { Set($0.suggested) }
        self.categories = CategoryScores.all(categories: categories, person: personSets, model: modelSets)
        pooledKappa = SuggestionValidation.pooledKappa(categories: categories, person: personSets, model: modelSets)
        macroF1 = CategoryScores.macroF1(self.categories)
        self.crossValidation = crossValidation
    }
}
