#!/usr/bin/env bash
# REFI-QDA and codebook exchange with real peers (scripts/exchange_test.py): qualitative-coding and Taguette from
# PyPI, each in a virtual environment of its own under .build/ (their pins conflict). A peer is skipped, saying why,
# only where it cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
studyctl=${1:-.build/debug/studyctl}
status=0
for peer in "qc qualitative_coding qualitative-coding==1.7.8" "taguette taguette taguette==1.5.2"; do
  set -- $peer
  venv=.build/exchange-$1-venv
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
  fi
  if ! "$venv/bin/python" -c "import $2" 2>/dev/null; then
    if ! "$venv/bin/pip" install --quiet "$3"; then
      echo "exchange test with $3 skipped: it could not be installed from PyPI" >&2
      continue
    fi
  fi
  "$venv/bin/python" scripts/exchange_test.py "$1" "$studyctl" "$venv/bin" || status=1
done
exit $status
