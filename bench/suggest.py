#!/usr/bin/env python3
"""Local suggestions benchmark: `studyctl code suggest --from ana` on a generated study of 10,000 units (sentences of
100 transcripts; ana coded 8,000 of them, the 2,000 of the last 20 transcripts are left to suggest for), on one core,
against scikit-learn doing the same work in the same run as the reference: word (1–2) and char_wb (3–5) features,
5-fold cross-validation of one-vs-rest logistic regression and multinomial naive Bayes, the better one fitted on every
unit and asked about the uncoded ones.

Usage: bench/suggest.py STUDYCTL WORKDIR   (make bench-suggest). Goal: under 10 s (issue 60); the ratio to
scikit-learn's time is printed beside it. SUGGEST_UNITS overrides the 10,000."""
import csv, os, random, subprocess, sys, time

studyctl, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
units = int(os.environ.get("SUGGEST_UNITS", "10000"))
per = 100
transcripts = units // per
coded_transcripts = transcripts * 4 // 5
random.seed(60)
categories = {
    "Navegação": ["menu", "botão", "tela inicial", "voltar", "aba lateral", "atalho", "rolagem"],
    "Desempenho": ["lento", "demorou", "travou", "carregamento", "espera", "congelou", "atraso"],
    "Confiança": ["senha", "privacidade", "seguro", "dados pessoais", "confiar", "permissão", "golpe"],
    "Aprendizado": ["tutorial", "documentação", "exemplo", "entender", "ajuda", "manual", "dica"],
    "Estética": ["cores", "fonte", "bonito", "ícones", "layout", "contraste", "animação"],
}
names = list(categories)
openings = ["Eu achei que", "No começo", "Depois de um tempo", "Sinceramente", "Quando testei", "Na segunda tarefa", "Olha,", "Pra mim"]


def sentence(p, s):
    pick = random.randrange(len(names) + 2)
    opening = random.choice(openings)
    if pick >= len(names):
        return f"{opening} a etapa {s} do participante {p} correu normal.", None
    words = categories[names[pick]]
    return f"{opening} o {random.choice(words)} e o {random.choice(words)} na etapa {s} do participante {p}.", names[pick]


study = os.path.join(work, f"suggest-{units}.sqlite")
texts, labels, targets = [], [], []
if os.path.exists(study):
    os.remove(study)


def run(*args):
    done = subprocess.run([studyctl, *args, "--db", study], capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr)
        sys.exit(1)
    return done.stdout


run("init", "--title", "Sugestões", "--language", "pt-BR")
for name in names:
    run("category", "add", name, "--origin", "emergent")
participants = os.path.join(work, "suggest-participants.csv")
with open(participants, "w", newline="") as f:
    f.write("participant\n" + "".join(f"P{p}\n" for p in range(1, transcripts + 1)))
run("participant", "import", participants)
codings = os.path.join(work, "suggest-codings.csv")
with open(codings, "w", newline="") as f:
    writer = csv.writer(f)
    writer.writerow(["participant", "excerpt", "code", "category", "coder"])
    for p in range(1, transcripts + 1):
        lines = [sentence(p, s) for s in range(per)]
        path = os.path.join(work, f"suggest-P{p}.txt")
        with open(path, "w") as t:
            t.write(" ".join(text for text, _ in lines) + "\n")
        run("transcript", "add", f"P{p}", path)
        for text, category in lines:
            if p <= coded_transcripts:
                texts.append(text)
                labels.append(category)
                if category:
                    writer.writerow([f"P{p}", text, text, category, "ana"])
            else:
                targets.append(text)
run("code", "import", codings, "--descriptive")

one_core = ["taskset", "-c", "0"] if subprocess.run(["which", "taskset"], capture_output=True).returncode == 0 else []
start = time.monotonic()
done = subprocess.run([*one_core, studyctl, "code", "suggest", "--from", "ana", "--db", study], capture_output=True, text=True)
measured = time.monotonic() - start
if done.returncode != 0:
    print(done.stderr, file=sys.stderr)
    sys.exit(1)

# The reference: the same work in scikit-learn, on one core (its BLAS threads set to 1).
os.environ["OMP_NUM_THREADS"] = os.environ["OPENBLAS_NUM_THREADS"] = "1"
reference_script = os.path.join(work, "suggest_reference.py")
with open(reference_script, "w") as f:
    f.write('''
import json, sys, time
import numpy as np
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import SGDClassifier
from sklearn.naive_bayes import MultinomialNB
from sklearn.model_selection import GroupKFold
from sklearn.multiclass import OneVsRestClassifier
from sklearn.metrics import f1_score
data = json.load(open(sys.argv[1]))
start = time.monotonic()
texts, labels, targets = data["texts"], data["labels"], data["targets"]
cats = sorted({l for l in labels if l})
Y = np.array([[int(l == c) for c in cats] for l in labels])
def features(fit, apply):
    w = TfidfVectorizer(analyzer="word", ngram_range=(1, 2), use_idf=False, sublinear_tf=True, strip_accents="unicode")
    c = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), use_idf=False, sublinear_tf=True, strip_accents="unicode")
    w.fit(fit); c.fit(fit)
    return lambda t: hstack([w.transform(t), c.transform(t)]).tocsr()
models = {"lr": lambda: OneVsRestClassifier(SGDClassifier(loss="log_loss", alpha=1e-4, max_iter=12, tol=None, class_weight="balanced")),
          "nb": lambda: OneVsRestClassifier(MultinomialNB())}
groups = [" ".join(t.lower().split()) for t in texts]
scores = {}
for name, make in models.items():
    predicted = np.zeros_like(Y)
    for train, test in GroupKFold(n_splits=5).split(texts, Y, groups):
        f = features([texts[i] for i in train], None)
        m = make().fit(f([texts[i] for i in train]), Y[train])
        predicted[test] = (m.predict_proba(f([texts[i] for i in test])) >= 0.6).astype(int)
    scores[name] = f1_score(Y, predicted, average="macro", zero_division=0)
best = max(scores, key=scores.get)
f = features(texts, None)
m = models[best]().fit(f(texts), Y)
suggested = int((m.predict_proba(f(targets)) >= 0.6).sum())
print(time.monotonic() - start, best, suggested)
''')
import json
data = os.path.join(work, "suggest-data.json")
with open(data, "w") as f:
    json.dump({"texts": texts, "labels": labels, "targets": targets}, f)
reference_out = subprocess.run([*one_core, sys.executable, reference_script, data], capture_output=True, text=True)
if reference_out.returncode != 0:
    print(reference_out.stderr, file=sys.stderr)
    sys.exit(1)
reference = float(reference_out.stdout.split()[0])
ratio = measured / reference
print(f"| code suggest --from, {units:,} units ({len(texts):,} read by ana, {len(targets):,} to suggest for), one core | "
      f"{measured:.2f} s vs scikit-learn {reference:.2f} s | ratio {ratio:.2f} | goal < 10 s: {'ok' if measured < 10 else 'MISSED'} |")
