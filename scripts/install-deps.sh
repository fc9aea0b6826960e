#!/usr/bin/env bash
# Installs the system libraries studyctl builds against, when they are missing.
# Debian/Ubuntu: apt-get when run as root, otherwise prints the exact command. macOS: Homebrew.
set -euo pipefail

# texlive: the LaTeX reports are compiled with pdflatex in the tests, alone and inside an abnTeX2 thesis (texlive-publishers,
# whose class loads enumitem and other packages of texlive-latex-extra, a recommendation apt does not follow here);
# poppler-utils: pdftotext reads the compiled pages back to check that no table row is lost.
# cmark-gfm: GitHub's markdown renderer; the tests render the markdown reports with it to check that study text reads as
# typed and leaves every table and figure in place.
# python3: the synthetic eye-tracking sessions of the demo and the tests come from scripts/gaze-synthetic.py.
# chromium, python3-venv: the coding workspace is tested in a real browser (scripts/browser-test.sh).
# patchelf, binutils: the release build (scripts/release.sh) leaves libxml2 to be loaded on first use and keeps its
# debug information beside the binary.
# libxml2-utils: REFI-QDA exports are validated against their XSD schemas with xmllint.
# libreadstat-dev: 'export sav' and 'export dta' write SPSS and Stata files with ReadStat; r-cran-haven: the tests read
# them back in R (and with pyreadstat, from PyPI, in a virtual environment).
# tmux: the session logger (a full-screen terminal program) is driven by its keys and read back from its screen.
# ffmpeg: 'media add' reads recordings with ffprobe and 'clips' cuts them with ffmpeg (needed only by those commands,
# which say so when it is missing); espeak-ng: the tests speak a scripted interview into a real recording.
# libreoffice-writer-nogui: the tests open the .docx and .odt that `export quotes` writes and convert them to PDF.
# gettext: msgfmt --check reads the translation catalogs (Sources/Wording/Translations/*.po) as translators' tools do.
#
# `install-deps.sh` installs what building and installing need, `--demo` what the demo adds; `--tests` (make test) adds
# what only the tests run (browsers, LaTeX, tmux…), so `make install PREFIX=$HOME/.local` asks for no more than it uses.
#
# On macOS the build uses the SDK's SQLite and the release is not patched, so `make install` asks Homebrew for the four
# libraries the binary links and pkg-config alone; `--demo` (make demo) adds python3, which draws the demo's gaze data.
# STUDYCTL_DEPS_SYSTEM stands in for `uname -s` (Tests/studyctlTests/InstallDepsTests runs the macOS branch on Linux
# with a recording `brew`).
system=${STUDYCTL_DEPS_SYSTEM:-$(uname -s)}
apt_packages=(libsqlite3-dev patchelf binutils libxlsxwriter-dev libreadstat-dev libcairo2-dev libjpeg-dev fonts-dejavu-core pkg-config ${EXTRA_APT_PACKAGES:-})
brew_packages=(libxlsxwriter readstat cairo jpeg-turbo pkg-config)
if [ "${1:-}" = "--demo" ] || [ "${1:-}" = "--tests" ]; then
  apt_packages+=(python3)
  brew_packages+=(python3)
fi
if [ "${1:-}" = "--tests" ]; then
  apt_packages+=(sqlite3 unzip python3-venv chromium libxml2-utils tmux cmark-gfm gettext
                 texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-lang-portuguese texlive-publishers poppler-utils ffmpeg espeak-ng
                 libreoffice-calc-nogui libreoffice-writer-nogui r-cran-haven)
  brew_packages+=(tmux ffmpeg espeak-ng gettext)
fi

if ! command -v swift >/dev/null 2>&1; then
  echo "studyctl needs the Swift toolchain (6.1 or later): https://www.swift.org/install/" >&2
  exit 1
fi

case "$system" in
  Linux)
    if ! command -v dpkg >/dev/null 2>&1; then
      echo "Not a Debian-based system: install SQLite, libxlsxwriter and ReadStat development files with your package manager." >&2
      exit 0
    fi
    missing=()
    for package in "${apt_packages[@]}"; do
      dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && exit 0
    if [ "$(id -u)" -eq 0 ]; then
      echo "Installing ${missing[*]} with apt-get…" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
      echo "Missing system packages: ${missing[*]}. Install them with:" >&2
      echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
    ;;
  Darwin)
    if ! command -v brew >/dev/null 2>&1; then
      echo "Install Homebrew (https://brew.sh), then run: brew install ${brew_packages[*]}" >&2
      exit 1
    fi
    missing=()
    for package in "${brew_packages[@]}"; do
      brew list --versions "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
      echo "Installing ${missing[*]} with Homebrew…" >&2
      brew install "${missing[@]}"
    fi
    # The browser test drives a system Chromium or Chrome: asked for by the tests only (make test-deps), never by
    # make install or make demo.
    if [ "${1:-}" = "--tests" ] && [ ! -d /Applications/Chromium.app ] && [ ! -d "/Applications/Google Chrome.app" ]; then
      brew install --cask chromium
    fi
    ;;
  *)
    echo "Unsupported system $system: install SQLite, libxlsxwriter and ReadStat development files by hand." >&2
    ;;
esac
