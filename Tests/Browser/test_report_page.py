#!/usr/bin/env python3
"""The HTML report on a 1,280-pixel screen (Debian's chromium driven by Playwright).

Every demo study's report, in Portuguese and English: nothing on the page is wider than what holds it unless a box
that scrolls sideways holds it (so no column of any table is cut off), the page itself never scrolls sideways, the
SUS summary table shows every column without scrolling, a table that does scroll keeps its first column in sight,
and the per-participant tables are folded (a closed <details> whose summary is the table's caption) and open when
the page is printed. A screenshot goes to .build/report-1280.png.

Usage: test_report_page.py STUDYCTL
"""
import os
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
SHOTS = os.path.join(ROOT, ".build")

# Elements wider than their parent with no box between them that scrolls sideways: what a reader cannot see.
CUT_OFF = """() => {
    const scrolls = (element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const cut = [];
    for (const element of document.body.querySelectorAll('*')) {
        const parent = element.parentElement;
        if (!parent || getComputedStyle(element).display === 'none' || element.closest('details:not([open])') && element.tagName !== 'SUMMARY' && element.tagName !== 'DETAILS') continue;
        const right = element.getBoundingClientRect().right, limit = parent.getBoundingClientRect().right;
        if (right <= limit + 1) continue;
        let held = false;
        for (let box = parent; box && box !== document.body; box = box.parentElement) if (scrolls(box)) { held = true; break; }
        if (!held) cut.push(element.tagName + (element.id ? '#' + element.id : '') + (element.className ? '.' + element.className : '')
                            + ' ' + Math.round(right - limit) + 'px past ' + parent.tagName + (parent.id ? '#' + parent.id : ''));
    }
    return cut;
}"""


def check(page, path, label):
    page.goto("file://" + path)
    problems = []
    cut = page.evaluate(CUT_OFF)
    if cut:
        problems.append(f"{label}: cut off at 1280 px: {cut[:5]}")
    if page.evaluate("document.documentElement.scrollWidth") > page.evaluate("window.innerWidth"):
        problems.append(f"{label}: the page scrolls sideways")
    # The SUS summary table shows every column without scrolling.
    for figure in page.query_selector_all("figure.result[id^='sus_sus_summary']"):
        box = figure.query_selector("div.scroll")
        if box is None:
            problems.append(f"{label}: the SUS summary table has no scroll box")
            continue
        scroll, client = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
        if scroll > client + 1:
            problems.append(f"{label}: the SUS summary table is {scroll - client}px wider than the page shows")
    # Every table sits in a scroll box whose first column stays in sight.
    for box in page.query_selector_all("figure.result"):
        if box.query_selector("div.scroll > table") is None:
            problems.append(f"{label}: {box.get_attribute('id')} is not in a scroll box")
        first = box.query_selector("div.scroll td:first-child")
        if first is not None and first.evaluate("c => getComputedStyle(c).position") != "sticky":
            problems.append(f"{label}: {box.get_attribute('id')}'s first column does not stay in sight")
    # Per-participant tables folded, their caption as the summary.
    folded = page.query_selector_all("details.result")
    for details in folded:
        if details.get_attribute("open") is not None:
            problems.append(f"{label}: a per-participant table is open")
        summary = details.query_selector("summary").inner_text()
        caption = details.query_selector("figcaption").text_content()
        if not summary.strip() or summary.split()[0] != caption.split()[0]:
            problems.append(f"{label}: a folded table's summary is not its caption: {summary!r}")
    page.emulate_media(media="print")
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    if folded and page.evaluate("[...document.querySelectorAll('details.result')].some(d => !d.open)"):
        problems.append(f"{label}: a folded table stays closed in print")
    page.emulate_media(media="screen")
    return problems, len(folded)


def main():
    workdir = tempfile.mkdtemp(prefix="studyctl-report-page-")
    try:
        subprocess.run([STUDYCTL, "demo", "--output", "out"], cwd=workdir, check=True, capture_output=True)
        problems = []
        folded = 0
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            for name in ["uitracking", "codeforall", "game-controls", "redesign"]:
                for file in ["report.html", "report.en.html"]:
                    found, count = check(page, os.path.join(workdir, "out", name, file), f"{name}/{file}")
                    problems += found
                    folded += count
            page.goto("file://" + os.path.join(workdir, "out", "codeforall", "report.html"))
            page.locator("figure.result[id^='sus_sus_summary']").scroll_into_view_if_needed()
            os.makedirs(SHOTS, exist_ok=True)
            page.screenshot(path=os.path.join(SHOTS, "report-1280.png"))
            browser.close()
        if folded == 0:
            problems.append("no per-participant table is folded in any demo report")
        if problems:
            raise SystemExit("\n".join(problems))
        print(f"report pages at 1280 px: every table visible or scrolling in its box; {folded} per-participant tables folded")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


main()
