#!/usr/bin/env python3
"""Differential suite: random studies scored by studyctl and by scipy, figure by figure.

Each study has 2 to 4 groups of 2 to 40 participants with random SUS answers (ties, constant groups and tiny
groups come up by chance). studyctl scores it (`score sus --by group --compare --json`); scipy computes the same
figures from the same scores:

- per group, for SUS and its Learnability and Usability sub-scores: mean, SD, the 95 % t interval
  (scipy.stats.t.interval), and for SUS the one-sample t-test against 68;
- two groups: Welch's t (scipy.stats.ttest_ind, equal_var=False) and Mann-Whitney U (scipy.stats.mannwhitneyu,
  method 'auto': exact when a group has 8 or fewer and there are no ties);
- three or more groups: Kruskal-Wallis H (scipy.stats.kruskal) and, after Welch's ANOVA, each Games-Howell pair's
  t, Welch df and p (scipy.stats.studentized_range.sf(|t| * sqrt(2), k, df), as pingouin's pairwise_gameshowell).

Then as many within-subject studies: 2 to 30 participants answering on 2 to 4 occasions, some on only some of them
(incomplete blocks), some answering alike on two occasions (zero differences) or alike to one another (ties).
studyctl compares the occasions (`score sus --within occasion --compare --json`) over the complete blocks; scipy:

- two occasions: the paired t-test (scipy.stats.ttest_rel, its confidence_interval) and Wilcoxon signed-rank
  (scipy.stats.wilcoxon with its defaults);
- three or more: Friedman's chi-squared (scipy.stats.friedmanchisquare) and the repeated-measures ANOVA's F, p and
  Greenhouse-Geisser epsilon computed here with numpy from the sums of squares and the double-centred covariance.

Then as many edge designs (repeated measures and mixed, 2 to 5 occasions, 2 to 3 groups by an attribute), each of one
kind: random; one occasion answered exactly as another by everyone (a singular covariance); every participant moved
by the same amount per occasion (constant differences: no spread within participants); many missing sets (missing
blocks, often n - 1 < k - 1); one group with no participant on every occasion (an empty group). studyctl:
`score sus --within occasion --compare --confidence 90 --json` and `score sus --by group --within occasion
--compare --json`; the references are scipy.stats.ttest_rel (its 90 % interval), pingouin.rm_anova(correction=True)
and pingouin.mixed_anova(correction=True). Where pingouin fails on an edge, the formula decides, as written at
`compare_edges`: a singular covariance gives Mauchly's W = 0, chi2 = inf (null in JSON), p = 0 (pingouin reports the
residue of its eigenvalues, e.g. W = 1e-16 and a p of 1e-25, or a W when n - 1 < k - 1 where the test says
nothing: studyctl gives none); an error SS that is rounding residue (root mean square within 1e-12 of the data's
scale) is zero, so the sources it tests are not given (pingouin divides by it: F = inf or -5e14); the Greenhouse-
Geisser p of the mixed interaction is scipy.stats.f.sf(F, eps df1, eps df2) (pingouin gives it for the within factor
only in some versions).

The t intervals (paired ones too) must agree to 1e-12 relative (1e-12 absolute for a bound near 0); Games-Howell p to 1e-6 relative
or 1e-13 absolute (scipy's studentized_range.sf is 1 - cdf, itself good to about 1e-15 absolute); every other figure
to 1e-9 relative (p-values to 1e-9 relative or 1e-15 absolute); and studyctl must never crash.
Usage: differential.py STUDYCTL [STUDIES] [SEED]. Exit 0 when all agree; prints 'N passed, N failed'.
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import warnings

from scipy import stats

# Constant groups make scipy warn about cancellation in the SD (it then reports about 1e-14 for 0); they are
# compared with an absolute tolerance instead.
warnings.filterwarnings("ignore", category=RuntimeWarning)

STUDYCTL = os.path.abspath(sys.argv[1])
STUDIES = int(sys.argv[2]) if len(sys.argv) > 2 else 60
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 20261123


def run(args, cwd):
    result = subprocess.run([STUDYCTL] + args, cwd=cwd, capture_output=True, text=True)
    if result.returncode not in (0, 1) or "Fatal error" in result.stderr or "SQLite" in result.stderr:
        raise AssertionError(f"studyctl {' '.join(args)} exited {result.returncode}: {result.stderr}")
    if result.returncode != 0:
        raise AssertionError(f"studyctl {' '.join(args)} refused: {result.stderr}")
    return result.stdout


def close(ours, theirs, name, failures, relative=1e-9, absolute=1e-12):
    if theirs is None or (isinstance(theirs, float) and math.isnan(theirs)):
        if ours is not None:
            failures.append(f"{name}: studyctl {ours}, scipy undefined")
        return
    if ours is None:
        failures.append(f"{name}: studyctl undefined, scipy {theirs}")
        return
    if abs(ours - theirs) > max(absolute, relative * abs(theirs)):
        failures.append(f"{name}: studyctl {ours!r}, scipy {theirs!r}")


def sus(answers):
    total = sum((a - 1) if i % 2 == 0 else (5 - a) for i, a in enumerate(answers))
    return total * 2.5


def subscores(answers):
    """Learnability (items 4 and 10, x 12.5) and Usability (the other eight, x 3.125), Lewis & Sauro 2009."""
    c = [(a - 1) if i % 2 == 0 else (5 - a) for i, a in enumerate(answers)]
    return {"Learnability": (c[3] + c[9]) * 12.5, "Usability": sum(c[i] for i in range(10) if i not in (3, 9)) * 3.125}


def study(rng, folder):
    groups = rng.randint(2, 4)
    sizes = [rng.choice([2, 3, 5, 8, 9, 12, 16, 20, 40]) for _ in range(groups)]
    # Some groups answer alike (ties, constant groups), most at random.
    participants, scores = [], {}
    lines = ["participant,instrument,item,value"]
    for g, size in enumerate(sizes):
        style = rng.random()
        for k in range(size):
            code = f"G{g}P{k}"
            if style < 0.1:
                answers = [3] * 10
            else:
                bias = rng.randint(-1, 1)
                answers = [min(5, max(1, rng.randint(1, 5) + (bias if i % 2 == 0 else -bias))) for i in range(10)]
            participants.append((code, f"g{g}"))
            per = scores.setdefault(f"g{g}", {"SUS": [], "Learnability": [], "Usability": []})
            per["SUS"].append(sus(answers))
            for name, value in subscores(answers).items():
                per[name].append(value)
            lines += [f"{code},sus,{i + 1},{a}" for i, a in enumerate(answers)]
    with open(os.path.join(folder, "p.csv"), "w") as f:
        f.write("code,group\n" + "".join(f"{c},{g}\n" for c, g in participants))
    with open(os.path.join(folder, "l.csv"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return scores


def compare(report, scores, failures, label):
    by_name = {g["name"]: g for g in report["groups"]}
    for name, per in scores.items():
        for score, values in per.items():
            summary = next(s for s in by_name[name]["summaries"] if s["score"] == score)
            st = summary["statistics"]
            n = len(values)
            mean = sum(values) / n
            close(st["mean"], mean, f"{label} {name} {score} mean", failures)
            if n >= 2:
                sd = stats.tstd(values)
                close(st["sd"], sd, f"{label} {name} {score} sd", failures)
                if sd > 1e-9 and not summary.get("ciClipped"):
                    low, high = stats.t.interval(0.95, n - 1, loc=mean, scale=sd / math.sqrt(n))
                    close(st["ci"][0], low, f"{label} {name} {score} (n = {n}) ci low", failures, relative=1e-12)
                    close(st["ci"][1], high, f"{label} {name} {score} (n = {n}) ci high", failures, relative=1e-12)
                if score == "SUS" and sd > 1e-9 and summary.get("test"):
                    t = stats.ttest_1samp(values, 68)
                    close(summary["test"]["statistic"], float(t.statistic), f"{label} {name} t vs 68", failures)
                    close(summary["test"]["p"], float(t.pvalue), f"{label} {name} p vs 68", failures, absolute=1e-15)
    comparison = next((c for c in report["comparisons"] if c["score"] == "SUS"), None)
    if comparison is None:
        failures.append(f"{label}: no comparison of SUS")
        return
    tests = {t["test"]: t for t in comparison["tests"]}
    groups = [scores[g["name"]]["SUS"] for g in comparison["groups"]]
    if len(groups) == 2:
        a, b = groups
        if "welch-t" in tests:
            r = stats.ttest_ind(a, b, equal_var=False)
            close(tests["welch-t"]["statistic"], float(r.statistic), f"{label} welch t", failures)
            close(tests["welch-t"]["p"], float(r.pvalue), f"{label} welch p", failures, absolute=1e-15)
        if "mann-whitney-u" in tests:
            r = stats.mannwhitneyu(a, b, alternative="two-sided", method="auto")
            close(tests["mann-whitney-u"]["statistic"], float(r.statistic), f"{label} U", failures)
            close(tests["mann-whitney-u"]["p"], float(r.pvalue), f"{label} U p", failures, absolute=1e-15)
    elif "kruskal-wallis" in tests:
        r = stats.kruskal(*groups)
        close(tests["kruskal-wallis"]["statistic"], float(r.statistic), f"{label} H", failures)
        close(tests["kruskal-wallis"]["p"], float(r.pvalue), f"{label} H p", failures, absolute=1e-15)
    for post in comparison.get("postHoc", []):
        if post["test"] != "games-howell":
            continue
        k = len({name for pair in post["pairs"] for name in (pair["a"], pair["b"])})
        for pair in post["pairs"]:
            a, b = scores[pair["a"]]["SUS"], scores[pair["b"]]["SUS"]
            va, vb = stats.tvar(a) / len(a), stats.tvar(b) / len(b)
            t = (sum(a) / len(a) - sum(b) / len(b)) / math.sqrt(va + vb)
            df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
            p = float(stats.studentized_range.sf(abs(t) * math.sqrt(2), k, df))
            where = f"{label} games-howell {pair['a']}-{pair['b']} (k = {k}, df = {df:.4g})"
            close(pair["statistic"], t, f"{where} t", failures)
            close(pair["df"], df, f"{where} df", failures)
            close(pair["p"], p, f"{where} p", failures, relative=1e-6, absolute=1e-13)


def paired_study(rng, folder):
    """Writes one form export per occasion; returns occasion names and participant -> occasion -> SUS."""
    k = rng.choice([2, 2, 3, 4])
    n = rng.choice([2, 3, 5, 8, 12, 13, 14, 20, 30])
    occasions = [f"o{j}" for j in range(k)]
    values, rows = {}, {o: [] for o in occasions}
    for p in range(n):
        code = f"P{p}"
        base = [rng.randint(1, 5) for _ in range(10)]
        for j, occasion in enumerate(occasions):
            if rng.random() < 0.1:
                continue  # this occasion missed: an incomplete block
            if j > 0 and rng.random() < 0.2:
                answers = list(base)  # the same answers again: a zero difference
            else:
                shift = rng.randint(-1, 1)
                answers = [min(5, max(1, a + (shift if i % 2 == 0 else -shift) + rng.choice([0, 0, 1, -1]))) for i, a in enumerate(base)]
            rows[occasion].append(f"{code}," + ",".join(map(str, answers)))
            values.setdefault(code, {})[occasion] = sus(answers)
    with open(os.path.join(folder, "p.csv"), "w") as f:
        f.write("code\n" + "".join(f"P{p}\n" for p in range(n)))
    for occasion in occasions:
        with open(os.path.join(folder, f"{occasion}.csv"), "w") as f:
            f.write("participant," + ",".join(f"q{i}" for i in range(1, 11)) + "\n" + "".join(r + "\n" for r in rows[occasion]))
    return occasions, values


SEEN = {}


def compare_paired(report, occasions, values, failures, label):
    import numpy as np
    within = next((w for w in report.get("within") or [] if w["score"] == "SUS"), None)
    if within is None:
        failures.append(f"{label}: no within-participant comparison of SUS")
        return
    c = within["comparison"]
    levels = c["levels"]
    kind = f"{len(levels)} occasions" + (f", Wilcoxon {c['wilcoxon']['method']}" if c.get("wilcoxon") else "")
    SEEN[kind] = SEEN.get(kind, 0) + 1
    blocks = [[v[o] for o in levels] for v in values.values() if all(o in v for o in levels)]
    if c["n"] != len(blocks):
        failures.append(f"{label}: {c['n']} complete blocks, expected {len(blocks)}")
        return
    if len(levels) == 2:
        a = [b[0] for b in blocks]
        b = [b[1] for b in blocks]
        d = [y - x for x, y in zip(a, b)]
        if len(d) >= 2 and stats.tstd(d) > 0:
            r = stats.ttest_rel(b, a)
            ci = r.confidence_interval()
            t = c["pairedT"] or {}
            close(t.get("statistic"), float(r.statistic), f"{label} paired t", failures)
            close(t.get("p"), float(r.pvalue), f"{label} paired p", failures, absolute=1e-15)
            close((t.get("ci") or [None])[0], float(ci.low), f"{label} paired ci low", failures, relative=1e-12)
            close((t.get("ci") or [None, None])[1], float(ci.high), f"{label} paired ci high", failures, relative=1e-12)
        if any(x != 0 for x in d):
            r = stats.wilcoxon(b, a)
            w = c["wilcoxon"] or {}
            close(w.get("statistic"), float(r.statistic), f"{label} wilcoxon T", failures)
            close(w.get("p"), float(r.pvalue), f"{label} wilcoxon p ({w.get('method')})", failures, absolute=1e-15)
    elif len(blocks) >= 2:
        x = np.array(blocks)
        ranks_tied = any(len(set(row)) < len(row) for row in blocks)
        if not all(len(set(row)) == 1 for row in blocks):
            r = stats.friedmanchisquare(*x.T)
            f = c["friedman"] or {}
            close(f.get("statistic"), float(r.statistic), f"{label} friedman chi2 (ties: {ranks_tied})", failures)
            close(f.get("p"), float(r.pvalue), f"{label} friedman p", failures, absolute=1e-15)
        n, k = x.shape
        grand = x.mean()
        ss_factor = n * ((x.mean(axis=0) - grand) ** 2).sum()
        ss_subjects = k * ((x.mean(axis=1) - grand) ** 2).sum()
        ss_error = ((x - grand) ** 2).sum() - ss_factor - ss_subjects
        if ss_error > 1e-9:
            df1, df2 = k - 1, (k - 1) * (n - 1)
            F = (ss_factor / df1) / (ss_error / df2)
            cov = np.cov(x, rowvar=False)
            centred = cov - cov.mean(axis=0)[None, :] - cov.mean(axis=1)[:, None] + cov.mean()
            eps = min(1.0, np.trace(centred) ** 2 / ((k - 1) * (centred ** 2).sum()))
            a = c["anova"] or {}
            close(a.get("statistic"), float(F), f"{label} rm-anova F", failures)
            close(a.get("p"), float(stats.f.sf(F, df1, df2)), f"{label} rm-anova p", failures, absolute=1e-15)
            close(a.get("epsilon"), float(eps), f"{label} rm-anova GG epsilon", failures, relative=1e-8)


def edge_study(rng, folder):
    """Writes participants (with a group) and one form export per occasion; returns the occasions, participant ->
    occasion -> SUS, participant -> group, and the kind of design."""
    k = rng.choice([2, 3, 3, 4, 5])
    n = rng.choice([2, 3, 4, 5, 6, 8, 12, 20])
    kind = rng.choice(["random", "singular", "constant", "missing", "empty group"])
    occasions = [f"o{j}" for j in range(k)]
    count = rng.choice([2, 3])
    groups = {f"P{p}": f"g{p % count}" for p in range(n)}
    names = sorted(set(groups.values()))
    empty = names[-1] if kind == "empty group" and len(names) > 1 else None
    shifts = [rng.randint(-1, 1) for _ in occasions]
    values, rows = {}, {o: [] for o in occasions}
    for p in range(n):
        code = f"P{p}"
        base = [rng.randint(2, 4) for _ in range(10)]
        answers_at = {}
        for j, occasion in enumerate(occasions):
            if kind == "missing" and rng.random() < 0.35:
                continue
            if empty and groups[code] == empty and j == k - 1:
                continue
            if kind == "singular" and j == 1:
                answers = answers_at[0] if 0 in answers_at else list(base)
            elif kind == "constant":
                # Every item moved by the same amount for everyone at this occasion: SUS moves by 25 x shift.
                answers = [a + (shifts[j] if i % 2 == 0 else -shifts[j]) for i, a in enumerate(base)]
            else:
                answers = [min(5, max(1, a + rng.choice([0, 0, 1, -1]))) for a in base]
            answers_at[j] = answers
            rows[occasion].append(f"{code}," + ",".join(map(str, answers)))
            values.setdefault(code, {})[occasion] = sus(answers)
    with open(os.path.join(folder, "p.csv"), "w") as f:
        f.write("code,group\n" + "".join(f"{c},{g}\n" for c, g in groups.items()))
    for occasion in occasions:
        with open(os.path.join(folder, f"{occasion}.csv"), "w") as f:
            f.write("participant," + ",".join(f"q{i}" for i in range(1, 11)) + "\n" + "".join(r + "\n" for r in rows[occasion]))
    return occasions, values, groups, kind


def residue(ss, count, scale):
    """studyctl's rule (Spread.isResidue): a sum of squares whose root mean square is within 1e-12 of the scale."""
    return not (math.sqrt(max(0.0, ss) / count) > 1e-12 * max(1.0, scale))


