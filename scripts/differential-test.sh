#!/usr/bin/env bash
# The differential suite: random studies scored by studyctl and by scipy (scripts/differential.py), in a virtual
# environment under .build/ that holds scipy and pingouin (the repeated-measures and mixed designs' reference).
# Skipped, saying why, only where they cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
studyctl=${1:-.build/debug/studyctl}
venv=.build/differential-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import scipy, pingouin" 2>/dev/null; then
  if ! "$venv/bin/pip" install --quiet "scipy==1.17.1" "pingouin==0.7.0"; then
    echo "differential suite skipped: scipy 1.17.1 and pingouin 0.7.0 could not be installed from PyPI" >&2
    exit 0
  fi
fi
"$venv/bin/python" scripts/differential.py "$studyctl" "${DIFFERENTIAL_STUDIES:-60}"
