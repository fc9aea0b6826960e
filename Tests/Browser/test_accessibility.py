#!/usr/bin/env python3
"""The coding workspace and the session logger as an accessibility auditor tries them, in a real browser (Debian's
chromium driven by Playwright).

1. axe-core (the pip package's bundled script, WCAG 2.0/2.1/2.2 A and AA rules) finds no violation in any page state:
   before a coder is named, a transcript open, every tab, the dialogs (picker with its suggestions and its new-category
   question, editor, annotation, category, move, merge), the search's hits, moving a passage's ends, a keyboard
   selection, the Across tab (serve --studies: empty, with hits and the names matched in each study, refusing a bad
   query, reached and used by keyboard alone), the session logger before and during a session, and the participant
   screen (consent, questionnaire on a desktop and at 320 px, thanks); in each state Chromium's accessibility tree
   names every control.
2. By keyboard alone (no click): the coder's name, a participant opened (focus stays on its button), words selected in
   the transcript with the arrows and Shift, coded with "n" and a category chosen with ArrowDown and Enter; Ctrl+Z
   undoes the coding (and in a field with typing it undoes the typing, not the coding); the tabs move with the arrows;
   a category moved under a theme from its Move button. The study is checked with `studyctl code list` and `codebook`.
   Every focus outline met on the way (and the passage-end handles') is at least 2 px and 3:1 against its surroundings.
3. At 200 % zoom (1366×768) and at 320 CSS px, in pt-BR and in en (and the session logger in pt-BR): no horizontal
   overflow of the page, no words past the window's edge, and every control inside the window when scrolled to.
   Screenshots: .build/a11y-*.png.

Usage: test_accessibility.py STUDYCTL
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright
from pagekit import axe, cli, reflow_problems, serve, unnamed_controls

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = (os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("Chromium")
            or shutil.which("Google Chrome") or "/usr/bin/chromium")
P1 = ("Entrevistadora: O que achou do aplicativo? Conte com calma.\n"
      "P1: O menu lateral some quando giro a tela. Achei a busca rápida, mas não confio no botão de salvar.\n"
      "Entrevistadora: Por quê?\n"
      "P1: Porque ele não diz se salvou. Perdi um texto ontem.\n")
P2 = "P2: A navegação é clara, mas o menu lateral é pequeno demais para o meu dedo.\n"


def make_study(folder, language):
    study = os.path.join(folder, f"study-{language}.sqlite")
    cli("init", "--title", "Oficina acessível" if language == "pt-BR" else "Accessible workshop", "--language", language, study=study)
    with open(os.path.join(folder, "participants.csv"), "w", encoding="utf-8") as f:
        f.write("participant,age,level\nP1,34,Iniciante\nP2,52,Avançado\n")
    cli("participant", "import", os.path.join(folder, "participants.csv"), study=study)
    for code, text in (("P1", P1), ("P2", P2)):
        path = os.path.join(folder, f"{code}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        cli("transcript", "add", code, path, study=study)
    cli("category", "add", "Usabilidade", "--origin", "emergent", study=study)
    cli("category", "add", "Navegação", "--origin", "emergent", "--theme", "Usabilidade", study=study)
    cli("category", "add", "Confiança", "--origin", "emergent", study=study)
    cli("category", "add", "Desempenho", "--origin", "emergent", study=study)
    cli("code", "add", "P1", "--excerpt", "Achei a busca rápida", "--code", "busca rápida", "--category", "Desempenho", "--coder", "ana", study=study)
    cli("code", "add", "P1", "--excerpt", "não confio no botão de salvar", "--code", "não confio", "--category", "Confiança", "--coder", "ana", study=study)
    cli("code", "add", "P2", "--excerpt", "o menu lateral é pequeno demais", "--code", "menu lateral é pequeno", "--category", "Navegação", "--coder", "ana", study=study)
    # A second coder, so the Compare tab has agreement to show.
    cli("code", "add", "P1", "--excerpt", "Achei a busca rápida", "--code", "busca", "--category", "Desempenho", "--coder", "bia", study=study)
    cli("memo", "add", "--on", "participant:P1", "Falou muito de confiança.", study=study)
    cli("task", "add", "T1", "--title", "Encontrar o menu", study=study)
    consent = os.path.join(folder, f"tcle-{language}.md")
    with open(consent, "w", encoding="utf-8") as f:
        f.write("# Termo de Consentimento Livre e Esclarecido\n\nVocê está sendo convidado(a) a participar de um teste de usabilidade.\n")
    cli("consent", "add", consent, "--version", "1", study=study)
    return study


def codes(study, coder="ana"):
    return json.loads(cli("code", "list", "--coder", coder, "--json", study=study))["codes"]


def wait_ok(page):
    page.wait_for_selector("#message.ok, #message.error")
    assert page.get_attribute("#message", "class") == "ok", page.inner_text("#message")


def fresh(page):
    page.evaluate("document.getElementById('message').className = ''")


def active(page):
    return page.evaluate("""() => { const a = document.activeElement;
        return a ? (a.id || (a.tagName + '.' + a.className + ':' + (a.dataset.code || a.dataset.tab || '') + ':' + a.textContent.trim().slice(0, 40))) : ''; }""")


def tab_to(page, test, limit=80):
    """Presses Tab until `test` (a JS expression over document.activeElement as `a`) holds."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const a = document.activeElement; return !!({test}); }})()"):
            return
    raise AssertionError(f"Tab never reached {test}; focus is on {active(page)}")


