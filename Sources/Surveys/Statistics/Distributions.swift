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

    /// The t value below which lies probability `p` (e.g. `quantile(0.975, df: 9)` ≈ 2.2622), to double precision.
    ///
    /// Bisection brackets the root; Newton's method then solves P(T ≥ t) = 1 − p on the upper tail taken from the
    /// incomplete beta directly (not as 1 − cdf, which loses the tail's last digits), with the density
    /// f(t) = Γ((ν+1)/2) / (√(νπ) Γ(ν/2)) · (1 + t²/ν)^−(ν+1)/2 (Johnson, Kotz & Balakrishnan 1995, *Continuous
    /// Univariate Distributions* 2, §28.2). Agrees with scipy.stats.t.ppf to within a few ulps (SurveysTests).
    public static func quantile(_ p: Double, df: Double) -> Double {
        precondition(p > 0 && p < 1, "probability must lie strictly between 0 and 1")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, df: df) }
        let tail = 1 - p
        var low = 0.0
        var high = 1.0
        while upperTail(high, df: df) > tail { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if upperTail(middle, df: df) > tail { low = middle } else { high = middle }
            if high - low < 1e-9 * max(1, high) { break }
        }
        var t = (low + high) / 2
        let logNormaliser = lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * Double.pi)
        for _ in 0..<8 {
            let density = exp(logNormaliser - (df + 1) / 2 * log1p(t * t / df))
            guard density > 0 else { break }
            let step = (upperTail(t, df: df) - tail) / density
            let next = min(high, max(low, t + step))
            if next == t { break }
            let moved = abs(next - t)
            t = next
            if moved <= 2 * t.ulp { break }
        }
        return t
    }

    /// P(T ≥ t) for t ≥ 0: ½ I_{ν/(ν+t²)}(ν/2, 1/2).
    static func upperTail(_ t: Double, df: Double) -> Double {
        0.5 * IncompleteBeta.regularized(a: df / 2, b: 0.5, x: df / (df + t * t))
    }

    /// Two-sided p-value of an observed t: P(|T| ≥ |t|) = I_{df/(df+t²)}(df/2, 1/2), taken from the incomplete beta
    /// directly rather than as 1 − cdf, so that tiny p-values (below 1e-16) keep their size instead of becoming 0.
    public static func twoSidedP(_ t: Double, df: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? .nan : 0 }
        return min(1, IncompleteBeta.regularized(a: df / 2, b: 0.5, x: df / (df + t * t)))
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

/// Fisher's F distribution (for ANOVA): the upper tail from the incomplete beta,
/// P(F ≥ f) = I_{d₂/(d₂+d₁f)}(d₂/2, d₁/2) (Abramowitz & Stegun 26.6.2).
public enum FisherF {
    public static func upperTail(_ f: Double, df1: Double, df2: Double) -> Double {
        guard f.isFinite, f > 0 else { return f.isNaN ? .nan : (f <= 0 ? 1 : 0) }
        return IncompleteBeta.regularized(a: df2 / 2, b: df1 / 2, x: df2 / (df2 + df1 * f))
    }
}

/// The χ² distribution: P(X ≥ x) = Q(k/2, x/2), the regularized upper incomplete gamma (Press et al.,
/// *Numerical Recipes*, 3rd ed., §6.2: series for x < a + 1, continued fraction otherwise).
public enum ChiSquared {
    public static func upperTail(_ x: Double, df: Double) -> Double {
        guard x > 0 else { return 1 }
        return IncompleteGamma.upper(a: df / 2, x: x / 2)
    }
}

enum IncompleteGamma {
    /// Q(a, x) = Γ(a, x) / Γ(a).
    static func upper(a: Double, x: Double) -> Double {
        if x <= 0 { return 1 }
        let logFront = -x + a * log(x) - lgamma(a)
        if x < a + 1 {
            // Series for P(a, x).
            var sum = 1 / a
            var term = sum
            var n = a
            for _ in 0..<1_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, 1 - sum * exp(logFront))
        }
        // Lentz's continued fraction for Q(a, x).
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...1_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return exp(logFront) * h
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
