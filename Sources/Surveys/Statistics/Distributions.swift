import Foundation

/// Student's t and related distributions, computed from the regularized incomplete beta function
/// (Press et al., *Numerical Recipes*, 3rd ed., §6.4), accurate to about 1e-10 in the ranges studies use.
public enum StudentT {
    /// P(T ≤ t) for Student's t with `df` degrees of freedom.
    public static func cdf(_ t: Double, df: Double) -> Double {
        precondition(df > 0, "degrees of freedom must be positive")
        let x = df / (df + t * t)
        let tail = 0.5 * IncompleteBeta.regularized(a: df / 2, b: 0.5, x: x)
        return t >= 0 ? 1 - tail : tail
    }

    /// The t value below which lies probability `p` (e.g. `quantile(0.975, df: 9)` ≈ 2.2622).
    public static func quantile(_ p: Double, df: Double) -> Double {
        precondition(p > 0 && p < 1, "probability must lie strictly between 0 and 1")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, df: df) }
        var low = 0.0
        var high = 1.0
        while cdf(high, df: df) < p { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle, df: df) < p { low = middle } else { high = middle }
            if high - low < 1e-12 { break }
        }
        return (low + high) / 2
    }

    /// Two-sided p-value of an observed t.
    public static func twoSidedP(_ t: Double, df: Double) -> Double {
        min(1, 2 * (1 - cdf(abs(t), df: df)))
    }
}

/// The standard normal distribution.
public enum StandardNormal {
    public static func cdf(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.squareRoot())
    }

    /// The z below which lies probability `p` (e.g. `quantile(0.975)` ≈ 1.959964).
    public static func quantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "probability must lie strictly between 0 and 1")
        var low = -40.0
        var high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cdf(middle) < p { low = middle } else { high = middle }
            if high - low < 1e-13 { break }
        }
        return (low + high) / 2
    }
}

enum IncompleteBeta {
    /// I_x(a, b), the regularized incomplete beta function.
    static func regularized(a: Double, b: Double, x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logBeta + logPowers
        let front = exp(logFront)
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(a: a, b: b, x: x) / a
        }
        return 1 - front * continuedFraction(a: b, b: a, x: 1 - x) / b
    }

    /// Lentz's method for the continued fraction of I_x(a, b).
    private static func continuedFraction(a: Double, b: Double, x: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...300 {
            let m = Double(m)
            let m2 = 2 * m
            var aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return h
    }
}