class Audit:
    def __init__(self):
        self.problems = []
        self.states = 0

    def check(self, page, state):
        self.states += 1
        self.problems += axe(page, state)
        self.problems += unnamed_controls(page, state)


def audit_workspace(browser, url, study, audit):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url)
    page.wait_for_selector("#participants button.participant")
    audit.check(page, "before a coder is named")
    page.fill("#coder", "ana")
    page.press("#coder", "Tab")
    page.click("button.participant[data-code=P1]")
    page.wait_for_selector("#transcript mark")
    page.wait_for_selector("ul.codings li")
    audit.check(page, "transcript open, Codings tab")
    # The coded passages name their category for a screen reader (and are underlined, not only coloured).
    snapshot = page.locator("#transcript").aria_snapshot()
    assert re.search(r"codificado: Confiança", snapshot), snapshot
    style = page.evaluate("getComputedStyle(document.querySelector('#transcript mark')).textDecorationLine")
    assert "underline" in style, style
    for tab in ("codebook", "quotes", "frequencies", "memos"):
        page.click(f".tabs button[data-tab={tab}]")
        page.wait_for_selector(f"#panel[aria-labelledby=tab-{tab}]")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(200)
        audit.check(page, f"{tab} tab")
    # The comparison is offered to whoever settles (a coder with no codes of their own), not to a blind coder.
    page.fill("#coder", "Consenso")
    page.press("#coder", "Tab")
    page.wait_for_function("() => !document.querySelector('.tabs button[data-tab=compare]').hidden")
    page.click(".tabs button[data-tab=compare]")
    page.wait_for_selector("#agreement")
    audit.check(page, "compare tab")
    page.fill("#coder", "ana")
    page.press("#coder", "Tab")
    page.wait_for_selector("#tab-codings:not([hidden])")
    page.wait_for_selector(".tabs button[data-tab=compare]", state="hidden")
    page.click(".tabs button[data-tab=codebook]")
    page.wait_for_selector("#codebook li[data-category=Confiança]")
    for button, dialog in (("edit-category", "category-dialog"), ("move-category", "move-dialog"), ("merge-category", "merge-dialog")):
        page.click(f"#codebook li[data-category=Confiança] > .actions .{button}")
        page.wait_for_selector(f"#{dialog}[open]")
        audit.check(page, f"{dialog} open")
        page.keyboard.press("Escape")
        page.wait_for_selector(f"#{dialog}:not([open])", state="attached")
    page.click(".tabs button[data-tab=codings]")
    page.wait_for_selector("ul.codings li")
    # The picker: suggestions listed and one highlighted, then the question about a new category.
    page.evaluate("""() => { const box = document.getElementById('transcript'); const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) { const at = walker.currentNode.data.indexOf('menu lateral'); if (at >= 0) {
          const r = document.createRange(); r.setStart(walker.currentNode, at); r.setEnd(walker.currentNode, at + 12);
          getSelection().removeAllRanges(); getSelection().addRange(r); return; } } }""")
    page.keyboard.press("n")
    page.wait_for_selector("#picker[open]")
    page.keyboard.type("a")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("#picker-suggestions li.active")
    audit.check(page, "picker with suggestions")
    page.fill("#picker-category", "Categoria nova")
    page.press("#picker-category", "Enter")
    page.wait_for_selector("#picker-new:not([hidden])")
    audit.check(page, "picker asking about a new category")
    page.keyboard.press("Escape")
    page.locator("ul.codings li").first.locator("button", has_text=re.compile("Editar|Edit")).click()
    page.wait_for_selector("#editor[open]")
    audit.check(page, "editor open")
    page.keyboard.press("Escape")
    page.locator("ul.codings li").first.locator("button.resize").click()
    page.wait_for_selector("#resize-start")
    audit.check(page, "moving a passage's ends")
    audit.problems += focus_outlines(page, ["#resize-start", "#resize-end"])
    page.click("#resize-cancel")
    page.focus("#transcript")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    audit.check(page, "a keyboard selection in the transcript")
    page.click("#annotate-selection")
    page.wait_for_selector("#annotator[open]")
    audit.check(page, "annotation dialog open")
    page.fill("#annotator-text", "Nota de teste")
    page.press("#annotator-text", "Enter")
    page.wait_for_selector("#annotation-list li")
    audit.check(page, "an annotation listed")
    page.fill("#search-pattern", "menu")
    page.press("#search-pattern", "Enter")
    page.wait_for_selector("#search-results:not([hidden]) #search-hits li")
    audit.check(page, "search hits")
    page.close()


