#!/usr/bin/env python3
"""By hand (QualCoder is not on PyPI): a study's annotations through QualCoder's own REFI-QDA importer and exporter
and back, offscreen, as scripts/qualcoder-roundtrip.py does for codings:

    /tmp/qcv/bin/python scripts/qualcoder-annotations.py QUALCODER/src .build/debug/studyctl STUDY.sqlite WORKDIR

Prints what QualCoder stored in its `annotation` table (positions, the text they read, the note, its owner) beside
studyctl's annotations; then QualCoder's RefiExport writes the project, studyctl imports it, and the annotations are
compared (participant, passage, text, coder). Exit status 0 when every annotation came back as it went.
"""
import glob, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qualcoder_offscreen import QtWidgets, STUDY, WORK, app, conn, qdpx, refi, studyctl

ours = json.loads(studyctl("annotation", "list", "--json", "--db", STUDY))["annotations"]
rows = conn.execute("select a.pos0, a.pos1, a.memo, a.owner, substr(s.fulltext, a.pos0 + 1, a.pos1 - a.pos0), s.name "
                    "from annotation a join source s on s.id = a.fid order by s.name, a.pos0").fetchall()
print(json.dumps({
    "studyctl": [{"participant": a["participant"], "start": a["start"], "end": a["end"], "excerpt": a["excerpt"], "text": a["text"],
                  "coder": a.get("coder")} for a in ours],
    "qualcoder": [{"source": r[5], "pos0": r[0], "pos1": r[1], "reads": r[4], "memo": r[2], "owner": r[3]} for r in rows],
    "qualcoder journals": [r[0] for r in conn.execute("select name from journal")],
}, ensure_ascii=False, indent=1))
kept = sum(1 for a in ours for r in rows if (r[0], r[1], r[2], r[4]) == (a["start"], a["end"], a["text"], a["excerpt"]))
print(f"studyctl → QualCoder: {kept} of {len(ours)} annotations on the same passage with the same text")
refi.RefiExport(app, QtWidgets.QTextEdit(), "project")
back = [p for p in glob.glob(os.path.join(WORK, "*.qdpx")) if p != qdpx][0]
print(studyctl("import", "qdpx", back, "--db", os.path.join(WORK, "back.sqlite")).splitlines()[0])

def annotations(db):
    return sorted((a["participant"], a["start"], a["end"], a["excerpt"], a["text"], a.get("coder"))
                  for a in json.loads(studyctl("annotation", "list", "--json", "--db", db))["annotations"])
before, after = annotations(STUDY), annotations(os.path.join(WORK, "back.sqlite"))
print(f"studyctl → QualCoder → studyctl: {len(after)} of {len(before)} annotations, identical: {before == after}")
if before != after:
    print(json.dumps({"before": before, "after": after}, ensure_ascii=False, indent=1))
sys.exit(0 if kept == len(ours) and before == after else 1)
