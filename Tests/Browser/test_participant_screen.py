#!/usr/bin/env python3
"""The participant screen in a real browser (Debian's chromium driven by Playwright), beside the session logger.

1. A session driven end to end: on the session logger the moderator opens P4's session under protótipo=novo and the
   participant screen (a link and its QR code); the screen, in its own browser context (no workspace cookie), shows
   the consent text version 2 first; an answer sent before consent is refused (HTTP 403) and nothing is stored; the
   participant agrees; the moderator times T1, logs a success and sends the SEQ to the screen; the participant answers
   6; the logger sees it answered; `studyctl score seq --task T1 --condition protótipo=novo --json` finds P4's 6; the
   consent is on record as taken on the page, with the text's hash; the session ends and the screen thanks;
   `participant withdraw P4` leaves no row of P4 in any table and the report says one participant withdrew.
2. The SUS completed by keyboard alone (and NASA-TLX's sliders in en) (Tab, arrows, Space, Enter; no click): in pt-BR on a 360 px phone (one
   question per screen, the validated Brazilian wording) and in en at desktop width (every question at once). Each
   option's accessible name holds the question and its label ("… 1 – Discordo totalmente"); every option is at least
   44 px high.
3. axe-core (WCAG 2.0/2.1/2.2 A and AA) finds no violation and Chromium's tree names every control in each screen
   state: consent, waiting, questionnaire (desktop and 360 px), declined, thanks, and the logger's panel with its link;
   at 360 px and 320 px nothing is lost sideways. Screenshots: .build/participant-*.png.

Usage: test_participant_screen.py STUDYCTL
"""
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import axe, cli, reflow_problems, unnamed_controls

STUDYCTL = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
TCLE = ("# Termo de Consentimento Livre e Esclarecido\n\n"
        "Você está sendo convidado(a) a participar de um teste de usabilidade de um protótipo de aplicativo.\n\n"
        "Sua participação é voluntária: você pode desistir a qualquer momento, sem nenhum prejuízo.\n")
SUS_PT_1 = "Acho que gostaria de utilizar este produto com frequência"
SUS_EN_1 = "I think that I would like to use this system frequently."


def serve(study):
    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:\d+/moderator\?token=[0-9a-f]{32}", line)
        if found:
            return server, found.group(0)
    server.terminate()
    raise AssertionError("studyctl serve printed no session logger address")


def shot(page, name):
    page.screenshot(path=os.path.join(ROOT, ".build", f"participant-{name}.png"), full_page=True)


class Audit:
    def __init__(self):
        self.problems = []
        self.states = 0

    def check(self, page, state):
        self.states += 1
        self.problems += axe(page, state)
        self.problems += unnamed_controls(page, state)


