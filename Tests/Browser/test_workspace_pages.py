#!/usr/bin/env python3
"""The coding workspace's undo, colours, codebook, blind counts, edit dialog and plurals in a real browser: Debian's
chromium driven by Playwright (no browser download).

Two pages (two tabs) of one coder code the same study: each page's Ctrl+Z undoes only what that page did, a
failed save is not undone, an undo of a coding another page changed since is refused, and after a reload there is
nothing to undo. A category created in the picker has its final colour at once; the codebook fits its panel at
1366×768 (a screenshot goes to .build/workspace-codebook-1366.png); a blind coder sees no other coder's counts;
Edit is a dialog; counts read "1 codificação", "2 codificações" (and "1 coding" in an English study), checked
against `studyctl code list --json`.

Usage: test_workspace_pages.py STUDYCTL
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import cli, fresh_message, select, serve, wait_message

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
TRANSCRIPT = "P1: O menu lateral some quando giro a cabeça.\nP1: A busca é lenta e o botão de voltar fica escondido.\n"
ENGLISH = {"the", "and", "of", "codings", "coding", "coded", "share", "category", "participants", "segments", "undo", "nothing",
           "choose", "participant", "codebook", "quotes", "frequencies", "compare", "memos", "coder", "transcript", "origin",
           "emergent", "edit", "delete", "rename", "merge", "save", "cancel", "page", "this", "only"}


def codes(study, coder="ana"):
    return json.loads(cli("code", "list", "--coder", coder, "--json", study=study))["codes"]


def code_selection(page, words, category, expect="ok"):
    select(page, words)
    page.keyboard.press("n")
    page.wait_for_selector("#picker[open]")
    page.fill("#picker-category", category)
    fresh_message(page)
    page.press("#picker-category", "Enter")
    # A category the codebook lacks is created only on a second Enter, once the page has said it is new.
    page.wait_for_function("!document.getElementById('picker').open || !document.getElementById('picker-new').hidden")
    if page.evaluate("document.getElementById('picker').open"):
        assert category in page.inner_text("#picker-new"), page.inner_text("#picker-new")
        page.press("#picker-category", "Enter")
    page.wait_for_function("!document.getElementById('picker').open")
    kind, text = wait_message(page)
    assert kind == expect, f"the page says ({kind}): {text}"
    return text


def undo(page):
    page.locator("#transcript").focus()
    fresh_message(page)
    page.keyboard.press("Control+z")
    return wait_message(page)


def open_p1(page, coder="ana"):
    page.fill("#coder", coder)
    page.press("#coder", "Tab")
    page.click("button.participant[data-code=P1]")
    page.wait_for_selector("#transcript:has-text('menu lateral')")
    # The transcript is drawn after the codebook arrives; wait until the drawing is this coder's.
    page.wait_for_function("document.getElementById('doc-title').textContent === 'P1'")


def mark_colour(page, words):
    page.wait_for_function("""(words) => [...document.querySelectorAll('#transcript mark')].some((m) => m.textContent.includes(words))""", arg=words)
    return page.evaluate("""(words) => {
        const mark = [...document.querySelectorAll('#transcript mark')].find((m) => m.textContent.includes(words));
        return mark ? getComputedStyle(mark).backgroundColor : null;
    }""", words)


def english_words(text):
    return {w for w in re.split(r"[^\w]+", text.lower()) if w in ENGLISH}


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-pages-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Oficina de navegação", "--language", "pt-BR", study=study)
    cli("participant", "add", "P1", study=study)
    cli("participant", "add", "P2", study=study)
    with open(os.path.join(folder, "p1.txt"), "w", encoding="utf-8") as f:
        f.write(TRANSCRIPT)
    cli("transcript", "add", "P1", os.path.join(folder, "p1.txt"), study=study)
    # The codebook has one category already, so one created in the picker is the second (its own colour, not the first's);
    # a long literature reference and definition make the codebook wider than a 1366-pixel screen's panel if it does not wrap.
    cli("category", "add", "Desempenho", "--definition", "Demora percebida ao buscar, carregar ou salvar; inclui esperas sem indicação de progresso "
        "(https://www.nngroup.com/articles/response-times-3-important-limits/)", "--origin",
        "Nielsen, J. (1993). Usability Engineering, cap. 5, Tempos de resposta: os três limites importantes", study=study)
    server, url = serve(study)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            a = context.new_page()
            a.goto(url)
            open_p1(a)

            # 1. A category created in the picker is drawn in its final colour at once: the one it has after a reload.
            code_selection(a, "menu lateral", "Navegação")
            a.wait_for_selector("#transcript mark")
            at_once = mark_colour(a, "menu lateral")
            state = a.evaluate("fetch('/api/state?coder=ana').then((r) => r.json())")
            served = {c["name"]: c["colour"] for c in state["categories"]}
            assert served["Navegação"] != served["Desempenho"], served
            b = context.new_page()
            b.goto(url.split("?")[0])
            open_p1(b)
            after_reload = mark_colour(b, "menu lateral")
            assert at_once == after_reload, (at_once, after_reload)
            expected = "rgb(%d, %d, %d)" % tuple(int(served["Navegação"][i:i + 2], 16) for i in (1, 3, 5))
            assert at_once == expected, (at_once, expected)

            # 2. Page B codes too; page A's Ctrl+Z undoes A's coding, not B's newer one.
            code_selection(b, "busca é lenta", "Desempenho")
            assert sorted(c["code"] for c in codes(study)) == ["busca é lenta", "menu lateral"]
            kind, text = undo(a)
            assert kind == "ok" and "desfeita" in text, text
            assert [c["code"] for c in codes(study)] == ["busca é lenta"], codes(study)
            # Nothing else on page A: it says so, and nothing changes.
            kind, text = undo(a)
            assert text.startswith("Nada a desfazer"), text
            assert [c["code"] for c in codes(study)] == ["busca é lenta"]

            # 3. Plurals: one coding, then two ("1 codificação", "2 codificações").
            b.click("button.participant[data-code=P1]")
            b.wait_for_selector("button.participant[data-code=P1] small:has-text('1 codificação ')")
            assert "1 codificação de ana na transcrição de P1" in b.locator("#panel").inner_text(), b.locator("#panel").inner_text()
            code_selection(b, "botão de voltar", "Navegação")
            b.wait_for_selector("button.participant[data-code=P1] small:has-text('2 codificações')")
            assert "2 codificações de ana na transcrição de P1" in b.locator("#panel").inner_text()

            # 4. Edit in the page's dialog (no window.prompt): Esc cancels, Enter saves code, kind and memo.
            prompts = []
            b.on("dialog", lambda dialog: (prompts.append(dialog.message), dialog.dismiss()))
            row = b.locator("ul.codings li", has_text="busca é lenta")
            row.locator("button", has_text="Editar").click()
            b.wait_for_selector("#editor[open]")
            assert b.locator("#editor h3").inner_text() == "Editar a codificação"
            b.fill("#editor-code", "lentidão")
            b.keyboard.press("Escape")
            b.wait_for_function("!document.getElementById('editor').open")
            assert "busca é lenta" in [c["code"] for c in codes(study)], "Esc saved nothing"
            b.locator("ul.codings li", has_text="busca é lenta").locator("button", has_text="Editar").click()
            b.wait_for_selector("#editor[open]")
            b.fill("#editor-code", "lentidão na busca")
            b.check("#editor-descriptive")
            b.fill("#editor-memo", "comparar com P2")
            b.screenshot(path=os.path.join(ROOT, ".build", "workspace-edit-dialog.png"))
            fresh_message(b)
            b.press("#editor-memo", "Enter")
            kind, text = wait_message(b)
            assert kind == "ok", text
            edited = [c for c in codes(study) if c["code"] == "lentidão na busca"]
            assert len(edited) == 1 and not edited[0]["inVivo"], codes(study)
            memos = json.loads(cli("memo", "list", "--json", study=study))
            assert any(m["text"] == "comparar com P2" for m in (memos["memos"] if isinstance(memos, dict) else memos)), memos
            assert not prompts, prompts

            # 5. A failed save is no action: Ctrl+Z then undoes the page's last real change (the edit).
            b.locator("ul.codings li", has_text="botão de voltar").locator("button", has_text="Editar").click()
            b.wait_for_selector("#editor[open]")
            b.uncheck("#editor-descriptive")
            b.fill("#editor-code", "palavras que ninguém disse")
            fresh_message(b)
            b.press("#editor-code", "Enter")
            kind, text = wait_message(b)
            assert kind == "error" and "não ocorre no trecho" in text, text
            kind, text = undo(b)
            assert kind == "ok" and "Edição desfeita" in text, text
            restored = {c["code"]: c for c in codes(study)}
            assert "busca é lenta" in restored and restored["busca é lenta"]["inVivo"], restored
            assert "botão de voltar" in restored

            # 6. Page A changes page B's coding; B's undo of it is then refused, in the page's language, and changes nothing.
            a.click("button.participant[data-code=P1]")
            a.wait_for_selector("ul.codings li:has-text('botão de voltar')")
            a.locator("ul.codings li", has_text="botão de voltar").locator("button", has_text="Editar").click()
            a.wait_for_selector("#editor[open]")
            a.fill("#editor-memo", "escondido no canto")
            fresh_message(a)
            a.press("#editor-code", "Enter")
            assert wait_message(a)[0] == "ok"
            before = codes(study)
            kind, text = undo(b)
            assert kind == "error" and "foi alterado depois em outra página" in text, text
            assert codes(study) == before

            # 7. After a reload page B has nothing to undo; its earlier coding stays. Page A still undoes its own edit.
            b.reload()
            open_p1(b)
            kind, text = undo(b)
            assert kind == "ok" and text.startswith("Nada a desfazer"), text
            assert codes(study) == before
            kind, text = undo(a)
            assert kind == "ok" and "Edição desfeita" in text, text
            memos = json.loads(cli("memo", "list", "--json", study=study))
            assert not any(m["text"] == "escondido no canto" for m in (memos["memos"] if isinstance(memos, dict) else memos)), memos

            # 8. The codebook fits its panel at 1366×768: no wider than the panel, no sideways scrolling.
            a.click(".tabs button[data-tab=codebook]")
            a.wait_for_selector("#codebook li[data-category=Desempenho]")
            widths = a.evaluate("""() => ({ table: document.getElementById('codebook').scrollWidth,
                panel: document.getElementById('panel').clientWidth,
                aside: [document.querySelector('aside').scrollWidth, document.querySelector('aside').clientWidth] })""")
            a.screenshot(path=os.path.join(ROOT, ".build", "workspace-codebook-1366.png"))
            assert widths["table"] <= widths["panel"] and widths["aside"][0] <= widths["aside"][1], widths
            shown = a.locator("#codebook li[data-category=Navegação] > .row .counts").inner_text()
            assert shown == "1 código · 1 participante", shown
            assert not english_words(a.locator("body").inner_text()), english_words(a.locator("body").inner_text())

            # 9. A blind coder sees none of ana's counts: not in the codebook, the participant list, nor what the API sends.
            c = context.new_page()
            c.goto(url.split("?")[0])
            open_p1(c, coder="bia")
            c.click(".tabs button[data-tab=codebook]")
            c.wait_for_selector("#codebook li[data-category=Desempenho]")
            counts = c.locator("#codebook .counts").all_inner_texts()
            assert counts and all(x == "0 códigos · 0 participantes" for x in counts), counts
            assert "0 codificações" in c.locator("button.participant[data-code=P1] small").inner_text()
            sent = c.evaluate("fetch('/api/state?coder=bia').then((r) => r.json())")
            assert all(x["codes"] == 0 and x["participants"] == 0 for x in sent["categories"]), sent["categories"]
            assert all(x["codings"] == 0 for x in sent["participants"]), sent["participants"]
            c.screenshot(path=os.path.join(ROOT, ".build", "workspace-blind.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)

    # 10. In an English study the same counts read "1 coding" and "2 codings".
    english = os.path.join(folder, "english.sqlite")
    cli("init", "--title", "Navigation workshop", "--language", "en", study=english)
    cli("participant", "add", "P1", study=english)
    cli("transcript", "add", "P1", os.path.join(folder, "p1.txt"), study=english)
    server, url = serve(english)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(url)
            open_p1(page)
            code_selection(page, "menu lateral", "Navigation")
            page.wait_for_selector("button.participant[data-code=P1] small:has-text('1 coding ')")
            assert "1 coding by ana in P1's transcript" in page.locator("#panel").inner_text(), page.locator("#panel").inner_text()
            code_selection(page, "busca é lenta", "Navigation")
            page.wait_for_selector("button.participant[data-code=P1] small:has-text('2 codings')")
            kind, text = undo(page)
            assert kind == "ok" and text.startswith("Undid coding"), text
            page.wait_for_selector("button.participant[data-code=P1] small:has-text('1 coding ')")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print("browser test passed: per-page undo across two pages and a reload, colours, codebook at 1366 px, blind counts, edit dialog, plurals")


if __name__ == "__main__":
    main()
