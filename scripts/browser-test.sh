#!/usr/bin/env bash
# The coding workspace in a real browser: the system's chromium (Debian's package, or Chrome/Chromium on macOS)
# driven by Playwright from a virtual environment under .build/ — Playwright's own browser download is never used.
set -euo pipefail
cd "$(dirname "$0")/.."
studyctl=${1:-.build/debug/studyctl}
venv=.build/browser-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -c "import playwright" 2>/dev/null || "$venv/bin/pip" install --quiet "playwright==1.65.2"
# axe-core (4.12) as the pip package that bundles its script: the accessibility test injects that file, offline.
"$venv/bin/python" -c "import axe_playwright_python" 2>/dev/null || "$venv/bin/pip" install --quiet "axe-playwright-python==0.1.8"
if [ "$(uname -s)" = Darwin ] && [ -z "${CHROMIUM:-}" ]; then
  export PATH="/Applications/Chromium.app/Contents/MacOS:/Applications/Google Chrome.app/Contents/MacOS:$PATH"
fi
"$venv/bin/python" Tests/Browser/test_workspace.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_workspace_pages.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_codebook_page.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_quotes_tab.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_workspace_search.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_focus_group.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_moderator.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_media.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_workspace_marks.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_accessibility.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_participant_screen.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_report_page.py "$studyctl"
"$venv/bin/python" Tests/Browser/test_suggestions_tab.py "$studyctl"
