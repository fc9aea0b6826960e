#!/usr/bin/env python3
"""The session logger in a real browser (Debian's chromium driven by Playwright), on a clock the test controls.

A pt-BR study with two tasks; `studyctl serve` runs with STUDYCTL_CLOCK_FILE, so the test sets the time between
keys. The moderator page opens P1's session, times T1 with two errors and a success, answers the SEQ with 6,
stores a note, times T2 with a pause, assistance and a failure, skips its SEQ and ends the session. What the study
holds (`studyctl session show --json`, `attempt list --json`, `memo list --json`) must equal what was pressed; a
second page (a second observer) sees the first page's events. Screenshot: .build/moderator.png.

Usage: test_moderator.py STUDYCTL
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
ENGLISH = ["Task", "Title", "Time", "Errors", "State", "Start", "Stop", "Error", "Success", "Partial", "Fail", "Cancel",
           "Restart", "Note", "Notes", "Observer", "running", "paused", "to do", "Skip", "Store"]


def serve(study, environment=None):
    """Starts `studyctl serve` on the study; returns the process and the session logger's address with its token."""
    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True, env={**os.environ, **(environment or {})})
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:\d+/moderator\?token=[0-9a-f]{32}", line)
        if found:
            return server, found.group(0)
    server.terminate()
    raise AssertionError("studyctl serve printed no session logger address")


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-moderator-")
    study = os.path.join(folder, "study.sqlite")
    clock = os.path.join(folder, "clock")

    def at(seconds):
        with open(clock, "w") as f:
            f.write(str(1_800_000_000 + seconds))

    at(0)
    cli("init", "--title", "Sessões moderadas", "--language", "pt-BR", study=study)
    cli("participant", "add", "P1", study=study)
    cli("task", "add", "T1", "--title", "Encontrar o menu", study=study)
    cli("task", "add", "T2", "--title", "Trocar a cor", "--penalty", "5", study=study)
    server, url = serve(study, {"STUDYCTL_CLOCK_FILE": clock})
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(url)
            page.wait_for_selector("#participant option[value=P1]", state="attached")
            assert page.evaluate("document.documentElement.lang") == "pt-BR"
            # The participant screen's panel is in Portuguese as the page opens, not only after its first poll.
            assert page.inner_text("#ps-open") == "Abrir a tela do participante", page.inner_text("#ps-open")
            page.fill("#observer", "Ana")
            page.press("#observer", "Tab")
            page.click("#open")
            page.wait_for_selector("#logger:not([hidden])")
            page.wait_for_selector("tr.current[data-task=T1]")

            page.locator("body").click(position={"x": 5, "y": 5})
            at(2)
            page.keyboard.press("Space")
            page.wait_for_selector("tr.open[data-task=T1]")
            at(5)
            page.keyboard.press("e")
            page.wait_for_selector("tr[data-task=T1] td:nth-child(5):text-is('1')")
            at(9)
            page.keyboard.press("e")
            page.wait_for_selector("tr[data-task=T1] td:nth-child(5):text-is('2')")
            at(14.5)
            page.keyboard.press("s")
            page.wait_for_selector("#questionnaire:not([hidden])")
            assert "Questão Única de Facilidade" in page.inner_text("#q-title"), page.inner_text("#q-title")
            page.click("#q-items button[data-point='6']")
            page.click("#q-store")
            page.wait_for_selector("#questionnaire[hidden]", state="attached")
            page.fill("#note", "Procurou o menu no rodapé — ação não óbvia")
            at(20)
            page.press("#note", "Enter")
            page.wait_for_selector("#notes li")

            # A second observer's page sees the first page's events.
            second = browser.new_page()
            second.goto(url)
            second.wait_for_selector("#participant option[value=P1]", state="attached")
            second.click("#open")
            second.wait_for_selector("#notes li")
            assert "Procurou o menu no rodapé" in second.inner_text("#notes")
            assert "sucesso" in second.inner_text("tr[data-task=T1]"), second.inner_text("tr[data-task=T1]")

            page.wait_for_selector("tr.current[data-task=T2]")
            page.locator("body").click(position={"x": 5, "y": 5})
            at(30)
            page.keyboard.press("Space")
            page.wait_for_selector("tr.open[data-task=T2]")
            at(33)
            page.keyboard.press("z")
            page.wait_for_selector("tr[data-task=T2] .state:has-text('pausada')")
            at(50)
            page.keyboard.press("z")
            page.wait_for_selector("tr[data-task=T2] .state:has-text('em andamento')")
            page.keyboard.press("a")
            page.wait_for_selector("tr[data-task=T2] .state:has-text('com ajuda')")
            at(54)
            page.keyboard.press("f")
            page.wait_for_selector("#questionnaire:not([hidden])")
            page.click("#q-skip")
            page.wait_for_selector("#questionnaire[hidden]", state="attached")
            text = page.inner_text("body")
            for word in ENGLISH:
                assert not re.search(r"\b" + re.escape(word) + r"\b", text), f"English word '{word}' on the pt-BR page:\n{text}"
            os.makedirs(os.path.join(ROOT, ".build"), exist_ok=True)
            page.screenshot(path=os.path.join(ROOT, ".build", "moderator.png"), full_page=True)
            at(60)
            page.click("#b-end")
            page.wait_for_selector("#b-end:disabled")

            # The session's log is a document of its own in the coding workspace: its note is coded there.
            page.goto(url.split("/moderator")[0] + "/")
            page.fill("#coder", "Ana")
            page.press("#coder", "Tab")
            page.click("button.participant[data-code=P1]")
            page.wait_for_selector("#transcript:has-text('Procurou o menu no rodapé')")
            assert "sessão 1" in page.inner_text("#doc-title"), page.inner_text("#doc-title")
            page.evaluate("""(words) => {
                const box = document.getElementById('transcript');
                const node = box.firstChild; const at = node.data.indexOf(words);
                const range = document.createRange(); range.setStart(node, at); range.setEnd(node, at + words.length);
                const selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range);
            }""", "menu no rodapé")
            page.keyboard.press("n")
            page.wait_for_selector("#picker[open]")
            page.fill("#picker-category", "Navegação")
            page.press("#picker-category", "Enter")
            # A new category: the page names it as new, and the second Enter creates it.
            page.wait_for_selector("#picker-new:has-text('Navegação')")
            page.press("#picker-category", "Enter")
            page.wait_for_selector("#transcript mark")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)

    sessions = json.loads(cli("session", "show", "P1", "--json", study=study))["sessions"]
    assert len(sessions) == 1, sessions
    session = sessions[0]
    assert session["ended"] is not None, session
    attempts = [(a["task"], a["trial"], a["seconds"], a["errors"], a["assisted"], a["outcome"], a["questionnaire"], a["total"])
                for a in session["attempts"]]
    assert attempts == [("T1", 1, 12.5, 2, False, "success", 6, None), ("T2", 1, 7.0, 0, True, "fail", None, 7.0)], attempts
    observers = {e["observer"] for e in session["events"]}
    assert observers == {"Ana"}, observers
    stored = [(a["task"], a["seconds"], a["errors"], a["outcome"], a["assisted"]) for a in json.loads(cli("attempt", "list", "--json", study=study))["attempts"]]
    assert stored == [("T1", 12.5, 2, "success", False), ("T2", 7.0, 0, "fail", True)], stored
    memos = json.loads(cli("memo", "list", "--json", study=study))["memos"]
    assert [(m["on"], m["task"], m["sessionOffset"], m["text"]) for m in memos] == [
        ("participant:P1", "T1", 20.0, "Procurou o menu no rodapé — ação não óbvia")], memos
    codes = json.loads(cli("code", "list", "--json", study=study))["codes"]
    assert [(c["code"], c["transcript"], c["coder"]) for c in codes] == [("menu no rodapé", "sessão 1", "Ana")], codes
    log = cli("transcript", "show", "P1", "--label", "sessão 1", "--plain", study=study)
    start = log.index("menu no rodapé")
    assert (codes[0]["spanStart"], codes[0]["spanEnd"]) == (start, start + len("menu no rodapé")), (codes[0], log)
    print("moderator page: 2 tasks logged in the browser equal what the study holds; a second observer saw them; the log was coded")
    conditions_and_joining()


