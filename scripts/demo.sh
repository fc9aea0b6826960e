#!/usr/bin/env bash
# Builds the bundled example studies with the release binary and writes their reports, workbooks and tables.
set -euo pipefail
cd "$(dirname "$0")/.."
.build/release/studyctl demo --output demo-output
echo
echo "Open demo-output/uitracking/report.md (and its .xlsx beside it) to see what studyctl produces."
