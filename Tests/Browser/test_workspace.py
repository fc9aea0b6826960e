#!/usr/bin/env python3
"""The coding workspace in a real browser: Debian's chromium driven by Playwright (no browser download).

Builds a study whose transcript holds an emoji, a decomposed accent and Windows line ends, starts
`studyctl serve`, selects words the way a person does (a DOM selection, then the `n` key), codes them, and checks
what the study stored with `studyctl code list --json`; then a second coder codes blind, the frequencies shown equal
`studyctl codes freq --json`, and the comparison lists the disagreement. Screenshots go to .build/workspace-*.png.

Usage: test_workspace.py STUDYCTL
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
# "cafe" + U+0301 (decomposed, stored composed as "café"), a thumbs-up emoji (two UTF-16 units), CRLF line ends.
TRANSCRIPT = "Entrevistadora: O que achou? 👍\r\nP1: O cafe\u0301 estava bom, mas o menu lateral some 😕 quando giro a cabeça.\r\nP1: O menu lateral é pequeno.\r\n"


def select(page, words, occurrence=0):
    """Selects the `occurrence`-th appearance of `words` in the transcript as a person's drag would leave it."""
    page.evaluate("""([words, occurrence]) => {
        const box = document.getElementById('transcript');
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        const nodes = []; let text = '';
        while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
        let at = -1; for (let i = 0; i <= occurrence; i++) at = text.indexOf(words, at + 1);
        const locate = (offset) => { for (const [node, start] of nodes) if (offset <= start + node.data.length) return [node, offset - start]; };
        const range = document.createRange();
        range.setStart(...locate(at)); range.setEnd(...locate(at + words.length));
        const selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range);
    }""", [words, occurrence])


