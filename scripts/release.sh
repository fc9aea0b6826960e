#!/usr/bin/env bash
# Builds the release binary (make release, make install, make bench). On Linux: the Swift runtime linked statically;
# libxml2 left out of the needed list when every function of it that the binary calls is a LazyLibraries stub (the
# Swift driver names it to the linker ahead of --as-needed, so patchelf drops it); the debug information moved into
# .build/release/studyctl.debug, which gdb finds through the binary's debug link.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
if [ "$(uname -s)" != Linux ]; then
  exec "$swift" build -c release --product studyctl
fi
"$swift" build -c release --product studyctl --static-swift-stdlib
binary=.build/release/studyctl
needed=$(readelf -d "$binary" | grep -o 'libxml2\.so[.0-9]*' || true)
if [ "$(uname -m)" = x86_64 ] && [ -n "$needed" ]; then
  # Only when nothing in the binary is left for the loader to find in libxml2.
  xml=$(ldconfig -p | awk '$1 ~ /^libxml2\.so\./ && !found { print $NF; found = 1 }')
  if [ -z "$(comm -12 <(nm -D --undefined-only "$binary" | awk '{ sub(/@.*/, "", $2); print $2 }' | sort -u) \
                      <(nm -D --defined-only "$xml" | awk '{ sub(/@.*/, "", $3); print $3 }' | sort -u))" ]; then
    patchelf --remove-needed "$needed" "$binary"
  fi
fi
# (Whole outputs read by grep and awk: with pipefail, one that stops early would fail on its writer's SIGPIPE.)
if ! readelf -S "$binary" | grep gnu_debuglink >/dev/null; then
  objcopy --only-keep-debug "$binary" "$binary.debug"
  strip --strip-debug --strip-unneeded "$binary"
  objcopy --add-gnu-debuglink="$binary.debug" "$binary"
fi
