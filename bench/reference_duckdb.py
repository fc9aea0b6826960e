#!/usr/bin/env python3
"""Reference for `score sus --by group --json`: DuckDB on the wide table (one row per respondent, the form export
loaded once into a DuckDB file beforehand, outside the timing). Each participant's SUS (Brooke 1996) with its group,
written to a CSV file as studyctl writes its rows, then n, mean, SD, min and max per group, on DuckDB's default
threads. Prints the best of REPEATS in-process times in seconds (the interpreter's start and DuckDB's import are not
counted).

Usage: reference_duckdb.py DATA_FOLDER DATABASE REPEATS"""
import os
import sys
import time

import duckdb

data, database, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
if not os.path.exists(database):
    with duckdb.connect(database) as con:
        con.execute(f"CREATE TABLE forms AS SELECT * FROM read_csv_auto('{os.path.join(data, 'sus_forms.csv')}')")
        con.execute(f"CREATE TABLE participants AS SELECT * FROM read_csv_auto('{os.path.join(data, 'participants.csv')}')")
items = [f'"SUS {k}"' for k in range(1, 11)]
contribution = " + ".join(f"({c} - 1)" if k % 2 == 0 else f"(5 - {c})" for k, c in enumerate(items))
per_participant = f"""SELECT f."Participante" AS participant, p."group" AS grp, 2.5 * ({contribution}) AS score
                      FROM forms f JOIN participants p ON p.code = f."Participante" """
summary = f"""SELECT grp, count(*), avg(score), stddev_samp(score), min(score), max(score)
              FROM ({per_participant}) GROUP BY grp"""
best = None
with duckdb.connect(database) as con:
    for _ in range(repeats):
        start = time.perf_counter()
        con.execute(f"COPY ({per_participant}) TO '{database}.csv' (HEADER)")
        con.execute(summary).fetchall()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
print(best)
