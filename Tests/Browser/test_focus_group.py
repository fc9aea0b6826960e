#!/usr/bin/env python3
"""A focus group and the category picker in a real browser (Debian's chromium driven by Playwright).

In a pt-BR study whose focus group (held by P6) has three speakers mapped to P6, P7 and P8 and a moderator: the
participant list shows the group under each of its participants with their own coding counts; P8 opens the group's
transcript; the search counts each hit for who said it and "Code every hit" codes each for that participant, the
moderator's question left out, as `studyctl transcript search --code` does. The picker: "Sav" + Enter does not create
a category "Sav" but says it is new; ArrowDown and Enter choose the suggestion "Saving"; a second Enter on a new name
creates it.

Usage: test_focus_group.py STUDYCTL
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
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium")
VTT = """WEBVTT

00:00:01.000 --> 00:00:04.000
<v Mediadora>O que acham dos empréstimos?</v>

00:00:04.500 --> 00:00:08.000
<v Ana>Os empréstimos não param.</v>

00:00:08.000 --> 00:00:12.000
<v Bruno>Recebo empréstimo todo dia. Parem de mandar empréstimos.</v>

00:00:12.500 --> 00:00:16.000
<v Sara>Empréstimo, empréstimo, empréstimo. É demais.</v>
"""


def counts(page):
    return {b.get_attribute("data-code"): b.inner_text() for b in page.locator("button.participant").all()}


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-focus-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Grupo focal", "--language", "pt-BR", study=study)
    for code in ["P6", "P7", "P8"]:
        cli("participant", "add", code, study=study)
    with open(os.path.join(folder, "grupo.vtt"), "w", encoding="utf-8") as f:
        f.write(VTT)
    cli("transcript", "add", "P6", os.path.join(folder, "grupo.vtt"), "--label", "grupo focal", "--speaker", "Mediadora=moderator",
        "--speaker", "Ana=P6", "--speaker", "Bruno=P7", "--speaker", "Sara=P8", study=study)
    cli("category", "add", "Excesso de ofertas", "--origin", "emergent", study=study)
    cli("category", "add", "Saving", "--origin", "emergent", study=study)
    server, url = serve(study)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(url)
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.wait_for_selector("button.participant[data-code=P8]:not([disabled])")
            # Every participant of the group can open it: none is "no transcript".
            assert page.locator("button.participant[disabled]").count() == 0, counts(page)

            # Code every hit: each for who said it, the moderator's question left out.
            page.fill("#search-pattern", "(?i)empréstimos?")
            page.click("#search-button")
            page.wait_for_selector("#search-results:not([hidden]) #search-hits li")
            count = page.locator("#search-count").inner_text()
            assert "P6: 1" in count and "P7: 2" in count and "P8: 3" in count and "moderação: 1" in count, count
            page.fill("#code-hits-category", "Excesso de ofertas")
            fresh(page)
            page.click("#code-hits")
            kind, text = message(page)
            assert kind == "ok" and "6 trechos" in text, text
            codes = json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"]
            assert sorted(c["participant"] for c in codes) == ["P6", "P7", "P7", "P8", "P8", "P8"], codes
            page.reload()
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.wait_for_selector("button.participant[data-code=P8] small")
            listed = counts(page)
            assert "3 codificações" in listed["P8"] and "2 codificações" in listed["P7"] and "1 codificação" in listed["P6"], listed

            # The same rule as `--unit turn`: "É demais" codes Sara's whole turn, for P8.
            page.fill("#search-pattern", "demais")
            page.click("#search-button")
            page.wait_for_selector("#search-hits li:has-text('demais')")
            page.select_option("#code-hits-unit", "turn")
            page.fill("#code-hits-category", "Excesso de ofertas")
            fresh(page)
            page.click("#code-hits")
            kind, text = message(page)
            assert kind == "ok", text
            turn = [c for c in json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"] if c["code"] == "demais"]
            assert len(turn) == 1 and turn[0]["participant"] == "P8" and turn[0]["excerpt"] == "Empréstimo, empréstimo, empréstimo. É demais.", turn

            # P8 opens the group's transcript.
            page.click("button.participant[data-code=P8]")
            page.wait_for_selector("#transcript:has-text('É demais')")

            # The picker: "Sav" + Enter is no new category "Sav".
            select(page, "É demais")
            page.keyboard.press("n")
            page.wait_for_selector("#picker[open]")
            page.fill("#picker-category", "Sav")
            page.press("#picker-category", "Enter")
            page.wait_for_selector("#picker-new:not([hidden])")
            assert "Sav" in page.inner_text("#picker-new") and page.evaluate("document.getElementById('picker').open")
            assert not re.search(r"^Sav\b(?!ing)", cli("codebook", study=study), re.M), cli("codebook", study=study)
            # ArrowDown and Enter choose the suggestion; Enter then saves it.
            page.press("#picker-category", "ArrowDown")
            page.wait_for_selector("#picker-suggestions li.active")
            page.press("#picker-category", "Enter")
            assert page.input_value("#picker-category") == "Saving"
            fresh(page)
            page.press("#picker-category", "Enter")
            page.wait_for_function("!document.getElementById('picker').open")
            kind, text = message(page)
            assert kind == "ok", text
            saved = [c for c in json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"] if c["categories"] == ["Saving"]]
            assert len(saved) == 1 and saved[0]["participant"] == "P8" and saved[0]["excerpt"] == "É demais", saved

            # A new name is created on the second Enter, once the page named it as new.
            select(page, "Parem de mandar")
            page.keyboard.press("n")
            page.wait_for_selector("#picker[open]")
            page.fill("#picker-category", "Pedido de parar")
            page.press("#picker-category", "Enter")
            page.wait_for_selector("#picker-new:has-text('Pedido de parar')")
            fresh(page)
            page.press("#picker-category", "Enter")
            page.wait_for_function("!document.getElementById('picker').open")
            kind, text = message(page)
            assert kind == "ok", text
            stopped = [c for c in json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"] if c["categories"] == ["Pedido de parar"]]
            assert len(stopped) == 1 and stopped[0]["participant"] == "P7", stopped
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("focus group and picker: ok")


if __name__ == "__main__":
    main()
