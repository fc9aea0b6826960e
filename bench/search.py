#!/usr/bin/env python3
"""Search across studies: `studyctl search --studies` over three studies holding 10,000 coded excerpts in all (with
memos), measured beside a reference in the same run — Python's own sqlite3 reading the same texts from the same
files and indexing them in an in-memory FTS5 table with the same tokenizer, then running the same query (the work
`search` does, without its checks, categories, times or output).

Usage: bench/search.py STUDYCTL WORKDIR [EXCERPTS]   (bench/run.sh search). Goal: studyctl under 1 s at 10,000
coded excerpts; the ratio to the reference is printed beside it. Every query's hit count must equal the reference's.
"""
import csv
import json
import os
import random
import sqlite3
import subprocess
import sys
import time

studyctl, work = sys.argv[1], sys.argv[2]
total = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
os.makedirs(work, exist_ok=True)
random.seed(59)
WORDS = ("o onboarding não explica por onde começar a tela inicial tem muitos botões achei difícil encontrar a busca "
         "configuração exportação relatório menu lateral navegação exemplo documentação rápido lento confuso claro "
         "first time setup was confusing the menu is clear export took long").split()
CATEGORIES = ["Onboarding", "Navegação", "Desempenho", "Documentação", "Confiança"]


def run(*arguments):
    subprocess.run([studyctl, *arguments], check=True, stdout=subprocess.DEVNULL)


def make(name, excerpts):
    study = os.path.join(work, f"{name}.sqlite")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(study + suffix):
            os.remove(study + suffix)
    run("init", "--title", name, "--language", "pt-BR", "--db", study)
    people = os.path.join(work, f"{name}-participants.csv")
    with open(people, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["participant", "level"])
        for p in range(1, 101):
            w.writerow([f"P{p}", random.choice(["Iniciante", "Avançado"])])
    run("participant", "import", people, "--db", study)
    for category in CATEGORIES:
        run("category", "add", category, "--origin", "emergent", "--db", study)
    codes = os.path.join(work, f"{name}-codes.csv")
    with open(codes, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["participant", "excerpt", "code", "category", "coder"])
        for n in range(excerpts):
            words = " ".join(random.choice(WORDS) for _ in range(random.randint(8, 30)))
            w.writerow([f"P{n % 100 + 1}", f"{words} ({n})", words.split()[0], random.choice(CATEGORIES), "ana"])
    run("code", "import", codes, "--db", study)
    return study


REFERENCE_TEXTS = [
    "SELECT DISTINCT e.id, e.text FROM excerpt e JOIN code k ON k.excerpt_id = e.id",
    "SELECT id, text FROM memo",
    "SELECT id, text FROM annotation",
]


def reference(query, studies):
    hits = 0
    for path in studies:
        db = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
        texts = [row for sql in REFERENCE_TEXTS for row in db.execute(sql)]
        db.close()
        index = sqlite3.connect(":memory:")
        index.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
        index.executemany("INSERT INTO t (rowid, body) VALUES (?, ?)", [(n + 1, t[1]) for n, t in enumerate(texts)])
        hits += sum(1 for _ in index.execute("SELECT rowid FROM t WHERE t MATCH ?", (query,)))
        index.close()
    return hits


def best(times, body):
    results = []
    for _ in range(times):
        start = time.perf_counter()
        value = body()
        results.append((time.perf_counter() - start, value))
    return min(r[0] for r in results), results[0][1]


per = total // 3
studies = [make(f"search-{n}", per + (total - 3 * per if n == 1 else 0)) for n in (1, 2, 3)]
lines = [f"# search across studies: {total:,} coded excerpts in 3 studies", "",
         "| query | studyctl search | reference (Python sqlite3 FTS5) | ratio | hits | goal < 1 s |", "| --- | --- | --- | --- | --- | --- |"]
for query in ["onboarding", "onboard*", "\"menu lateral\"", "dificil OR confuso", "export* NOT lento"]:
    ours, found = best(3, lambda: json.loads(subprocess.run([studyctl, "search", query, "--studies", *studies, "--json"], check=True,
                                                             capture_output=True, text=True).stdout)["hits"])
    theirs, count = best(3, lambda: reference(query, studies))
    assert len(found) == count, f"{query}: studyctl {len(found)} hits, reference {count}"
    lines.append(f"| `{query}` | {ours:.3f} s | {theirs:.3f} s | {ours / theirs:.2f} | {count:,} | {'ok' if ours < 1 else 'MISSED'} |")
print("\n".join(lines))
os.makedirs(os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"), exist_ok=True)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "results", "search-latest.md"), "w") as f:
    f.write("\n".join(lines) + "\n")
