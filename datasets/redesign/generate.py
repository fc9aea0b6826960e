#!/usr/bin/env python3
"""Writes the synthetic redesign study's files (standard library only; the same files every run).

    python3 datasets/redesign/generate.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(2026)
PEOPLE = [f"P{n:02d}" for n in range(1, 13)]


def write(name, header, rows, sep=","):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        f.write(sep.join(header) + "\n")
        for row in rows:
            f.write(sep.join(str(cell) for cell in row) + "\n")


def sus_answers(leaning):
    """Ten SUS answers of someone whose opinion sits `leaning` points from neutral (−2 … +2)."""
    answers = []
    for item in range(10):
        tone = 1 if item % 2 == 0 else -1          # odd items positive, even items negative
        value = 3 + tone * leaning + rng.choice([-1, 0, 0, 1])
        answers.append(min(5, max(1, round(value))))
    return answers


experience = {p: ("experiente" if n % 3 == 0 else "iniciante") for n, p in enumerate(PEOPLE)}
write("participants.csv", ["Participante", "Experiência", "Idade"],
      [[p, experience[p], 22 + (n * 7) % 19] for n, p in enumerate(PEOPLE)])

# SUS before and after the redesign: most people like it better afterwards; P12 did not return.
base = {p: rng.choice([-0.5, 0, 0.5, 1]) for p in PEOPLE}
items = [f"Q{i}" for i in range(1, 11)]
write("sus_pre.csv", ["Participante"] + items, [[p] + sus_answers(base[p]) for p in PEOPLE])
write("sus_pos.csv", ["Participante"] + items,
      [[p] + sus_answers(base[p] + rng.choice([0.5, 1, 1, 1.5])) for p in PEOPLE if p != "P12"])

# SUS after each of three prototypes (every participant saw all three, in a counterbalanced order).
for prototype, shift in (("A", 0), ("B", 1), ("C", -0.5)):
    write(f"sus_prototipo_{prototype}.csv", ["Participante"] + items,
          [[p] + sus_answers(base[p] + shift) for p in PEOPLE])

# Three tasks on two devices: time, errors and outcome per attempt; the SEQ after each task on each device.
tasks = {"T1": 45, "T2": 80, "T3": 120}
attempts, seq = [], {"celular": [], "desktop": []}
for p in PEOPLE:
    skill = rng.uniform(0.8, 1.25)
    for task, typical in tasks.items():
        for device, slower in (("celular", 1.3), ("desktop", 1.0)):
            seconds = typical * slower * skill * rng.uniform(0.8, 1.25)
            errors = max(0, round(rng.gauss(1.5 if device == "celular" else 0.7, 1)))
            hard = task == "T3" and device == "celular"
            outcome = "falha" if (hard and rng.random() < 0.5) or rng.random() < 0.08 else "sucesso"
            attempts.append([p, task, device, f"{seconds:.1f}".replace(".", ","), errors, outcome])
            ease = 7 - errors - (2 if outcome == "falha" else 0) - (1 if device == "celular" else 0) + rng.choice([-1, 0, 0, 1])
            seq[device].append([p, "seq", task, 1, min(7, max(1, ease))])
write("attempts.csv", ["Participante", "Tarefa", "Aparelho", "Tempo (s)", "Erros", "Resultado"], attempts, sep=";")
for device, rows in seq.items():
    write(f"seq_{device}.csv", ["participant", "instrument", "task", "item", "value"], rows)
