#!/usr/bin/env python3
"""Reference for the answers-sheet export: Python XlsxWriter in constant_memory mode writing the same cells."""
import csv
import sys

import xlsxwriter

source, target = sys.argv[1], sys.argv[2]
workbook = xlsxwriter.Workbook(target, {"constant_memory": True})
bold = workbook.add_format({"bold": True})
integer = workbook.add_format({"num_format": "0"})
columns = ["participant", "instrument", "task", "occasion", "item", "value", "answer", "not_applicable", "orientation", "submitted"]
sheet = None
sheets = 0
row = 0


def new_sheet():
    global sheet, sheets, row
    sheets += 1
    sheet = workbook.add_worksheet("Responses" if sheets == 1 else f"Responses {sheets}")
    sheet.write_row(0, 0, columns, bold)
    sheet.freeze_panes(1, 0)
    row = 1


new_sheet()
with open(source, newline="") as f:
    reader = csv.reader(f)
    next(reader)
    for participant, instrument, item, value in reader:
        if row >= 1048576:
            new_sheet()
        sheet.write_string(row, 0, participant)
        sheet.write_string(row, 1, instrument)
        sheet.write_number(row, 4, int(item), integer)
        sheet.write_number(row, 5, float(value))
        sheet.write_number(row, 7, 0, integer)
        sheet.write_string(row, 8, "canonical")
        row += 1
workbook.close()
