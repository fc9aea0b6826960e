#!/usr/bin/env bash
# Prints the LAZY_FUNCTION lines of Sources/LazyLibraries/symbols.h: each function of a lazily loaded library that
# studyctl's own objects, or the static FoundationXML it links, call. After a first call into one of these libraries
# the Linux build stops at an undefined symbol; run this (after a `swift build`, whose objects it reads) and put its
# output in symbols.h in place of the old LAZY_FUNCTION lines.
set -euo pipefail
cd "$(dirname "$0")/.."
xml=$(dirname "$(dirname "$(command -v swift)")")/lib/swift_static/linux/lib_CFXMLInterface.a
called=$({ find .build/debug/ -path '*.build/*.o' -not -path '*Tests*' -print0; printf '%s\0' "$xml"; } |
  xargs -0 nm -u 2>/dev/null | awk 'NF == 2 && $1 == "U" { print $2 }' | sed 's/@.*//' | sort -u || true)
for pair in CAIRO:libcairo.so.2 XLSXWRITER:libxlsxwriter.so.4 READSTAT:libreadstat.so.1 JPEG:libjpeg.so.62 XML:libxml2.so.2; do
  id=${pair%%:*}
  file=$(ldconfig -p | awk -v lib="${pair#*:}" '$1 == lib && !found { print $NF; found = 1 }')
  nm -D --defined-only "$file" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort -u |
    comm -12 - <(printf '%s\n' "$called") | sed "s/.*/LAZY_FUNCTION($id, &)/"
done
