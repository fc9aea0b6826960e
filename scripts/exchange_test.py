#!/usr/bin/env python3
"""REFI-QDA exchange tested with a real peer: qualitative-coding (`qc`), run here from PyPI.

1. Its bundled demo project (selections named "line:6", a label, not the selected text) imports into studyctl with
   every coding (205).
2. The UITracking demo study (108 codings by two coders) exported by studyctl, imported by `qc init -i`, exported
   again by `qc export` and imported back into studyctl keeps every coding, both coders and every category.

qc 1.7.8's importer stops at a `breakpoint()` left in its code; PYTHONBREAKPOINT=0 lets it run through.
Usage: exchange_test.py STUDYCTL QC_BIN_DIR. Prints 'N passed, N failed'.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

STUDYCTL = os.path.abspath(sys.argv[1])
BIN = os.path.abspath(sys.argv[2])
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


with tempfile.TemporaryDirectory() as folder:
    import importlib.resources
    demo = str(importlib.resources.files("qualitative_coding") / "demo.qdpx")
    out = run([STUDYCTL, "import", "qdpx", demo, "--db", "qc-demo.sqlite"], folder)
    codes = json.loads(run([STUDYCTL, "code", "list", "--json", "--db", "qc-demo.sqlite"], folder))["codes"]
    check(len(codes) >= 200, f"qc's demo project: {len(codes)} codings imported, expected 205\n{out}")
    check("are labels, not the selected text" in out, "the labels are reported once per source")

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

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
