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


def serve(study):
    server = subprocess.Popen([STUDYCTL, "serve", "--port", "0", "--db", study], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