def compare_edges(report, mixed, occasions, values, groups, kind, failures, label):
    import numpy as np
    import pandas as pd
    import pingouin as pg
    within = next((w for w in report.get("within") or [] if w["score"] == "SUS"), None)
    if within is None:
        failures.append(f"{label}: no within-participant comparison of SUS")
        return
    c = within["comparison"]
    levels = c["levels"]
    complete = {code: [v[o] for o in levels] for code, v in values.items() if all(o in v for o in levels)}
    blocks = list(complete.values())
    SEEN[f"edge: {kind}, {len(levels)} occasions"] = SEEN.get(f"edge: {kind}, {len(levels)} occasions", 0) + 1
    if c["n"] != len(blocks):
        failures.append(f"{label}: {c['n']} complete blocks, expected {len(blocks)}")
        return
    if abs(c.get("confidence", 0) - 0.9) > 1e-15:
        failures.append(f"{label}: confidence {c.get('confidence')}, asked 0.90")
    x = np.array(blocks, dtype=float)
    scale = float(np.abs(x).max()) if len(blocks) else 0.0

    def paired(a, b, t, where):
        d = np.array(b) - np.array(a)
        if len(d) < 2 or residue(float(((d - d.mean()) ** 2).sum()), len(d) - 1, scale):
            # No spread: t = mean / 0 is not defined (scipy divides residue by residue).
            if t is not None:
                failures.append(f"{where}: studyctl gives t = {t.get('t')} where the differences have no spread")
            return
        r = stats.ttest_rel(b, a)
        ci = r.confidence_interval(0.90)
        t = t or {}
        close(t.get("statistic"), float(r.statistic), f"{where} t", failures)
        close(t.get("p"), float(r.pvalue), f"{where} p", failures, absolute=1e-15)
        close((t.get("ci") or [None])[0], float(ci.low), f"{where} 90% ci low", failures, relative=1e-12)
        close((t.get("ci") or [None, None])[1], float(ci.high), f"{where} 90% ci high", failures, relative=1e-12)

    if len(levels) == 2:
        paired(x[:, 0] if len(blocks) else [], x[:, 1] if len(blocks) else [], c.get("pairedT"), f"{label} paired")
    elif len(blocks) >= 2:
        pairs = {(p["a"], p["b"]): p["pairedT"] for p in c.get("pairs") or []}
        for i in range(len(levels)):
            for j in range(i + 1, len(levels)):
                paired(x[:, i], x[:, j], pairs.get((levels[i], levels[j])), f"{label} pair {levels[i]}-{levels[j]}")
        n, k = x.shape
        resid = x - x.mean(axis=1)[:, None] - x.mean(axis=0)[None, :] + x.mean()
        a = c.get("anova")
        if residue(float((resid ** 2).sum()), n * k, scale):
            if a is not None:
                failures.append(f"{label}: RM-ANOVA F = {a['f']} where the error SS is residue (F is x / 0)")
            return
        df = pd.DataFrame([(s, lv, v) for s, row in enumerate(blocks) for lv, v in zip(levels, row)], columns=["s", "c", "v"])
        a = a or {}
        d = k - 1
        contrasts = np.array([[1 / math.sqrt((r_ + 1) * (r_ + 2)) if col <= r_ else (-(r_ + 1) / math.sqrt((r_ + 1) * (r_ + 2)) if col == r_ + 1 else 0)
                               for col in range(k)] for r_ in range(d)])
        cov = np.cov(x @ contrasts.T, rowvar=False).reshape(d, d)
        # The formula first (pingouin fails on some edges: a division by zero in Mauchly's second-order term when
        # n - 1 = 1), then pingouin where it gives an answer.
        ss_factor = n * ((x.mean(axis=0) - x.mean()) ** 2).sum()
        if residue(float(ss_factor), n * k, scale):
            ss_factor = 0.0
        F = (ss_factor / d) / (float((resid ** 2).sum()) / (d * (n - 1)))
        eps = min(1.0, float(np.trace(cov)) ** 2 / (d * float((cov ** 2).sum())))
        close(a.get("statistic"), F, f"{label} rm-anova F", failures)
        close(a.get("p"), float(stats.f.sf(F, d, d * (n - 1))), f"{label} rm-anova p", failures, absolute=1e-15)
        close(a.get("epsilon"), eps, f"{label} rm-anova GG epsilon", failures, relative=1e-8)
        close(a.get("pGreenhouseGeisser"), float(stats.f.sf(F, eps * d, eps * d * (n - 1))), f"{label} rm-anova GG p", failures,
              relative=1e-7, absolute=1e-15)
        try:
            r = pg.rm_anova(df, dv="v", within="c", subject="s", correction=True).iloc[0]
        except ZeroDivisionError:
            r = None
        if r is not None and ss_factor > 0:
            close(a.get("statistic"), float(r["F"]), f"{label} rm-anova F (pingouin)", failures)
            close(a.get("pGreenhouseGeisser"), float(r["p_GG_corr"]), f"{label} rm-anova GG p (pingouin)", failures, relative=1e-7, absolute=1e-15)
        if n - 1 < d:
            if a.get("mauchlyW") is not None or not a.get("mauchlyUndefined"):
                failures.append(f"{label}: Mauchly W = {a.get('mauchlyW')} where n - 1 < k - 1 leaves it undefined")
        elif d > 1:
            # Singular by the formula when a pivot of the covariance (a contrast's variance left after the others)
            # is residue; pingouin then reports its eigenvalues' residue instead of W = 0.
            eig = np.linalg.eigvalsh(cov)
            singular = eig.min() <= 0 or math.sqrt(eig.min()) <= 1e-12 * max(1.0, scale) * 10
            if singular:
                if not (a.get("mauchlySingular") and a.get("mauchlyW") == 0 and a.get("mauchlyP") == 0):
                    failures.append(f"{label}: singular covariance (eigenvalues {eig}), studyctl W = {a.get('mauchlyW')}, p = {a.get('mauchlyP')}")
            else:
                try:
                    s_ = pg.sphericity(df, dv="v", within="c", subject="s")
                except ZeroDivisionError:
                    s_ = None
                if s_ is not None:
                    close(a.get("mauchlyW"), float(s_.W), f"{label} Mauchly W", failures, relative=1e-7)
                    close(a.get("mauchlyP"), float(s_.pval), f"{label} Mauchly p", failures, relative=1e-6, absolute=1e-12)
                else:
                    close(a.get("mauchlyW"), float(np.linalg.det(cov) / (np.trace(cov) / d) ** d), f"{label} Mauchly W (formula)", failures, relative=1e-7)
    # The mixed design.
    m = next((w for w in mixed.get("mixed") or [] if w["score"] == "SUS"), None)
    if m is None:
        failures.append(f"{label}: no mixed comparison of SUS")
        return
    m = m["comparison"]
    present = sorted({groups[code] for code in complete}, key=lambda g: int(g[1:]))
    left = sorted(set(groups.values()) - set(present), key=lambda g: int(g[1:]))
    if sorted(m.get("groupsLeftOut", [])) != left or sorted(m["groups"]) != present:
        failures.append(f"{label}: groups {m['groups']} left out {m.get('groupsLeftOut')}, expected {present} and {left}")
        return
    sources = {s["name"]: s for s in m["sources"]}
    if len(present) < 2 or len(blocks) <= len(present) or len(levels) < 2:
        if sources:
            failures.append(f"{label}: mixed ANOVA given with groups {present} and {len(blocks)} complete participants")
        return
    df = pd.DataFrame([(code, groups[code], lv, v) for code, row in complete.items() for lv, v in zip(levels, row)], columns=["s", "g", "c", "v"])
    try:
        r = pg.mixed_anova(data=df, dv="v", within="c", between="g", subject="s", correction=True)
    except (ZeroDivisionError, ValueError):
        r = None  # pingouin fails on some edges: the formula decides alone
    n, k, g = len(blocks), len(levels), len(present)
    by_group = {name: np.array([complete[c_] for c_ in complete if groups[c_] == name]) for name in present}
    grand, level_means = x.mean(), x.mean(axis=0)
    ss = {"between": sum(k * len(b) * (b.mean() - grand) ** 2 for b in by_group.values()),
          "within": n * ((level_means - grand) ** 2).sum(),
          "interaction": sum(len(b) * ((b.mean(axis=0) - b.mean() - level_means + grand) ** 2).sum() for b in by_group.values())}
    ss_subjects = sum(k * ((b.mean(axis=1) - b.mean()) ** 2).sum() for b in by_group.values())
    ss_residual = sum(((b - b.mean(axis=1)[:, None] - b.mean(axis=0)[None, :] + b.mean()) ** 2).sum() for b in by_group.values())
    dfs = {"between": (g - 1, n - g), "within": (k - 1, (n - g) * (k - 1)), "interaction": ((g - 1) * (k - 1), (n - g) * (k - 1))}
    for row, (name, error) in enumerate([("between", ss_subjects), ("within", ss_residual), ("interaction", ss_residual)]):
        where = f"{label} mixed {name}"
        if residue(float(error), n * k, scale):
            if name in sources:
                failures.append(f"{where}: F = {sources[name]['f']} where its error SS is residue")
            continue
        effect = 0.0 if residue(float(ss[name]), n * k, scale) else float(ss[name])  # pingouin keeps residue (1e-14)
        df1, df2 = dfs[name]
        ours = sources.get(name, {})
        f_ = (effect / df1) / (float(error) / df2)
        close(ours.get("statistic"), f_, f"{where} F", failures, relative=1e-8, absolute=1e-10)
        close(ours.get("p"), float(stats.f.sf(f_, df1, df2)), f"{where} p", failures, relative=1e-7, absolute=1e-15)
        if r is not None and effect > 0:
            close(ours.get("statistic"), float(r["F"][row]), f"{where} F (pingouin)", failures, relative=1e-8)
        if name != "between" and k > 2 and m.get("epsilon") is not None:
            pooled = sum(np.cov(b, rowvar=False) * (len(b) - 1) for b in by_group.values() if len(b) > 1)
            centred = pooled - pooled.mean(axis=0)[None, :] - pooled.mean(axis=1)[:, None] + pooled.mean()
            eps = min(1.0, float(np.trace(centred)) ** 2 / ((k - 1) * float((centred ** 2).sum())))
            close(m.get("epsilon"), eps, f"{label} mixed epsilon", failures, relative=1e-8)
            close(ours.get("pGreenhouseGeisser"), float(stats.f.sf(f_, eps * df1, eps * df2)), f"{where} GG p", failures, relative=1e-7, absolute=1e-15)
            if r is not None and name == "within" and "p_GG_corr" in r and not math.isnan(float(r["p_GG_corr"][row])):
                close(ours.get("pGreenhouseGeisser"), float(r["p_GG_corr"][row]), f"{where} GG p (pingouin)", failures, relative=1e-7, absolute=1e-15)