def make_study(folder):
    study = os.path.join(folder, "study.sqlite")
    cli("init", "--title", "Protótipos", "--language", "pt-BR", study=study)
    for code in ("P4", "P5", "P6", "P7"):
        cli("participant", "add", code, study=study)
    cli("task", "add", "T1", "--title", "Encontrar o menu", study=study)
    cli("task", "add", "T2", "--title", "Trocar a cor", study=study)
    cli("condition", "add", "protótipo", "--levels", "antigo,novo", study=study)
    path = os.path.join(folder, "TCLE.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(TCLE)
    cli("consent", "add", path, "--version", "2", study=study)
    return study


def open_session(logger, base, participant, level):
    logger.goto(base)
    logger.wait_for_selector(f"#participant option[value={participant}]", state="attached")
    logger.select_option("#participant", participant)
    logger.select_option("#conditions select[data-factor='protótipo']", level)
    logger.click("#open")
    logger.wait_for_selector("#logger:not([hidden])")
    # By keyboard: Space on the panel's button opens the screen (and starts no task).
    logger.focus("#ps-open")
    logger.keyboard.press("Space")
    logger.wait_for_selector("#ps-link-box:not([hidden])")
    assert logger.locator("tr.open").count() == 0, "Space on the panel's button started a task"
    link = logger.get_attribute("#ps-link", "href")
    assert re.fullmatch(r"/p/[0-9a-f]{32}", link), link
    # The QR code is drawn (an SVG image the page loaded).
    logger.wait_for_function("() => document.getElementById('ps-qr').complete && document.getElementById('ps-qr').naturalWidth > 0")
    return link


def answer_refused_without_consent(screen, link):
    """What a participant page could send before consent: refused by the server itself."""
    return screen.evaluate("""async (link) => {
        const response = await fetch(link + '/answers', { method: 'POST', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ request: 1, answers: { '1': '6' } }) });
        return [response.status, (await response.json()).error];
    }""", link)


def session_driven(browser, base, study, audit):
    logger = browser.new_page(viewport={"width": 1100, "height": 1000})
    logger.on("dialog", lambda dialog: dialog.accept())
    link = open_session(logger, base, "P4", "novo")
    assert "protótipo=novo" in logger.inner_text("#session-title"), logger.inner_text("#session-title")
    audit.check(logger, "session logger with the participant screen's link")
    shot(logger, "logger")
    origin = re.match(r"http://[^/]+", base).group(0)

    # The participant's device: another browser context, so no workspace cookie.
    device = browser.new_context(viewport={"width": 1100, "height": 900})
    screen = device.new_page()
    screen.goto(origin + link)
    screen.wait_for_selector("#consent:not([hidden])")
    assert screen.evaluate("document.documentElement.lang") == "pt-BR"
    assert "Termo de Consentimento Livre e Esclarecido" in screen.inner_text("#consent-title")
    assert "versão 2" in screen.inner_text("#consent-version")
    assert "participação é voluntária" in screen.inner_text("#consent-text")
    assert screen.evaluate("document.activeElement.id") == "consent-heading"
    audit.check(screen, "participant screen: consent")
    shot(screen, "consent-pt-BR-desktop")
    # The workspace's own pages stay closed to the participant's device.
    assert screen.evaluate("fetch('/api/state').then((r) => r.status)") == 403

    # The moderator times T1, logs a success; the SEQ goes to the screen, which still shows the consent.
    logger.locator("body").click(position={"x": 5, "y": 5})
    logger.keyboard.press("Space")
    logger.wait_for_selector("tr.open[data-task=T1]")
    logger.keyboard.press("s")
    logger.wait_for_selector("#questionnaire:not([hidden]) #q-screen:not([hidden])")
    logger.click("#q-screen")
    logger.wait_for_selector("#ps-sent li[data-state=waiting]")
    assert logger.is_hidden("#questionnaire")
    screen.wait_for_timeout(1800)
    assert screen.is_visible("#consent") and screen.is_hidden("#questionnaire")
    status, said = answer_refused_without_consent(screen, link)
    assert status == 403 and "consentimento" in said, (status, said)
    assert "consent,P4," not in register_of(study)
    assert score_of(study, "P4") is None

    screen.click("#agree")
    screen.wait_for_selector("#questionnaire:not([hidden]) fieldset.item")
    assert "Sobre a tarefa “Encontrar o menu”" in screen.inner_text("#form-task")
    legend = screen.inner_text("#questionnaire legend")
    assert "De modo geral, quão difícil ou fácil foi concluir esta tarefa?" in legend, legend
    audit.check(screen, "participant screen: SEQ")
    shot(screen, "seq-pt-BR-desktop")
    screen.check("input[name=item-1][value='6']")
    screen.click("#form-send")
    screen.wait_for_selector("#notice:not([hidden])")
    assert "O pesquisador vai enviar" in screen.inner_text("#notice-text")
    assert "gravadas" in screen.inner_text("#message")
    audit.check(screen, "participant screen: waiting")
    logger.wait_for_selector("#ps-sent li[data-state=answered]")
    logger.wait_for_function("() => document.getElementById('message').textContent.includes('respondido na tela do participante')")
    assert "Consentimento: aceito na versão 2" in logger.inner_text("#ps-consent")

    # In the study under protótipo=novo, as `respond` would have stored it; the consent on record, taken on the page.
    assert score_of(study, "P4") == 6, score_of(study, "P4")
    rows = [line for line in register_of(study).splitlines() if line.startswith("consent,P4,2,agreed,")]
    assert len(rows) == 1 and ",page," in rows[0], rows
    stored = json.loads(cli("consent", "list", "--json", study=study))
    assert STORED_HASH(stored) in rows[0], (stored, rows[0])

    # The SUS at the end, sent from the panel; the session ends and the screen thanks.
    logger.select_option("#ps-instrument", "sus")
    logger.click("#ps-send")
    screen.wait_for_selector("#questionnaire:not([hidden]) fieldset.item[data-number='10']", state="attached")
    keyboard_sus(screen, "pt-BR", paged=False)
    logger.wait_for_selector("#ps-sent li[data-state=answered] >> nth=1")
    logger.click("#b-end")
    screen.wait_for_selector("#notice-heading:has-text('Obrigado pela sua participação!')", timeout=5000)
    audit.check(screen, "participant screen: thanks")
    shot(screen, "thanks-pt-BR")
    device.close()
    logger.close()

    # Withdrawal: no row of P4 anywhere, and the report says so.
    with sqlite3.connect(study) as db:
        (p4,) = db.execute("SELECT id FROM participant WHERE code = 'P4'").fetchone()
    cli("participant", "withdraw", "P4", study=study)
    leftovers = []
    with sqlite3.connect(study) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            columns = [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]
            if "participant_id" in columns:
                count = db.execute(f'SELECT count(*) FROM "{table}" WHERE participant_id = ?', (p4,)).fetchone()[0]
                if count:
                    leftovers.append(f"{table}: {count}")
        assert db.execute("SELECT count(*) FROM participant WHERE code = 'P4'").fetchone()[0] == 0
    assert not leftovers, leftovers
    assert score_of(study, "P4") is None
    report = os.path.join(os.path.dirname(study), "report")
    cli("report", "--output", report, study=study)
    with open(os.path.join(report, "report.md"), encoding="utf-8") as f:
        assert "1 participante desistiu" in f.read()


def register_of(study):
    """The consent register as `export consent` writes it."""
    register = os.path.join(os.path.dirname(study), "consent.csv")
    cli("export", "consent", register, "--force", study=study)
    with open(register, encoding="utf-8") as f:
        return f.read()


def STORED_HASH(listed):
    """The SHA-256 `consent list --json` gives version 2's text."""
    versions = listed.get("versions", listed.get("consents", listed)) if isinstance(listed, dict) else listed
    return next(v["sha256"] for v in versions if v["version"] == "2")


def score_of(study, participant):
    """P4's SEQ on T1 under protótipo=novo, as `studyctl score` reads the study."""
    result = subprocess.run([STUDYCTL, "score", "seq", "--task", "T1", "--condition", "protótipo=novo", "--json", "--db", study],
                            capture_output=True, text=True)
    if result.returncode != 0:
        return None
    for row in json.loads(result.stdout)["rows"]:
        if row["participant"] == participant:
            assert row["conditions"] == {"protótipo": "novo"} and row["task"] == "T1", row
            return row["scores"]["SEQ"]
    return None


def keyboard_sus(screen, language, paged):
    """The SUS by keyboard alone: Tab into each question's options, arrows to the point, Space to take it; on a
    phone, Next by Enter; at the end, Enter on Send. Odd items 5, even items 1 (a SUS of 100)."""
    screen.wait_for_selector("#questionnaire:not([hidden]) fieldset.item")
    first = SUS_PT_1 if language == "pt-BR" else SUS_EN_1
    label = "1 – Discordo totalmente" if language == "pt-BR" else "1 – Strongly disagree"
    # The first option's accessible name holds the question and the option.
    name = screen.locator("fieldset[data-number='1'] input[value='1']").evaluate(
        "(node) => node.getAttribute('aria-labelledby').split(' ').map((id) => document.getElementById(id).textContent).join(' ')")
    assert first in name and label in name, name
    snapshot = screen.locator("fieldset[data-number='1']").aria_snapshot()
    assert label in snapshot and first in snapshot, snapshot
    heights = screen.evaluate("[...document.querySelectorAll('fieldset:not([hidden]) label.option')].map((n) => n.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44, heights
    if not paged:
        # Sent with nothing answered: the screen names the first question left and puts the keyboard there.
        screen.focus("#form-send")
        screen.keyboard.press("Enter")
        screen.wait_for_selector("#message.error")
        expected = "Responda à pergunta 1, por favor." if language == "pt-BR" else "Please answer question 1."
        assert screen.inner_text("#message") == expected, screen.inner_text("#message")
        assert screen.evaluate("document.activeElement.name") == "item-1"
        assert screen.locator("fieldset[data-number='1']").get_attribute("class") == "item missing"
    screen.focus("#form-title")
    for number in range(1, 11):
        point = 5 if number % 2 == 1 else 1
        # Tab to the question's radio group (the first option, or the chosen one).
        for _ in range(12):
            if screen.evaluate(f"document.activeElement.name === 'item-{number}'"):
                break
            screen.keyboard.press("Tab")
        assert screen.evaluate(f"document.activeElement.name === 'item-{number}'"), screen.evaluate("document.activeElement.outerHTML")
        # Arrows move and choose within the group; Space takes the focused option.
        for _ in range(point - 1):
            screen.keyboard.press("ArrowRight")
        screen.keyboard.press("Space")
        assert screen.evaluate(f"document.querySelector('input[name=item-{number}]:checked').value") == str(point)
        if paged and number < 10:
            screen.keyboard.press("Tab")
            while screen.evaluate("document.activeElement.id") not in ("form-next",):
                screen.keyboard.press("Tab")
            screen.keyboard.press("Enter")
            shown = screen.inner_text("#form-items fieldset:not([hidden]) legend .count")
            assert shown == (f"Pergunta {number + 1} de 10" if language == "pt-BR" else f"Question {number + 1} of 10"), shown
            assert screen.evaluate("document.activeElement.name") == f"item-{number + 1}", "focus did not move to the next question"
    for _ in range(6):
        if screen.evaluate("document.activeElement.id") == "form-send":
            break
        screen.keyboard.press("Tab")
    assert screen.evaluate("document.activeElement.id") == "form-send"
    screen.keyboard.press("Enter")
    screen.wait_for_selector("#notice:not([hidden])")


def keyboard_only(browser, base, study, audit, reflowed):
    """P5 answers the SUS in pt-BR on a phone (one question per screen); P6 in en on a desktop."""
    for participant, language, viewport in (("P5", "pt-BR", {"width": 360, "height": 740}), ("P6", "en", {"width": 1280, "height": 900})):
        logger = browser.new_page(viewport={"width": 1100, "height": 1000})
        logger.on("dialog", lambda dialog: dialog.accept())
        link = open_session(logger, base, participant, "antigo")
        origin = re.match(r"http://[^/]+", base).group(0)
        device = browser.new_context(viewport=viewport)
        screen = device.new_page()
        screen.goto(origin + link + ("?lang=en" if language == "en" else ""))
        screen.wait_for_selector("#consent:not([hidden])")
        assert screen.evaluate("document.documentElement.lang") == language
        phone = viewport["width"] < 600
        if phone:
            audit.check(screen, f"participant screen: consent at 360 px ({language})")
            reflowed += reflow_problems(screen, f"consent at 360 px ({language})")
            shot(screen, f"consent-{language}-360")
        # Consent by keyboard too: Tab to "agree", Enter.
        for _ in range(10):
            if screen.evaluate("document.activeElement.id") == "agree":
                break
            screen.keyboard.press("Tab")
        assert screen.evaluate("document.activeElement.id") == "agree"
        logger.select_option("#ps-instrument", "sus")
        logger.click("#ps-send")
        screen.keyboard.press("Enter")
        screen.wait_for_selector("#questionnaire:not([hidden]) fieldset.item")
        visible = screen.evaluate("[...document.querySelectorAll('#form-items fieldset')].filter((n) => !n.hidden).length")
        assert visible == (1 if phone else 10), visible
        state = f"participant screen: SUS {'at 360 px' if phone else 'desktop'} ({language})"
        audit.check(screen, state)
        reflowed += reflow_problems(screen, state)
        shot(screen, f"sus-{language}-{'360' if phone else 'desktop'}")
        if not phone:
            # The same questionnaire on a phone: one question at a time, nothing lost sideways; then back.
            screen.set_viewport_size({"width": 360, "height": 740})
            screen.wait_for_function("() => [...document.querySelectorAll('#form-items fieldset')].filter((n) => !n.hidden).length === 1")
            reflowed += reflow_problems(screen, f"SUS at 360 px ({language})")
            audit.check(screen, f"participant screen: SUS at 360 px ({language})")
            shot(screen, f"sus-{language}-360")
            screen.set_viewport_size(viewport)
            screen.wait_for_function("() => [...document.querySelectorAll('#form-items fieldset')].filter((n) => !n.hidden).length === 10")
        keyboard_sus(screen, language, paged=phone)
        logger.wait_for_selector("#ps-sent li[data-state=answered]")
        scored = json.loads(cli("score", "sus", "--condition", "protótipo=antigo", "--json", study=study))
        rows = [row for row in scored["rows"] if row["participant"] == participant]
        assert len(rows) == 1 and rows[0]["scores"]["SUS"] == 100 and rows[0]["conditions"] == {"protótipo": "antigo"}, rows
        if not phone:
            # NASA-TLX's six ratings as sliders, by keyboard: each moved three steps of 5 up from the middle (65).
            logger.select_option("#ps-instrument", "nasa-tlx")
            logger.click("#ps-send")
            screen.wait_for_selector("#questionnaire:not([hidden]) input[type=range]")
            assert screen.locator("input[type=range]").count() == 6
            assert screen.get_attribute("input[type=range] >> nth=0", "aria-valuetext").startswith("Not chosen yet")
            audit.check(screen, "participant screen: NASA-TLX sliders (en)")
            shot(screen, "nasa-tlx-en-desktop")
            screen.focus("#form-title")
            for number in range(6):
                screen.keyboard.press("Tab")
                assert screen.evaluate("document.activeElement.type") == "range", screen.evaluate("document.activeElement.outerHTML")
                for _ in range(3):
                    screen.keyboard.press("ArrowRight")
            assert screen.evaluate("[...document.querySelectorAll('input[type=range]')].every((n) => n.value === '65' && !n.hasAttribute('aria-valuetext'))")
            screen.keyboard.press("Tab")
            assert screen.evaluate("document.activeElement.id") == "form-send"
            screen.keyboard.press("Enter")
            screen.wait_for_selector("#notice:not([hidden])")
            scored = json.loads(cli("score", "nasa-tlx", "--condition", "protótipo=antigo", "--json", study=study))
            rows = [row for row in scored["rows"] if row["participant"] == participant]
            assert len(rows) == 1 and rows[0]["scores"]["Raw TLX"] == 65, rows
        if phone:
            # The declined screen and 320 px, on the same phone.
            screen.set_viewport_size({"width": 320, "height": 640})
            reflowed += reflow_problems(screen, f"waiting at 320 px ({language})")
        device.close()
        logger.close()


def declined(browser, base, audit):
    logger = browser.new_page(viewport={"width": 1100, "height": 1000})
    link = open_session(logger, base, "P7", "novo")
    origin = re.match(r"http://[^/]+", base).group(0)
    device = browser.new_context(viewport={"width": 360, "height": 740})
    screen = device.new_page()
    screen.goto(origin + link)
    screen.wait_for_selector("#consent:not([hidden])")
    screen.click("#decline")
    screen.wait_for_selector("#notice-text:has-text('Você escolheu não participar')")
    audit.check(screen, "participant screen: declined at 360 px")
    shot(screen, "declined-pt-BR-360")
    logger.wait_for_function("() => document.getElementById('ps-consent').textContent.includes('recusado')")
    device.close()
    logger.close()


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-participant-")
    server = None
    try:
        study = make_study(folder)
        server, base = serve(study)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            audit = Audit()
            reflowed = []
            session_driven(browser, base, study, audit)
            keyboard_only(browser, base, study, audit, reflowed)
            declined(browser, base, audit)
            browser.close()
        assert not audit.problems, f"{len(audit.problems)} accessibility problems:\n" + "\n".join(audit.problems)
        assert not reflowed, f"{len(reflowed)} reflow problems:\n" + "\n".join(reflowed)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"participant screen browser test passed: consent first, SEQ after T1 stored under protótipo=novo, refused without consent, "
          f"withdrawal leaves no row; SUS by keyboard alone in pt-BR (phone) and en; 0 axe violations in {audit.states} states")


if __name__ == "__main__":
    main()
