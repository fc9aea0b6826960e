#!/usr/bin/env bash
# Builds a study from the bundled UITracking dataset with the release binary and shows what it holds.
set -euo pipefail
cd "$(dirname "$0")/.."

studyctl=".build/release/studyctl"
out="demo-output"
study="$out/uitracking.sqlite"
data="datasets/uitracking"

mkdir -p "$out"
rm -f "$study" "$study-wal" "$study-shm"
export STUDYCTL_DB="$study"

"$studyctl" init --title "UITracking: framework iOS controlado por eye tracking" --language pt-BR
"$studyctl" participant import "$data/participants.csv"
"$studyctl" participant derive level --from years_ios --rule "<2:Iniciante,<=3:Intermediário,>3:Avançado"
"$studyctl" responses import "$data/pssuq_answers.csv" --instrument pssuq --participant-column Participante --orientation inverted
"$studyctl" category import "$data/categories.csv"
"$studyctl" code import "$data/coded_excerpts.csv" --coder Autora
"$studyctl" code import "$data/second_coder.csv"
echo
"$studyctl" participant list
echo
"$studyctl" score pssuq --by level
echo
"$studyctl" codes freq --coder Autora
echo
"$studyctl" codes agreement --coders Autora,Revisor
echo
"$studyctl" status
echo
echo "The demo study is in $study (STUDYCTL_DB=$study studyctl participant list)."
