#!/usr/bin/env python3
"""REFI-QDA exchange tested with real peers from PyPI: qualitative-coding (`qc`) and Taguette.

1. Its bundled demo project (selections named "line:6", a label, not the selected text) imports into studyctl with
   every coding (205).
2. The UITracking demo study (108 codings by two coders) exported by studyctl, imported by `qc init -i`, exported
   again by `qc export` and imported back into studyctl keeps every coding, both coders and every category.

3. Taguette's own codebook exports (its .qdc, with an empty <Sets/>, and its CSV: tag, description, counts) import
   into studyctl with every tag; studyctl's `codebook --format csv` imports into Taguette (its list_tags) with every
   category and definition.

qc 1.7.8's importer stops at a `breakpoint()` left in its code; PYTHONBREAKPOINT=0 lets it run through.
The two peers cannot share an environment (their pins conflict): run once per peer.
Usage: exchange_test.py qc|taguette STUDYCTL VENV_BIN_DIR. Prints 'N passed, N failed'.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

PEER = sys.argv[1]
STUDYCTL = os.path.abspath(sys.argv[2])
BIN = os.path.abspath(sys.argv[3])
passed = failed = 0


def check(condition, message):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print("FAILED:", message)


def run(args, cwd, **kwargs):
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                            env=dict(os.environ, PYTHONBREAKPOINT="0"), **kwargs)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {result.returncode}: {result.stdout}\n{result.stderr}")
    return result.stdout


def qualitative_coding(folder):
    import importlib.resources
    demo = str(importlib.resources.files("qualitative_coding") / "demo.qdpx")
    out = run([STUDYCTL, "import", "qdpx", demo, "--db", "qc-demo.sqlite"], folder)
    codes = json.loads(run([STUDYCTL, "code", "list", "--json", "--db", "qc-demo.sqlite"], folder))["codes"]
    check(len(codes) >= 200, f"qc's demo project: {len(codes)} codings imported, expected 205\n{out}")
    # The study the import creates is in Portuguese (the default), and so is what studyctl says about it.
    check("são rótulos, não o texto selecionado" in out, f"the labels are reported once per source\n{out}")

    run([STUDYCTL, "demo", "-o", "demo"], folder)
    study = os.path.join(folder, "demo", "uitracking", "uitracking.sqlite")
    before = json.loads(run([STUDYCTL, "code", "list", "--json", "--db", study], folder))["codes"]
    run([STUDYCTL, "export", "qdpx", "ui.qdpx", "--db", study], folder)
    os.mkdir(os.path.join(folder, "qc"))
    run([os.path.join(BIN, "qc"), "init", "-i", "../ui.qdpx"], os.path.join(folder, "qc"))
    coders = run([os.path.join(BIN, "qc"), "coders"], os.path.join(folder, "qc")).split()
    check(sorted(coders) == ["Autora", "Revisor"], f"qc reads both coders: {coders}")
    run([os.path.join(BIN, "qc"), "export", "../back.qdpx"], os.path.join(folder, "qc"))
    out = run([STUDYCTL, "import", "qdpx", "back.qdpx", "--db", "back.sqlite"], folder)
    after = json.loads(run([STUDYCTL, "code", "list", "--json", "--db", "back.sqlite"], folder))["codes"]
    check(len(after) == len(before) == 108, f"studyctl → qc → studyctl: {len(after)} of {len(before)} codings\n{out}")

    def key(code):
        return (code["participant"], code["code"], tuple(sorted(code["categories"])), code.get("coder"))

    check(sorted(map(key, after)) == sorted(map(key, before)), "every coding comes back with its participant, wording, categories and coder")

def taguette(folder):
    from taguette import export
    from taguette.import_codebook import list_tags

    class Tag:
        def __init__(self, path, description):
            self.path, self.description, self.highlights_count, self.documents_count = path, description, 2, 1

    tags = [Tag("interface", ""), Tag("navegação", "Onde ir e como voltar"), Tag("erro, mensagem", "com vírgula")]
    export.codebook_xml(tags, os.path.join(folder, "tg.qdc"))
    export.codebook_csv(tags, os.path.join(folder, "tg.csv"))
    run([STUDYCTL, "init", "--title", "T", "--db", "a.sqlite"], folder)
    run([STUDYCTL, "import", "qdc", "tg.qdc", "--db", "a.sqlite"], folder)
    names = [c["name"] for c in json.loads(run([STUDYCTL, "codebook", "--format", "json", "--db", "a.sqlite"], folder))["categories"]]
    check(sorted(names) == sorted(t.path for t in tags), f"Taguette's .qdc: {names}")
    run([STUDYCTL, "init", "--title", "T", "--db", "b.sqlite"], folder)
    run([STUDYCTL, "category", "import", "tg.csv", "--db", "b.sqlite"], folder)
    categories = json.loads(run([STUDYCTL, "codebook", "--format", "json", "--db", "b.sqlite"], folder))["categories"]
    check(sorted((c["name"], c.get("definition") or "") for c in categories) == sorted((t.path, t.description) for t in tags),
          f"Taguette's codebook CSV: {categories}")
    study = os.path.join(folder, "demo", "uitracking", "uitracking.sqlite")
    run([STUDYCTL, "demo", "-o", "demo"], folder)
    with open(os.path.join(folder, "cb.csv"), "w") as f:
        f.write(run([STUDYCTL, "codebook", "--format", "csv", "--db", study], folder))
    ours = json.loads(run([STUDYCTL, "codebook", "--format", "json", "--db", study], folder))["categories"]
    with open(os.path.join(folder, "cb.csv"), "rb") as f:
        read = list_tags(f)
    check(sorted((t["path"], t["description"]) for t in read) == sorted((c["name"], c.get("definition") or "") for c in ours),
          f"Taguette reads studyctl's codebook CSV: {len(read)} of {len(ours)}")

with tempfile.TemporaryDirectory() as folder:
    (qualitative_coding if PEER == "qc" else taguette)(folder)
print(f"{PEER}: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
