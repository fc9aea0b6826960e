#!/usr/bin/env python3
"""The workspace's Quotes tab in a real browser (Debian's chromium driven by Playwright), in a Portuguese study.

The UITracking study (its participants, the derived level, its codebook and coded excerpts) with P1's interview
transcript: a category and a level are picked, then a sentence of context; the count and the quotes shown are the
ones `studyctl code list --category C --where level=Iniciante --context 1s --json` gives, each quote marked within
the words around it, and the page has no English word. Screenshot: .build/quotes-tab.png.

Usage: test_quotes_tab.py STUDYCTL
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
SHOTS = os.path.join(ROOT, ".build")
DATA = os.path.join(ROOT, "datasets", "uitracking")
ENGLISH = {"the", "and", "of", "from", "quote", "quotes", "category", "context", "words", "sentence", "each", "side", "none", "any",
           "participants", "participant", "codings", "coding", "codes", "level", "beginner", "no", "yet", "selection", "by"}
CATEGORY = "Informações Insuficientes"
P1 = """WEBVTT

00:00:01.000 --> 00:00:04.000
Entrevistadora: Como foi usar o UITracking?

00:00:05.000 --> 00:00:15.000
P1: Olha, senti falta de mais documentação do EyeTrackingView. UIKit me complicou demais, e não entendi bem o evento.

00:00:16.000 --> 00:00:18.000
Entrevistadora: E o que mais?

00:00:19.000 --> 00:00:30.000
P1: Seria bom traduzir a documentação para português.
"""


def english_words(text):
    # The attribute's own name (level, as the study calls it) is the study's word, not the page's.
    return {w for w in re.split(r"[^\w]+", text.lower()) if w in ENGLISH and w != "level"}


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-quotes-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "UITracking", "--language", "pt-BR", study=study)
    cli("participant", "import", os.path.join(DATA, "participants.csv"), study=study)
    cli("participant", "derive", "level", "--from", "years_ios", "--rule", "<2:Iniciante,<=3:Intermediário,>3:Avançado", "--replace", study=study)
    cli("category", "import", os.path.join(DATA, "categories.csv"), study=study)
    cli("code", "import", os.path.join(DATA, "coded_excerpts.csv"), "--coder", "Autora", study=study)
    with open(os.path.join(folder, "p1.vtt"), "w", encoding="utf-8") as f:
        f.write(P1)
    cli("transcript", "add", "P1", os.path.join(folder, "p1.vtt"), "--speaker", "Entrevistadora=moderator", "--speaker", "P1=P1", study=study)
    listed = json.loads(cli("code", "list", "--category", CATEGORY, "--where", "level=Iniciante", "--context", "1s", "--coder", "Autora", "--json",
                            study=study))["quotes"]
    expected = [q for t in listed["themes"] for c in t["categories"] for q in c["quotes"]]
    everyone = json.loads(cli("code", "list", "--category", CATEGORY, "--where", "level=Iniciante", "--coder", "Autora", "--json",
                              study=study))["quotes"]
    assert listed["passages"] == 5 and listed["participants"] == 2, listed

    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = None
        for line in server.stdout:
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}", line)
            if found:
                url = found.group(0)
                break
        assert url, "studyctl serve printed no address"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(url)
            # The page has drawn its first tab (the participants listed) before the Quotes tab is asked for.
            page.wait_for_selector("button.participant[data-code=P1]")
            page.fill("#coder", "Autora")
            page.press("#coder", "Tab")
            page.click(".tabs button[data-tab=quotes]")
            page.wait_for_selector("#quotes-where select[data-attribute=level]")

            # The level's values in its rule's order; years_ios with a decimal comma, as a Portuguese reader reads it.
            levels = page.locator("#quotes-where select[data-attribute=level] option").all_inner_texts()
            assert levels == ["(qualquer)", "Iniciante", "Intermediário", "Avançado"], levels
            # A numeric attribute is a range, its bounds written with a decimal comma, as a Portuguese reader reads them.
            years = page.locator("#quotes-where input[data-attribute=years_ios][data-bound=min]").get_attribute("placeholder")
            assert years == "0,5", years
            assert page.locator("#quotes-where select[data-attribute=years_ios]").count() == 0

            page.select_option("#quotes-category", CATEGORY)
            page.wait_for_function("() => /^\\d+ citaç/.test(document.getElementById('quotes-count').textContent)")
            page.select_option("#quotes-where select[data-attribute=level]", "Iniciante")
            page.wait_for_function("() => document.getElementById('quotes-count').textContent === '5 citações de 2 participantes'")
            shown = [int(i) for i in page.locator("#quotes li[data-id]").evaluate_all("(items) => items.map((li) => li.dataset.id)")]
            assert shown == [q["id"] for t in everyone["themes"] for c in t["categories"] for q in c["quotes"]], shown
            # The citation beside each quote's participant: every attribute until the study chooses.
            about = page.locator("#quotes li[data-id] small").all_inner_texts()
            assert all(re.match(r"^P\d+ \(.*level: Iniciante.*\) — “", a) for a in about), about
            # The study chooses once: level alone, stored for export quotes too.
            for box in page.locator("#quotes-cite input[type=checkbox]").all():
                if box.get_attribute("value") != "level":
                    box.uncheck()
            page.wait_for_function("() => [...document.querySelectorAll('#quotes li[data-id] small')].every((s) => /^P\\d+ \\(level: Iniciante\\) — /.test(s.textContent))")
            stored = subprocess.run([STUDYCTL, "export", "quotes", os.path.join(SHOTS, "quotes-cited.md"), "--category", CATEGORY, "--force", "--db", study],
                                    capture_output=True, text=True)
            assert stored.returncode == 0, stored.stderr
            with open(os.path.join(SHOTS, "quotes-cited.md"), encoding="utf-8") as f:
                cited = f.read()
            assert "(P1; level: Iniciante)" in cited and "years_ios" not in cited, cited

            # A sentence of context: P1's passage marked within the words around it, as code list gives them.
            page.select_option("#quotes-context", "1s")
            page.wait_for_function("() => [...document.querySelectorAll('#quotes blockquote')].some((b) => b.textContent.includes('Olha,'))")
            senti = [q for q in expected if q["excerpt"].startswith("senti falta")][0]
            item = page.locator(f"#quotes li[data-id='{senti['id']}']")
            assert item.locator("mark").inner_text() == senti["excerpt"]
            quote = item.locator("blockquote").inner_text()
            assert quote.startswith(senti["context"]["before"]) and senti["context"]["after"] in quote, (quote, senti["context"])
            assert page.locator("#quotes-count").inner_text() == "5 citações de 2 participantes"
            text = page.locator("aside").inner_text()
            assert not english_words(text), english_words(text)
            page.locator("aside").screenshot(path=os.path.join(SHOTS, "quotes-tab.png"))
            page.screenshot(path=os.path.join(SHOTS, "quotes-page.png"))

            # One quote: the count in the singular (P2 alone is Iniciante with years_ios 1).
            page.fill("#quotes-where input[data-attribute=years_ios][data-bound=min]", "1")
            page.fill("#quotes-where input[data-attribute=years_ios][data-bound=max]", "1")
            page.press("#quotes-where input[data-attribute=years_ios][data-bound=max]", "Tab")
            page.wait_for_function("() => document.getElementById('quotes-count').textContent === '1 citação de 1 participante'")
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print("quotes tab: ok")


if __name__ == "__main__":
    main()
