#!/usr/bin/env python3
"""The coding workspace's marks and times in a real browser (Debian's chromium driven by Playwright), in English.

A timed interview (WebVTT) with an annotation and two coders' codes: each timed paragraph shows its time beside it
(drawn by CSS, so a selection's offsets stay the transcript's own), the annotated passage is underlined with a ✎ before
it (not colour alone), a coder who codes blind is offered no Compare tab while someone who codes nothing is, and no
request of any page state (every tab, a transcript, the moderator's page) answers 404. Screenshot:
.build/workspace-marks.png.

Usage: test_workspace_marks.py STUDYCTL
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import cli

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
VTT = """WEBVTT

00:00:01.000 --> 00:00:04.000
Ana: How was the app?

00:01:05.000 --> 00:01:15.000
Rui: The menu hides when I turn the phone, and the search is slow.
"""


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-marks-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Marks", "--language", "en", study=study)
    cli("participant", "add", "P1", "--attr", "age=34", study=study)
    cli("participant", "add", "P2", "--attr", "age=51", study=study)
    with open(os.path.join(folder, "p1.vtt"), "w", encoding="utf-8") as f:
        f.write(VTT)
    cli("transcript", "add", "P1", os.path.join(folder, "p1.vtt"), "--speaker", "Ana=moderator", "--speaker", "Rui=P1", study=study)
    cli("category", "add", "Navigation", "--origin", "emergent", study=study)
    cli("code", "add", "P1", "--excerpt", "The menu hides", "--code", "menu hides", "--category", "Navigation", "--coder", "ana", study=study)
    cli("code", "add", "P1", "--excerpt", "the search is slow", "--code", "search is slow", "--category", "Navigation", "--coder", "bia",
        study=study)
    cli("category", "add", "Interface", "--origin", "emergent", study=study)
    cli("code", "add", "P1", "--excerpt", "The menu hides", "--code", "menu hides", "--category", "Interface", "--coder", "bia", study=study)
    cli("annotate", "P1", "--at", "when I turn the phone", "--text", "Only in landscape?", study=study)

    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    missing = []
    try:
        url = None
        for line in server.stdout:
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}", line)
            if found:
                url = found.group(0)
                break
        assert url, "studyctl serve printed no address"
        base = url.split("/?")[0]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
            page.on("requestfailed", lambda r: missing.append(r.url + " (failed)"))
            page.goto(url)
            page.wait_for_selector("button.participant[data-code=P1]")

            # ana codes blind: no Compare tab.
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.click("button.participant[data-code=P1]")
            page.wait_for_selector("#transcript mark")
            assert page.locator(".tabs button[data-tab=compare]").is_hidden(), "a blind coder is offered the comparison"

            # The times beside the timed paragraphs, drawn by CSS: not part of the text a selection counts.
            times = page.locator("#transcript .turn-time").evaluate_all("(spans) => spans.map((s) => s.dataset.time)")
            assert times == ["0:01", "1:05"], times
            drawn = page.locator("#transcript .turn-time").first.evaluate("(s) => getComputedStyle(s, '::before').content")
            assert drawn == '"0:01"', drawn
            text = page.locator("#transcript").evaluate("(box) => box.textContent")
            assert "0:01" not in text and text.startswith("Ana: How was the app?"), text

            # The annotation (search.js loads it after the transcript): underlined, a ✎ before it, its text as a title.
            page.wait_for_selector("#transcript .annotated")
            annotated = page.locator("#transcript .annotated").all_inner_texts()
            assert "".join(annotated) == "when I turn the phone", annotated
            start = page.locator("#transcript .annotation-start").first
            assert start.evaluate("(s) => getComputedStyle(s, '::before').content") == '"✎"'
            assert "dotted" in start.evaluate("(s) => getComputedStyle(s).textDecorationStyle")
            assert start.get_attribute("title") == "Annotation: Only in landscape?", start.get_attribute("title")
            page.screenshot(path=os.path.join(ROOT, ".build", "workspace-marks.png"))

            # Every tab of a blind coder's page.
            for tab in ["codings", "codebook", "quotes", "frequencies", "memos"]:
                page.click(f".tabs button[data-tab={tab}]")
                page.wait_for_timeout(300)
            # The Quotes tab offers age as a range.
            page.click(".tabs button[data-tab=quotes]")
            page.wait_for_selector("#quotes-where input[data-attribute=age][data-bound=min]")

            # Someone who codes nothing (who settles) gets the comparison.
            page.fill("#coder", "Consensus")
            page.press("#coder", "Tab")
            page.wait_for_function("() => !document.querySelector('.tabs button[data-tab=compare]').hidden")
            page.click(".tabs button[data-tab=compare]")
            page.wait_for_selector("#agreement")

            # The moderator's page too; and the icon a browser asks for when a page names none (headless Chromium
            # does not, a desktop browser does).
            page.goto(base + "/moderator")
            page.wait_for_timeout(500)
            for icon in ["/favicon.ico", "/favicon.svg"]:
                answer = page.request.get(base + icon)
                assert answer.status == 200 and answer.headers["content-type"] == "image/svg+xml", (icon, answer.status)
            for path in ["/", "/moderator"]:
                html = page.request.get(base + path).text()
                assert '<link rel="icon" href="/favicon.svg"' in html, path
            browser.close()
    finally:
        server.terminate()
        server.wait()
    assert not missing, f"resources not found: {missing}"
    print("workspace marks, times, blind comparison and resources: ok")


if __name__ == "__main__":
    main()
