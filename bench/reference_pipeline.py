#!/usr/bin/env python3
"""Reference for import → SUS by group → xlsx: pandas reads the form export, scores SUS (Brooke 1996) with its
Learnability (items 4 and 10) and Usability (the other eight) subscales (Lewis & Sauro 2009), writes the summary by
group as CSV, and writes what `studyctl export xlsx --only scores` writes with XlsxWriter: one row per participant and
score (participant, group, instrument, task, score, value, items answered, items) and the summary per group and
overall."""
import os
import sys

import pandas as pd

data, target = sys.argv[1], sys.argv[2]
participants = pd.read_csv(os.path.join(data, "participants.csv"))
forms = pd.read_csv(os.path.join(data, "sus_forms.csv"))
items = [c for c in forms.columns if c.startswith("SUS ")]
contribution = pd.DataFrame({c: (forms[c] - 1) if k % 2 == 0 else (5 - forms[c]) for k, c in enumerate(items)})
learn = [items[3], items[9]]
use = [c for c in items if c not in learn]
wide = pd.DataFrame({
    "participant": forms["Participante"],
    "SUS": 2.5 * contribution.sum(axis=1),
    "Learnability": 12.5 * contribution[learn].sum(axis=1),
    "Usability": 3.125 * contribution[use].sum(axis=1),
}).merge(participants.rename(columns={"code": "participant"}), on="participant")
scores = wide.melt(id_vars=["participant", "group"], value_vars=["SUS", "Learnability", "Usability"],
                   var_name="score", value_name="value")
scores["order"] = scores["score"].map({"SUS": 0, "Learnability": 1, "Usability": 2})
scores = scores.sort_values(["participant", "order"], kind="stable").drop(columns="order")
scores.insert(2, "instrument", "sus")
scores.insert(3, "task", "")
scores["items answered"] = scores["score"].map({"SUS": 10, "Learnability": 2, "Usability": 8})
scores["items"] = scores["items answered"]
statistics = ["count", "mean", "std", "median", "min", "max"]
by_group = scores.groupby(["score", "group"])["value"].agg(statistics).reset_index()
overall = scores.groupby("score")["value"].agg(statistics).reset_index().assign(group="all")
summary = pd.concat([by_group, overall], ignore_index=True)
summary.to_csv(os.path.join(data, "summary-py.csv"), index=False)
# XlsxWriter's constant_memory mode cannot be used here: pandas writes a frame column by column, and that mode
# keeps only the current row, so every column but the first would be lost.
# A sheet holds at most 1,048,576 rows: further scores go to "Scores 2", "Scores 3"… as studyctl writes them.
rows = 1_048_575
with pd.ExcelWriter(target, engine="xlsxwriter") as writer:
    for part, start in enumerate(range(0, max(len(scores), 1), rows)):
        scores.iloc[start:start + rows].to_excel(writer, sheet_name="Scores" if part == 0 else f"Scores {part + 1}", index=False)
    summary.to_excel(writer, sheet_name="Summary", index=False)
