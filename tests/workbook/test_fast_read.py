"""The fast reader (python-calamine) gives the grids openpyxl gives, for every layout and template."""

from __future__ import annotations

import os
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import pytest

from rulesengine.errors import InputError
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io import fast_read
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.workbook.io.fast_read import read_workbook_grids
from rulesengine.grid import Grid, MergedRange
from rulesengine.workbook.layouts.detect import read_crosstable
from rulesengine.workbook.io.openpyxl_book import load_workbook, read_grids, write_workbook
from rulesengine.workbook.io.package import Limits

from tool_check import skip_unless_tool

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
LAYOUTS = ("template", "swiss_manager", "uschess_wallchart", "round_robin")
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
EVENT = tournament_from_text(["محمد الأحمد", "Пётр Иванов", "Zoë Ødegaard", "José Núñez", "李 小龙"],
                             ["1-2 1-0, 3-4 =", "4-1 0-1, 2-5 1-0", "1-3 =, 5-4 0-1"])

needs_calamine = pytest.mark.skipif(not fast_read.calamine_available(), reason="python-calamine is not installed")


def openpyxl_grids(path: Path) -> tuple[list[str], dict[str, Grid]]:
    wb, _, _ = load_workbook(path)
    return wb.sheetnames, read_grids(wb, wb.sheetnames)


def xlsxwriter_copy(grids: list[Grid], path: Path) -> Path:
    """The same grids as XlsxWriter writes them (shared strings, cached values, merged ranges)."""
    xlsxwriter = pytest.importorskip("xlsxwriter")
    wb = xlsxwriter.Workbook(str(path))
    for grid in grids:
        ws = wb.add_worksheet(grid.sheet)
        for r, row in enumerate(grid.rows):
            for c, value in enumerate(row):
                if value is not None:
                    ws.write_string(r, c, value) if isinstance(value, str) else ws.write(r, c, value)
        for m in grid.merged:
            ws.merge_range(m.first_row, m.first_col, m.last_row, m.last_col, grid.value(m.first_row, m.first_col))
    wb.close()
    return path


@needs_calamine
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("writer", ("openpyxl", "xlsxwriter"))
def test_both_readers_give_identical_grids_and_tournaments_for_every_layout(tmp_path, layout, writer):
    grids = [crosstable_grid(EVENT, layout), Grid("Notes", [["Prize fund", 500], [None, None, "ok"]],
                                                 (MergedRange.from_a1("A2:B2"),))]
    path = tmp_path / "book.xlsx"
    write_workbook(path, grids) if writer == "openpyxl" else xlsxwriter_copy(grids, path)
    names, fast = read_workbook_grids(path, engine="calamine")
    slow_names, slow = openpyxl_grids(path)
    assert names == slow_names == ["Crosstable", "Notes"]
    assert fast == slow
    assert all(type(a) is type(b) for s in fast for ra, rb in zip(fast[s].rows, slow[s].rows)
               for a, b in zip(ra, rb))  # 5 stays an int, as openpyxl reads it
    assert read_crosstable(fast["Crosstable"]) == read_crosstable(slow["Crosstable"])
    assert [p.name for p in read_crosstable(fast["Crosstable"]).players] == [p.name for p in EVENT.players]


@needs_calamine
@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES.glob("*.xlsx")))
def test_both_readers_give_identical_grids_for_the_templates(template):
    path = TEMPLATES / template
    assert read_workbook_grids(path, engine="calamine") == openpyxl_grids(path)
    assert read_workbook_grids(path, engine="openpyxl") == openpyxl_grids(path)


