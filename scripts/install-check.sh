#!/bin/sh
# Checks a `make install PREFIX=…`: the command runs from its link, and the manual pages are there in English and
# in Portuguese with every accent (written as groff escapes, printed by man as the letters).
set -eu
prefix=$1
fail() { echo "install-check: $*" >&2; exit 1; }
"$prefix/bin/studyctl" --version >/dev/null || fail "$prefix/bin/studyctl does not run"
for page in studyctl.1 studyctl.score.1 studyctl.report.1; do
    [ -s "$prefix/share/man/man1/$page" ] || fail "no English manual page $page"
    [ -s "$prefix/share/man/pt_BR/man1/$page" ] || fail "no Portuguese manual page $page"
done
grep -q 'Score a questionnaire' "$prefix/share/man/man1/studyctl.score.1" || fail "the English score page lacks its abstract"
grep -q 'Pontua um question\\\[u00E1\]rio' "$prefix/share/man/pt_BR/man1/studyctl.score.1" || fail "the Portuguese score page lost its accents"
if command -v man >/dev/null 2>&1; then
    LANG=C.UTF-8 MANWIDTH=100 man -l "$prefix/share/man/pt_BR/man1/studyctl.score.1" 2>/dev/null | grep -q 'Pontua um questionário' \
        || fail "man does not print the Portuguese page's accents"
fi
echo "install-check: $prefix has studyctl, its manual in English and Portuguese"
