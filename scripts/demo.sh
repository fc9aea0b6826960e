#!/usr/bin/env bash
# Builds the bundled example studies with the release binary and writes their reports, workbooks and tables.
set -euo pipefail
cd "$(dirname "$0")/.."
studyctl=.build/release/studyctl
$studyctl demo --output demo-output

# Eye tracking: SYNTHETIC sessions (scripts/gaze-synthetic.py; no real participant) in the Tobii Studio and Pro Lab
# layouts, 100,000 rows per session, imported, measured and drawn.
gaze=demo-output/eye-tracking
rm -rf "$gaze"
mkdir -p "$gaze"
echo "Generating the synthetic eye-tracking sessions…"
python3 scripts/gaze-synthetic.py "$gaze/data" --participants 4 --seconds 400 --utf16 P1
study="$gaze/eye-tracking.sqlite"
$studyctl init --title "Loja (eye tracking, synthetic)" --language pt-BR --db "$study" >/dev/null
$studyctl participant import "$gaze/data/participants.csv" --db "$study" >/dev/null
$studyctl gaze import "$gaze"/data/studio/*.tsv --media-dir "$gaze/data/stimuli" --db "$study"
$studyctl gaze list --db "$study"
$studyctl gaze metrics --by level --db "$study"
$studyctl gaze similarity home.png --by level --db "$study"
for media in home.png checkout.png; do
  $studyctl gaze heatmap "$media" --by level -o "$gaze/pictures" --db "$study"
  $studyctl gaze heatmap "$media" -o "$gaze/pictures" --db "$study"
  $studyctl gaze scanpath "$media" --by level --first 15 -o "$gaze/pictures" --db "$study"
  $studyctl gaze scanpath "$media" --simplify --first 20 -o "$gaze/pictures" --db "$study"
done
$studyctl report --by level -o "$gaze/report" --db "$study"
$studyctl export xlsx "$gaze/eye-tracking.xlsx" --force --db "$study"
$studyctl export csv "$gaze/csv" --db "$study"

echo
echo "Open demo-output/uitracking/report.md (and its .xlsx beside it) to see what studyctl produces;"
echo "Code the UITracking interviews in the browser: $studyctl serve --open --db demo-output/uitracking/uitracking.sqlite"
echo "demo-output/eye-tracking/pictures holds the heat maps, blind-spot maps and scan paths of the synthetic sessions."
