"""What the page tests share: the binary under test (the first argument), running it, serving a study, and reading
the page's messages. Each test imports what it uses; a test whose helper differs keeps its own."""
import os
import re
import subprocess
import sys

STUDYCTL = os.path.abspath(sys.argv[1])


def cli(*arguments, study):
    result = subprocess.run([STUDYCTL, *arguments, "--db", study], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"studyctl {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def serve(study, *extra):
    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study, *extra], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}", line)
        if found:
            return server, found.group(0)
    server.terminate()
    raise SystemExit("studyctl serve printed no address")


def message(page):
    page.wait_for_selector("#message.ok, #message.error")
    return page.locator("#message").get_attribute("class"), page.locator("#message").inner_text()


def fresh(page):
    page.evaluate("document.getElementById('message').className = ''; document.getElementById('message').textContent = ''")


def select(page, words):
    """Selects the first appearance of `words` in the transcript as a person's drag would leave it."""
    page.evaluate("""(words) => {
        const box = document.getElementById('transcript');
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        const nodes = []; let text = '';
        while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
        const at = text.indexOf(words);
        const locate = (offset) => { for (const [node, start] of nodes) if (offset <= start + node.data.length) return [node, offset - start]; };
        const range = document.createRange();
        range.setStart(...locate(at)); range.setEnd(...locate(at + words.length));
        const selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range);
    }""", words)


# The names some tests read them by.
wait_message = message
fresh_message = fresh


# ---- Accessibility: axe-core from the pip package axe-playwright-python (its bundled axe.min.js; no network at test
# time), with the WCAG 2.0/2.1/2.2 A and AA rules, and Chromium's own accessibility tree.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
_axe_script = None


def axe_source():
    global _axe_script
    if _axe_script is None:
        import axe_playwright_python
        with open(os.path.join(os.path.dirname(axe_playwright_python.__file__), "axe.min.js"), encoding="utf-8") as f:
            _axe_script = f.read()
    return _axe_script


def axe(page, state):
    """The axe violations of the page as it is now, each as 'rule (impact): target — summary' with `state` before it."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    result = page.evaluate("(tags) => axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })", AXE_TAGS)
    found = []
    for violation in result["violations"]:
        for node in violation["nodes"]:
            found.append(f"{state}: {violation['id']} ({violation['impact']}): {' '.join(map(str, node['target']))} — {node.get('failureSummary', '').splitlines()[-1:]}")
    return found


# Roles a person operates: each needs a name in the accessibility tree.
CONTROL_ROLES = {"button", "textbox", "searchbox", "combobox", "checkbox", "radio", "tab", "listbox", "option", "slider", "spinbutton",
                 "link", "menuitem", "switch", "treeitem", "tabpanel", "dialog", "region"}


def unnamed_controls(page, state):
    """Controls in Chromium's accessibility tree (the one screen readers read) without a name."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    missing = []
    for node in nodes:
        if node.get("ignored"):
            continue
        role = (node.get("role") or {}).get("value")
        name = ((node.get("name") or {}).get("value") or "").strip()
        if role in CONTROL_ROLES and not name:
            missing.append(f"{state}: a {role} without a name (backend node {node.get('backendDOMNodeId')})")
    return missing


def reflow_problems(page, state):
    """What is lost at this width: the page wider than the window, or a control that stays outside the window when
    scrolled to."""
    problems = []
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    if wide[0] > wide[1] + 1:
        problems.append(f"{state}: the page is {wide[0]} px wide in a window of {wide[1]} px")
    outside = page.evaluate("""() => {
        const controls = [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex], video')]
          .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== 'hidden' && !node.closest('[hidden]'))
          .filter((node) => !node.closest('dialog') || node.closest('dialog').open);
        const out = [];
        for (const node of controls) {
          node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const box = node.getBoundingClientRect();
          // Wider than the window (a long field): its start must show; otherwise the whole of it.
          const fits = box.width > window.innerWidth ? box.left >= -1 : box.left >= -1 && box.right <= window.innerWidth + 1;
          if (!fits) out.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className} «${(node.textContent || node.placeholder || '').trim().slice(0, 30)}» at ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
        window.scrollTo(0, 0);
        return out;
    }""")
    problems += [f"{state}: {where} outside a window of {wide[1]} px" for where in outside]
    # Words cut off at the window's edge: any element with text of its own that ends past the window, unless a box of
    # its own scrolls it (a wide table in its scrolling box) or it is hidden from sight (visually-hidden text).
    cut = page.evaluate("""() => {
        const out = [];
        const scrolls = (node) => { for (let n = node.parentElement; n && n !== document.body; n = n.parentElement) {
          const o = getComputedStyle(n).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true; } return false; };
        for (const node of document.querySelectorAll('body *')) {
          if (![...node.childNodes].some((c) => c.nodeType === 3 && c.data.trim())) continue;
          if (!node.getClientRects().length || node.closest('[hidden], dialog:not([open])') || scrolls(node)) continue;
          const box = node.getBoundingClientRect();
          if (box.width > 1 && box.right > window.innerWidth + 1) out.push(`${node.tagName.toLowerCase()}.${node.className} «${node.textContent.trim().slice(0, 30)}» ends at ${Math.round(box.right)}`);
        }
        return out;
    }""")
    problems += [f"{state}: {where}, past a window of {wide[1]} px" for where in cut]
    return problems