def conditions_and_joining():
    """The page picks the session's condition, and a page opened later joins the open session instead of opening another."""
    folder = tempfile.mkdtemp(prefix="studyctl-moderator-join-")
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Aparelhos", "--language", "pt-BR", study=study)
    cli("participant", "add", "P1", study=study)
    cli("participant", "add", "P2", study=study)
    cli("task", "add", "T1", "--title", "Encontrar o menu", study=study)
    cli("condition", "add", "aparelho", "--levels", "celular,tablet", study=study)
    server, url = serve(study)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1100, "height": 700})
            page.goto(url)
            page.wait_for_selector("#participant option[value=P1]", state="attached")
            assert page.inner_text("#open") == "Abrir a sessão", page.inner_text("#open")
            assert "(nenhum)" in page.inner_text("#conditions"), page.inner_text("#conditions")
            page.select_option("#conditions select[data-factor=aparelho]", "tablet")
            page.click("#open")
            page.wait_for_selector("#logger:not([hidden])")
            assert "aparelho=tablet" in page.inner_text("#session-title"), page.inner_text("#session-title")
            page.locator("body").click(position={"x": 5, "y": 5})
            page.keyboard.press("Space")
            page.wait_for_selector("tr.open[data-task=T1]")

            later = browser.new_page(viewport={"width": 1100, "height": 700})
            later.goto(url)
            later.wait_for_selector("#participant option[value=P1]", state="attached")
            later.select_option("#participant", "P2")
            assert later.inner_text("#open") == "Abrir a sessão"
            later.select_option("#participant", "P1")
            assert later.eval_on_selector("#conditions select[data-factor=aparelho]", "s => s.value") == "tablet"
            assert later.inner_text("#open") == "Entrar na sessão aberta", later.inner_text("#open")
            later.screenshot(path=os.path.join(ROOT, ".build", "moderator-join.png"))
            later.click("#open")
            later.wait_for_selector("tr.open[data-task=T1]")
            assert "aparelho=tablet" in later.inner_text("#session-title"), later.inner_text("#session-title")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    sessions = json.loads(cli("session", "list", "--json", study=study))["sessions"]
    assert [(s["participant"], s["number"], s["conditions"]) for s in sessions] == [("P1", 1, {"aparelho": "tablet"})], sessions
    print("moderator page: the condition chosen on the page is the session's; a page opened later joined the open session")


if __name__ == "__main__":
    main()
