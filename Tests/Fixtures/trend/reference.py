#!/usr/bin/env python3
"""The trend fixture's reference values, computed apart from studyctl with scipy and statsmodels, as JSON on stdout.

Usage: reference.py FIXTURE_DIR BASELINE (comma-separated releases) [RESAMPLES SEED]

Per release (one value per participant): the mean, scipy's t interval, and scipy.stats.bootstrap(method='BCa') run
on studyctl's own resamples: the resampling step of scipy.stats.bootstrap is replaced by studyctl's documented index
stream (Bootstrap.Generator: SplitMix64, Steele, Lea & Flood 2014, state += 0x9E3779B97F4A7C15 per draw, the index
the high 64 bits of draw × n), so scipy's BCa formula sees the very replicates studyctl saw — replayed, not
approximated. The values are sorted before resampling, as studyctl does. Completion: statsmodels' agresti_coull
interval, and the 'N − 1' two-proportion test as scipy's Pearson chi-squared × (N − 1)/N (Campbell 2007).
Consecutive releases: scipy's Welch t-test with its interval, Hedges' g from the formula. The individuals chart of
the release estimates: centre and limits from the baseline releases (moving range / 1.128), flagged releases.
"""
import csv
import json
import math
import os
import sys

import numpy as np
import scipy
import scipy.stats as st
import scipy.stats._resampling as resampling
from statsmodels.stats.proportion import proportion_confint, proportions_ztest

RELEASES = ["4.1", "4.2", "4.3", "4.4", "4.5", "4.6"]
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix_indices(seed, resamples, n):
    """studyctl's Bootstrap.Generator(seed).below(n), resamples × n draws in order, as a (resamples, n) array."""
    k = np.arange(1, resamples * n + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + k * np.uint64(GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        # The high 64 bits of z × n, n < 2³²: (hi(z)·n + (lo(z)·n >> 32)) >> 32.
        n64 = np.uint64(n)
        high = (z >> np.uint64(32)) * n64
        low = (z & np.uint64(0xFFFFFFFF)) * n64
        index = (high + (low >> np.uint64(32))) >> np.uint64(32)
    return index.astype(np.int64).reshape(resamples, n)


REPLAYED = []


def bca(values, resamples, seed, level=0.95):
    x = np.array(sorted(values), dtype=float)
    if len(x) < 3 or np.all(x == x[0]):
        return None
    indices = splitmix_indices(seed, resamples, len(x))

    def replay(sample, n_resamples=None, *args, **kwargs):
        REPLAYED.append(sample.shape[-1])
        assert n_resamples == resamples, "scipy resampled in batches"
        return sample[..., indices]

    def mean(sample, axis=-1):
        # Summed left to right, as studyctl sums: numpy's pairwise sum rounds the last bits differently, and a
        # resampled mean one ulp off the estimate would change the bias correction's count of ties.
        return np.cumsum(sample, axis=axis).take(-1, axis=axis) / sample.shape[axis]

    original = resampling._bootstrap_resample
    resampling._bootstrap_resample = replay
    try:
        result = st.bootstrap((x,), mean, n_resamples=resamples, method="BCa", confidence_level=level, vectorized=True)
    finally:
        resampling._bootstrap_resample = original
    ci = result.confidence_interval
    return [float(ci.low), float(ci.high)]


def sus_score(row):
    total = 0
    for item in range(1, 11):
        x = int(row[f"SUS{item}"])
        total += (x - 1) if item % 2 == 1 else (5 - x)
    return 2.5 * total


def read(folder, name):
    with open(os.path.join(folder, name), newline="") as f:
        return list(csv.DictReader(f))


def samples(folder, measure):
    out = {}
    for release in RELEASES:
        if measure == "sus":
            out[release] = [sus_score(r) for r in read(folder, f"sus-{release}.csv")]
        else:
            rows = [r for r in read(folder, f"attempts-{release}.csv") if r["task"] == "T1"]
            per = {}
            for r in rows:
                per.setdefault(r["participant"], []).append(r)
            if measure == "completion":
                out[release] = [1.0 if rs[0]["outcome"] == "success" else 0.0 for rs in per.values()]
            else:
                out[release] = [sum(float(r["time"]) for r in rs) / len(rs) for rs in per.values()]
    return out


def hedges_g(a, b):
    na, nb = len(a), len(b)
    pooled = math.sqrt(((na - 1) * np.var(a, ddof=1) + (nb - 1) * np.var(b, ddof=1)) / (na + nb - 2))
    return (np.mean(b) - np.mean(a)) / pooled * (1 - 3 / (4 * (na + nb) - 9))


def compare(a, b, rate):
    if rate:
        xa, xb, na, nb = int(sum(a)), int(sum(b)), len(a), len(b)
        n = na + nb
        table = [[xa, na - xa], [xb, nb - xb]]
        chi2 = st.chi2_contingency(table, correction=False).statistic * (n - 1) / n
        z, _ = proportions_ztest([xb, xa], [nb, na], prop_var=False)
        z = float(z) * math.sqrt((n - 1) / n)
        assert abs(z * z - chi2) < 1e-9
        return {"difference": xb / nb - xa / na, "statistic": z, "p": float(st.chi2.sf(chi2, 1)),
                "effect": 2 * math.asin(math.sqrt(xb / nb)) - 2 * math.asin(math.sqrt(xa / na))}
    t = st.ttest_ind(b, a, equal_var=False)
    ci = t.confidence_interval(0.95)
    return {"difference": float(np.mean(b) - np.mean(a)), "statistic": float(t.statistic), "df": float(t.df), "p": float(t.pvalue),
            "ci": [float(ci.low), float(ci.high)], "effect": float(hedges_g(a, b))}


def main():
    folder, baseline = sys.argv[1], sys.argv[2].split(",")
    resamples = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    result = {"scipy": scipy.__version__}
    for measure in ("sus", "completion", "time"):
        rate = measure == "completion"
        data = samples(folder, measure)
        releases = []
        for release in RELEASES:
            x = np.array(data[release])
            n = len(x)
            entry = {"name": release, "n": n, "estimate": float(np.mean(x)), "bca": bca(x, resamples, seed)}
            if rate:
                low, high = proportion_confint(int(x.sum()), n, alpha=0.05, method="agresti_coull")
                entry["ci"] = [float(low), float(high)]
            else:
                low, high = st.t.interval(0.95, n - 1, loc=np.mean(x), scale=st.sem(x))
                entry["ci"] = [float(low), float(high)]
            releases.append(entry)
        previous = [dict(compare(data[a], data[b], rate), to=b) for a, b in zip(RELEASES, RELEASES[1:])]
        estimates = [r["estimate"] for r in releases]
        base = [e for name, e in zip(RELEASES, estimates) if name in baseline]
        centre = sum(base) / len(base)
        sigma = sum(abs(y - x) for x, y in zip(base, base[1:])) / (len(base) - 1) / 1.128
        flagged = [name for name, e in zip(RELEASES, estimates) if abs(e - centre) > 3 * sigma]
        result[measure] = {"releases": releases, "previous": previous,
                           "chart": {"centre": centre, "lower": centre - 3 * sigma, "upper": centre + 3 * sigma, "flagged": flagged}}
    assert REPLAYED, "scipy.stats.bootstrap never called the replaced resampler"
    json.dump(result, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
