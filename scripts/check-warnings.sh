#!/usr/bin/env bash
# Compiler warnings in studyctl's own code (Sources/, Tests/) fail `make test`; a dependency's (.build/checkouts) never
# do. An incremental build prints the warnings of the files it compiles only, so the check comes in two steps:
#
#   scripts/check-warnings.sh --recompile FOLDER KIND…   forgets what FOLDER (a build folder such as .build/debug or
#                                                       .build-plain/release) compiled of our targets under each KIND
#                                                       (Sources, Tests), so the next build there compiles every file of
#                                                       them — and prints every warning — while the dependencies stay built
#   scripts/check-warnings.sh LOG…                       lists each warning the build logs name in Sources/ or Tests/
#                                                       (once, however often the log repeats it) and fails when there is one
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ "${1:-}" = --recompile ]; then
  folder=${2:?usage: scripts/check-warnings.sh --recompile FOLDER Sources|Tests…}
  shift 2
  [ -d "$folder" ] || exit 0  # nothing built there yet: the build compiles everything
  for kind in "$@"; do
    for dir in "$kind"/*/; do
      # A target's objects and dependency files; the build recompiles a target whose outputs are missing.
      rm -rf "${folder:?}/$(basename "$dir").build"
    done
  done
  exit 0
fi

[ $# -gt 0 ] || { echo "usage: scripts/check-warnings.sh LOG… (or --recompile FOLDER KIND…)" >&2; exit 2; }
# `path:line:column: warning: …`, the path absolute or relative to the package.
pattern="^(${root//./\\.}/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning: "
warnings=$(cat -- "$@" | grep -E "$pattern" | sed "s|^$root/||" | sort -u || true)
if [ -n "$warnings" ]; then
  echo "The build warns in studyctl's own code; fix each (Tests/README.md, 'Clean builds'):" >&2
  echo "$warnings" >&2
  exit 1
fi
echo "No compiler warning in Sources/ or Tests/ ($*)."
