#!/usr/bin/env python3
"""studyctl benchmarks: each measured side by side with a reference tool in the same run, reported as ratios.

Usage: bench/bench.py STUDYCTL WORKDIR N [N ...]   (bench/run.sh sets up the tools and calls this)
"""
import csv
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, cwd=None, env=None):
    """Runs a command under /usr/bin/time; returns (wall seconds, peak RSS in MB)."""
    start = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, cwd=cwd, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{out.stderr}")
    kilobytes = out.stderr.strip().splitlines()[-1]
    return seconds, int(kilobytes) / 1024


def run(command, **kwargs):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, **kwargs)


def fresh(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def bench_size(studyctl, work, n):
    data = os.path.join(work, str(n))
    if not os.path.exists(os.path.join(data, "answers_long.csv")):
        run([sys.executable, os.path.join(HERE, "generate.py"), str(n), data])
    rows = 26 * n
    results = {}
    study = os.path.join(data, "study.sqlite")
    env = dict(os.environ, STUDYCTL_DB=study)

    # 1. Import of the long-format answers: studyctl (participants imported beforehand) vs sqlite3 .import.
    fresh(study)
    run([studyctl, "init", "--title", f"Bench {n}"], env=env)
    run([studyctl, "participant", "import", os.path.join(data, "participants.csv")], env=env)
    ours, ours_rss = timed([studyctl, "responses", "import", os.path.join(data, "answers_long.csv"), "--long"], env=env)
    plain = os.path.join(data, "plain.sqlite")
    fresh(plain)
    theirs, _ = timed(["sqlite3", plain, ".import --csv " + os.path.join(data, "answers_long.csv") + " answers"])
    results["import"] = (rows / ours, rows / theirs, ours_rss)

    # 2. xlsx export of the answers sheet: studyctl vs Python XlsxWriter (constant_memory) writing the same cells.
    ours_x, ours_x_rss = timed([studyctl, "export", "xlsx", os.path.join(data, "answers.xlsx"), "--only", "responses"], env=env)
    theirs_x, _ = timed([sys.executable, os.path.join(HERE, "reference_xlsx.py"), os.path.join(data, "answers_long.csv"),
                         os.path.join(data, "answers-py.xlsx")])
    results["export"] = (ours_x, theirs_x, ours_x_rss)

    # 3. Import → SUS by group → xlsx: studyctl vs a pandas + XlsxWriter script.
    pipeline = os.path.join(data, "pipeline.sqlite")
    fresh(pipeline)
    penv = dict(os.environ, STUDYCTL_DB=pipeline)
    script = (f'"{studyctl}" init --title P >/dev/null && "{studyctl}" participant import "{data}/participants.csv" >/dev/null && '
              f'"{studyctl}" responses import "{data}/sus_forms.csv" --instrument sus --participant-column Participante >/dev/null && '
              f'"{studyctl}" score sus --by group --csv --summary > "{data}/summary.csv" && '
              f'"{studyctl}" export xlsx "{data}/pipeline.xlsx" --by group >/dev/null')
    ours_p, _ = timed(["sh", "-c", script], env=penv)
    theirs_p, _ = timed([sys.executable, os.path.join(HERE, "reference_pipeline.py"), data, os.path.join(data, "pipeline-py.xlsx")])
    results["pipeline"] = (ours_p, theirs_p)

    # 4. One `respond` on the existing study vs one sqlite3 INSERT (median of 15 each).
    ours_r = []
    theirs_r = []
    for index in range(15):
        ours_r.append(timed([studyctl, "respond", f"R{index}", "umux-lite", "--answers", "6,7"], env=env)[0])
        theirs_r.append(timed(["sqlite3", plain, f"INSERT INTO answers VALUES ('R{index}', 'umux-lite', '1', '6')"])[0])
    results["respond"] = (statistics.median(ours_r), statistics.median(theirs_r))
    return results


def main():
    studyctl, work = sys.argv[1], sys.argv[2]
    sizes = [int(s) for s in sys.argv[3:]]
    os.makedirs(work, exist_ok=True)
    lines = []
    rss = []
    verdicts = []

    def verdict(name, ok):
        verdicts.append((name, ok))
        return "pass" if ok else "**miss**"

    header = "| N | measure | studyctl | reference | ratio | target | result |\n| ---: | --- | ---: | ---: | ---: | --- | --- |"
    for n in sizes:
        print(f"benchmarking N = {n:,} respondents…", file=sys.stderr, flush=True)
        r = bench_size(studyctl, work, n)
        ours, theirs, ours_rss = r["import"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | import long answers (rows/s) | {ours:,.0f} | {theirs:,.0f} (sqlite3 .import) | {ratio:.2f}× | ≥ 0.8× | {verdict(f'import {n}', ratio >= 0.8)} |")
        ours, theirs, ours_x_rss = r["export"]
        ratio = theirs / ours
        lines.append(f"| {n:,} | xlsx answers sheet (s) | {ours:.2f} | {theirs:.2f} (XlsxWriter) | {ratio:.2f}× faster | ≥ 3× | {verdict(f'export {n}', ratio >= 3)} |")
        ours, theirs = r["pipeline"]
        ratio = theirs / ours
        lines.append(f"| {n:,} | import → SUS by group → xlsx (s) | {ours:.2f} | {theirs:.2f} (pandas + XlsxWriter) | {ratio:.2f}× faster | ≥ 5× | {verdict(f'pipeline {n}', ratio >= 5)} |")
        ours, theirs = r["respond"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | one respond vs one INSERT (s) | {ours:.3f} | {theirs:.3f} (sqlite3) | {ratio:.2f}× | ≤ 3× | {verdict(f'respond {n}', ratio <= 3)} |")
        rss.append((n, ours_rss, ours_x_rss))
    rss_lines = ["| N | import peak RSS (MB) | export peak RSS (MB) | target |", "| ---: | ---: | ---: | --- |"]
    for n, a, b in rss:
        ok = a < 100 and b < 100 if n >= 100_000 else True
        rss_lines.append(f"| {n:,} | {a:.0f} | {b:.0f} | < 100 MB{'' if n >= 100_000 else ' (measured at 100k and 1M)'}: {verdict(f'rss {n}', ok) if n >= 100_000 else '—'} |")
    big = [x for x in rss if x[0] >= 100_000]
    if len(big) >= 2:
        flat = max(b[1] for b in big) < 1.5 * min(b[1] for b in big) and max(b[2] for b in big) < 1.5 * min(b[2] for b in big)
        rss_lines.append(f"\nPeak RSS flat from {big[0][0]:,} to {big[-1][0]:,} (within 1.5×): {verdict('rss flat', flat)}")
    today = datetime.date.today().isoformat()
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    report = [f"# studyctl benchmarks — {today}", "", f"Machine: {machine}, {os.cpu_count()} cores. Command: `make bench` "
              f"(sizes {', '.join(f'{n:,}' for n in sizes)}).", "",
              "Each studyctl figure is measured in the same run as its reference; ratios, not absolute times, are the result.",
              "", header] + lines + ["", "## Peak memory", ""] + rss_lines + ["",
              f"{sum(1 for _, ok in verdicts if ok)} of {len(verdicts)} targets met."]
    text = "\n".join(report) + "\n"
    print(text)
    results = os.path.join(HERE, "results")
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, f"{today}.md"), "w") as f:
        f.write(text)
    shutil.copyfile(os.path.join(results, f"{today}.md"), os.path.join(results, "latest.md"))


if __name__ == "__main__":
    main()
