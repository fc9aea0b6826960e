#!/usr/bin/env python3
"""Eye-tracking benchmarks, each measured side by side with a reference in the same run (ratios are the result).

  1. `gaze import` of a synthetic Tobii Studio session (95 columns) of 100k rows and of 1M rows: peak RSS (< 50 MB,
     flat from 100k to 1M) and throughput against pandas.read_csv(sep="\\t", usecols=…) of the same file, and against
     polars.read_csv of the same columns on one thread.
  2. `gaze heatmap` of 1M stored fixations against numpy.histogram2d + scipy.ndimage.gaussian_filter building the
     same grid (the reference's time excludes loading the fixations; studyctl's includes everything the command
     does: start-up, reading the study, the grid, and drawing the heat and blind-spot maps as 300-dpi PNGs); then,
     for information, the reference with loading and studyctl with the SVG and PDF files as well.

Usage: bench/gaze.py STUDYCTL WORKDIR   (bench/run.sh sets up the tools and calls this)
"""
import datetime
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench import fresh, run, timed, write_result  # noqa: E402


def session(work, seconds):
    folder = os.path.join(work, f"gaze-{seconds}")
    path = os.path.join(folder, "studio", "P1.tsv")
    if not os.path.exists(path):
        run([sys.executable, os.path.join(HERE, "..", "scripts", "gaze-synthetic.py"), folder, "--participants", "1", "--seconds", str(seconds)])
    return folder, path


def main():
    studyctl, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    lines = []
    verdicts = []

    def verdict(name, ok):
        verdicts.append((name, ok))
        return "pass" if ok else "**miss**"

    rss = {}
    for seconds in (400, 4000):
        folder, path = session(work, seconds)
        rows = sum(1 for _ in open(path, "rb")) - 1
        study = os.path.join(work, f"gaze-{seconds}.sqlite")
        fresh(study)
        env = dict(os.environ, STUDYCTL_DB=study)
        run([studyctl, "init", "--title", "bench"], env=env)
        run([studyctl, "participant", "add", "P1"], env=env)
        ours, ours_rss = timed([studyctl, "gaze", "import", path], env=env)
        theirs, _ = timed([sys.executable, os.path.join(HERE, "reference_gaze.py"), "read", path])
        rss[rows] = ours_rss
        ratio = theirs / ours
        lines.append(f"| gaze import, {rows:,} rows × 95 columns (s) | {ours:.2f} | {theirs:.2f} (pandas read_csv, usecols) | "
                     f"{ratio:.2f}× | ≥ 1× | {verdict(f'import {rows}', ratio >= 1)} |")
        theirs_pl, _ = timed([sys.executable, os.path.join(HERE, "reference_gaze.py"), "polars", path])
        ratio = theirs_pl / ours
        lines.append(f"| gaze import, {rows:,} rows × 95 columns (s) | {ours:.2f} | {theirs_pl:.2f} (polars read_csv, the same columns, one thread) | "
                     f"{ratio:.2f}× | ≥ 1× | {verdict(f'import polars {rows}', ratio >= 1)} |")
        lines.append(f"| gaze import peak RSS, {rows:,} rows (MB) | {ours_rss:.0f} | | | < 50 MB | {verdict(f'rss {rows}', ours_rss < 50)} |")
    small, large = sorted(rss)
    flat = rss[large] < 1.5 * rss[small]
    lines.append(f"| peak RSS {small:,} → {large:,} rows | {rss[small]:.0f} → {rss[large]:.0f} MB | | | flat (within 1.5×) | {verdict('flat', flat)} |")

    # 1M fixations stored directly (the import's own speed is measured above), spread over a 1280 × 800 media.
    study = os.path.join(work, "gaze-heat.sqlite")
    fresh(study)
    env = dict(os.environ, STUDYCTL_DB=study)
    run([studyctl, "init", "--title", "heat"], env=env)
    run([studyctl, "participant", "add", "P1"], env=env)
    run(["sqlite3", study, """
        INSERT INTO gaze_media (name) VALUES ('bench.png');
        INSERT INTO gaze_recording (participant_id, media_id, recording, samples, invalid_samples, onset_ms, source, imported)
          VALUES (1, 1, 'R', 0, 0, 0, 'bench', '2026-01-01');
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
        INSERT INTO gaze_fixation (recording_id, fixation_index, start_ms, duration_ms, x, y)
          SELECT 1, i, i * 300, 100 + abs(random()) % 400, abs(random()) % 1280, abs(random()) % 800 FROM n;
        """])
    ours, _ = timed([studyctl, "gaze", "heatmap", "bench.png", "--size", "1280x800", "-o", os.path.join(work, "heat-out")], env=env)
    ours_png, _ = timed([studyctl, "gaze", "heatmap", "bench.png", "--size", "1280x800", "--format", "png", "-o", os.path.join(work, "heat-png")], env=env)
    out = subprocess.run([sys.executable, os.path.join(HERE, "reference_gaze.py"), "heatmap", study, "1280", "800"],
                         capture_output=True, text=True, check=True).stdout.split()
    grid, loaded = float(out[0]), float(out[1])
    ratio = grid / ours_png
    lines.append(f"| gaze heatmap --format png, 1,000,000 fixations, 1280 × 800 (s) | {ours_png:.2f} | {grid:.2f} (numpy histogram2d + scipy gaussian_filter, grid only) | "
                 f"{ratio:.2f}× | ≥ 1× | {verdict('heatmap', ratio >= 1)} |")
    lines.append(f"| … the same against loading the fixations from the study too (s) | {ours_png:.2f} | {loaded:.2f} (sqlite3 fetchall + numpy + scipy) | "
                 f"{loaded / ours_png:.2f}× | (information) | |")
    lines.append(f"| … and with the SVG and PDF files too (s) | {ours:.2f} | | | (information) | |")

    today = datetime.date.today().isoformat()
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    text = "\n".join([f"# studyctl eye-tracking benchmarks — {today}", "", f"Machine: {machine}, {os.cpu_count()} cores. Command: `make bench-gaze`.", "",
                      "| measure | studyctl | reference | ratio (reference ÷ studyctl time) | target | result |",
                      "| --- | ---: | ---: | ---: | --- | --- |"] + lines +
                     ["", f"{sum(1 for _, ok in verdicts if ok)} of {len(verdicts)} targets met."]) + "\n"
    write_result(f"gaze-{today}.md", text)


if __name__ == "__main__":
    main()
