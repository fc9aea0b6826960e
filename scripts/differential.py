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

The t intervals must agree to 1e-12 relative (1e-12 absolute for a bound near 0); Games-Howell p to 1e-6 relative
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
                    close(st["ci95"][0], low, f"{label} {name} {score} (n = {n}) ci low", failures, relative=1e-12)
                    close(st["ci95"][1], high, f"{label} {name} {score} (n = {n}) ci high", failures, relative=1e-12)
                if score == "SUS" and sd > 1e-9 and summary.get("test"):
                    t = stats.ttest_1samp(values, 68)
                    close(summary["test"]["t"], float(t.statistic), f"{label} {name} t vs 68", failures)
                    close(summary["test"]["p"], float(t.pvalue), f"{label} {name} p vs 68", failures, absolute=1e-15)
    comparison = next((c for c in report["comparisons"] if c["score"] == "SUS"), None)
    if comparison is None:
        failures.append(f"{label}: no comparison of SUS")
        return
    tests = {t["name"]: t for t in comparison["tests"]}
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
        if post["name"] != "games-howell":
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


def main():
    rng = random.Random(SEED)
    passed = failed = 0
    for index in range(STUDIES):
        with tempfile.TemporaryDirectory() as folder:
            failures = []
            try:
                scores = study(rng, folder)
                run(["init", "--title", f"D{index}", "--db", "s.sqlite"], folder)
                run(["participant", "import", "p.csv", "--db", "s.sqlite"], folder)
                run(["responses", "import", "l.csv", "--long", "--db", "s.sqlite"], folder)
                report = json.loads(run(["score", "sus", "--by", "group", "--compare", "--json", "--db", "s.sqlite"], folder))
                compare(report, scores, failures, f"study {index} (seed {SEED})")
            except AssertionError as error:
                failures.append(str(error))
            if failures:
                failed += 1
                print("\n".join(failures))
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
