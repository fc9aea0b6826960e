#!/usr/bin/env python3
"""Writes the trend fixture: six releases (4.1 … 4.6) of 20 to 30 respondents each, with a shift planted in release
4.5 (SUS about 15 points lower, T1 completed less often and more slowly). Synthetic data, made to test `trend`.

Per release: participants-4.N.csv (code, release), sus-4.N.csv (participant, the ten SUS answers) and
attempts-4.N.csv (participant, task, time, errors, outcome). Run from this folder: python3 generate.py
"""
import csv
import math
import random

RELEASES = ["4.1", "4.2", "4.3", "4.4", "4.5", "4.6"]
SIZES = [24, 20, 27, 22, 25, 30]
SHIFTED = "4.5"


def clamp(value, low, high):
    return max(low, min(high, value))


def main():
    rng = random.Random(59)
    for release, size in zip(RELEASES, SIZES):
        shifted = release == SHIFTED
        codes = [f"R{release.replace('.', '')}-P{i:02d}" for i in range(1, size + 1)]
        with open(f"participants-{release}.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["code", "release"])
            for code in codes:
                w.writerow([code, release])
        with open(f"sus-{release}.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["participant"] + [f"SUS{i}" for i in range(1, 11)])
            for code in codes:
                # A respondent's leaning: positive agrees with the positive (odd) items, disagrees with the negative.
                lean = rng.gauss(0.2 if shifted else 0.9, 0.75)
                answers = []
                for item in range(1, 11):
                    sign = 1 if item % 2 == 1 else -1
                    answers.append(clamp(round(3 + sign * lean + rng.gauss(0, 0.8)), 1, 5))
                w.writerow([code] + answers)
        with open(f"attempts-{release}.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["participant", "task", "time", "errors", "outcome"])
            for code in codes:
                for task, base in (("T1", 60.0), ("T2", 95.0)):
                    slow = 1.5 if shifted and task == "T1" else 1.0
                    seconds = round(base * slow * math.exp(rng.gauss(0, 0.35)), 1)
                    rate = 0.45 if shifted and task == "T1" else 0.82
                    outcome = "success" if rng.random() < rate else "fail"
                    w.writerow([code, task, seconds, rng.randint(0, 3), outcome])


if __name__ == "__main__":
    main()
