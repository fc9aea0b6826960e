#!/usr/bin/env python3
"""studyctl benchmarks: each measured side by side with a reference tool in the same run, reported as ratios.

Usage: bench/bench.py STUDYCTL WORKDIR N [N ...]   (bench/run.sh sets up the tools and calls this)
"""
import csv
import datetime
import os
import shutil
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


def best_of(times, command, env=None, before=None):
    """`timed` run `times` times (calling `before` ahead of each, outside the timing): the shortest wall time and
    the largest peak RSS. Shared machines slow single runs down at random; the best run is the one least disturbed."""
    runs = []
    for _ in range(times):
        if before:
            before()
        runs.append(timed(command, env=env))
    return min(r[0] for r in runs), max(r[1] for r in runs)


def run(command, **kwargs):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, **kwargs)


def write_result(name, text):
    """Prints a benchmark's report and keeps it as bench/results/NAME."""
    print(text)
    results = os.path.join(HERE, "results")
    os.makedirs(results, exist_ok=True)
    with open(os.path.join(results, name), "w") as f:
        f.write(text)


def fresh(path):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


# The reference scoring: one SQL query per output on studyctl's own tables, each set's answers read with json_each.
SCORE_SQL = """
WITH s AS (
  SELECT r.participant_id AS pid,
         2.5 * sum(CASE WHEN CAST(a.key AS INTEGER) % 2 = 1 THEN a.value - 1 ELSE 5 - a.value END) AS score
  FROM response_set r JOIN instrument i ON i.id = r.instrument_id, json_each(r.answers) a
  WHERE i.key = 'sus' GROUP BY r.id)
SELECT p.code, g.text_value, s.score FROM s JOIN participant p ON p.id = s.pid
  LEFT JOIN participant_attribute g ON g.participant_id = s.pid AND g.name = 'group';
WITH s AS (
  SELECT r.participant_id AS pid,
         2.5 * sum(CASE WHEN CAST(a.key AS INTEGER) % 2 = 1 THEN a.value - 1 ELSE 5 - a.value END) AS score
  FROM response_set r JOIN instrument i ON i.id = r.instrument_id, json_each(r.answers) a
  WHERE i.key = 'sus' GROUP BY r.id)
SELECT g.text_value, count(*), avg(score), min(score), max(score),
       sqrt((sum(score * score) - sum(score) * sum(score) / count(*)) / (count(*) - 1))
FROM s LEFT JOIN participant_attribute g ON g.participant_id = s.pid AND g.name = 'group' GROUP BY g.text_value;
"""

# The same two queries where every answer is a row of its own (the layout before answers were kept per set), so the
# ratio is also shown against SQLite reading answers at its fastest.
LONG_TABLE_SQL = """
CREATE TABLE item_answer (response_set_id INTEGER NOT NULL, item_number INTEGER NOT NULL, value REAL,
                          PRIMARY KEY (response_set_id, item_number)) WITHOUT ROWID;
INSERT INTO item_answer SELECT r.id, CAST(a.key AS INTEGER), a.value FROM response_set r, json_each(r.answers) a ORDER BY 1, 2;
"""
SCORE_LONG_SQL = SCORE_SQL.replace("JOIN instrument i ON i.id = r.instrument_id, json_each(r.answers) a",
                                   "JOIN instrument i ON i.id = r.instrument_id JOIN item_answer a ON a.response_set_id = r.id") \
                          .replace("CAST(a.key AS INTEGER)", "a.item_number")

CSV_SQL = """.mode csv
.headers on
SELECT p.code AS participant, i.key AS instrument, t.key AS task, r.occasion, CAST(a.key AS INTEGER) AS item,
       CASE WHEN a.type IN ('integer', 'real') THEN a.value END AS value,
       CASE WHEN a.type = 'object' THEN ifnull(a.value ->> '$.c', a.value ->> '$.t') END AS answer,
       a.type = 'null' AS not_applicable, r.orientation, r.submitted
FROM response_set r JOIN participant p ON p.id = r.participant_id JOIN instrument i ON i.id = r.instrument_id
LEFT JOIN task t ON t.id = r.task_id, json_each(r.answers) a ORDER BY r.id, CAST(a.key AS INTEGER);
"""


SMALLEST_STUDY = None


