#!/usr/bin/env bash
# make bench: builds studyctl in release, sets up the Python reference tools, and runs the benchmarks.
# BENCH_SIZES="10000 100000" overrides the default sizes (10k, 100k, 1M respondents).
# make bench-gaze (bench/run.sh gaze): the eye-tracking benchmarks instead (bench/gaze.py).
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRA_APT_PACKAGES="time python3-venv" scripts/install-deps.sh
scripts/release.sh
# The start-up reference: a static hello-world in Swift, built the same way.
mkdir -p bench/work
printf 'print("hello")\n' > bench/work/hello.swift
hello_static=""
[ "$(uname -s)" = Linux ] && hello_static="-static-stdlib"
swiftc -O $hello_static bench/work/hello.swift -o bench/work/hello
if [ ! -x bench/.venv/bin/python ]; then
  python3 -m venv bench/.venv
fi
command -v /usr/bin/time >/dev/null || { echo "bench needs GNU time: apt-get install time" >&2; exit 1; }
if [ "${1:-}" = refi ]; then
  bench/.venv/bin/python bench/refi.py "$PWD/.build/release/studyctl" "$PWD/bench/work"
elif [ "${1:-}" = gaze ]; then
  bench/.venv/bin/pip install --quiet pandas numpy scipy polars
  bench/.venv/bin/python bench/gaze.py "$PWD/.build/release/studyctl" "$PWD/bench/work"
else
  bench/.venv/bin/pip install --quiet pandas xlsxwriter duckdb polars
  bench/.venv/bin/python bench/bench.py "$PWD/.build/release/studyctl" "$PWD/bench/work" ${BENCH_SIZES:-10000 100000 1000000}
fi
