#!/usr/bin/env python3
"""By hand (QualCoder is not on PyPI): a studyctl study with recordings through QualCoder's own REFI-QDA importer and
exporter and back, offscreen. Needs a QualCoder source checkout and a venv with PyQt6, pymupdf and pillow:

    python3 -m venv /tmp/qcv && /tmp/qcv/bin/pip install PyQt6 pymupdf pillow
    /tmp/qcv/bin/python scripts/qualcoder-media-roundtrip.py QUALCODER/src .build/debug/studyctl STUDY.sqlite WORKDIR

studyctl exports the study (`export qdpx`, recordings inside); QualCoder's RefiImport reads it into a fresh QualCoder
project (its schema from its own __main__.py); the script notes what QualCoder stored: each recording (its
media path and whether the file is in the project's audio or video folder), each transcript (its text, and whether it is
studyctl's text), and each coding of a transcript (code, positions, the text at them, the recording it belongs to).
Then QualCoder's RefiExport writes the project, studyctl imports it into WORKDIR/back.sqlite, and the script prints
that study's recordings, transcripts and codings beside the first study's, all into WORKDIR/report.json. The test
(REFIQualCoderMediaTests) judges.
"""
import glob, json, os, shutil, sqlite3, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# QualCoder has read studyctl's export into a fresh project (conn) when this import returns.
from qualcoder_offscreen import QtWidgets, SRC, STUDY, STUDYCTL, WORK, app, conn, project, qdpx, qt, refi, studyctl
q = lambda sql, *args: conn.execute(sql, args).fetchall()
stored = {"recordings": [], "transcripts": [], "codings": []}
for sid, name, mediapath in q("select id, name, mediapath from source where mediapath like '/audio/%' or mediapath like '/video/%' order by name"):
    stored["recordings"].append({"name": name, "mediapath": mediapath, "fileInProject": os.path.isfile(project + mediapath)})
for sid, name, text in q("select id, name, fulltext from source where mediapath is null order by name"):
    stored["transcripts"].append({"name": name, "text": text})
for cid, name, fid, pos0, pos1, seltext, owner, avid in q(
        "select ct.cid, cn.name, ct.fid, ct.pos0, ct.pos1, ct.seltext, ct.owner, ct.avid from code_text ct "
        "left join code_name cn on cn.cid = ct.cid order by ct.fid, ct.pos0"):
    source = q("select name, fulltext from source where id = ?", fid)[0]
    media = q("select name from source where id = ?", avid) if avid is not None else []
    stored["codings"].append({"code": name, "transcript": source[0], "pos0": pos0, "pos1": pos1, "seltext": seltext,
                              "textAtPositions": source[1][pos0:pos1], "owner": owner, "recording": media[0][0] if media else None})

refi.RefiExport(app, QtWidgets.QTextEdit(), "project")
back = [p for p in glob.glob(os.path.join(WORK, "*.qdpx")) if p != qdpx][0]
back_db = os.path.join(WORK, "back.sqlite")
imported = studyctl("import", "qdpx", back, "--db", back_db)

def study(db):
    media = json.loads(studyctl("media", "list", "--json", "--db", db))["media"]
    out = {"recordings": [{k: m.get(k) for k in ("participant", "kind", "sha256", "transcript", "transcriptTimed")} for m in media],
           "transcripts": {}}
    for participant in sorted({c["participant"] for c in json.loads(studyctl("code", "list", "--json", "--db", db))["codes"]}):
        shown = json.loads(studyctl("transcript", "show", participant, "--json", "--db", db))
        out["transcripts"][participant] = {
            "text": shown["text"], "turns": len(shown["turns"]),
            "codings": sorted([c["code"], c["spanStart"], c["spanEnd"], c["excerpt"]] for c in shown["codings"])}
    return out

# Into a file: QualCoder prints to standard output as it goes.
with open(os.path.join(WORK, "report.json"), "w") as out:
    json.dump({"qualcoder": stored, "imported": imported, "before": study(STUDY), "after": study(back_db)}, out, ensure_ascii=False, indent=1)
