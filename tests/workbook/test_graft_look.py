"""Every SheetLook field, applied by the graft and by the openpyxl route alike, as a TD expects it."""

from __future__ import annotations

from datetime import datetime

import openpyxl
import pytest

from rulesengine.workbook.io.graft import prepare_graft
from rulesengine.grid import Grid
from rulesengine.workbook.look import HEADER_FILL, MARK_FILL
from rulesengine.workbook.io.openpyxl_book import apply_writes, write_workbook
from rulesengine.workbook.plan import (STYLE_MARK, STYLE_NOTE, STYLE_SHARED, LineChart, SheetLook, SheetWrite)

ROWS = (
    ("Riverbend Open 2026",),
    ("after round 3 of 5",),
    ("Rank", "SNo", "Name", "Pts", "BH", "Rating", "Since"),
    (1, 3, "Zoë Ødegaard", 2.5, 4.5, 1843.5, datetime(2026, 4, 10)),
    ("2-3", 1, "محمد الأحمد", 2, 5, 1710.0, datetime(2026, 4, 11)),
    ("2-3", 2, "  Пётр  ", 2, 5, None, None),
    (),
    ("BH: Buchholz, the sum of the opponents' scores (C.07 art. 8.1); a long note that wraps over several "
     "lines when the columns are narrow, so its row is made taller",),
)
LOOK = SheetLook(title_rows=(0, 1), header_rows=(2,), number_formats={3: "0.0", 4: "0.0", 5: "0"},
                 right_aligned=(0, 3, 4, 5), column_widths={0: 6, 1: 5, 2: 24, 3: 6, 4: 6, 5: 8, 6: 12},
                 freeze_rows=3, repeat_rows=(0, 2), landscape=None, fit_width=True,
                 row_styles={7: STYLE_NOTE}, cell_styles={(4, 0): STYLE_SHARED, (5, 0): STYLE_SHARED, (4, 4): STYLE_MARK},
                 merge_rows=(0, 1, 7), comments={(4, 4): "published 4.5"},
                 charts=(LineChart("Points", 2, 3, 5, 2, (3,), "I2", y_title="Pts"),))
WRITE = SheetWrite("Standings", ROWS, look=LOOK)


def by_openpyxl(tmp_path, write=WRITE):
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    apply_writes(wb, [write])
    path = tmp_path / "openpyxl.xlsx"
    wb.save(path)
    return openpyxl.load_workbook(path)["Standings"]


def by_graft(tmp_path, write=WRITE):
    td = write_workbook(tmp_path / "td.xlsx", [Grid("Crosstable", [["SNo", "Name"], [1, "Zoë"]])])
    prepare_graft(td, [write])(str(tmp_path / "graft.xlsx"))
    return openpyxl.load_workbook(tmp_path / "graft.xlsx")["Standings"]


def cell_look(cell):
    return (cell.value, bool(cell.font.b), bool(cell.font.i), cell.font.sz, cell.fill.fill_type,
            cell.fill.fgColor.rgb if cell.fill.fill_type else None, cell.border.bottom.style,
            cell.alignment.horizontal, bool(cell.alignment.wrap_text), cell.number_format)


def sheet_look(ws):
    return {
        "cells": {c.coordinate: cell_look(c) for row in ws.iter_rows(max_row=10, max_col=8) for c in row},
        "merged": sorted(str(m) for m in ws.merged_cells.ranges),
        "freeze": ws.freeze_panes, "titles": ws.print_title_rows, "orientation": ws.page_setup.orientation,
        "fit": (ws.sheet_properties.pageSetUpPr.fitToPage, ws.page_setup.fitToWidth, ws.page_setup.fitToHeight),
        "widths": {k: v.width for k, v in ws.column_dimensions.items() if v.customWidth},
        "heights": {k: v.height for k, v in ws.row_dimensions.items() if v.height},
        "comments": {c.coordinate: c.comment.text for row in ws.iter_rows() for c in row if c.comment},
        "charts": len(ws._charts),
    }


@pytest.fixture(params=("graft", "openpyxl"))
def sheet(request, tmp_path):
    return (by_graft if request.param == "graft" else by_openpyxl)(tmp_path)


def test_both_routes_give_the_same_sheet(tmp_path):
    assert sheet_look(by_graft(tmp_path)) == sheet_look(by_openpyxl(tmp_path))


def test_title_and_header_rows_look_like_the_templates(sheet):
    assert (sheet["A1"].font.b, sheet["A1"].font.sz) == (True, 14)
    assert sheet["A2"].font.i and not sheet["A2"].font.b
    for ref in ("A3", "D3", "G3"):
        cell = sheet[ref]
        assert cell.font.b and cell.fill.fill_type == "solid" and cell.fill.fgColor.rgb.endswith(HEADER_FILL)
        assert cell.border.bottom.style == "thin" and cell.alignment.horizontal == "center"


def test_numbers_right_aligned_with_their_formats_and_text_left_alone(sheet):
    assert (sheet["D4"].value, sheet["D4"].number_format, sheet["D4"].alignment.horizontal) == (2.5, "0.0", "right")
    assert (sheet["F4"].value, sheet["F4"].number_format) == (1843.5, "0")
    assert sheet["C4"].value == "Zoë Ødegaard" and sheet["C4"].alignment.horizontal is None
    assert sheet["C6"].value == "  Пётр  "  # outer spaces kept
    assert sheet["G4"].value == datetime(2026, 4, 10) and sheet["G4"].is_date


def test_shared_ranks_marks_notes_and_comments(sheet):
    assert sheet["A5"].value == "2-3" and sheet["A5"].font.i and sheet["A5"].alignment.horizontal == "right"
    mark = sheet["E5"]
    assert mark.font.b and mark.fill.fgColor.rgb.endswith(MARK_FILL) and mark.number_format == "0.0"
    assert mark.comment.text.startswith("published 4.5")
    note = sheet["A8"]
    assert note.alignment.wrap_text and note.alignment.vertical == "top"
    assert sheet.row_dimensions[8].height == 45  # 148 characters: three lines over the table's 67


def test_layout_fields(sheet):
    assert sorted(str(m) for m in sheet.merged_cells.ranges) == ["A1:G1", "A2:G2", "A8:G8"]
    assert sheet.freeze_panes == "A4"
    assert sheet.print_title_rows == "$1:$3"
    assert sheet.page_setup.orientation == "portrait"  # 67 characters wide fits a portrait page
    assert sheet.sheet_properties.pageSetUpPr.fitToPage and sheet.page_setup.fitToWidth == 1
    assert sheet.page_setup.fitToHeight == 0
    assert sheet.column_dimensions["C"].width == 24
    assert len(sheet._charts) == 1


def test_a_wide_table_prints_landscape_unless_told(tmp_path):
    wide = SheetWrite("Standings", (tuple(f"R{i}" for i in range(20)),), look=SheetLook())
    assert by_graft(tmp_path, wide).page_setup.orientation == "landscape"
    told = SheetWrite("Standings", wide.rows, look=SheetLook(landscape=False))
    assert by_openpyxl(tmp_path, told).page_setup.orientation == "portrait"


def test_a_write_without_a_look_gets_header_rows_styled(tmp_path):
    plain = SheetWrite("Standings", (("Rank", "Name"), (1, "Zoë")), header_rows=(0,))
    for ws in (by_graft(tmp_path, plain), by_openpyxl(tmp_path, plain)):
        assert ws["A1"].font.b and ws["B1"].fill.fgColor.rgb.endswith(HEADER_FILL)
        assert not ws["A2"].font.b and ws["A2"].fill.fill_type is None