def audit_across(browser, url, audit):
    """The Across tab (serve --studies), by keyboard alone: reached with End in the tab list, searched with Enter."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url)
    page.wait_for_selector("#participants button.participant")
    page.wait_for_selector("#tab-across:not([hidden])")
    page.focus("#tab-codings")
    page.keyboard.press("End")
    page.wait_for_selector("#across-form")
    assert active(page) == "tab-across", active(page)
    audit.check(page, "across tab, before a search")
    page.keyboard.press("Tab")
    tab_to(page, "a.id === 'across-query'")
    page.keyboard.type("menu*")
    page.keyboard.press("Enter")
    page.wait_for_selector("#across-hits li")
    hits = page.locator("#across-hits li").all_inner_texts()
    # Both studies answer, each hit with its study, participant and kind; the matched words are marked.
    assert any(h.startswith("study-pt-BR") for h in hits) and any(h.startswith("other") for h in hits), hits
    assert page.locator("#across-hits mark").count() >= 2
    audit.check(page, "across tab with hits")
    page.fill("#across-category", "navegacao")
    page.fill("#across-where", "LEVEL=avancado")
    page.press("#across-where", "Enter")
    page.wait_for_selector("#across-names tbody tr")
    names = page.locator("#across-names").inner_text()
    assert "Navegação" in names and "Avançado" in names, names
    audit.check(page, "across tab with the names matched in each study")
    audit.problems += reflow_problems(page, "across tab at 1400 px")
    page.fill("#across-query", "\"menu")
    page.press("#across-query", "Enter")
    page.wait_for_selector("#message.error")
    assert "SQLite" not in page.inner_text("#message") and "fts5" not in page.inner_text("#message"), page.inner_text("#message")
    audit.check(page, "across tab refusing a bad query")
    page.set_viewport_size({"width": 320, "height": 700})
    page.fill("#across-query", "menu*")
    page.press("#across-query", "Enter")
    page.wait_for_selector("#across-hits li")
    audit.problems += reflow_problems(page, "across tab at 320 px")
    page.screenshot(path=os.path.join(ROOT, ".build", "a11y-across-320.png"))
    page.close()


def audit_moderator(browser, url, audit):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(url.replace("/?token", "/moderator?token"))
    page.wait_for_selector("#participant option[value=P1]", state="attached")
    audit.check(page, "session logger before a session")
    page.fill("#observer", "Ana")
    page.press("#observer", "Tab")
    page.click("#open")
    page.wait_for_selector("#logger:not([hidden])")
    page.wait_for_selector("tr.current[data-task=T1]")
    audit.check(page, "session logger during a session")
    page.close()
    for name, viewport, scale in (("zoom200", {"width": 683, "height": 384}, 2), ("320px", {"width": 320, "height": 640}, 1)):
        page = browser.new_page(viewport=viewport, device_scale_factor=scale)
        page.goto(url.replace("/?token", "/moderator?token"))
        page.wait_for_selector("#participant option[value=P1]", state="attached")
        page.fill("#observer", "Ana")
        page.press("#observer", "Tab")
        page.click("#open")
        page.wait_for_selector("tr.current[data-task=T1]")
        audit.problems += reflow_problems(page, f"session logger {name}")
        page.screenshot(path=os.path.join(ROOT, ".build", f"a11y-moderator-{name}.png"), full_page=True)
        page.close()


def audit_participant_screen(browser, url, audit, reflowed):
    """The participant screen (/p/…) opened from the session logger for P2: the consent, a questionnaire (desktop and
    a 320 px phone, where it shows one question at a time) and the thanks at the end."""
    logger = browser.new_page(viewport={"width": 1100, "height": 900})
    logger.on("dialog", lambda dialog: dialog.accept())
    logger.goto(url.replace("/?token", "/moderator?token"))
    logger.wait_for_selector("#participant option[value=P2]", state="attached")
    logger.select_option("#participant", "P2")
    logger.click("#open")
    logger.wait_for_selector("#logger:not([hidden])")
    logger.click("#ps-open")
    logger.wait_for_selector("#ps-link-box:not([hidden])")
    audit.check(logger, "session logger with the participant screen's link")
    device = browser.new_context(viewport={"width": 1100, "height": 900})
    screen = device.new_page()
    screen.goto(re.match(r"http://[^/]+", url).group(0) + logger.get_attribute("#ps-link", "href"))
    screen.wait_for_selector("#consent:not([hidden])")
    audit.check(screen, "participant screen: consent")
    screen.click("#agree")
    logger.select_option("#ps-instrument", "sus")
    logger.click("#ps-send")
    screen.wait_for_selector("#questionnaire:not([hidden]) fieldset.item")
    audit.check(screen, "participant screen: questionnaire")
    screen.set_viewport_size({"width": 320, "height": 640})
    screen.wait_for_function("() => [...document.querySelectorAll('#form-items fieldset')].filter((n) => !n.hidden).length === 1")
    audit.check(screen, "participant screen: questionnaire at 320 px")
    reflowed += reflow_problems(screen, "participant screen: questionnaire at 320 px")
    screen.screenshot(path=os.path.join(ROOT, ".build", "a11y-participant-320px.png"), full_page=True)
    logger.click("#b-end")
    screen.wait_for_selector("#notice:not([hidden])")
    screen.wait_for_function("() => document.getElementById('notice-heading').textContent.length > 0")
    audit.check(screen, "participant screen: thanks at 320 px")
    device.close()
    logger.close()


FOCUS_CONTRAST = """(selector) => {
    const node = document.querySelector(selector);
    node.focus();
    const style = getComputedStyle(node);
    const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    // The outline is drawn outside the element: against its container's background.
    let around = node.parentElement;
    while (around && (rgb(getComputedStyle(around).backgroundColor)[3] === 0 || getComputedStyle(around).backgroundColor === 'transparent')) around = around.parentElement;
    const back = around ? rgb(getComputedStyle(around).backgroundColor) : [255, 255, 255];
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(back)];
    return { visible: node.matches(':focus-visible'), style: style.outlineStyle, width: parseFloat(style.outlineWidth),
             contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
}"""


def focus_outlines(page, selectors):
    """Each control's keyboard focus outline: solid, at least 2 px, and 3:1 or more against what surrounds it."""
    problems = []
    for selector in selectors:
        found = page.evaluate(FOCUS_CONTRAST, selector)
        if found["style"] == "none" or found["width"] < 2 or found["contrast"] < 3:
            problems.append(f"focus outline of {selector}: {found}")
    return problems


