#!/usr/bin/env python3
"""The codebook and passage tools of the coding workspace in a real browser (Debian's chromium driven by Playwright).

A Portuguese study with 24 categories, two of them under a theme: every coded passage has its own colour (24
distinct), the codebook is a tree (themes, then their categories), a category is changed, renamed and merged in the
page's own dialogs (no window.prompt), a passage's end is moved with the keyboard and by dragging and the move
undone, and the next and previous passage of a category are reached with the , and . keys — all by keyboard
where a person would. What the page did is checked with `studyctl … --json`. Screenshots go to .build/codebook-*.png.

Usage: test_codebook_page.py STUDYCTL
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import cli, fresh_message, wait_message

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
SHOTS = os.path.join(ROOT, ".build")
ENGLISH = {"the", "and", "of", "codings", "coding", "category", "participants", "codes", "theme", "origin", "emergent", "edit", "rename",
           "merge", "save", "cancel", "move", "ends", "next", "previous", "passage", "passages", "drag", "start", "end", "into", "name",
           "definition", "your", "counts", "blind"}
CATEGORIES = [f"Tema {i:02d}" for i in range(1, 23)]


def codes(study):
    return json.loads(cli("code", "list", "--coder", "ana", "--json", study=study))["codes"]


def codebook(study):
    return {c["name"]: c for c in json.loads(cli("codebook", "--format", "json", study=study))["categories"]}


def english_words(text):
    return {w for w in re.split(r"[^\w]+", text.lower()) if w in ENGLISH}


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-codebook-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Oficina do livro de códigos", "--language", "pt-BR", study=study)
    cli("participant", "add", "P1", study=study)
    cli("participant", "add", "P2", study=study)
    sentences = [f"A frase {i:02d} fala do menu." for i in range(1, 25)]
    with open(os.path.join(folder, "p1.txt"), "w", encoding="utf-8") as f:
        f.write(" ".join(sentences) + "\n")
    with open(os.path.join(folder, "p2.txt"), "w", encoding="utf-8") as f:
        f.write("O exemplo do vídeo ajudou muito.\n")
    cli("transcript", "add", "P1", os.path.join(folder, "p1.txt"), study=study)
    cli("transcript", "add", "P2", os.path.join(folder, "p2.txt"), study=study)
    cli("category", "add", "Documentação", "--origin", "emergent", study=study)
    cli("category", "add", "Exemplos", "--origin", "Myllärniemi et al. (2018)", "--theme", "Documentação", study=study)
    for name in CATEGORIES:
        cli("category", "add", name, "--origin", "emergent", study=study)
    names = ["Documentação", "Exemplos"] + CATEGORIES
    for sentence, name in zip(sentences, names):
        cli("code", "add", "P1", "--excerpt", sentence[:-1], "--code", sentence.split(" fala")[0], "--category", name, "--coder", "ana", study=study)
    # A second passage of Exemplos in P1 and one in P2: what "next passage of this category" steps through.
    cli("code", "add", "P1", "--excerpt", "fala do menu", "--code", "fala do menu", "--category", "Exemplos", "--coder", "ana", study=study)
    cli("code", "add", "P2", "--excerpt", "exemplo do vídeo", "--code", "exemplo do vídeo", "--category", "Exemplos", "--coder", "ana", study=study)

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
            prompts = []
            page.on("dialog", lambda dialog: (prompts.append(dialog.message), dialog.dismiss()))
            page.goto(url)
            page.fill("#coder", "ana")
            page.press("#coder", "Tab")
            page.click("button.participant[data-code=P1]")
            page.wait_for_selector("#transcript mark")
            page.wait_for_function("() => document.getElementById('doc-title').textContent === 'P1'")

            # 1. 24 categories, 24 colours: no two coded passages of different categories look alike.
            colours = page.evaluate("""() => {
                const seen = {};
                for (const m of document.querySelectorAll('#transcript mark')) {
                    const text = m.textContent.trim();
                    if (/^A frase \\d\\d fala do menu$/.test(text) || /^A frase \\d\\d$/.test(text)) seen[text.slice(0, 10)] = getComputedStyle(m).backgroundColor;
                }
                return seen; }""")
            assert len(colours) == 24 and len(set(colours.values())) == 24, colours
            page.screenshot(path=os.path.join(SHOTS, "codebook-24-colours.png"))

            # 2. The codebook is a tree: Exemplos under Documentação; counts are ana's own.
            page.click(".tabs button[data-tab=codebook]")
            page.wait_for_selector("#codebook li[data-category=Documentação] li[data-category=Exemplos]")
            counts = page.locator("#codebook li[data-category=Exemplos] > .row .counts").inner_text()
            assert counts == "3 códigos · 2 participantes", counts
            page.screenshot(path=os.path.join(SHOTS, "codebook-tree.png"))

            # 3. Change a category in the dialog, by keyboard: definition, origin and theme; Enter saves.
            page.locator("#codebook li[data-category='Tema 01'] .edit-category").first.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector("#category-dialog[open]")
            page.keyboard.press("Tab")  # to the definition
            page.keyboard.type("Frases sobre o menu.")
            page.keyboard.press("Tab")  # to the origin
            page.keyboard.press("Control+a")
            page.keyboard.type("Nielsen (1994)")
            page.keyboard.press("Tab")  # to the theme
            page.select_option("#category-dialog-theme", "Documentação")
            page.screenshot(path=os.path.join(SHOTS, "codebook-category-dialog.png"))
            fresh_message(page)
            page.keyboard.press("Tab")  # Cancel
            page.keyboard.press("Tab")  # Save
            page.keyboard.press("Enter")
            kind, text = wait_message(page)
            assert kind == "ok", text
            changed = codebook(study)["Tema 01"]
            assert changed["definition"] == "Frases sobre o menu." and changed["origin"] == "Nielsen (1994)" and changed["theme"] == "Documentação", changed
            page.wait_for_selector("#codebook li[data-category=Documentação] li[data-category='Tema 01']")

            # A theme that would put Documentação under itself is not offered; the server refuses it anyway (study unchanged).
            options = page.evaluate("""() => { openCategoryDialog(state.categories.find((c) => c.name === 'Documentação'));
                const list = [...document.querySelectorAll('#category-dialog-theme option')].map((o) => o.value);
                document.getElementById('category-dialog').close(); return list; }""")
            assert "Exemplos" not in options and "Tema 01" not in options and "Documentação" not in options and "Tema 02" in options, options
            refused = page.evaluate("""() => fetch('/api/categories/set', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ name: 'Documentação', theme: 'Exemplos' }) }).then(async (r) => [r.status, (await r.json()).error])""")
            assert refused[0] == 422 and "Documentação" in refused[1], refused
            assert codebook(study)["Documentação"].get("theme") is None

            # 4. Rename and merge in the page's dialogs (no window.prompt).
            page.locator("#codebook li[data-category='Tema 02'] .rename-category").first.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector("#category-dialog[open]")
            page.keyboard.type("Cardápio")  # the name is selected: typing replaces it
            fresh_message(page)
            page.keyboard.press("Enter")
            assert wait_message(page)[0] == "ok"
            assert "Cardápio" in codebook(study) and "Tema 02" not in codebook(study)
            page.wait_for_selector("#codebook li[data-category=Cardápio]")
            colour_before = page.evaluate("() => state.categories.find((c) => c.name === 'Tema 04').colour")
            page.locator("#codebook li[data-category='Tema 03'] .merge-category").first.focus()
            page.keyboard.press("Enter")
            page.wait_for_selector("#merge-dialog[open]")
            page.select_option("#merge-dialog-into", "Cardápio")
            page.screenshot(path=os.path.join(SHOTS, "codebook-merge-dialog.png"))
            fresh_message(page)
            page.locator("#merge-dialog-save").focus()
            page.keyboard.press("Enter")
            assert wait_message(page)[0] == "ok"
            assert "Tema 03" not in codebook(study) and codebook(study)["Cardápio"]["codes"] == 2
            page.wait_for_selector("#codebook li[data-category=Cardápio]")
            colour_after = page.evaluate("() => state.categories.find((c) => c.name === 'Tema 04').colour")
            assert colour_before == colour_after, (colour_before, colour_after)
            # The Frequencies tab has the theme's total: Documentação, Exemplos and Tema 01 under it, each participant once.
            page.click(".tabs button[data-tab=frequencies]")
            page.wait_for_selector("#frequencies tr[data-theme=Documentação]")
            total = page.locator("#frequencies tr[data-theme=Documentação] td").all_inner_texts()
            assert total[0] == "Tema Documentação, no total" and total[2] == "2", total
            page.screenshot(path=os.path.join(SHOTS, "codebook-frequencies.png"))
            page.click(".tabs button[data-tab=codebook]")
            page.wait_for_selector("#codebook li[data-category=Cardápio]")
            assert not prompts, prompts
            assert not english_words(page.locator("body").inner_text()), english_words(page.locator("body").inner_text())

            # 5. Move a passage's end by keyboard: "A frase 05 fala do menu" → "A frase 05 fala" (Ctrl+← a word), Enter saves.
            page.click(".tabs button[data-tab=codings]")
            page.wait_for_selector("ul.codings li")
            target = [c for c in codes(study) if c["code"] == "A frase 05"][0]
            page.locator(f"ul.codings li[data-id='{target['id']}'] button.resize").focus()
            page.keyboard.press("Enter")
            page.wait_for_selector("#resize-start:focus")
            page.screenshot(path=os.path.join(SHOTS, "codebook-resize.png"))
            page.keyboard.press("Tab")  # the passage's end
            page.wait_for_selector("#resize-end:focus")
            page.keyboard.press("Control+ArrowLeft")
            page.keyboard.press("Control+ArrowLeft")
            assert page.locator("#transcript mark.resizing").inner_text() == "A frase 05 fala ", page.locator("#transcript mark.resizing").inner_text()
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            assert page.locator("#transcript mark.resizing").inner_text() == "A frase 05 fala", page.locator("#transcript mark.resizing").inner_text()
            fresh_message(page)
            page.keyboard.press("Enter")
            kind, text = wait_message(page)
            assert kind == "ok", text
            moved = [c for c in codes(study) if c["id"] == target["id"]][0]
            assert moved["excerpt"] == "A frase 05 fala" and moved["spanEnd"] - moved["spanStart"] == len("A frase 05 fala"), moved
            transcript = json.loads(cli("transcript", "show", "P1", "--json", study=study))["text"]
            assert transcript[moved["spanStart"]:moved["spanEnd"]] == moved["excerpt"]
            # Undo (Ctrl+Z) puts the end back.
            page.locator("#transcript").focus()
            fresh_message(page)
            page.keyboard.press("Control+z")
            assert wait_message(page)[0] == "ok"
            back = [c for c in codes(study) if c["id"] == target["id"]][0]
            assert back["excerpt"] == target["excerpt"] and back["spanEnd"] == target["spanEnd"], back

            # 6. Drag the end handle with the pointer onto the next sentence's first word.
            page.locator(f"ul.codings li[data-id='{target['id']}'] button.resize").click()
            handle = page.locator("#resize-end").bounding_box()
            box = page.evaluate("""() => { const r = document.createRange(); const box = document.getElementById('transcript');
                const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT); let node;
                while ((node = walker.nextNode())) { const at = node.data.indexOf('A frase 06'); if (at >= 0) { r.setStart(node, at + 7); r.setEnd(node, at + 8);
                    const b = r.getBoundingClientRect(); return { x: b.x + 1, y: b.y + b.height / 2 }; } } }""")
            page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
            page.mouse.down()
            page.mouse.move(box["x"], box["y"], steps=8)
            page.mouse.up()
            dragged = page.locator("#transcript mark.resizing").inner_text()
            assert dragged.startswith("A frase 05 fala do menu. A frase"), dragged
            page.screenshot(path=os.path.join(SHOTS, "codebook-drag.png"))
            fresh_message(page)
            page.click("#resize-save")
            kind, text = wait_message(page)
            # The passage runs into the next coded passage's words: allowed (passages may overlap), stored as the transcript has it.
            assert kind == "ok", text
            after = [c for c in codes(study) if c["id"] == target["id"]][0]
            assert transcript[after["spanStart"]:after["spanEnd"]] == after["excerpt"] and after["excerpt"].startswith("A frase 05 fala do menu. A"), after

            # 7. Next and previous passage of a category, by keys: , and . (Exemplos: two in P1, then P2's).
            page.select_option("#passage-category", "Exemplos")
            page.locator("#transcript").focus()
            page.keyboard.press(".")
            page.wait_for_selector("#transcript mark.current-passage")
            first = page.locator("#transcript mark.current-passage").first.inner_text()
            assert first == "fala do menu", first
            page.locator("#transcript").focus()
            page.keyboard.press(".")
            page.wait_for_function("() => document.querySelector('#transcript mark.current-passage').textContent.startsWith('A frase 02')")
            page.locator("#transcript").focus()
            page.keyboard.press(".")
            page.wait_for_function("() => document.getElementById('doc-title').textContent === 'P2'")
            # The title changes before P2's transcript is drawn: wait for P2's passage itself.
            page.wait_for_function("() => [...document.querySelectorAll('#transcript mark.current-passage')].some((m) => m.textContent.includes('exemplo do vídeo'))")
            page.screenshot(path=os.path.join(SHOTS, "codebook-next-passage.png"))
            page.locator("#transcript").focus()
            page.keyboard.press(",")
            page.wait_for_function("() => document.getElementById('doc-title').textContent === 'P1'")
            assert not english_words(page.locator("body").inner_text()), english_words(page.locator("body").inner_text())
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("browser test passed: 24 distinct colours, codebook tree, category/rename/merge dialogs, resize by keys and drag with undo, next/previous passage")


if __name__ == "__main__":
    main()
