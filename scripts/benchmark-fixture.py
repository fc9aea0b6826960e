"""Writes Tests/Fixtures/benchmark: a synthetic quarterly benchmark of 40 remote participants, releases 4.2 (P001-P020)
and 4.3 (P021-P040) between subjects, five tasks with time, errors and outcome, the SEQ after each task and the SUS.

Planted on purpose: P034 is a speeder (every task in 2.1 s, 10.5 s in all; SUS straight-lined at 3); three attempts
have no outcome (abandoned: P007 T5, P025 T2, P031 T4); P012 left SUS item 4 unanswered and P040 gave no SUS, so
SUS has 38 complete sets (39 with --missing prorate). T2's completion is 17/20 under 4.2 and 10/19 under 4.3 (27/39).

Run with --check to print the reference values the end-to-end test pins, computed with scipy (python3 -m venv
/tmp/bench-venv && /tmp/bench-venv/bin/pip install scipy).
"""
import csv, math, os, sys

HERE = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "benchmark")
BASE = [60, 90, 45, 120, 75]
FACTOR43 = [0.8, 1.0, 0.9, 0.85, 1.1]
T2_FAIL_42 = {3, 9, 15}
T2_FAIL_43 = {0, 2, 6, 8, 10, 12, 15, 17, 19}
ABANDONED = {("P007", 5), ("P025", 2), ("P031", 4)}
SPEEDER = "P034"


def participants():
    for i in range(1, 41):
        yield f"P{i:03d}", ("4.2" if i <= 20 else "4.3"), (i - 1) % 20


def attempts():
    rows = []
    for code, release, k in participants():
        for t in range(1, 6):
            if code == SPEEDER:
                rows.append((code, f"T{t}", "2.1", "0", "success"))
                continue
            if (code, t) in ABANDONED:
                rows.append((code, f"T{t}", "", "", ""))
                continue
            factor = 1.0 if release == "4.2" else FACTOR43[t - 1]
            noise = 0.7 + ((k * 7 + t * 3) % 11) * 0.06
            time = round(BASE[t - 1] * factor * noise, 1)
            errors = (k + t) % 4 if release == "4.2" else (k + 2 * t) % 3
            if t == 2:
                outcome = "fail" if k in (T2_FAIL_42 if release == "4.2" else T2_FAIL_43) else "success"
            elif (k * 3 + t) % 7 == 0:
                outcome = "fail"
            elif (k + t) % 9 == 0:
                outcome = "partial"
            else:
                outcome = "success"
            rows.append((code, f"T{t}", f"{time:g}", str(errors), outcome))
    return rows


def seq():
    rows = []
    for code, release, k in participants():
        for t in range(1, 6):
            if (code, t) in ABANDONED:
                continue
            if code == SPEEDER:
                value = 7
            elif release == "4.2":
                value = 4 + (k * 2 + t) % 4
            elif t == 2:
                value = 3 + (k + t) % 3
            else:
                value = 4 + (k * 3 + t) % 4
            rows.append((code, f"T{t}", str(value)))
    return rows


def sus():
    rows = []
    for code, release, k in participants():
        if code == "P040":
            continue
        answers = []
        for j in range(1, 11):
            if code == SPEEDER:
                answers.append("3")
            elif code == "P012" and j == 4:
                answers.append("")
            elif release == "4.2":
                answers.append(str(3 + (k + j) % 3 if j % 2 else 1 + (k + j) % 3))
            else:
                answers.append(str(3 + (k * 2 + j) % 3 if j % 2 else 2 + (k + j) % 2))
        rows.append([code] + answers)
    return rows


def write():
    os.makedirs(HERE, exist_ok=True)
    def save(name, header, rows):
        with open(os.path.join(HERE, name), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(header)
            w.writerows(rows)
    save("participants.csv", ["participant", "Release"], [(c, r) for c, r, _ in participants()])
    save("attempts.csv", ["participant", "task", "time", "errors", "outcome"], attempts())
    save("seq.csv", ["participant", "task", "SEQ"], seq())
    save("sus.csv", ["participant"] + [f"Item {j}" for j in range(1, 11)], sus())


def check(exclude=()):
    from scipy import stats
    import numpy as np
    release = {c: r for c, r, _ in participants()}
    groups = ["4.2", "4.3"]
    out = []
    for t in range(1, 6):
        task = f"T{t}"
        mine = [r for r in attempts() if r[1] == task and r[0] not in exclude]
        # An attempt with no outcome (abandoned) counts as a failure, as studyctl does by default; with
        # --abandoned-exclude it is left out of the denominator (studyctl's --abandoned exclude).
        comp = {g: [r[4] == "success" for r in mine if release[r[0]] == g and (r[4] or not ABANDONED_EXCLUDED)] for g in groups}
        x = [sum(comp[g]) for g in groups]; n = [len(comp[g]) for g in groups]
        N = sum(n); P = sum(x) / N
        smallest = min(n) * min(sum(x), N - sum(x)) / N
        z = (x[1] / n[1] - x[0] / n[0]) / math.sqrt(P * (1 - P) * (1 / n[0] + 1 / n[1])) * math.sqrt((N - 1) / N)
        pz = 2 * stats.norm.sf(abs(z))
        pf = stats.fisher_exact([[x[0], n[0] - x[0]], [x[1], n[1] - x[1]]]).pvalue
        out.append((task, "completion", x, n, smallest, z, pz, pf))
        for measure, column in (("time", 2), ("errors", 3)):
            vals = {g: [float(r[column]) for r in mine if release[r[0]] == g and r[column]] for g in groups}
            if measure == "time":
                vals = {g: [math.log(v) for v in vals[g]] for g in groups}
            res = stats.ttest_ind(vals["4.3"], vals["4.2"], equal_var=False)
            a, b = np.array(vals["4.2"]), np.array(vals["4.3"])
            sp = math.sqrt(((len(a) - 1) * a.var(ddof=1) + (len(b) - 1) * b.var(ddof=1)) / (len(a) + len(b) - 2))
            g = (b.mean() - a.mean()) / sp * (1 - 3 / (4 * (len(a) + len(b)) - 9))
            out.append((task, measure, len(a), len(b), res.statistic, res.df, res.pvalue, g))
        s = {g: [float(v) for c, tk, v in seq() if tk == task and release[c] == g and c not in exclude] for g in groups}
        res = stats.ttest_ind(s["4.3"], s["4.2"], equal_var=False)
        out.append((task, "seq", len(s["4.2"]), len(s["4.3"]), np.mean(s["4.2"]), np.mean(s["4.3"]), res.statistic, res.df, res.pvalue))
    for row in out:
        print(row)


ABANDONED_EXCLUDED = "--abandoned-exclude" in sys.argv

if __name__ == "__main__":
    if "--check" in sys.argv:
        check(exclude=("P034",) if "--exclude" in sys.argv else ())
    else:
        write()
