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
import ast, builtins, glob, json, os, shutil, sqlite3, subprocess, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
SRC, STUDYCTL, STUDY, WORK = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3]), os.path.abspath(sys.argv[4])
sys.path.insert(0, SRC)
builtins._ = lambda s: s
from PyQt6 import QtWidgets
qt = QtWidgets.QApplication([])
from qualcoder import helpers, refi

class Quiet:
    def __init__(self, *a, **k): pass
    def exec(self): return 0
helpers.Message = refi.Message = Quiet
refi.RefiLineEndings.exec = lambda self: 0
shutil.rmtree(WORK, ignore_errors=True)
project = os.path.join(WORK, "entrevistas")
for sub in ["images", "audio", "video", "documents", "vectorstore"]:
    os.makedirs(os.path.join(project, sub))
os.makedirs(os.path.join(WORK, "home", ".qualcoder"))
os.environ["HOME"] = os.path.join(WORK, "home")

def studyctl(*args):
    return subprocess.run([STUDYCTL, *args], capture_output=True, text=True, check=True).stdout

qdpx = os.path.join(WORK, "study.qdpx")
studyctl("export", "qdpx", qdpx, "--db", STUDY)

tree = ast.parse(open(os.path.join(SRC, "qualcoder", "__main__.py")).read())
creates = []
for fn in ast.walk(tree):
    if isinstance(fn, ast.FunctionDef) and "CREATE TABLE project" in ast.unparse(fn):
        creates = [n.args[0].value for n in ast.walk(fn) if isinstance(n, ast.Call) and getattr(n.func, "attr", "") == "execute"
                   and n.args and isinstance(n.args[0], ast.Constant) and str(n.args[0].value).startswith("CREATE TABLE")]
        break
conn = sqlite3.connect(os.path.join(project, "data.qda"))
for sql in creates:
    conn.execute(sql)
conn.execute("CREATE TABLE IF NOT EXISTS coder_names (name text primary key, visibility integer)")
conn.execute("insert into project values ('v17', '2026-05-02 09:00:00', '', '3.8', 0, 0, 'default', '', null, null, null)")
conn.commit()

class App: pass
app = App()
app.conn, app.project_path, app.project_name, app.version = conn, project, "entrevistas.qda", "3.8"
app.settings = {"directory": WORK, "codername": "default", "ai_enable": "False", "fontsize": 12, "font": "Noto Sans", "stylesheet": "original"}
app.ai, app.ai_models, app.project_events = None, [], None
app.write_config_ini = lambda *a, **k: None
app.get_annotations = lambda: [dict(zip(["anid", "fid", "pos0", "pos1", "memo", "owner", "date"], r))
                               for r in conn.execute("select anid, fid, pos0, pos1, memo, owner, date from annotation")]
QtWidgets.QFileDialog.getOpenFileName = staticmethod(lambda *a, **k: (qdpx, True))
QtWidgets.QFileDialog.getExistingDirectory = staticmethod(lambda *a, **k: WORK)
refi.RefiImport(app, QtWidgets.QTextEdit(), "qdpx")
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
