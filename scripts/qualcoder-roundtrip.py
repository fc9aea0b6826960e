#!/usr/bin/env python3
"""By hand (QualCoder is not on PyPI): a studyctl study through QualCoder's own REFI-QDA importer and exporter and
back, offscreen. Needs a QualCoder source checkout and a venv with PyQt6, pymupdf and pillow:

    python3 -m venv /tmp/qcv && /tmp/qcv/bin/pip install PyQt6 pymupdf pillow
    /tmp/qcv/bin/python scripts/qualcoder-roundtrip.py QUALCODER/src .build/debug/studyctl STUDY.sqlite WORKDIR

QualCoder's RefiImport reads studyctl's export into a fresh QualCoder project (its schema taken from its own
__main__.py); the script prints what QualCoder stored (codings, coders, codings without a code, positions that read
their text, journals); then QualCoder's RefiExport writes the project and studyctl imports it, and every coding is
compared (participant, wording, categories, coder, span). The file dialogs and message boxes are stubbed.
"""
import glob, json, os, shutil, sqlite3, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# QualCoder has read studyctl's export into a fresh project (conn) when this import returns.
from qualcoder_offscreen import QtWidgets, SRC, STUDY, STUDYCTL, WORK, app, conn, project, qdpx, qt, refi, studyctl
q = lambda sql: conn.execute(sql).fetchall()
print(json.dumps({
    "codings": q("select count(*) from code_text")[0][0],
    "codings without a code": q("select count(*) from code_text where cid not in (select cid from code_name)")[0][0],
    "codings per coder": dict(q("select owner, count(*) from code_text group by owner")),
    "positions that read their text": q("select count(*) from code_text ct join source s on s.id = ct.fid "
                                        "where substr(s.fulltext, ct.pos0 + 1, ct.pos1 - ct.pos0) = ct.seltext")[0][0],
    "journals": [r[0] for r in q("select name from journal")],
}, ensure_ascii=False, indent=1))
refi.RefiExport(app, QtWidgets.QTextEdit(), "project")
back = glob.glob(os.path.join(WORK, "*.qdpx"))
back = [p for p in back if p != qdpx][0]
print(studyctl("import", "qdpx", back, "--db", os.path.join(WORK, "back.sqlite")).splitlines()[0])

def codes(db):
    return sorted((c["participant"], c["code"], tuple(sorted(c["categories"])), c.get("coder"), c["spanStart"], c["spanEnd"])
                  for c in json.loads(studyctl("code", "list", "--json", "--db", db))["codes"])
before, after = codes(STUDY), codes(os.path.join(WORK, "back.sqlite"))
print(f"studyctl → QualCoder → studyctl: {len(after)} of {len(before)} codings, identical: {before == after}")
sys.exit(0 if before == after else 1)
