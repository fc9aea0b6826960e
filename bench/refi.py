#!/usr/bin/env python3
"""REFI-QDA import benchmark: an NVivo-like project (UTF-16 positions, CRLF, emoji, empty selection names) with one
source of 620,000 characters, imported by `studyctl import qdpx` into a new study: with 400 codings and, as the
reference in the same run, with 40.

Usage: bench/refi.py STUDYCTL WORKDIR   (make bench-refi). Goal: the 400-coding import within 1.5 times the 40-coding
one, so time grows with the text and not with codings × text (before the text was indexed once per source, 330
codings on such a source took 28 s). The absolute times are printed too."""
import os, subprocess, sys, time, uuid, zipfile

studyctl, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
line = "Participante: o menu some às vezes 😀 e volta depois de um tempo.\r\n"
text = line * (int(os.environ.get("REFI_CHARS", "620000")) // len(line) + 1)
units = len(line.encode("utf-16-le")) // 2


def run(codings):
    selections = []
    for index in range(codings):
        at = index * 23 * units + 14
        selections.append(f'<PlainTextSelection guid="{uuid.uuid4()}" name="" startPosition="{at}" endPosition="{at + 14}">'
                          f'<Coding guid="{uuid.uuid4()}" creationDateTime="2019-03-04T10:11:12Z"><CodeRef targetGUID="c1"/></Coding></PlainTextSelection>')
    qde = ('<?xml version="1.0" encoding="utf-8"?><Project xmlns="urn:QDA-XML:project:1.0" name="Long" origin="NVivo 12.7 (Mac)">'
           '<CodeBook><Codes><Code guid="c1" name="menu" isCodable="true"/></Codes></CodeBook>'
           '<Sources><TextSource guid="s1" name="Longo" plainTextPath="internal://s1.txt">' + "".join(selections) +
           '</TextSource></Sources></Project>')
    project = os.path.join(work, f"refi-long-{codings}.qdpx")
    with zipfile.ZipFile(project, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("project.qde", qde)
        archive.writestr("sources/s1.txt", text.encode("utf-8"))
    study = os.path.join(work, f"refi-long-{codings}.sqlite")
    if os.path.exists(study):
        os.remove(study)
    start = time.monotonic()
    done = subprocess.run([studyctl, "import", "qdpx", project, "--db", study], capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        sys.exit(1)
    return elapsed


reference = run(40)
measured = run(400)
ratio = measured / reference
print(f"| REFI-QDA import, {len(text):,} characters (UTF-16, NVivo): 400 codings vs 40 | {measured:.2f} s vs {reference:.2f} s | "
      f"ratio {ratio:.2f} (goal ≤ 1.5) | {'ok' if ratio <= 1.5 else 'MISSED'} |")