def code_selection(page, category, code=None):
    page.keyboard.press("n")
    page.wait_for_selector("#picker[open]")
    if code is not None:
        page.fill("#picker-code", code)
    page.fill("#picker-category", category)
    # Forget any earlier message, so the one waited for below is this coding's answer.
    page.evaluate("document.getElementById('message').className = ''")
    page.press("#picker-category", "Enter")
    # A category the codebook lacks is created only on a second Enter, once the page has said it is new.
    page.wait_for_function("!document.getElementById('picker').open || !document.getElementById('picker-new').hidden")
    if page.evaluate("document.getElementById('picker').open"):
        assert category in page.inner_text("#picker-new"), page.inner_text("#picker-new")
        page.press("#picker-category", "Enter")
    page.wait_for_function("!document.getElementById('picker').open")
    page.wait_for_selector("#message.ok, #message.error")
    message = page.locator("#message")
    assert message.get_attribute("class") == "ok", "the page says: " + message.inner_text()


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-browser-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Oficina de navegação", "--language", "pt-BR", study=study)
    cli("participant", "add", "P1", study=study)
    cli("participant", "add", "P2", study=study)
    with open(os.path.join(folder, "p1.txt"), "w", encoding="utf-8", newline="") as f:
        f.write(TRANSCRIPT)
    with open(os.path.join(folder, "p2.txt"), "w", encoding="utf-8", newline="") as f:
        f.write("P2: Achei o menu lateral pequeno demais.\n")
    cli("transcript", "add", "P1", os.path.join(folder, "p1.txt"), study=study)
    cli("transcript", "add", "P2", os.path.join(folder, "p2.txt"), study=study)
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
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.click("button.participant[data-code=P1]")
            page.wait_for_selector("#transcript:has-text('menu lateral')")

            # 1. The second line's "menu lateral some 😕" — after an emoji, a composed accent and a CRLF.
            select(page, "menu lateral some 😕")
            code_selection(page, "Navegação")
            codes = json.loads(cli("code", "list", "--json", study=study))["codes"]
            assert len(codes) == 1, codes
            stored = codes[0]
            text = json.loads(cli("transcript", "show", "P1", "--json", study=study))["text"]
            assert "\r" not in text and "café" in text, repr(text)
            start = text.index("menu lateral some 😕")
            assert (stored["spanStart"], stored["spanEnd"]) == (start, start + len("menu lateral some 😕")), (stored, start)
            assert stored["code"] == "menu lateral some 😕" and stored["coder"] == "ana" and stored["inVivo"], stored
            assert stored["categories"] == ["Navegação"], stored

            # 2. The same words said again on the next line: coded there, not at the first place they occur.
            select(page, "menu lateral", occurrence=1)
            code_selection(page, "Navegação", code="menu lateral")
            second = [c for c in json.loads(cli("code", "list", "--json", study=study))["codes"] if c["code"] == "menu lateral"][0]
            assert second["spanStart"] == text.index("menu lateral", start + 1), second
            page.wait_for_selector("#transcript mark")
            assert page.locator("#transcript mark").count() >= 2

            # 3. P2, then undo and redo by coding again.
            page.click("button.participant[data-code=P2]")
            page.wait_for_selector("#transcript:has-text('pequeno demais')")
            select(page, "pequeno demais")
            code_selection(page, "Tamanho")
            page.keyboard.press("Control+z")
            page.wait_for_selector("#message:has-text('desfeita')")
            assert not [c for c in json.loads(cli("code", "list", "--json", study=study))["codes"] if c["participant"] == "P2"]
            select(page, "pequeno demais")
            code_selection(page, "Tamanho")
            page.screenshot(path=os.path.join(ROOT, ".build", "workspace-coding.png"))

            # 4. The frequencies shown are those of `codes freq`, on a page in the study's language (pt-BR): its
            # words, its percentages ("50 %"), no English word from the list.
            page.click(".tabs button[data-tab=frequencies]")
            page.wait_for_selector("#frequencies")
            assert page.locator("html").get_attribute("lang") == "pt-BR"
            assert page.locator(".tabs button[data-tab=codings]").inner_text() == "Codificações"
            table_text = page.locator("#frequencies").inner_text()
            assert re.search(r"\d[\u00a0\u202f ]%", table_text), table_text
            english = {"the", "and", "of", "codings", "coding", "coded", "share", "category", "participants", "segments", "undo",
                       "choose", "participant", "codebook", "quotes", "frequencies", "compare", "memos", "coder", "transcript"}
            seen = {w for w in re.split(r"[^\w]+", page.locator("body").inner_text().lower()) if w in english}
            assert not seen, seen
            shown = {row.get_attribute("data-category"): row.locator("td").nth(2).inner_text() for row in page.locator("#frequencies tr[data-category]").all()}
            freq = json.loads(cli("codes", "freq", "--json", "--coder", "ana", study=study))
            expected = {row["category"]: str(row["overall"]["participants"]) for row in freq["rows"]}
            assert shown == expected, (shown, expected)

            # 5. A second coder codes blind: none of ana's codes on the page; the comparison lists where they differ.
            page.fill("#coder", "bia")
            page.press("#coder", "Tab")
            page.click("button.participant[data-code=P1]")
            # Wait for bia's rendering of the transcript (ana's, still on screen, also has the words but with marks).
            page.wait_for_function("""() => {
                const box = document.getElementById('transcript');
                return box.textContent.includes('menu lateral some') && !box.querySelector('mark');
            }""")
            assert page.locator("#transcript mark").count() == 0, "bia must not see ana's codes"
            select(page, "menu lateral some 😕")
            code_selection(page, "Interface")
            # bia codes blind: no Compare tab for her; whoever settles (a coder of no codes of their own) has it.
            # The tab goes once the page has her first code back from the server (a slow machine takes a moment).
            try:
                page.wait_for_selector(".tabs button[data-tab=compare]", state="hidden", timeout=15000)
            except Exception:
                raise AssertionError("a blind coder is offered the comparison")
            page.fill("#coder", "Consenso")
            page.press("#coder", "Tab")
            page.wait_for_function("() => !document.querySelector('.tabs button[data-tab=compare]').hidden")
            page.click(".tabs button[data-tab=compare]")
            page.wait_for_selector("#agreement")
            assert "menu lateral some" in page.locator(".differences").inner_text()
            page.screenshot(path=os.path.join(ROOT, ".build", "workspace-compare.png"))
            agreement = json.loads(cli("codes", "agreement", "--coders", "ana,bia", "--json", study=study))
            assert agreement["units"] == 1, agreement
            # What the figures compared and left out, as `codes agreement` counts it, in the study's language; a
            # third compared, so the page points to the measures that compare spans.
            coverage = agreement["coverage"]
            assert (coverage["compared"], coverage["excerpts"]) == (1, 3), coverage
            shown = page.locator("#coverage").inner_text()
            assert "Comparados: 1 dos 3 trechos que ana e bia codificaram" in shown, shown
            assert "2 trechos codificados só por ana; 0 trechos codificados só por bia" in shown, shown
            assert "--levels" in page.locator("#coverage p.hint").inner_text(), shown
            seen = {w for w in re.split(r"[^\w]+", re.sub(r"'[^']*'", "", shown).lower()) if w in english}
            assert not seen, seen
            # 6. The resolution view: bia's reading settled into the consensus coder (the study is in Portuguese:
            # "Consenso"); the originals stay, and the difference shows its settlement.
            page.click(".differences li button[data-coder=bia]")
            page.wait_for_selector(".differences li.settled")
            assert "Consenso: Interface" in page.locator(".differences").inner_text(), page.locator(".differences").inner_text()
            consensus = json.loads(cli("code", "list", "--coder", "Consenso", "--json", study=study))["codes"]
            assert [c["categories"] for c in consensus] == [["Interface"]], consensus
            assert len(json.loads(cli("code", "list", "--coder", "bia", "--json", study=study))["codes"]) == 1
            page.screenshot(path=os.path.join(ROOT, ".build", "workspace-resolution.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print("browser test passed: coded in chromium, spans and codes checked with studyctl code list --json")


if __name__ == "__main__":
    main()
