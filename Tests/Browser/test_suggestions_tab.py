#!/usr/bin/env python3
"""The workspace's Suggestions tab in a real browser (Chromium driven by Playwright), by keyboard alone.

The demo's UITracking study, suggestions learnt from Autora's codings (`studyctl code suggest --from Autora`): the
tab lists the pending ones; with a coder name typed, Enter on the first "Accept" makes it that person's coding (as
`code suggestions accept` does), the keyboard stays on the next suggestion, Enter on "Reject" rejects it, and "Undo the
last decision" puts it back; axe finds no violation in the tab. Screenshot: .build/suggestions-tab.png.

Usage: test_suggestions_tab.py STUDYCTL
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import STUDYCTL, axe, cli, serve, unnamed_controls

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")

work = tempfile.mkdtemp(prefix="studyctl-suggestions-")
subprocess.run([STUDYCTL, "demo", "--output", work], check=True, capture_output=True)
study = os.path.join(work, "uitracking", "uitracking.sqlite")
cli("code", "suggest", "--from", "Autora", "--min-confidence", "0.3", study=study)
pending = json.loads(cli("code", "suggestions", "list", "--json", study=study))
items = pending.get("suggestions", pending if isinstance(pending, list) else [])
assert len(items) >= 2, pending
codes_before = 0  # Carla has coded nothing yet: she is not a coder of the study before her first acceptance

server, url = serve(study)
try:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(url)
        page.wait_for_selector("#tab-suggestions:not([hidden])")
        page.fill("#coder", "Carla")
        page.keyboard.press("Tab")
        # The coder's name reloads the page's state; the tab is opened once that is done.
        page.wait_for_load_state("networkidle")
        page.click("#tab-suggestions")
        page.wait_for_selector("#suggestions-list button.accept", timeout=60000)
        problems = axe(page, "suggestions") + unnamed_controls(page, "suggestions")
        first = page.locator("#suggestions-list li").first.get_attribute("data-id")
        page.focus("#suggestions-list button.accept")
        page.keyboard.press("Enter")
        page.wait_for_selector("#suggestions-undo")
        # The keyboard stays in the list: on the next suggestion's Accept.
        assert page.evaluate("document.activeElement.classList.contains('accept')"), "focus left the list"
        accepted = json.loads(cli("code", "suggestions", "list", "--status", "accepted", "--json", study=study))
        accepted = accepted.get("suggestions", accepted if isinstance(accepted, list) else [])
        assert [str(s["id"]) for s in accepted] == [first], accepted
        after = len(json.loads(cli("code", "list", "--coder", "Carla", "--json", study=study)).get("codes", []))
        assert after == codes_before + 1, (codes_before, after)
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")  # Reject the next one
        page.wait_for_timeout(300)
        rejected = json.loads(cli("code", "suggestions", "list", "--status", "rejected", "--json", study=study))
        rejected = rejected.get("suggestions", rejected if isinstance(rejected, list) else [])
        assert len(rejected) == 1, rejected
        page.focus("#suggestions-undo")
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        rejected = json.loads(cli("code", "suggestions", "list", "--status", "rejected", "--json", study=study))
        rejected = rejected.get("suggestions", rejected if isinstance(rejected, list) else [])
        assert rejected == [], rejected
        problems += axe(page, "suggestions after a decision")
        page.screenshot(path=os.path.join(ROOT, ".build", "suggestions-tab.png"), full_page=True)
        browser.close()
finally:
    server.terminate()
assert not problems, "\n".join(problems)
print("suggestions tab: ok (accepted, rejected and undone by keyboard; 0 axe violations)")
