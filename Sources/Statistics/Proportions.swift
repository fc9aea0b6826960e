import Foundation

/// A completion rate with its adjusted-Wald confidence interval.
///
/// Adjusted Wald (Agresti & Coull 1998), recommended for small-sample usability completion rates by
/// Sauro & Lewis (2005), "Estimating completion rates from small samples using binomial confidence intervals",
/// Proc. HFES 49: p̂ = (x + z²/2) / (n + z²), interval p̂ ± z √(p̂(1 − p̂) / (n + z²)), clipped to [0, 1].
public struct CompletionRate: Sendable, Equatable, Codable {
    public var successes: Int
    public var attempts: Int
    /// x / n.
    public var rate: Double
    public var ci95: ClosedRange<Double>
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case successes, attempts, rate, ci95 = "ci" }

    public init?(successes: Int, attempts: Int, confidence: Double = 0.95) {
        guard attempts > 0, successes >= 0, successes <= attempts else { return nil }
        self.successes = successes
        self.attempts = attempts
        rate = Double(successes) / Double(attempts)
        let z = StandardNormal.quantile(1 - (1 - confidence) / 2)
        let nAdjusted = Double(attempts) + z * z
        let pAdjusted = (Double(successes) + z * z / 2) / nAdjusted
        let half = z * (pAdjusted * (1 - pAdjusted) / nAdjusted).squareRoot()
        ci95 = max(0, pAdjusted - half)...min(1, pAdjusted + half)
    }
}

/// The geometric mean of task times with its 95 % interval, computed on the log scale and transformed back:
/// exp(mean(ln t) ± t₀.₉₇₅,ₙ₋₁ × sd(ln t) / √n) (Sauro & Lewis 2016, *Quantifying the User Experience*, ch. 3;
/// the geometric mean is the better estimate of the typical time for small, skewed samples).
public struct GeometricMean: Sendable, Equatable, Codable {
    public var value: Double
    public var ci95: ClosedRange<Double>?
    /// The JSON keys (docs/json.md): the shared vocabulary — `statistic`, `ci`, `n`, `test`.
    enum CodingKeys: String, CodingKey { case value, ci95 = "ci" }

    /// `nil` when there are no values or any is not positive. `ci95` holds the interval at `confidence`.
    public init?(_ values: [Double], confidence: Double = 0.95) {
        guard !values.isEmpty, values.allSatisfy({ $0 > 0 }) else { return nil }
        let logs = values.map { log($0) }
        guard let summary = Descriptive(logs, confidence: confidence) else { return nil }
        value = exp(summary.mean)
        ci95 = summary.ci95.map { exp($0.lowerBound)...exp($0.upperBound) }
    }
}
