import Foundation
import Statistics

/// How the local suggestions are learnt: one binary model per category (one-vs-rest; a passage may be in several
/// categories, or in none).
public enum SuggestionMethod: String, Sendable, CaseIterable, Codable {
    /// Logistic regression per category, L2-regularised, fitted by stochastic gradient descent (Bottou 2010,
    /// "Large-scale machine learning with stochastic gradient descent", COMPSTAT) with classes weighted by their
    /// inverse frequency (King & Zeng 2001, "Logistic regression in rare events data"; scikit-learn's
    /// `class_weight="balanced"`), on sublinear, length-normalised counts.
    case logisticRegression = "logistic regression"
    /// Multinomial naive Bayes per category (present against absent), Laplace-smoothed (α = 1), on raw counts
    /// (McCallum & Nigam 1998, "A comparison of event models for naive Bayes text classification", AAAI workshop).
    case naiveBayes = "naive Bayes"
}

/// The settings a model is fitted with, stored beside the suggestions they gave.
public struct SuggestionParameters: Sendable, Equatable, Codable {
    public var epochs = 12
    /// L2 penalty of logistic regression (λ).
    public var l2 = 1e-4
    /// Laplace smoothing of naive Bayes.
    public var smoothing = 1.0
    public var seed: UInt64 = 1
    public init() {}
}

/// A fitted model: per category, a score from 0 to 1 that the passage belongs to it.
public struct CategoryModel: Sendable {
    public var method: SuggestionMethod
    public var categories: [String]
    public var space: FeatureSpace
    /// Per category: a weight per feature column, and the intercept.
    var weights: [[Double]]
    var bias: [Double]

    /// Fits one binary model per category on `rows` (feature counts) and `labels` (each passage's categories).
    public init(method: SuggestionMethod, categories: [String], rows: [[UInt64: Double]], labels: [Set<String>],
                parameters: SuggestionParameters = SuggestionParameters()) {
        self.method = method
        self.categories = categories
        var space = FeatureSpace()
        space.fit(rows)
        self.space = space
        let sparse = rows.map { space.row($0) }
        let width = space.count
        var weights: [[Double]] = []
        var bias: [Double] = []
        for category in categories {
            let y = labels.map { $0.contains(category) }
            switch method {
            case .logisticRegression:
                let (w, b) = Self.logistic(sparse.map(\.normalised), y, width: width, parameters: parameters)
                weights.append(w); bias.append(b)
            case .naiveBayes:
                let (w, b) = Self.naiveBayes(sparse, y, width: width, smoothing: parameters.smoothing)
                weights.append(w); bias.append(b)
            }
        }
        self.weights = weights
        self.bias = bias
    }

    /// The score of each category for a passage's counts, in `categories` order.
    public func scores(_ counts: [UInt64: Double]) -> [Double] {
        let raw = space.row(counts)
        let row = method == .logisticRegression ? raw.normalised : raw
        return categories.indices.map { c in
            var z = bias[c]
            for (column, value) in zip(row.columns, row.values) { z += weights[c][Int(column)] * value }
            return Self.sigmoid(z)
        }
    }

    /// The word features of a passage that pushed category `c` up most, strongest first (the rationale shown).
    public func weighedMost(_ text: String, counts: [UInt64: Double], category c: Int, features: TextFeatures, top: Int = 3) -> [String] {
        let named = features.wordFeatures(text)
        var contributions: [(String, Double)] = []
        for (hash, words) in named {
            guard let column = space.columns[hash], let count = counts[hash] else { continue }
            let contribution = weights[c][Int(column)] * count
            if contribution > 0 { contributions.append((words, contribution)) }
        }
        return contributions.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(top).map(\.0)
    }

    @inline(__always) static func sigmoid(_ z: Double) -> Double {
        z >= 0 ? 1 / (1 + exp(-z)) : exp(z) / (1 + exp(z))
    }

    /// Logistic regression by SGD with the learning rate 1 / (λ (t₀ + t)) (Bottou 2010 §5; scikit-learn's
    /// "optimal" schedule) and the L2 shrink kept as one scale factor, so a step costs the passage's features only.
    static func logistic(_ rows: [SparseRow], _ y: [Bool], width: Int, parameters: SuggestionParameters) -> ([Double], Double) {
        var w = [Double](repeating: 0, count: width)
        var scale = 1.0
        var b = 0.0
        let positives = Double(y.filter { $0 }.count)
        let n = Double(y.count)
        guard positives > 0, positives < n else {
            // One class only: the intercept says it, no word can.
            return (w, positives > 0 ? 10 : -10)
        }
        let weightPositive = n / (2 * positives)
        let weightNegative = n / (2 * (n - positives))
        let lambda = parameters.l2
        let t0 = 1 / (lambda * 1.0)  // the first step is 1
        var t = 0.0
        var generator = Bootstrap.Generator(seed: parameters.seed)
        var order = Array(rows.indices)
        for _ in 0..<parameters.epochs {
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, generator.below(i + 1)) }
            for i in order {
                let rate = 1 / (lambda * (t0 + t))
                t += 1
                let row = rows[i]
                var dot = 0.0
                for (column, value) in zip(row.columns, row.values) { dot += w[Int(column)] * value }
                let z = b + scale * dot
                let target = y[i] ? 1.0 : 0.0
                let gradient = (sigmoid(z) - target) * (y[i] ? weightPositive : weightNegative)
                scale *= 1 - rate * lambda
                if scale < 1e-9 {
                    for j in w.indices { w[j] *= scale }
                    scale = 1
                }
                let step = rate * gradient / scale
                for (column, value) in zip(row.columns, row.values) { w[Int(column)] -= step * value }
                b -= rate * gradient * 0.01  // the intercept learns slower (Bottou 2012, "Stochastic gradient tricks")
            }
        }
        for j in w.indices { w[j] *= scale }
        return (w, b)
    }

    /// Multinomial naive Bayes of present against absent, as one linear score: log P(f | present) − log P(f | absent)
    /// per feature, and the log prior odds as the intercept; the sigmoid of the sum is the posterior.
    static func naiveBayes(_ rows: [SparseRow], _ y: [Bool], width: Int, smoothing: Double) -> ([Double], Double) {
        var present = [Double](repeating: smoothing, count: width)
        var absent = [Double](repeating: smoothing, count: width)
        var presentTotal = smoothing * Double(width)
        var absentTotal = smoothing * Double(width)
        var positives = 0.0
        for (row, isPresent) in zip(rows, y) {
            if isPresent { positives += 1 }
            for (column, value) in zip(row.columns, row.values) {
                if isPresent { present[Int(column)] += value; presentTotal += value } else { absent[Int(column)] += value; absentTotal += value }
            }
        }
        let n = Double(y.count)
        guard positives > 0, positives < n else { return ([Double](repeating: 0, count: width), positives > 0 ? 10 : -10) }
        let w = (0..<width).map { log(present[$0] / presentTotal) - log(absent[$0] / absentTotal) }
        return (w, log(positives / n) - log((n - positives) / n))
    }
}
