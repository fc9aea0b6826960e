#!/usr/bin/env bash
# REFI-QDA exchange with a real peer (scripts/exchange_test.py): qualitative-coding from PyPI in a virtual
# environment under .build/. Skipped, saying why, only where it cannot be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
studyctl=${1:-.build/debug/studyctl}
venv=.build/exchange-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import qualitative_coding" 2>/dev/null; then
  if ! "$venv/bin/pip" install --quiet "qualitative-coding==1.7.8"; then
    echo "exchange test skipped: qualitative-coding 1.7.8 could not be installed from PyPI" >&2
    exit 0
  fi
fi
"$venv/bin/python" scripts/exchange_test.py "$studyctl" "$venv/bin"
