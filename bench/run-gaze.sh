#!/usr/bin/env bash
# make bench-gaze: builds studyctl in release, sets up pandas, numpy and scipy, and runs the eye-tracking benchmarks.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRA_APT_PACKAGES="time python3-venv" scripts/install-deps.sh
static=""
[ "$(uname -s)" = Linux ] && static="--static-swift-stdlib"
swift build -c release --product studyctl $static
if [ ! -x bench/.venv/bin/python ]; then
  python3 -m venv bench/.venv
fi
bench/.venv/bin/pip install --quiet pandas numpy scipy
bench/.venv/bin/python bench/gaze.py "$PWD/.build/release/studyctl" "$PWD/bench/work"
