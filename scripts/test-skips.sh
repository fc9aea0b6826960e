#!/usr/bin/env bash
# Fails when the swift-testing log LOG names a skipped test that Tests/allowed-skips.txt does not allow: a test skipped
# for want of what `make test-deps` installs is a failure, not a pass. Prints every skip with its reason either way.
set -euo pipefail
cd "$(dirname "$0")/.."
log=${1:?usage: scripts/test-skips.sh LOG}
allowed=$(grep -v '^#' Tests/allowed-skips.txt | cut -f1)
unexpected=0
while IFS= read -r line; do
  name=$(sed -E 's/^[^ ]+ Test ([^ ]+) skipped.*$/\1/' <<<"$line")
  if grep -qxF -- "$name" <<<"$allowed"; then
    echo "skipped (allowed): $line"
  else
    echo "skipped, and make test-deps should have provided what it needs: $line" >&2
    unexpected=1
  fi
done < <(grep -E '^[^ ]+ Test [^ ]+ skipped([:.]|$)' "$log" || true)
exit "$unexpected"
