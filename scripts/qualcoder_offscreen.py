"""QualCoder driven offscreen from its source, for the round trips (scripts/qualcoder-roundtrip.py,
scripts/qualcoder-media-roundtrip.py): studyctl exports the study as a .qdpx, and QualCoder's own RefiImport reads it
into a fresh QualCoder project (its schema taken from its own __main__.py), with its file dialogs and message boxes
stubbed. Importing this module does it, from the command line's arguments: QUALCODER/src STUDYCTL STUDY WORKDIR.
Afterwards `conn` is the QualCoder project's database, `app` the stand-in application, `refi` and `QtWidgets` its
modules, `project` its folder and `studyctl(...)` runs the binary.
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