def keyboard_only(browser, url, study):
    """Everything below is done with keys; the mouse is never used."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url)
    page.wait_for_selector("#participants button.participant")
    tab_to(page, "a.id === 'coder'")
    page.keyboard.type("carla")
    tab_to(page, "a.dataset && a.dataset.code === 'P1'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#transcript:has-text('menu lateral')")
    page.wait_for_timeout(300)
    # Focus stays on the participant's button (drawn anew), not on the top of the page.
    assert page.evaluate("document.activeElement.dataset.code") == "P1", active(page)
    tab_to(page, "a.id === 'transcript'")
    # Word by word to "menu", then Shift+→ grows the selection to "menu lateral".
    for _ in range(20):
        page.keyboard.press("ArrowRight")
        if page.evaluate("getSelection().toString()") == "menu":
            break
    assert page.evaluate("getSelection().toString()") == "menu", page.evaluate("getSelection().toString()")
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate("getSelection().toString()") == "menu lateral", page.evaluate("getSelection().toString()")
    assert "menu lateral" in page.inner_text("#kb-status")
    # ↓ the sentence the words are in, ↓ the next; Page Down a turn (without the speaker's label), then back to words.
    selected = lambda: page.evaluate("getSelection().toString()")
    page.keyboard.press("ArrowDown")
    assert selected() == "O menu lateral some quando giro a tela.", selected()
    page.keyboard.press("ArrowDown")
    assert selected() == "Achei a busca rápida, mas não confio no botão de salvar.", selected()
    page.keyboard.press("PageDown")
    assert selected().startswith("O menu lateral some") and selected().endswith("salvar."), selected()
    page.keyboard.press("PageDown")
    assert selected() == "Por quê?", selected()
    page.keyboard.press("Shift+PageDown")
    assert " ".join(selected().split()) == "Por quê? P1: Porque ele não diz se salvou. Perdi um texto ontem.", selected()
    page.keyboard.press("PageUp")
    page.keyboard.press("PageUp")
    assert selected().startswith("O menu lateral some"), selected()
    page.keyboard.press("ArrowDown")
    assert selected() == "O menu lateral some quando giro a tela.", selected()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate("getSelection().toString()") == "menu lateral"
    # "n" codes it: the category picked with ArrowDown and Enter (Enter takes the suggestion, the next Enter saves).
    page.keyboard.press("n")
    page.wait_for_selector("#picker[open]")
    assert page.evaluate("document.activeElement.id") == "picker-category"
    page.keyboard.type("nav")
    page.keyboard.press("ArrowDown")
    assert page.get_attribute("#picker-category", "aria-activedescendant") == "picker-option-0"
    assert page.inner_text("#picker-suggestions li.active") == "Navegação"
    page.keyboard.press("Enter")
    assert page.input_value("#picker-category") == "Navegação"
    assert page.evaluate("document.getElementById('picker').open")
    fresh(page)
    page.keyboard.press("Enter")
    wait_ok(page)
    page.wait_for_selector("#transcript mark:has-text('menu lateral')")
    coded = [c for c in codes(study, "carla") if c["excerpt"] == "menu lateral"]
    assert len(coded) == 1 and coded[0]["categories"] == ["Navegação"], codes(study, "carla")
    # Focus came back to the transcript.
    assert page.evaluate("document.activeElement.id") == "transcript", active(page)
    # Ctrl+Z undoes the coding.
    fresh(page)
    page.keyboard.press("Control+z")
    wait_ok(page)
    assert not codes(study, "carla"), codes(study, "carla")
    # Coded again, then in the search field: Ctrl+Z undoes the typing there, not the coding; once the search is sent
    # (its typing entered), Ctrl+Z from that field undoes the coding. The keyboard's place stayed: ← selects "menu" again.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+ArrowRight")
    assert page.evaluate("getSelection().toString()") == "menu lateral"
    page.keyboard.press("n")
    page.wait_for_selector("#picker[open]")
    page.keyboard.type("Confi")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    fresh(page)
    page.keyboard.press("Enter")
    wait_ok(page)
    assert [c["categories"] for c in codes(study, "carla")] == [["Confiança"]], codes(study, "carla")
    page.keyboard.press("Shift+Tab")
    for _ in range(40):
        if page.evaluate("document.activeElement.id") == "search-pattern":
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "search-pattern", active(page)
    page.keyboard.type("salvou")
    page.keyboard.press("Control+z")
    page.wait_for_timeout(300)
    assert page.input_value("#search-pattern") == "", page.input_value("#search-pattern")
    assert len(codes(study, "carla")) == 1
    page.keyboard.type("salvou")
    page.keyboard.press("Enter")
    page.wait_for_selector("#search-results:not([hidden]) #search-hits li")
    fresh(page)
    page.keyboard.press("Control+z")
    wait_ok(page)
    assert not codes(study, "carla"), codes(study, "carla")
    assert page.input_value("#search-pattern") == "salvou"
    # The tabs: a tablist whose arrows move the selection.
    tab_to(page, "a.getAttribute('role') === 'tab'")
    assert page.evaluate("document.activeElement.dataset.tab") == "codings"
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#tab-codebook[aria-selected=true]")
    assert page.evaluate("document.activeElement.id") == "tab-codebook"
    page.wait_for_selector("#codebook li[data-category=Confiança]")
    # End: the last tab — the Across tab, which this server (serve --studies) shows; ← the Memos tab before it.
    page.keyboard.press("End")
    page.wait_for_selector("#tab-across[aria-selected=true]")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#tab-memos[aria-selected=true]")
    page.keyboard.press("Home")
    page.wait_for_selector("#tab-codings[aria-selected=true]")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#codebook li[data-category=Confiança]")
    # Moving Confiança under the theme Usabilidade from its Move button: no dragging.
    tab_to(page, "a.classList.contains('move-category') && a.closest('li').dataset.category === 'Confiança'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#move-dialog[open]")
    assert page.evaluate("document.activeElement.id") == "move-dialog-theme"
    page.keyboard.type("Usab")
    assert page.input_value("#move-dialog-theme") == "Usabilidade", page.input_value("#move-dialog-theme")
    tab_to(page, "a.id === 'move-dialog-save'")
    fresh(page)
    page.keyboard.press("Enter")
    wait_ok(page)
    page.wait_for_selector("#codebook li[data-category=Usabilidade] li[data-category=Confiança]")
    categories = {c["name"]: c for c in json.loads(cli("codebook", "--format", "json", study=study))["categories"]}
    assert categories["Confiança"].get("theme") == "Usabilidade", categories["Confiança"]
    # Focus is on the moved category's Move button, in its new place.
    assert page.evaluate("document.activeElement.closest('li').dataset.category") == "Confiança", active(page)
    # Every focus outline a keyboard user sees, at 3:1 or more (the header's dark band included).
    page.keyboard.press("Tab")
    outlines = focus_outlines(page, ["#coder", "#undo", "button.participant", "#search-pattern", "#transcript", "#tab-codebook",
                                     "#codebook .move-category", "#panel"])
    assert not outlines, "\n".join(outlines)
    page.close()


def reflow(browser, url, language, problems):
    for name, viewport, scale in (("zoom200", {"width": 683, "height": 384}, 2), ("320px", {"width": 320, "height": 640}, 1)):
        page = browser.new_page(viewport=viewport, device_scale_factor=scale)
        page.goto(url)
        page.wait_for_selector("#participants button.participant")
        page.fill("#coder", "ana")
        page.press("#coder", "Tab")
        page.click("button.participant[data-code=P1]")
        page.wait_for_selector("ul.codings li")
        shot = lambda what: page.screenshot(path=os.path.join(ROOT, ".build", f"a11y-{language}-{name}-{what}.png"), full_page=True)
        problems += reflow_problems(page, f"{language} {name} codings")
        shot("codings")
        for tab in ("codebook", "frequencies", "quotes"):
            page.click(f".tabs button[data-tab={tab}]")
            page.wait_for_selector(f"#panel[aria-labelledby=tab-{tab}]")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(200)
            problems += reflow_problems(page, f"{language} {name} {tab}")
            shot(tab)
        page.fill("#search-pattern", "menu")
        page.press("#search-pattern", "Enter")
        page.wait_for_selector("#search-results:not([hidden]) #search-hits li")
        problems += reflow_problems(page, f"{language} {name} search")
        page.focus("#transcript")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("n")
        page.wait_for_selector("#picker[open]")
        problems += reflow_problems(page, f"{language} {name} picker")
        page.screenshot(path=os.path.join(ROOT, ".build", f"a11y-{language}-{name}-picker.png"))
        page.close()


def main():
    folder = tempfile.mkdtemp(prefix="studyctl-a11y-")
    servers = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            audit = Audit()
            reflowed = []
            # Another study for the Across tab, read beside the first.
            other_folder = os.path.join(folder, "other")
            os.makedirs(other_folder)
            other = make_study(other_folder, "en")
            os.rename(other, os.path.join(other_folder, "other.sqlite"))
            other = os.path.join(other_folder, "other.sqlite")
            for language in ("pt-BR", "en"):
                study = make_study(folder, language)
                server, url = serve(study, *(["--studies", study, other] if language == "pt-BR" else []))
                servers.append(server)
                if language == "pt-BR":
                    audit_across(browser, url, audit)
                    audit_workspace(browser, url, study, audit)
                    audit_moderator(browser, url, audit)
                    keyboard_only(browser, url, study)
                    audit_participant_screen(browser, url, audit, reflowed)
                reflow(browser, url, language, reflowed)
            browser.close()
        assert not audit.problems, f"{len(audit.problems)} accessibility problems:\n" + "\n".join(audit.problems)
        assert not reflowed, f"{len(reflowed)} reflow problems:\n" + "\n".join(reflowed)
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"accessibility browser test passed: 0 axe violations and every control named in {audit.states} page states; coded, undone, "
          "picked and moved by keyboard alone; no reflow loss at 200 % and 320 px in pt-BR and en")


if __name__ == "__main__":
    main()
