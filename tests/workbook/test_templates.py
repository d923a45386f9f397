"""The committed templates: built by rulesengine.workbook.templates (new-workbook), read back by our own
importer, recalculated once filled in, and opened by LibreOffice without complaint."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from rulesengine.cli import main
from rulesengine.errors import UsageError
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable
from rulesengine.workbook.io.openpyxl_book import load_workbook, read_grids
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.recalc import sheets_to_read
from rulesengine.workbook.inputs.settings import WorkbookSettings
from rulesengine.workbook.sheets.standings import standings_table
from rulesengine.workbook.templates import build

from tool_check import skip_unless_tool

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
EXPECTED = {"swiss.xlsx": "template", "round_robin.xlsx": "round_robin", "club_season.xlsx": "template"}
CROSSTABLE = {"swiss.xlsx": "Crosstable", "round_robin.xlsx": "Crosstable", "club_season.xlsx": "Evening 1"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_committed_template_reads_back_through_our_importer(name):
    wb, _, lost = load_workbook(TEMPLATES / name)
    assert lost == []
    grids = read_grids(wb, sheets_to_read(wb.sheetnames))
    assert {CROSSTABLE[name], "Settings", "Instructions"} <= set(grids)
    assert detect_layout(grids[CROSSTABLE[name]]) == EXPECTED[name]
    assert read_crosstable(grids[CROSSTABLE[name]]).players == ()


def content(path: Path) -> dict:
    """Everything a TD sees in a workbook: values, styles that matter, merges, widths, heights,
    dropdowns, frozen panes and print setup (not the zip's time stamps)."""
    wb = openpyxl.load_workbook(path)
    found = {}
    for ws in wb.worksheets:
        found[ws.title] = {
            "cells": [(c.coordinate, c.value, bool(c.font.b), c.fill.fgColor.rgb, bool(c.alignment.wrap_text))
                      for row in ws.iter_rows() for c in row if c.value is not None or c.fill.fill_type],
            "merged": sorted(str(r) for r in ws.merged_cells.ranges),
            "widths": {k: d.width for k, d in ws.column_dimensions.items()},
            "heights": {k: d.height for k, d in ws.row_dimensions.items() if d.height},
            "validations": sorted((str(dv.sqref), dv.formula1) for dv in ws.data_validations.dataValidation),
            "freeze": ws.freeze_panes,
            "print": (ws.page_setup.orientation, ws.page_setup.fitToWidth, ws.page_setup.fitToHeight,
                      ws.sheet_properties.pageSetUpPr.fitToPage, ws.print_title_rows),
        }
    return found


def test_the_committed_templates_are_the_builders_output(tmp_path):
    built = build(tmp_path)
    assert sorted(p.name for p in built) == sorted(EXPECTED)
    for path in built:
        assert content(path) == content(TEMPLATES / path.name), path.name
    # The script in workbook_templates/ is a thin caller of the same builder.
    script = (TEMPLATES / "build_templates.py").read_text(encoding="utf-8")
    assert "from rulesengine.workbook.templates import build" in script


@pytest.mark.parametrize("kind, name", [("swiss", "swiss.xlsx"), ("round-robin", "round_robin.xlsx"),
                                        ("season", "club_season.xlsx")])
def test_new_workbook_without_options_is_the_committed_template(tmp_path, capsys, kind, name):
    out = tmp_path / f"{kind}.xlsx"
    assert main(["new-workbook", kind, str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"Wrote {out}: a ")
    assert content(out) == content(TEMPLATES / name)


def test_new_workbook_with_the_rounds_and_players_the_td_chose(tmp_path, capsys):
    out = tmp_path / "open.xlsx"
    assert main(["new-workbook", "swiss", str(out), "--rounds", "7", "--players", "40"]) == 0
    assert capsys.readouterr().out == (f"Wrote {out}: a swiss workbook with 7 rounds and 40 player rows. "
                                       f"Type the event in, then: rulesengine recalc {out}\n")
    wb, _, _ = load_workbook(out)
    grids = read_grids(wb, sheets_to_read(wb.sheetnames))
    labels = [v for v in grids["Crosstable"].rows[0] if v]
    assert labels == ["SNo", "Name", "Rtg", "FED", *(f"Round {r}" for r in range(1, 8)), "Pts"]
    assert {row[0]: row[1] for row in grids["Settings"].rows if len(row) > 1}["Rounds"] == 7
    validations = [str(dv.sqref) for dv in wb["Crosstable"].data_validations.dataValidation]
    assert all(ref.endswith("42") for ref in validations)  # 40 player rows under two header rows
    rr = tmp_path / "rr.xlsx"
    assert main(["new-workbook", "round-robin", str(rr), "--players", "6"]) == 0
    header = list(load_workbook(rr)[0]["Crosstable"].iter_rows(min_row=1, max_row=1, values_only=True))[0]
    assert header == ("No.", "Name", "Rtg", "FED", 1, 2, 3, 4, 5, 6, "Pts")


@pytest.mark.parametrize("argv, message", [
    (["swiss", "{tmp}/exists.xlsx"], "{tmp}/exists.xlsx already exists; choose another name (an existing workbook "
                                     "is never replaced)"),
    (["swiss", "{tmp}/new.xls"], "{tmp}/new.xls: the new workbook's name must end in .xlsx"),
    (["swiss", "{tmp}/new.xlsx", "--rounds", "0"], "--rounds 0: want 1 to 99"),
    (["season", "{tmp}/new.xlsx", "--players", "100000"], "--players 100000: want 2 to 2000"),
    (["round-robin", "{tmp}/new.xlsx", "--players", "6", "--rounds", "9"],
     "--rounds 9: a round robin of 6 players has 5 rounds (or twice as many, double); set --players instead"),
])
def test_new_workbook_refuses_what_it_cannot_make(tmp_path, capsys, argv, message):
    (tmp_path / "exists.xlsx").write_bytes(b"the TD's own file")
    assert main(["new-workbook", *(a.format(tmp=tmp_path) for a in argv)]) == 2
    assert capsys.readouterr().err.strip() == "rulesengine: " + message.format(tmp=tmp_path)
    assert (tmp_path / "exists.xlsx").read_bytes() == b"the TD's own file"
    assert not (tmp_path / "new.xlsx").exists() and not list(tmp_path.glob(".*.tmp"))


def test_instructions_wrap_in_rows_tall_enough_and_end_with_a_filled_example():
    ws = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")["Instructions"]
    steps = [r for r in range(3, ws.max_row + 1) if isinstance(ws.cell(row=r, column=2).value, str)
             and len(ws.cell(row=r, column=2).value) > 60]
    assert len(steps) >= 6
    text_width = sum(ws.column_dimensions[c].width for c in "BCDEFGHIJKL")
    for r in steps:
        cell = ws.cell(row=r, column=2)
        assert cell.alignment.wrap_text and f"B{r}:L{r}" in {str(m) for m in ws.merged_cells.ranges}
        lines_needed = -(-len(cell.value) // int(text_width * 0.95))
        assert ws.row_dimensions[r].height >= 15 * lines_needed, (r, cell.value)
    example = next(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=3).value == "Berg, Ana")
    assert [ws.cell(row=example, column=c).value for c in range(2, 13)] == [
        1, "Berg, Ana", 2100, "NOR", 4, "w", 1, 3, "b", "½", 1.5]


def test_settings_print_with_their_explanations_on_one_page():
    for name in EXPECTED:
        ws = openpyxl.load_workbook(TEMPLATES / name)["Settings"]
        assert ws.page_setup.orientation == "landscape" and ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.page_setup.fitToWidth == 1
        for r in range(2, ws.max_row + 1):
            assert ws.cell(row=r, column=3).alignment.wrap_text and ws.row_dimensions[r].height >= 15


def test_swiss_template_has_result_dropdowns(tmp_path):
    ws = openpyxl.load_workbook(TEMPLATES / "swiss.xlsx")["Crosstable"]
    lists = [dv.formula1 for dv in ws.data_validations.dataValidation if dv.type == "list"]
    assert '"1,½,0,+,-,H,F,U,Z,W,D,L"' in lists and '"w,b"' in lists


def fill_swiss(ws):
    rows = [[1, "Ana", 2100, "NOR", 2, "w", 1, 3, "b", "½"],
            [2, "Bo", 2000, "SWE", 1, "b", 0, None, None, "U"],
            [3, "Ça Ğün", 1900, "TUR", None, None, "H", 1, "w", "½"]]
    for r, row in enumerate(rows, start=3):
        for c, value in enumerate(row, start=1):
            ws.cell(row=r, column=c, value=value)


@pytest.mark.parametrize("name", ["swiss.xlsx", "club_season.xlsx"])
def test_filled_template_recalculates(tmp_path, registry, name):
    path = tmp_path / name
    shutil.copy(TEMPLATES / name, path)
    wb = openpyxl.load_workbook(path)
    fill_swiss(wb[CROSSTABLE[name]])
    wb.save(path)
    overrides = None
    if name == "club_season.xlsx" and "club" not in registry.rating_systems:
        with pytest.raises(UsageError, match="unknown rating system 'club'"):
            recalc_workbook(path, registry=registry)
        overrides = WorkbookSettings(rating_system="elo")
    result = recalc_workbook(path, overrides, registry=registry)
    assert result.save.replaced
    rows = list(openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True))
    assert standings_table(rows)[1][:4] == [1, 1, "Ana", 1.5]


def test_filled_round_robin_template_recalculates(tmp_path, registry):
    path = tmp_path / "rr.xlsx"
    shutil.copy(TEMPLATES / "round_robin.xlsx", path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Crosstable"]
    for r, (name, results) in enumerate([("Ana", [None, 1, "½"]), ("Bo", [0, None, 1]), ("Kai", ["½", 0, None])],
                                        start=2):
        ws.cell(row=r, column=2, value=name)
        for k, value in enumerate(results, start=5):
            if value is not None:
                ws.cell(row=r, column=k, value=value)
    wb.save(path)
    result = recalc_workbook(path, registry=registry)
    assert [(r.start_rank, float(r.points)) for r in result.plan.standings.rows] == [(1, 1.5), (2, 1.0), (3, 0.5)]


SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


def test_libreoffice_opens_every_template(tmp_path):
    skip_unless_tool(None if SOFFICE else "LibreOffice (soffice) is not installed")
    profile = tmp_path / "profile"
    out = tmp_path / "out"
    sources = [str(TEMPLATES / name) for name in sorted(EXPECTED)]
    run = subprocess.run([SOFFICE, f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
                          "--convert-to", "xlsx", "--outdir", str(out), *sources],
                         capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": str(tmp_path)})
    # soffice exits 0 even when it could not load a file: the converted files must exist.
    assert run.returncode == 0, run.stderr
    assert "Error" not in run.stderr, run.stderr
    for name in EXPECTED:
        converted = out / name
        assert converted.exists() and converted.stat().st_size > 0, run.stdout + run.stderr
        grids = read_grids(*load_workbook(converted)[:1], [CROSSTABLE[name]])
        assert detect_layout(grids[CROSSTABLE[name]]) == EXPECTED[name]
