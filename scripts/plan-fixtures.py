#!/usr/bin/env python3
"""Writes the analysis-plan fixtures (Tests/Fixtures/plan) and, with --check, prints the reference values the tests
paste (scipy; run in a venv holding scipy and numpy):

- within-groups: 14 participants in two age groups (faixa: "18 a 39 anos" P01-P07, "60 anos ou mais" P08-P14), each
  doing T1 and T2 under both prototypes (protótipo = atual, novo: within participants). The groups must be compared
  within each prototype, never on each participant's two prototypes averaged.
- sites: 75 remote participants at three sites between subjects (site = ours, rivalA, rivalB; 25 each), five tasks,
  outcomes in a Maze/UserZoom export's words ("Direct success", "Indirect success", "Give up / bounce", "Skipped").
  A give-up is a failure: completion counts it in the denominator.

SYNTHETIC data: no real participant.
"""
import csv, math, os, sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "plan")
YOUNG, OLD = "18 a 39 anos", "60 anos ou mais"


def within_groups():
    people = [(f"P{k:02d}", YOUNG if k <= 7 else OLD, 22 + 3 * k if k <= 7 else 58 + 2 * k) for k in range(1, 15)]
    base = {("T1", "atual"): 105.0, ("T1", "novo"): 58.0, ("T2", "atual"): 140.0, ("T2", "novo"): 96.0}
    rows = []
    for code, faixa, _ in people:
        k = int(code[1:])
        for task in ("T1", "T2"):
            for proto in ("atual", "novo"):
                noise = 0.8 + ((k * 5 + len(task) * 3 + (0 if proto == "atual" else 7)) % 9) * 0.05
                extra = 44.0 if faixa == OLD else 0.0
                time = round((base[(task, proto)] + extra) * noise, 1)
                errors = (k + (2 if proto == "atual" else 0) + (1 if task == "T2" else 0)) % 4
                outcome = "fail" if (k * 3 + (1 if proto == "novo" else 0) + (1 if task == "T2" else 0)) % 6 == 0 else "success"
                rows.append((code, task, proto, f"{time:g}", str(errors), outcome))
    return people, rows


SITES = ("ours", "rivalA", "rivalB")


def sites():
    people = [(f"R{k:03d}", SITES[(k - 1) // 25]) for k in range(1, 76)]
    rows = []
    for code, site in people:
        k = int(code[1:])
        s = SITES.index(site)
        for t in range(1, 6):
            # rivalB gives up often on T5; rivalA sometimes; ours rarely. Two rivalB testers skip T5.
            if site == "rivalB" and t == 5 and k in (74, 75):
                rows.append((code, f"T{t}", f"Task {t}", "", "Skipped"))
                continue
            gave_up = (k * 7 + t * 3) % 11 < (1 if s == 0 else 2 + t % 3 if s == 1 else 3 + t)
            if site == "rivalB" and t == 5:
                gave_up = k % 23 < 10
            indirect = not gave_up and (k + t) % 4 == 0
            time = round((40 + 12 * t) * (1 + 0.15 * s) * (0.75 + ((k * 3 + t) % 10) * 0.05), 1)
            outcome = "Give up / bounce" if gave_up else "Indirect success" if indirect else "Direct success"
            rows.append((code, f"T{t}", f"Task {t}", f"{time:g}", outcome))
    return people, rows


def write():
    os.makedirs(ROOT, exist_ok=True)

    def save(name, header, rows):
        with open(os.path.join(ROOT, name), "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(header)
            w.writerows(rows)

    people, rows = within_groups()
    save("within-participants.csv", ["participant", "faixa", "idade"], people)
    save("within-attempts.csv", ["participant", "task", "protótipo", "time", "errors", "outcome"], rows)
    people, rows = sites()
    save("sites-participants.csv", ["participant", "site"], people)
    save("sites-attempts.csv", ["Participant ID", "Task ID", "Task name", "Time on task (s)", "Task outcome"], rows)


def n_minus_one(x, n):
    N = sum(n); P = sum(x) / N
    z = (x[1] / n[1] - x[0] / n[0]) / math.sqrt(P * (1 - P) * (1 / n[0] + 1 / n[1])) * math.sqrt((N - 1) / N)
    from scipy import stats
    return z, 2 * stats.norm.sf(abs(z))


def check():
    from scipy import stats
    import numpy as np
    people, rows = within_groups()
    faixa = {c: f for c, f, _ in people}
    print("within-groups: Welch t on the logs of each participant's time, OLD against YOUNG, per task and prototype")
    for task in ("T1", "T2"):
        for proto in ("atual", "novo"):
            a = [math.log(float(r[3])) for r in rows if r[1] == task and r[2] == proto and faixa[r[0]] == YOUNG]
            b = [math.log(float(r[3])) for r in rows if r[1] == task and r[2] == proto and faixa[r[0]] == OLD]
            t = stats.ttest_ind(b, a, equal_var=False)
            print(task, proto, "geomean", repr(math.exp(np.mean(a))), repr(math.exp(np.mean(b))), "t", repr(t.statistic), "df", repr(t.df), "p", repr(t.pvalue))
        # The pooled value the report used to give: each participant's geometric mean over both prototypes.
        pooled = {g: [math.exp(np.mean([math.log(float(r[3])) for r in rows if r[0] == c and r[1] == task])) for c in faixa if faixa[c] == g] for g in (YOUNG, OLD)}
        print(task, "pooled (wrong) geomeans", repr(math.exp(np.mean(np.log(pooled[YOUNG])))), repr(math.exp(np.mean(np.log(pooled[OLD])))))
    people, rows = sites()
    site = dict(people)
    print("sites: completion per task and site (give-ups are failures; skipped rows are no attempt)")
    for t in range(1, 6):
        counts = {}
        for s in SITES:
            mine = [r for r in rows if r[1] == f"T{t}" and site[r[0]] == s and r[4] != "Skipped"]
            counts[s] = (sum(1 for r in mine if "success" in r[4].lower()), len(mine))
        print(f"T{t}", counts)
        for a, b in (("ours", "rivalA"), ("ours", "rivalB")):
            z, p = n_minus_one([counts[a][0], counts[b][0]], [counts[a][1], counts[b][1]])
            print("   ", a, b, "N-1 z", repr(z), "p", repr(p))


if __name__ == "__main__":
    if "--check" in sys.argv:
        check()
    else:
        write()