def bench_size(studyctl, work, n):
    data = os.path.join(work, str(n))
    if not os.path.exists(os.path.join(data, "answers_long.csv")):
        run([sys.executable, os.path.join(HERE, "generate.py"), str(n), data])
    rows = 26 * n
    # Up to 100k respondents the read-only rows and the wide import are timed three times (the full workbook and
    # its reference twice) and the best run kept; at 1M, once.
    repeats = 3 if n <= 100_000 else 1
    results = {}
    rss = {}
    study = os.path.join(data, "study.sqlite")
    env = dict(os.environ, STUDYCTL_DB=study)

    # 1. Participants, then the long-format answers: studyctl vs sqlite3 .import into a table of the same shape with
    #    its unique index (participant, instrument, item), as studyctl keeps one.
    fresh(study)
    run([studyctl, "init", "--title", f"Bench {n}"], env=env)
    _, rss["participant import"] = timed([studyctl, "participant", "import", os.path.join(data, "participants.csv")], env=env)
    ours, rss["responses import --long"] = timed([studyctl, "responses", "import", os.path.join(data, "answers_long.csv"), "--long"], env=env)
    plain = os.path.join(data, "plain.sqlite")
    fresh(plain)
    theirs, _ = timed(["sqlite3", plain, "CREATE TABLE answers (participant TEXT, instrument TEXT, item INTEGER, value REAL);"
                       "CREATE UNIQUE INDEX answers_unique ON answers (participant, instrument, item);",
                       ".import --csv --skip 1 " + os.path.join(data, "answers_long.csv") + " answers"])
    results["import"] = (rows / ours, rows / theirs)

    # 2. The wide form export (one row per respondent) vs sqlite3 .import of the same file with a unique index.
    wide = os.path.join(data, "wide.sqlite")
    wenv = dict(os.environ, STUDYCTL_DB=wide)

    def fresh_wide():
        fresh(wide)
        run([studyctl, "init", "--title", "W"], env=wenv)
        run([studyctl, "participant", "import", os.path.join(data, "participants.csv")], env=wenv)
    ours_w, rss["responses import (wide)"] = best_of(repeats, [studyctl, "responses", "import", os.path.join(data, "sus_forms.csv"), "--instrument", "sus",
                                                               "--participant-column", "Participante"], env=wenv, before=fresh_wide)
    plain_w = os.path.join(data, "plain-wide.sqlite")
    header = open(os.path.join(data, "sus_forms.csv"), encoding="utf-8").readline().strip().split(",")
    columns = ", ".join(f'"{c}"' for c in header)
    theirs_w, _ = best_of(repeats, ["sqlite3", plain_w, f"CREATE TABLE forms ({columns}); CREATE UNIQUE INDEX forms_unique ON forms (\"Participante\");",
                                    ".import --csv --skip 1 " + os.path.join(data, "sus_forms.csv") + " forms"], before=lambda: fresh(plain_w))
    results["wide"] = (ours_w, theirs_w)

    # 3. SUS by group (every participant's score and the group summaries) vs one SQL query on studyctl's own tables.
    ours_s, rss["score sus --by group --json"] = best_of(repeats, [studyctl, "score", "sus", "--by", "group", "--json"], env=env)
    theirs_s, _ = best_of(repeats, ["sqlite3", study, SCORE_SQL])
    results["score"] = (ours_s, theirs_s)
    duck = subprocess.run([sys.executable, os.path.join(HERE, "reference_duckdb.py"), data, os.path.join(data, "wide.duckdb"), str(repeats)],
                          check=True, capture_output=True, text=True)
    results["score duckdb"] = (ours_s, float(duck.stdout.strip().splitlines()[-1]))
    long_study = os.path.join(data, "long-answers.sqlite")
    fresh(long_study)
    shutil.copyfile(study, long_study)
    run(["sqlite3", long_study, "PRAGMA journal_mode = delete;" + LONG_TABLE_SQL])
    theirs_l, _ = best_of(repeats, ["sqlite3", long_study, SCORE_LONG_SQL])
    os.remove(long_study)
    results["score long"] = (ours_s, theirs_l)

    # 4. Exports: the full workbook vs the answers sheet alone; CSV vs sqlite3 .mode csv of the same join; report.
    for name in ("answers.xlsx", "full.xlsx", "pipeline.xlsx"):
        if os.path.exists(os.path.join(data, name)):
            os.remove(os.path.join(data, name))
    workbook_runs = 2 if n <= 100_000 else 1
    ours_x, rss["export xlsx --only responses"] = best_of(workbook_runs, [studyctl, "export", "xlsx", os.path.join(data, "answers.xlsx"), "--only", "responses", "--force"], env=env)
    ours_full, rss["export xlsx (full)"] = best_of(workbook_runs, [studyctl, "export", "xlsx", os.path.join(data, "full.xlsx"), "--force"], env=env)
    results["workbook"] = (ours_full, ours_x)
    # XlsxWriter takes ~20 minutes for the 26M answers of 1M respondents: BENCH_XLSXWRITER_MAX=100000 skips it above.
    if n <= int(os.environ.get("BENCH_XLSXWRITER_MAX", str(10**12))):
        theirs_x, _ = timed([sys.executable, os.path.join(HERE, "reference_xlsx.py"), os.path.join(data, "answers_long.csv"),
                             os.path.join(data, "answers-py.xlsx")])
        results["export"] = (ours_x, theirs_x)
    else:
        results["export"] = (ours_x, None)
    csv_dir = os.path.join(data, "csv")
    shutil.rmtree(csv_dir, ignore_errors=True)
    ours_c, rss["export csv"] = timed([studyctl, "export", "csv", csv_dir], env=env)
    theirs_c = timed_input(["sqlite3", study], CSV_SQL, os.path.join(data, "answers-sqlite.csv"))
    results["csv"] = (ours_c, theirs_c)
    report_dir = os.path.join(data, "report")
    shutil.rmtree(report_dir, ignore_errors=True)
    _, rss["report"] = timed([studyctl, "report", "--output", report_dir, "--force"], env=env)

    # 5. Import → SUS by group → xlsx: studyctl vs a pandas + XlsxWriter script.
    pipeline = os.path.join(data, "pipeline.sqlite")
    fresh(pipeline)
    penv = dict(os.environ, STUDYCTL_DB=pipeline)
    script = (f'"{studyctl}" init --title P >/dev/null && "{studyctl}" participant import "{data}/participants.csv" >/dev/null && '
              f'"{studyctl}" responses import "{data}/sus_forms.csv" --instrument sus --participant-column Participante >/dev/null && '
              f'"{studyctl}" score sus --by group --csv --summary > "{data}/summary.csv" && '
              f'"{studyctl}" export xlsx "{data}/pipeline.xlsx" --by group --only scores --force >/dev/null')
    ours_p, _ = timed(["sh", "-c", script], env=penv)
    theirs_p, _ = timed([sys.executable, os.path.join(HERE, "reference_pipeline.py"), data, os.path.join(data, "pipeline-py.xlsx")])
    results["pipeline"] = (ours_p, theirs_p)
    theirs_pl, _ = timed([sys.executable, os.path.join(HERE, "reference_pipeline_polars.py"), data, os.path.join(data, "pipeline-polars.xlsx")])
    results["pipeline polars"] = (ours_p, theirs_pl)

    # 6. One `respond` on the existing study vs one sqlite3 INSERT, interleaved, the shortest of 15 each (these are
    #    milliseconds: a median of runs is the machine's noise as much as the command's time).
    ours_r = []
    theirs_r = []
    for index in range(15):
        ours_r.append(timed([studyctl, "respond", f"R{index}", "umux-lite", "--answers", "6,7", "--replace"], env=env)[0])
        theirs_r.append(timed(["sqlite3", plain, f"INSERT OR REPLACE INTO answers VALUES ('R{index}', 'umux-lite', '1', '6')"])[0])
    results["respond"] = (min(ours_r), min(theirs_r))

    # 7. `status` on the whole study: judged against the smallest size, it should not grow.
    # Interleaved with `status` on the smallest study (the first size benchmarked), the shortest of 15 runs each: the
    # two figures are ~12 ms apart by nothing but the machine, which a median of runs taken at other moments is not.
    global SMALLEST_STUDY
    SMALLEST_STUDY = SMALLEST_STUDY or study
    smallest_env = dict(os.environ, STUDYCTL_DB=SMALLEST_STUDY)
    ours_t, reference_t = [], []
    for _ in range(15):
        reference_t.append(timed([studyctl, "status"], env=smallest_env)[0])
        ours_t.append(timed([studyctl, "status"], env=env)[0])
    results["status"] = (min(ours_t), min(reference_t))
    # 8. Start-up: `--version` against a static hello-world in Swift, interleaved, the shortest of 15 each, when
    #    run.sh built one.
    hello = os.path.join(work, "hello")
    if os.path.exists(hello):
        ours_v, theirs_v = [], []
        for _ in range(15):
            ours_v.append(timed([studyctl, "--version"])[0])
            theirs_v.append(timed([hello])[0])
        results["startup"] = (min(ours_v), min(theirs_v))
    # 9. What loading the drawing, workbook, JPEG and XML libraries on first use (Sources/LazyLibraries) saves at
    #    start-up: `--version` as built, against the same binary with those libraries loaded before main as a linked
    #    binary would (LD_PRELOAD, the same libraries the stubs name), interleaved, the shortest of 15 each. Linux only.
    eager = eager_libraries()
    if eager:
        lazy_v, eager_v = [], []
        eager_env = dict(os.environ, LD_PRELOAD=" ".join(eager))
        for _ in range(15):
            lazy_v.append(timed([studyctl, "--version"])[0])
            eager_v.append(timed([studyctl, "--version"], env=eager_env)[0])
        results["lazy"] = (min(lazy_v), min(eager_v))
    return results, rss


