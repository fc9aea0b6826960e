#!/usr/bin/env python3
"""The coding workspace's search box and annotations in a real browser (Debian's chromium driven by Playwright).

In a pt-BR study: a search lists every hit in context with its count, the same as `studyctl transcript search
--json`; "Codificar todas as ocorrências" codes every hit in one step and one Ctrl+Z takes the whole step back; a
selected passage gets an annotation, which is edited and removed in the page, each checked against
`studyctl annotation list --json`. Screenshots go to .build/workspace-search.png and .build/workspace-annotation.png.

Usage: test_workspace_search.py STUDYCTL
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import cli, fresh, message, select, serve

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium")
P1 = "P1: O menu lateral some quando giro a cabeça.\nP1: A busca é lenta e o menu de voltar fica escondido.\n"
P2 = "P2: Não achei o menu. 🙂 O menu só apareceu depois.\n"
ENGLISH = {"the", "and", "of", "search", "hits", "hit", "every", "code", "annotate", "annotation", "annotations", "selection",
           "show", "edit", "delete", "save", "cancel", "ignore", "case", "speaker", "category", "none", "no"}


def english_words(text):
    return {w for w in re.split(r"[^\w]+", text.lower()) if w in ENGLISH}


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-search-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Oficina de navegação", "--language", "pt-BR", study=study)
    for code, text in [("P1", P1), ("P2", P2)]:
        cli("participant", "add", code, study=study)
        path = os.path.join(folder, code + ".txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        cli("transcript", "add", code, path, study=study)
    cli("category", "add", "Navegação", "--origin", "emergent", study=study)
    expected = json.loads(cli("transcript", "search", "menu", "--json", study=study))
    assert expected["hits"] == 4, expected
    server, url = serve(study)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(url)
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.wait_for_selector("#search-pattern[placeholder*='Buscar']")

            # The search: every hit, in context, counted per participant, as the command line finds them.
            page.fill("#search-pattern", "menu")
            page.click("#search-button")
            page.wait_for_selector("#search-results:not([hidden]) #search-hits li")
            count = page.locator("#search-count").inner_text()
            assert count.startswith("4 ocorrências") and "P1: 2" in count and "P2: 2" in count, count
            hits = page.evaluate("[...document.querySelectorAll('#search-hits li')].map((li) => [li.dataset.participant, +li.dataset.start])")
            theirs = [[t["participant"], h["start"]] for t in expected["transcripts"] for h in t["hits"]]
            assert hits == theirs, (hits, theirs)
            assert page.locator("#search-hits li mark").first.inner_text() == "menu"
            page.screenshot(path=os.path.join(ROOT, ".build/workspace-search.png"))
            visible = page.locator("#search-form").inner_text() + page.locator("#search-results").inner_text()
            assert not english_words(visible + " ".join(page.evaluate("[...document.querySelectorAll('#search-form input')].map((i) => i.placeholder)"))), english_words(visible)

            # Code every hit: one step; one Ctrl+Z takes it all back.
            page.fill("#code-hits-category", "Navegação")
            fresh(page)
            page.click("#code-hits")
            kind, text = message(page)
            assert kind == "ok" and "4 trechos codificados como Navegação de uma só vez" in text, text
            codes = json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"]
            assert len(codes) == 4 and all(c["code"] == "menu" and c["categories"] == ["Navegação"] for c in codes), codes
            page.locator("#transcript").focus()
            fresh(page)
            page.keyboard.press("Control+z")
            kind, text = message(page)
            assert kind == "ok" and "4 trechos" in text, text
            assert json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"] == [], "one undo took the whole step back"

            # A hit opens its transcript with its words selected; annotate a selected passage.
            page.locator("#search-hits li").nth(1).click()
            page.wait_for_function("() => document.getElementById('doc-title').textContent === 'P1'")
            # The hit's own words are selected once the transcript is drawn (the second "menu" of P1, not the first).
            page.wait_for_function("() => window.getSelection().toString() === 'menu'")
            hit = expected["transcripts"][0]["hits"][1]
            at = page.evaluate("""() => { const s = window.getSelection(); const r = document.createRange();
                r.setStart(document.getElementById('transcript'), 0); r.setEnd(s.anchorNode, s.anchorOffset); return [...r.toString()].length; }""")
            assert at == hit["start"], (at, hit)
            select(page, "busca é lenta")
            page.wait_for_selector("#annotate-selection:not([hidden])")
            page.click("#annotate-selection")
            page.wait_for_selector("#annotator[open]")
            assert page.locator("#annotator-excerpt").inner_text() == "busca é lenta"
            page.fill("#annotator-text", "Lentidão percebida: comparar com os tempos do log.")
            fresh(page)
            page.press("#annotator-text", "Enter")
            kind, text = message(page)
            assert kind == "ok", text
            page.wait_for_selector("#annotation-list li")
            stored = json.loads(cli("annotation", "list", "--json", study=study))["annotations"]
            at = cli("transcript", "show", "P1", "--plain", study=study).index("busca é lenta")
            assert [(a["participant"], a["excerpt"], a["start"], a["end"], a["coder"]) for a in stored] == [("P1", "busca é lenta", at, at + 13, "ana")], stored
            page.screenshot(path=os.path.join(ROOT, ".build/workspace-annotation.png"))
            assert not english_words(page.locator("#annotations").inner_text()), page.locator("#annotations").inner_text()

            # Edit it in the page's dialog, then remove it.
            page.locator("#annotation-list li button", has_text="Editar").click()
            page.wait_for_selector("#annotator[open]")
            page.fill("#annotator-text", "Lentidão percebida ao buscar.")
            fresh(page)
            page.press("#annotator-text", "Enter")
            message(page)
            page.wait_for_selector("#annotation-list li:has-text('ao buscar')")
            assert json.loads(cli("annotation", "list", "--json", study=study))["annotations"][0]["text"] == "Lentidão percebida ao buscar."
            fresh(page)
            page.locator("#annotation-list li button", has_text="Excluir").click()
            message(page)
            page.wait_for_selector("#annotations p")
            assert json.loads(cli("annotation", "list", "--json", study=study))["annotations"] == []

            # A pattern that is not a regular expression: said in the page, nothing changes.
            page.fill("#search-pattern", "(menu")
            fresh(page)
            page.click("#search-button")
            kind, text = message(page)
            assert kind == "error" and "(menu" in text, text
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print("workspace search and annotations: ok")


if __name__ == "__main__":
    main()