@needs_calamine
def test_a_libreoffice_saved_book_reads_the_same(tmp_path):
    skip_unless_tool(None if SOFFICE else "LibreOffice (soffice) is not installed")
    (tmp_path / "src").mkdir()
    source = write_workbook(tmp_path / "src" / "book.xlsx", [crosstable_grid(EVENT, "swiss_manager")])
    out = tmp_path / "out"
    run = subprocess.run([SOFFICE, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
                          "--norestore", "--convert-to", "xlsx", "--outdir", str(out), str(source)],
                         capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": str(tmp_path)})
    converted = out / "book.xlsx"
    assert run.returncode == 0 and converted.exists(), run.stderr
    fast, slow = read_workbook_grids(converted, engine="calamine"), openpyxl_grids(converted)
    assert fast == slow
    assert read_crosstable(fast[1]["Crosstable"]) == read_crosstable(crosstable_grid(EVENT, "swiss_manager"))


def test_without_calamine_every_sheet_is_read_with_openpyxl_and_the_grids_are_the_same(tmp_path, monkeypatch):
    path = write_workbook(tmp_path / "book.xlsx", [crosstable_grid(EVENT, "template")])
    expected = openpyxl_grids(path)
    monkeypatch.setattr(fast_read, "calamine_available", lambda: False)
    monkeypatch.setattr(fast_read, "_calamine_grids", None)  # must not be reached
    assert read_workbook_grids(path) == expected


@needs_calamine
def test_formulas_without_cached_values_and_error_cells_fall_back_to_openpyxl(tmp_path, monkeypatch):
    import openpyxl

    path = tmp_path / "book.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sums"
    ws["A1"], ws["B1"], ws["C1"] = 1, 2, "=A1+B1"  # openpyxl writes no cached result
    errors = wb.create_sheet("Errors")
    errors["A1"] = "#N/A"
    errors["A1"].data_type = "e"
    wb.create_sheet("Plain")["A1"] = "Zoë"
    wb.save(path)
    seen = []
    real = fast_read._calamine_grids
    monkeypatch.setattr(fast_read, "_calamine_grids",
                        lambda p, names, limits, data=None: seen.extend(names) or real(p, names, limits, data))
    names, grids = read_workbook_grids(path)
    assert seen == ["Plain"]
    assert grids["Sums"].rows == [[1, 2, "=A1+B1"]] and grids["Errors"].rows == [["#N/A"]]
    assert grids["Plain"].rows == [["Zoë"]]


@needs_calamine
def test_a_formula_with_a_cached_value_reads_as_the_value_the_td_sees(tmp_path):
    xlsxwriter = pytest.importorskip("xlsxwriter")
    path = tmp_path / "book.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Sums")
    ws.write_row(0, 0, [1, 2])
    ws.write_formula(0, 2, "=A1+B1", None, 3)
    ws.write_datetime(1, 0, datetime(2026, 4, 10), wb.add_format({"num_format": "yyyy-mm-dd"}))
    wb.close()
    names, grids = read_workbook_grids(path)
    assert grids["Sums"].rows == [[1, 2, 3], [datetime(2026, 4, 10)]]


def test_only_the_sheets_asked_for_are_read_and_all_names_come_back(tmp_path):
    path = write_workbook(tmp_path / "book.xlsx", [Grid("A", [[1]]), Grid("B", [[2]]), Grid("C", [[3]])])
    names, grids = read_workbook_grids(path, ["C", "A", "missing"])
    assert names == ["A", "B", "C"]
    assert list(grids) == ["C", "A"] and grids["C"].rows == [[3]]


@pytest.mark.parametrize("engine", ("auto", "openpyxl"))
def test_a_sheet_beyond_the_limits_is_refused_naming_its_far_cell(tmp_path, engine):
    path = write_workbook(tmp_path / "book.xlsx", [Grid("Big", [[1]] + [[]] * 28 + [[None] * 29 + [2]])])
    with pytest.raises(InputError) as caught:
        read_workbook_grids(path, limits=Limits(max_cells=500), engine=engine)
    assert "Big!AD30: refused: the sheet reaches AD30, 900 cells to read (limit 500)" in str(caught.value)


def test_not_a_workbook_is_refused_with_the_file_named(tmp_path):
    path = tmp_path / "book.xlsx"
    path.write_bytes(b"not a zip")
    with pytest.raises(InputError) as caught:
        read_workbook_grids(path)
    assert str(caught.value).startswith(f"{path}: not an Excel workbook")


def test_the_bytes_already_read_give_the_same_grids_and_name_the_file(tmp_path):
    """Batch and audit read each input once: `read_workbook_grids(path, data=bytes)` is the read
    of the file (calamine and openpyxl routes alike), and its problems name the file."""
    from rulesengine.workbook import templates

    for engine in ("auto", "openpyxl"):
        for maker in (templates.swiss, templates.round_robin, templates.club_season):
            path = tmp_path / f"{maker.__name__}.xlsx"
            maker(path)
            data = path.read_bytes()
            assert read_workbook_grids(path, engine=engine) == \
                read_workbook_grids(Path("archive/" + path.name), engine=engine, data=data)
    with pytest.raises(InputError, match=r"^archive/broken\.xlsx: not an Excel workbook"):
        read_workbook_grids(Path("archive/broken.xlsx"), data=b"PK not a zip at all")
