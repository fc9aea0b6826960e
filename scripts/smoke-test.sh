#!/usr/bin/env bash
# Runs every command that reaches a library loaded on first use (Cairo for figures, libxlsxwriter for workbooks,
# ReadStat for SPSS and Stata files, libjpeg for stimulus images, libxml2 for REFI-QDA) with one binary, as a user would: `make test` runs it with the
# binary `swift build -c release` makes and with `make release`'s (static Swift runtime, libraries loaded on first
# use); the debug binary goes through the whole end-to-end suite. Exits non-zero on the first command that fails or
# crashes, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
studyctl=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NO_COLOR=1
unset STUDYCTL_DB STUDYCTL_LANGUAGE

run() {
  local status=0
  "$studyctl" "$@" >"$work/out" 2>"$work/err" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "smoke test ($studyctl): 'studyctl $*' exited with $status" >&2
    cat "$work/err" >&2
    exit 1
  fi
}
present() {
  for file in "$@"; do
    if [ ! -s "$file" ]; then echo "smoke test ($studyctl): $file was not written" >&2; exit 1; fi
  done
}

# REFI-QDA (libxml2): the study whose export crashed the `swift build -c release` binary — a participant with nothing
# attached after one with an attribute, a transcript, a category and a code with a memo — exported, re-imported.
cd "$work"
run init --title "Estudo" --language pt-BR
run participant add P1 --attr "nível=Iniciante"
run participant add P2
printf 'Eu achei difícil encontrar o botão de voltar.\n' > p1.txt
run transcript add P1 p1.txt
run category add "Navegação" --origin emergent
run code add P1 --excerpt "difícil encontrar o botão" --code "difícil encontrar" --category "Navegação" --memo "Procurou no topo"
run export qdpx a.qdpx
run export qdc a.qdc
run import qdpx a.qdpx --db copy.sqlite
run export qdpx b.qdpx --db copy.sqlite
present a.qdpx a.qdc b.qdpx

# SPSS and Stata files (ReadStat), and the IRaMuTeQ corpus beside them.
run export sav a.sav
run export dta a.dta
run export iramuteq a.txt --attributes "nível"
present a.sav a.dta a.txt

# Figures and workbooks (Cairo, libxlsxwriter): the bundled studies' reports (markdown, HTML, LaTeX, charts in SVG,
# PNG and PDF) and workbooks.
run demo --output demo
present demo/uitracking/report.md
ls demo/*/*.xlsx >/dev/null

# Stimulus images (libjpeg) under heat maps and scan paths.
python3 "$repo/scripts/gaze-synthetic.py" gaze --participants 2 --seconds 20 >/dev/null
run init --title "Olhar" --language pt-BR --db gaze.sqlite
run participant import gaze/participants.csv --db gaze.sqlite
run gaze import gaze/studio/*.tsv --media-dir gaze/stimuli --db gaze.sqlite
run gaze media add home.png "$repo/Tests/Fixtures/gaze/home.jpg" --db gaze.sqlite
run gaze heatmap home.png -o pictures --db gaze.sqlite
run gaze scanpath home.png --first 10 -o pictures --db gaze.sqlite
run export xlsx gaze.xlsx --db gaze.sqlite
present gaze.xlsx
ls pictures/* >/dev/null
echo "smoke test passed: $studyctl"
