"""Workbooks as a TD fills them: an event of a TRF fixture typed into a copy of the swiss template."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl

from rulesengine.formats.trf import read_trf
from rulesengine.workbook.layouts.export import crosstable_grid

DATA = Path(__file__).resolve().parents[1] / "data" / "workbook"
TEMPLATE = Path(__file__).resolve().parents[2] / "workbook_templates" / "swiss.xlsx"


def type_into_template(path: Path, trf: Path, *, rounds: int | None = None, pending_round: int | None = None,
                       settings: dict | None = None, blank: tuple[int, int] | None = None,
                       with_totals: bool = True) -> Path:
    """A TD's copy of the 9-round swiss template with the event of `trf` typed in.

    Rounds after `rounds` are left empty; `pending_round` keeps that round's opponents and colours
    but not its results (pairings made, games being played); `blank` = (start number, round)
    leaves one result out (a forgotten result); `settings` sets Settings rows (added when new).
    """
    shutil.copy(TEMPLATE, path)
    event = read_trf(trf)
    grid = crosstable_grid(event, "template")
    wb = openpyxl.load_workbook(path)
    ws = wb["Crosstable"]
    typed = rounds or event.rounds
    for r, row in enumerate(grid.rows[2:], start=3):
        sno = row[0]
        for c, value in enumerate(row[:4 + 3 * typed]):
            number, part = divmod(c - 4, 3)
            if c >= 4 and (number + 1 == pending_round and part == 2 or blank == (sno, number + 1) and part == 2):
                value = None
            if c >= 4 and pending_round is not None and number + 1 > pending_round:
                value = None
            ws.cell(row=r, column=c + 1, value=value)
        if with_totals and pending_round is None and blank is None and rounds is None:
            ws.cell(row=r, column=4 + 3 * 9 + 1, value=row[-1])  # the template's own Pts column
    sheet = wb["Settings"]
    for key, value in (settings or {}).items():
        found = next((r for r in range(1, sheet.max_row + 1) if sheet.cell(row=r, column=1).value == key), None)
        found = found or sheet.max_row + 1
        sheet.cell(row=found, column=1, value=key)
        sheet.cell(row=found, column=2, value=value)
    wb.save(path)
    return path


def write_grid_with_xlsxwriter(wb, grid, sheet: str):
    """A grid typed into a new XlsxWriter sheet, merged blocks included; returns the sheet."""
    ws = wb.add_worksheet(sheet)
    for r, row in enumerate(grid.rows):
        for c, value in enumerate(row):
            if value is not None:
                ws.write(r, c, value)
    for block in grid.merged:
        ws.merge_range(block.first_row, block.first_col, block.last_row, block.last_col,
                       grid.value(block.first_row, block.first_col))
    return ws