def eager_libraries():
    """The shared objects LazyLibraries loads on first use, as the loader would find them; empty off Linux x86_64."""
    if sys.platform != "linux" or os.uname().machine != "x86_64":
        return []
    found = []
    listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    for soname in ["libcairo.so.2", "libxlsxwriter.so", "libjpeg.so.62", "libxml2.so.2"]:
        for line in listing.splitlines():
            name = line.strip().split(" ", 1)[0]
            if name == soname or (soname == "libxlsxwriter.so" and name.startswith("libxlsxwriter.so")):
                found.append(line.rsplit("=> ", 1)[-1].strip())
                break
    return found


def timed_input(command, text, output):
    """Runs a command with `text` on standard input and its output into a file; returns wall seconds."""
    start = time.perf_counter()
    with open(output, "w") as out:
        subprocess.run(command, input=text, text=True, stdout=out, check=True)
    return time.perf_counter() - start


def main():
    studyctl, work = sys.argv[1], sys.argv[2]
    sizes = [int(s) for s in sys.argv[3:]]
    os.makedirs(work, exist_ok=True)
    lines = []
    verdicts = []

    def verdict(name, ok):
        verdicts.append((name, ok))
        return "pass" if ok else "**miss**"

    header = "| N | measure | studyctl | reference | ratio | target | result |\n| ---: | --- | ---: | ---: | ---: | --- | --- |"
    memory = {}
    for n in sizes:
        print(f"benchmarking N = {n:,} respondents…", file=sys.stderr, flush=True)
        r, rss_n = bench_size(studyctl, work, n)
        memory[n] = rss_n
        ours, theirs = r["import"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | import long answers (rows/s) | {ours:,.0f} | {theirs:,.0f} (sqlite3 .import + unique index) | {ratio:.2f}× | ≥ 1× | {verdict(f'import {n}', ratio >= 1)} |")
        ours, theirs = r["wide"]
        ratio = theirs / ours
        lines.append(f"| {n:,} | import wide form (s) | {ours:.2f} | {theirs:.2f} (sqlite3 .import + unique index) | {ratio:.2f}× | ≥ 1× | {verdict(f'wide {n}', ratio >= 1)} |")
        ours, theirs = r["score"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | score sus --by group --json (s) | {ours:.2f} | {theirs:.2f} (SQL on the study) | {ratio:.2f}× | ≤ 1× | {verdict(f'score {n}', ratio <= 1)} |")
        ours, theirs = r["score duckdb"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | score, against DuckDB on the wide table (s) | {ours:.2f} | {theirs:.3f} (DuckDB, in-process query time) | {ratio:.2f}× | ≤ 3× | {verdict(f'score duckdb {n}', ratio <= 3)} |")
        ours, theirs = r["score long"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | score, against SQL on one row per answer (s) | {ours:.2f} | {theirs:.2f} (same SQL, answers as rows) | {ratio:.2f}× | — | shown |")
        ours, theirs = r["workbook"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | full workbook vs --only responses (s) | {ours:.2f} | {theirs:.2f} | {ratio:.2f}× | ≤ 1.5× | {verdict(f'workbook {n}', ratio <= 1.5)} |")
        ours, theirs = r["export"]
        if theirs is None:
            lines.append(f"| {n:,} | xlsx answers sheet (s) | {ours:.2f} | not run (BENCH_XLSXWRITER_MAX) | — | ≥ 3× | — |")
        else:
            ratio = theirs / ours
            lines.append(f"| {n:,} | xlsx answers sheet (s) | {ours:.2f} | {theirs:.2f} (XlsxWriter) | {ratio:.2f}× faster | ≥ 3× | {verdict(f'export {n}', ratio >= 3)} |")
        ours, theirs = r["csv"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | export csv (s) | {ours:.2f} | {theirs:.2f} (sqlite3 .mode csv) | {ratio:.2f}× | ≤ 1.5× | {verdict(f'csv {n}', ratio <= 1.5)} |")
        ours, theirs = r["pipeline"]
        ratio = theirs / ours
        lines.append(f"| {n:,} | import → SUS by group → xlsx (s) | {ours:.2f} | {theirs:.2f} (pandas + XlsxWriter) | {ratio:.2f}× faster | ≥ 2× | {verdict(f'pipeline {n}', ratio >= 2)} |")
        ours, theirs = r["pipeline polars"]
        ratio = theirs / ours
        lines.append(f"| {n:,} | import → SUS by group → xlsx (s) | {ours:.2f} | {theirs:.2f} (polars + XlsxWriter) | {ratio:.2f}× faster | ≥ 2× | {verdict(f'pipeline polars {n}', ratio >= 2)} |")
        ours, theirs = r["respond"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | one respond vs one INSERT (s) | {ours:.3f} | {theirs:.3f} (sqlite3) | {ratio:.2f}× | ≤ 1.5× | {verdict(f'respond {n}', ratio <= 1.5)} |")
        first = sizes[0]
        ours, theirs = r["status"]
        ratio = ours / theirs
        lines.append(f"| {n:,} | status (s) | {ours:.3f} | {theirs:.3f} (status at {first:,}, interleaved) | {ratio:.2f}× | ≤ 1.1× (constant) | {verdict(f'status {n}', ratio <= 1.1) if n != first else '—'} |")
        if "startup" in r:
            ours, theirs = r["startup"]
            ratio = ours / theirs
            lines.append(f"| {n:,} | --version (s) | {ours:.4f} | {theirs:.4f} (static Swift hello-world) | {ratio:.2f}× | ≤ 2× | {verdict(f'startup {n}', ratio <= 2)} |")
        if "lazy" in r:
            ours, theirs = r["lazy"]
            ratio = ours / theirs
            lines.append(f"| {n:,} | --version, libraries on first use (s) | {ours:.4f} | {theirs:.4f} (same binary, the four libraries loaded before main) | {ratio:.2f}× | < 1× | {verdict(f'lazy {n}', ratio < 1)} |")
    commands = list(next(iter(memory.values())).keys()) if memory else []
    rss_lines = ["| command | " + " | ".join(f"{n:,}" for n in sizes) + " | target |", "| --- |" + " ---: |" * len(sizes) + " --- |"]
    big = [n for n in sizes if n >= 100_000]
    for command in commands:
        figures = [memory[n][command] for n in sizes]
        large = [memory[n][command] for n in big]
        if large:
            ok = max(large) < 100 and (len(large) < 2 or max(large) < 1.5 * min(large))
            result = verdict(f"rss {command}", ok)
        else:
            result = "— (judged at 100k and above)"
        rss_lines.append(f"| `{command}` | " + " | ".join(f"{f:.0f}" for f in figures) + f" | < 100 MB, flat: {result} |")
    if len(sizes) > 1:
        figures = [memory[n]["export xlsx (full)"] for n in sizes]
        ratio = figures[-1] / figures[0]
        rss_lines += ["", f"Full workbook, peak RSS at {sizes[-1]:,} over {sizes[0]:,}: {ratio:.2f}× (target ≤ 1.1×, flat within 10 %): "
                          f"{verdict('workbook rss flat', ratio <= 1.1)}."]
    today = datetime.date.today().isoformat()
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    report = [f"# studyctl benchmarks — {today}", "", f"Machine: {machine}, {os.cpu_count()} cores. Command: `make bench` "
              f"(sizes {', '.join(f'{n:,}' for n in sizes)}).", "",
              "Each studyctl figure is measured in the same run as its reference; ratios, not absolute times, are the result. "
              "Up to 100,000 respondents the wide import and both score rows are the best of three runs on each side, the two "
              "workbooks the best of two (shared machines slow single runs down at random); at 1,000,000 every figure is one run. "
              "respond, status and --version, a few milliseconds each, are the shortest of 15 runs interleaved with their reference's.",
              "", header] + lines + ["", "## Peak memory (MB)", ""] + rss_lines + ["",
              f"{sum(1 for _, ok in verdicts if ok)} of {len(verdicts)} targets met."]
    text = "\n".join(report) + "\n"
    write_result(f"{today}.md", text)
    shutil.copyfile(os.path.join(HERE, "results", f"{today}.md"), os.path.join(HERE, "results", "latest.md"))


if __name__ == "__main__":
    main()
