#!/usr/bin/env python3
"""Reference for import → SUS by group → xlsx: pandas reads the form export, scores SUS (Brooke 1996), summarises
by group, and writes per-participant scores and the summary with XlsxWriter."""
import os
import sys

import pandas as pd

data, target = sys.argv[1], sys.argv[2]
participants = pd.read_csv(os.path.join(data, "participants.csv"))
forms = pd.read_csv(os.path.join(data, "sus_forms.csv"))
items = [c for c in forms.columns if c.startswith("SUS ")]
odd = forms[items[0::2]] - 1
even = 5 - forms[items[1::2]]
forms["SUS"] = 2.5 * (odd.sum(axis=1) + even.sum(axis=1))
scores = forms[["Participante", "SUS"]].merge(participants, left_on="Participante", right_on="code")
summary = scores.groupby("group")["SUS"].agg(["count", "mean", "std", "median", "min", "max"])
with pd.ExcelWriter(target, engine="xlsxwriter", engine_kwargs={"options": {"constant_memory": True}}) as writer:
    scores.to_excel(writer, sheet_name="Scores", index=False)
    summary.to_excel(writer, sheet_name="Summary")
