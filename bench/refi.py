"""REFI-QDA import benchmark: an NVivo-like project (UTF-16 positions, CRLF, emoji, empty selection names) with one
source of 620,000 characters and 400 codings, imported by `studyctl import qdpx` into a new study.

Usage: bench/refi.py STUDYCTL WORKDIR   (make bench-refi). Goal: under 5 s (it took 28 s for 330 codings before the
text was indexed once per source)."""
import os, subprocess, sys, time, uuid, zipfile

studyctl, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
line = "Participante: o menu some às vezes 😀 e volta depois de um tempo.\r\n"
text = line * (int(os.environ.get("REFI_CHARS", "620000")) // len(line) + 1)
units = len(line.encode("utf-16-le")) // 2
selections = []
for index in range(int(os.environ.get("REFI_CODINGS", "400"))):
    at = index * 23 * units + 14
    selections.append(f'<PlainTextSelection guid="{uuid.uuid4()}" name="" startPosition="{at}" endPosition="{at + 14}">'
                      f'<Coding guid="{uuid.uuid4()}" creationDateTime="2019-03-04T10:11:12Z"><CodeRef targetGUID="c1"/></Coding></PlainTextSelection>')
qde = ('<?xml version="1.0" encoding="utf-8"?><Project xmlns="urn:QDA-XML:project:1.0" name="Long" origin="NVivo 12.7 (Mac)">'
       '<CodeBook><Codes><Code guid="c1" name="menu" isCodable="true"/></Codes></CodeBook>'
       '<Sources><TextSource guid="s1" name="Longo" plainTextPath="internal://s1.txt">' + "".join(selections) +
       '</TextSource></Sources></Project>')
project = os.path.join(work, "refi-long.qdpx")
with zipfile.ZipFile(project, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("project.qde", qde)
    archive.writestr("sources/s1.txt", text.encode("utf-8"))
study = os.path.join(work, "refi-long.sqlite")
if os.path.exists(study):
    os.remove(study)
start = time.monotonic()
done = subprocess.run([studyctl, "import", "qdpx", project, "--db", study], capture_output=True, text=True)
elapsed = time.monotonic() - start
print(f"| REFI-QDA import, {len(text):,} characters, {len(selections)} codings (UTF-16, NVivo) | {elapsed:.2f} s | exit {done.returncode} |")
if done.returncode != 0:
    print(done.stderr, file=sys.stderr)
    sys.exit(1)
