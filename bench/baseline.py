#!/usr/bin/env python3
"""studyctl against an earlier studyctl: the same commands on the same files, interleaved, in one run.

Usage: bench/baseline.py STUDYCTL BASELINE REF WORKDIR N [N ...]   (bench/run.sh baseline REF builds BASELINE)

A change that moves code between layers (the imports' typed rows, the tables' builders, the one CSV writer) must
not make studyctl slower. Machines differ and shared ones drift, so the earlier build is the reference: each
command runs on a fresh copy of the same study, alternately with each binary, and the shortest of `RUNS` runs of
each is kept. A ratio above 1.05 (5 % slower) is a miss.

Both wall time and CPU time (user + system, from the kernel's accounting of the child) are kept; the verdict is the
CPU time's. Each command is single-threaded, so on a quiet machine the two agree; on a shared one, wall time also
counts the time the command waited for a core that another program held, which no build of studyctl changes (a run
beside a `make test` put `export csv` at 1.13× by wall time and 1.04× by CPU time). The load average at the start
and the end of the run is written beside the table.
"""
import datetime
import os
import resource
import shutil
import subprocess
import sys
import time

from bench import fresh, run, write_result

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(os.environ.get("BENCH_BASELINE_RUNS", "5"))
LIMIT = 1.05


def timed(command, env=None):
    """Runs a command; returns (wall seconds, CPU seconds: user + system of the command and its children)."""
    # getrusage counts to the microsecond (os.times() to the clock tick, 10 ms: too coarse for half a second).
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{out.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load():
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def prepared(binary, data, name, steps):
    """A study file made by `binary` with the import `steps` (argument lists) run; returns its path."""
    path = os.path.join(data, f"{name}.sqlite")
    fresh(path)
    env = dict(os.environ, STUDYCTL_DB=path)
    run([binary, "init", "--title", name], env=env)
    for step in steps:
        run([binary] + step, env=env)
    return path


def measures(data):
    """(name, the steps that make the study the command runs on, the command, whether it writes the study)."""
    participants = ["participant", "import", os.path.join(data, "participants.csv")]
    wide = ["responses", "import", os.path.join(data, "sus_forms.csv"), "--instrument", "sus", "--participant-column", "Participante"]
    long = ["responses", "import", os.path.join(data, "answers_long.csv"), "--long"]
    tasks = ["attempt", "import", os.path.join(data, "tasks.csv"), "--create-tasks"]
    return [
        ("participant import", [], participants, True),
        ("responses import (wide form)", [participants], wide, True),
        ("responses import --long", [participants], long, True),
        ("attempt import", [participants], tasks, True),
        ("score sus --by group --json", [participants, long], ["score", "sus", "--by", "group", "--json"], False),
        ("score sus --csv", [participants, long], ["score", "sus", "--csv"], False),
        ("score sus --by group --csv --summary", [participants, long], ["score", "sus", "--by", "group", "--csv", "--summary"], False),
        ("export csv", [participants, long, tasks], None, False),
    ]


def compare(ours, base, data, name, steps, command, writes):
    """The shortest time of each binary over RUNS interleaved runs, each on a study it made itself."""
    best = {}
    best_cpu = {}
    made = {}
    for binary in (ours, base):
        made[binary] = None if writes else prepared(binary, data, f"read-{name.replace(' ', '-')}-{binary == ours}", steps)
    for _ in range(RUNS):
        for binary in (ours, base):
            if writes:
                study = prepared(binary, data, "write", steps)
            else:
                study = made[binary]
            env = dict(os.environ, STUDYCTL_DB=study)
            if command is None:
                out = os.path.join(data, "csv-out")
                shutil.rmtree(out, ignore_errors=True)
                seconds, cpu = timed([binary, "export", "csv", out], env=env)
            else:
                seconds, cpu = timed([binary] + command, env=env)
            best[binary] = min(best.get(binary, seconds), seconds)
            best_cpu[binary] = min(best_cpu.get(binary, cpu), cpu)
    for study in made.values():
        if study:
            fresh(study)
    return (best[ours], best_cpu[ours]), (best[base], best_cpu[base])


def main():
    ours, base, ref, work = sys.argv[1:5]
    sizes = [int(s) for s in sys.argv[5:]]
    lines = ["| N | command | studyctl CPU (s) | earlier CPU (s) | CPU ratio | studyctl wall (s) | earlier wall (s) | wall ratio | target (CPU) | result |",
             "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    met = 0
    total = 0
    load_start = load()
    for n in sizes:
        data = os.path.join(work, str(n))
        if not os.path.exists(os.path.join(data, "tasks.csv")):
            run([sys.executable, os.path.join(HERE, "generate.py"), str(n), data])
        for name, steps, command, writes in measures(data):
            print(f"N = {n:,}: {name}…", file=sys.stderr, flush=True)
            (mine, mine_cpu), (theirs, theirs_cpu) = compare(ours, base, data, name, steps, command, writes)
            ratio = mine_cpu / theirs_cpu
            ok = ratio <= LIMIT
            met += ok
            total += 1
            lines.append(f"| {n:,} | {name} | {mine_cpu:.3f} | {theirs_cpu:.3f} | {ratio:.2f}× | {mine:.3f} | {theirs:.3f} | "
                         f"{mine / theirs:.2f}× | ≤ {LIMIT}× | {'pass' if ok else '**miss**'} |")
    load_end = load()
    today = datetime.date.today().isoformat()
    machine = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout.strip()
    text = "\n".join([f"# studyctl against an earlier build — {today}", "",
                      f"Machine: {machine}, {os.cpu_count()} cores. Command: `bench/run.sh baseline {ref}` "
                      f"(this tree at {head} against {ref}, sizes {', '.join(f'{n:,}' for n in sizes)}).", "",
                      f"Each command runs on a fresh study file made by the same binary, alternately with each binary; the "
                      f"shortest of {RUNS} runs of each is kept. Ratio: this tree's time over the earlier build's; the verdict "
                      f"is the CPU time's (user + system). Load average (1, 5, 15 min) at the start: {load_start}; at the end: "
                      f"{load_end}.", ""]
                     + lines + ["", f"{met} of {total} within {LIMIT}× by CPU time."]) + "\n"
    write_result(f"baseline-{today}.md", text)


if __name__ == "__main__":
    main()
