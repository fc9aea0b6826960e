#!/usr/bin/env python3
"""Reference for import → SUS by group → xlsx, in polars: the same work as reference_pipeline.py (SUS, Brooke 1996,
with its Learnability and Usability subscales, Lewis & Sauro 2009; the summary by group as CSV; the scores and the
summary written as a workbook, through polars' write_excel, which uses XlsxWriter)."""
import os
import sys

import polars as pl
import xlsxwriter

data, target = sys.argv[1], sys.argv[2]
participants = pl.read_csv(os.path.join(data, "participants.csv"))
forms = pl.read_csv(os.path.join(data, "sus_forms.csv"))
items = [c for c in forms.columns if c.startswith("SUS ")]
contribution = [(pl.col(c) - 1) if k % 2 == 0 else (5 - pl.col(c)) for k, c in enumerate(items)]
learn = [contribution[3], contribution[9]]
use = [e for k, e in enumerate(contribution) if k not in (3, 9)]
wide = forms.select(
    pl.col("Participante").alias("participant"),
    (2.5 * pl.sum_horizontal(contribution)).alias("SUS"),
    (12.5 * pl.sum_horizontal(learn)).alias("Learnability"),
    (3.125 * pl.sum_horizontal(use)).alias("Usability"),
).join(participants.rename({"code": "participant"}), on="participant")
scores = (wide.unpivot(index=["participant", "group"], on=["SUS", "Learnability", "Usability"], variable_name="score", value_name="value")
          .with_columns(pl.col("score").replace_strict({"SUS": 0, "Learnability": 1, "Usability": 2}).alias("order"))
          .sort(["participant", "order"], maintain_order=True).drop("order")
          .with_columns(pl.lit("sus").alias("instrument"), pl.lit("").alias("task"),
                        pl.col("score").replace_strict({"SUS": 10, "Learnability": 2, "Usability": 8}).alias("items answered"))
          .with_columns(pl.col("items answered").alias("items")))
statistics = [pl.len().alias("count"), pl.col("value").mean().alias("mean"), pl.col("value").std().alias("std"),
              pl.col("value").median().alias("median"), pl.col("value").min().alias("min"), pl.col("value").max().alias("max")]
by_group = scores.group_by(["score", "group"], maintain_order=True).agg(statistics)
overall = scores.group_by("score", maintain_order=True).agg(statistics).with_columns(pl.lit("all").alias("group")).select(by_group.columns)
summary = pl.concat([by_group, overall])
summary.write_csv(os.path.join(data, "summary-polars.csv"))
rows = 1_048_575
with xlsxwriter.Workbook(target) as workbook:
    for part, start in enumerate(range(0, max(scores.height, 1), rows)):
        scores.slice(start, rows).write_excel(workbook, worksheet="Scores" if part == 0 else f"Scores {part + 1}", autofit=False)
    summary.write_excel(workbook, worksheet="Summary", autofit=False)
