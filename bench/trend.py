#!/usr/bin/env python3
"""`studyctl trend` on six releases of N respondents each (default 10,000), against a reference in the same run.

Usage: bench/trend.py STUDYCTL WORKDIR [N]   (bench/run.sh trend sets up the tools and calls this)

The reference computes what `trend sus --studies … --json` computes, from the same six study files: each
participant's SUS score read with SQL (json_each over the stored answers), per release the mean, its t interval and
scipy.stats.bootstrap's BCa interval with the same 10,000 resamples, Welch's t between consecutive releases, and the
individuals chart. Both are timed as wall time of the whole process (studyctl's start-up and the reference's imports
included); the result is their ratio, not the seconds.
"""
import datetime
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RELEASES = ["4.1", "4.2", "4.3", "4.4", "4.5", "4.6"]

REFERENCE = r'''
import json, sqlite3, sys
import numpy as np
from scipy import stats
SQL = """SELECT 2.5 * sum(CASE WHEN CAST(a.key AS INTEGER) % 2 = 1 THEN a.value - 1 ELSE 5 - a.value END)
FROM response_set r JOIN instrument i ON i.id = r.instrument_id, json_each(r.answers) a
WHERE i.key = 'sus' GROUP BY r.id"""
paths = sys.argv[1:]
samples = []
for path in paths:
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    samples.append(np.array([row[0] for row in db.execute(SQL)], dtype=float))
rng = np.random.default_rng(1)
out = []
for x in samples:
    ci = stats.t.interval(0.95, len(x) - 1, loc=x.mean(), scale=stats.sem(x))
    b = stats.bootstrap((x,), np.mean, n_resamples=10000, method="BCa", rng=rng, batch=250).confidence_interval
    out.append([x.mean(), *ci, b.low, b.high])
steps = [stats.ttest_ind(b, a, equal_var=False).pvalue for a, b in zip(samples, samples[1:])]
means = [o[0] for o in out]
base = means[:-1]
sigma = np.mean(np.abs(np.diff(base))) / 1.128
json.dump({"releases": out, "steps": steps, "limits": [np.mean(base) - 3 * sigma, np.mean(base) + 3 * sigma]}, sys.stdout)
'''


def run(command, **kwargs):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, **kwargs)


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def make_studies(studyctl, work, n):
    """Six studies of n SUS respondents each (release 4.5 lower), made once and kept between runs."""
    paths = []
    rng = random.Random(n)
    for index, release in enumerate(RELEASES):
        path = os.path.join(work, f"{release}.sqlite")
        paths.append(path)
        if os.path.exists(path):
            continue
        people = os.path.join(work, f"participants-{release}.csv")
        forms = os.path.join(work, f"sus-{release}.csv")
        low = release == "4.5"
        with open(people, "w") as p, open(forms, "w") as f:
            p.write("code\n")
            f.write("participant," + ",".join(f"SUS{k}" for k in range(1, 11)) + "\n")
            for i in range(n):
                code = f"R{index}-{i}"
                p.write(code + "\n")
                answers = [rng.randint(1, 3) if (k % 2 == 0) != low else rng.randint(3, 5) for k in range(10)]
                f.write(code + "," + ",".join(map(str, answers)) + "\n")
        run([studyctl, "init", "--title", f"Release {release}", "--language", "en", "--db", path])
        run([studyctl, "participant", "import", people, "--db", path])
        run([studyctl, "responses", "import", forms, "--instrument", "sus", "--participant-column", "participant", "--db", path])
    return paths


def main():
    studyctl, work = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    work = os.path.join(work, f"trend-{n}")
    os.makedirs(work, exist_ok=True)
    paths = make_studies(studyctl, work, n)
    reference = os.path.join(work, "reference.py")
    with open(reference, "w") as f:
        f.write(REFERENCE)
    ours = min(timed([studyctl, "trend", "sus", "--studies", *paths, "--json"]) for _ in range(3))
    theirs = min(timed([sys.executable, reference, *paths]) for _ in range(3))
    ratio = ours / theirs
    text = (f"# studyctl trend benchmark — {datetime.date.today().isoformat()}\n\n"
            f"Machine: {os.uname().sysname} {os.uname().release} {os.uname().machine}, {os.cpu_count()} cores. Command: `bench/run.sh trend` "
            f"(six releases of {n:,} SUS respondents; best of three runs on each side, measured in the same run).\n\n"
            "| measure | studyctl (s) | reference (s) | ratio | target | result |\n| --- | ---: | ---: | ---: | --- | --- |\n"
            f"| `trend sus --studies` ×6 --json | {ours:.2f} | {theirs:.2f} (Python: sqlite3 + scipy t, BCa 10,000 resamples, Welch) | "
            f"{ratio:.2f}× | ≤ 1× | {'pass' if ratio <= 1 else '**miss**'} |\n")
    print(text)
    results = os.path.join(HERE, "results")
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, f"trend-{datetime.date.today().isoformat()}.md"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