def main():
    rng = random.Random(SEED)
    outcome = {"passed": 0, "failed": 0}

    def each_study(check):
        """Runs `check(index, folder, failures)` for every study, in a folder of its own; counts and prints."""
        for index in range(STUDIES):
            with tempfile.TemporaryDirectory() as folder:
                failures = []
                try:
                    check(index, folder, failures)
                except AssertionError as error:
                    failures.append(str(error))
                if failures:
                    outcome["failed"] += 1
                    print("\n".join(failures))
                else:
                    outcome["passed"] += 1

    def between(index, folder, failures):
        scores = study(rng, folder)
        run(["init", "--title", f"D{index}", "--db", "s.sqlite"], folder)
        run(["participant", "import", "p.csv", "--db", "s.sqlite"], folder)
        run(["responses", "import", "l.csv", "--long", "--db", "s.sqlite"], folder)
        report = json.loads(run(["score", "sus", "--by", "group", "--compare", "--json", "--db", "s.sqlite"], folder))
        compare(report, scores, failures, f"study {index} (seed {SEED})")

    def within(index, folder, failures):
        occasions, values = paired_study(rng, folder)
        run(["init", "--title", f"W{index}", "--db", "s.sqlite"], folder)
        run(["participant", "import", "p.csv", "--db", "s.sqlite"], folder)
        for occasion in occasions:
            run(["responses", "import", f"{occasion}.csv", "--instrument", "sus", "--participant-column", "participant",
                 "--occasion", occasion, "--db", "s.sqlite"], folder)
        if len({o for v in values.values() for o in v}) >= 2:
            report = json.loads(run(["score", "sus", "--within", "occasion", "--compare", "--json", "--db", "s.sqlite"], folder))
            compare_paired(report, occasions, values, failures, f"within-subject study {index} (seed {SEED})")

    edge_rng = random.Random(SEED + 1)

    def edges(index, folder, failures):
        occasions, values, groups, kind = edge_study(edge_rng, folder)
        run(["init", "--title", f"E{index}", "--db", "s.sqlite"], folder)
        run(["participant", "import", "p.csv", "--db", "s.sqlite"], folder)
        # An occasion nobody answered (many missing sets) has no file to import.
        for occasion in [o for o in occasions if any(o in v for v in values.values())]:
            run(["responses", "import", f"{occasion}.csv", "--instrument", "sus", "--participant-column", "participant",
                 "--occasion", occasion, "--db", "s.sqlite"], folder)
        if len({o for v in values.values() for o in v}) < 2:
            return
        report = json.loads(run(["score", "sus", "--within", "occasion", "--compare", "--confidence", "90", "--json", "--db", "s.sqlite"], folder))
        mixed = json.loads(run(["score", "sus", "--by", "group", "--within", "occasion", "--compare", "--json", "--db", "s.sqlite"], folder))
        compare_edges(report, mixed, occasions, values, groups, kind, failures, f"edge study {index} ({kind}, seed {SEED})")

    each_study(between)
    each_study(within)
    each_study(edges)
    passed, failed = outcome["passed"], outcome["failed"]
    print("within-subject designs compared: " + ", ".join(f"{v} with {k}" for k, v in sorted(SEEN.items())))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
