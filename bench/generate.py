#!/usr/bin/env python3
"""Generates a synthetic study of N respondents for the benchmarks.

Writes into OUT/:
  participants.csv   code,group                        (N rows)
  sus_forms.csv      a Google-Forms-like export: timestamp, participant, the 10 SUS items (numbers)
  answers_long.csv   participant,instrument,item,value  (SUS 10 + PSSUQ 16 items per respondent: 26 N rows)
  codes.csv          participant,excerpt,code,category   (one coded excerpt per 10 respondents)
  tasks.csv          participant,task,setting,time,errors,outcome (2 attempts per 10 respondents)
  categories.csv     category,origin
Values come from a seeded generator, so every run writes the same files.
"""
import csv
import os
import random
import sys


def main():
    n = int(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(n)
    groups = ["Iniciante", "Intermediário", "Avançado"]
    with open(os.path.join(out, "participants.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["code", "group"])
        for i in range(n):
            w.writerow([f"R{i}", groups[i % 3]])
    with open(os.path.join(out, "sus_forms.csv"), "w", newline="") as forms, \
         open(os.path.join(out, "answers_long.csv"), "w", newline="") as long_file:
        fw = csv.writer(forms)
        lw = csv.writer(long_file)
        fw.writerow(["Carimbo de data/hora", "Participante"] + [f"SUS {k}" for k in range(1, 11)])
        lw.writerow(["participant", "instrument", "item", "value"])
        for i in range(n):
            code = f"R{i}"
            sus = [rng.randint(3, 5) if k % 2 == 0 else rng.randint(1, 3) for k in range(10)]
            fw.writerow([f"2025/03/{1 + i % 28:02d} 10:{i % 60:02d}:00", code] + sus)
            for k, v in enumerate(sus, 1):
                lw.writerow([code, "sus", k, v])
            for k in range(1, 17):
                lw.writerow([code, "pssuq", k, rng.randint(1, 4)])
    with open(os.path.join(out, "categories.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["category", "origin"])
        for c in range(8):
            w.writerow([f"Categoria {c}", "emergent" if c % 2 else "Autor et al. (2020)"])
    with open(os.path.join(out, "codes.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["participant", "excerpt", "code", "category"])
        for i in range(0, n, 10):
            w.writerow([f"R{i}", f"eu senti falta de exemplos número {i} na documentação", f"falta de exemplos número {i}", f"Categoria {i % 8}"])
    with open(os.path.join(out, "tasks.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["participant", "task", "setting", "time", "errors", "outcome"])
        for i in range(0, n, 10):
            for setting in ("A", "B"):
                w.writerow([f"R{i}", "T1", setting, round(rng.lognormvariate(4, 0.3), 1), rng.randint(0, 5),
                            "success" if rng.random() < 0.8 else "fail"])


if __name__ == "__main__":
    main()
