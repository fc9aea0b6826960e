#!/usr/bin/env python3
"""Reference tools for the eye-tracking benchmarks (bench/gaze.py).

  reference_gaze.py read FILE.tsv          pandas.read_csv of the columns studyctl reads from a Tobii Studio export
  reference_gaze.py polars FILE.tsv        polars.read_csv of the same columns, on one thread (POLARS_MAX_THREADS=1)
  reference_gaze.py heatmap STUDY W H      numpy histogram2d + scipy gaussian_filter of every stored fixation,
                                           duration-weighted, σ = 200/6 px truncated at 3σ (studyctl's grid);
                                           prints the seconds the grid took, then those of loading the fixations and the grid
"""
import sqlite3
import sys
import time

COLUMNS = ["ParticipantName", "RecordingName", "MediaName", "RecordingTimestamp", "GazeEventType", "GazeEventDuration",
           "FixationIndex", "FixationPointX (MCSpx)", "FixationPointY (MCSpx)", "GazePointX (MCSpx)", "GazePointY (MCSpx)",
           "ValidityLeft", "ValidityRight", "FixationFilter"]


def read(path):
    import pandas
    frame = pandas.read_csv(path, sep="\t", usecols=lambda c: c in COLUMNS or c.startswith("AOI["), low_memory=False)
    print(len(frame))


def read_polars(path):
    import os
    os.environ["POLARS_MAX_THREADS"] = "1"
    import polars
    with open(path, encoding="utf-8") as file:
        header = file.readline().rstrip("\n").split("\t")
    used = [c for c in header if c in COLUMNS or c.startswith("AOI[")]
    frame = polars.read_csv(path, separator="\t", columns=used, infer_schema_length=10000)
    print(frame.height)


def heatmap(study, width, height):
    import numpy
    from scipy.ndimage import gaussian_filter
    loading = time.perf_counter()
    rows = sqlite3.connect(study).execute("SELECT x, y, duration_ms FROM gaze_fixation").fetchall()
    data = numpy.array(rows, dtype=float)
    start = time.perf_counter()
    grid, _, _ = numpy.histogram2d(numpy.rint(data[:, 1]), numpy.rint(data[:, 0]), bins=[height, width],
                                   range=[[-0.5, height - 0.5], [-0.5, width - 0.5]], weights=data[:, 2])
    blurred = gaussian_filter(grid, sigma=200 / 6, truncate=3.0, mode="constant")
    end = time.perf_counter()
    print(f"{end - start:.4f} {end - loading:.4f} {blurred.max():.6g}")


if __name__ == "__main__":
    if sys.argv[1] == "read":
        read(sys.argv[2])
    elif sys.argv[1] == "polars":
        read_polars(sys.argv[2])
    else:
        heatmap(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
