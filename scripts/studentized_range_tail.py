#!/usr/bin/env python3
"""P(Q > q) for the studentized range, integrated for the upper tail itself: the reference PostHocTests uses where
scipy's studentized_range.sf (computed as 1 - cdf, good to about 1e-15 absolute) keeps too few digits (p below about
1e-6, or df above 1e4, where scipy also switches to its infinite-df form at 1e5).

    P(Q > q) = integral over s of f_S(s) P(R > q s),  f_S the density of sqrt(chi2_df / df),
    P(R > w) = k * integral over z of phi(z) [Phic(z)^(k-1) - (Phic(z) - Phic(z + w))^(k-1)]

(Lund & Lund 1983, AS 190), both by QUADPACK (scipy.integrate.quad) to a relative 2e-14, the outer one in log s
with breakpoints around the integrand's peak, the chi density's constant by mpmath. Checked against mpmath at 20 digits and, for k = 2, against
2 * scipy.stats.t.sf(q / sqrt(2), df).

Usage: studentized_range_tail.py Q K DF    (prints repr of the float)
"""
import math
import sys
import warnings

import mpmath as mp
from scipy import integrate, optimize, special

warnings.filterwarnings("ignore")


def upper_normal(x):
    return 0.5 * special.erfc(x / math.sqrt(2))


def range_tail(w, k):
    """P(range of k standard normals > w)."""
    def f(z):
        a = upper_normal(z)
        c = upper_normal(z + w)
        if a == 0:
            return 0.0
        if c < 0.5 * a:
            bracket = -math.expm1((k - 1) * math.log1p(-c / a))
        else:
            if z >= 0:
                inside = a - c
            elif z + w <= 0:
                inside = upper_normal(-(z + w)) - upper_normal(-z)
            else:
                inside = 1 - c - upper_normal(-z)
            bracket = 1 - (inside / a) ** (k - 1)
        return k * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) * a ** (k - 1) * bracket
    middle = -w / 2
    return integrate.quad(f, min(middle - 9, -9), max(middle + 9, 9), points=[middle], epsabs=0, epsrel=1.2e-14, limit=500)[0]


def tail(q, k, df):
    # The chi density of S in u = log s: exp(log_c + df u - df e^(2u)/2), written as exp(log_c0 - (df/2)(e^(2u) - 1 - 2u))
    # with log_c0 = log_c - df/2 taken by mpmath at 30 digits: at df = 1e5 the two large terms would cancel in doubles.
    mp.mp.dps = 30
    d = mp.mpf(df)
    log_c0 = float(d / 2 * mp.log(d) - mp.loggamma(d / 2) - (d / 2 - 1) * mp.log(2) - d / 2)

    def log_chi(u):
        return log_c0 - df / 2 * (math.expm1(2 * u) - 2 * u)

    def log_bound(u):
        x = q * math.exp(u) / math.sqrt(2)
        pair = math.log(special.erfc(x / math.sqrt(2))) if x < 37 else -x * x / 2 - math.log(x * math.sqrt(2 * math.pi))
        return log_chi(u) + pair

    peak = optimize.minimize_scalar(lambda u: -log_bound(u), bounds=(-150, 10), method="bounded", options={"xatol": 1e-10}).x
    top = log_bound(peak)

    def edge(outside):
        inside = peak
        for _ in range(200):
            middle = (inside + outside) / 2
            if log_bound(middle) >= top - 50:
                inside = middle
            else:
                outside = middle
        return outside

    low, high = edge(-150), edge(10)

    def h(u):
        return math.exp(log_chi(u)) * range_tail(q * math.exp(u), k)

    points = [peak + (high - low) * f for f in (-0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.2) if low < peak + (high - low) * f < high]
    return integrate.quad(h, low, high, points=points, epsabs=0, epsrel=2e-14, limit=2000)[0]


if __name__ == "__main__":
    q, k, df = map(float, sys.argv[1:4])
    print(repr(tail(q, k, df)))
