#!/usr/bin/env bash
# make bench: builds studyctl in release, sets up the Python reference tools, and runs the benchmarks.
# BENCH_SIZES="10000 100000" overrides the default sizes (10k, 100k, 1M respondents).
# make bench-gaze (bench/run.sh gaze): the eye-tracking benchmarks instead (bench/gaze.py).
# bench/run.sh trend: `trend` over six releases of 10,000 respondents against a Python/scipy reference (bench/trend.py).
# make bench-suggest (bench/run.sh suggest): local suggestions on 10,000 units against scikit-learn (bench/suggest.py).
# bench/run.sh search: search across three studies of 10,000 coded excerpts in all (bench/search.py; BENCH_EXCERPTS).
# bench/run.sh baseline REF: this tree against the release build of an earlier commit REF, command by command
# (bench/baseline.py; sizes from BENCH_SIZES, default 10k and 100k); BENCH_BASELINE_BINARY skips building REF.
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
if [ "${1:-}" = baseline ]; then
  ref=${2:?"bench/run.sh baseline REF: name the earlier commit"}
  baseline=${BENCH_BASELINE_BINARY:-}
  if [ -z "$baseline" ]; then
    # The earlier commit built in a worktree of its own under bench/work (kept between runs, rebuilt if REF moves).
    tree="$PWD/bench/work/baseline-tree"
    sha=$(git rev-parse --verify "$ref^{commit}")
    if [ ! -d "$tree" ]; then git worktree add --detach "$tree" "$sha" >/dev/null; fi
    git -C "$tree" checkout --quiet --detach "$sha"
    [ -f Package.resolved ] && cp Package.resolved "$tree/"
    (cd "$tree" && scripts/release.sh)
    baseline="$tree/.build/release/studyctl"
  fi
  bench/.venv/bin/python bench/baseline.py "$PWD/.build/release/studyctl" "$baseline" "$ref" "$PWD/bench/work" ${BENCH_SIZES:-10000 100000}
elif [ "${1:-}" = search ]; then
  bench/.venv/bin/python bench/search.py "$PWD/.build/release/studyctl" "$PWD/bench/work" ${BENCH_EXCERPTS:-10000}
elif [ "${1:-}" = refi ]; then
  bench/.venv/bin/python bench/refi.py "$PWD/.build/release/studyctl" "$PWD/bench/work"
elif [ "${1:-}" = trend ]; then
  bench/.venv/bin/pip install --quiet numpy scipy
  bench/.venv/bin/python bench/trend.py "$PWD/.build/release/studyctl" "$PWD/bench/work" ${BENCH_SIZES:-10000}
elif [ "${1:-}" = suggest ]; then
  bench/.venv/bin/pip install --quiet scikit-learn scipy numpy
  bench/.venv/bin/python bench/suggest.py "$PWD/.build/release/studyctl" "$PWD/bench/work"
elif [ "${1:-}" = gaze ]; then
  bench/.venv/bin/pip install --quiet pandas numpy scipy polars
  bench/.venv/bin/python bench/gaze.py "$PWD/.build/release/studyctl" "$PWD/bench/work"
else
  bench/.venv/bin/pip install --quiet pandas xlsxwriter duckdb polars
  bench/.venv/bin/python bench/bench.py "$PWD/.build/release/studyctl" "$PWD/bench/work" ${BENCH_SIZES:-10000 100000 1000000}
fi
