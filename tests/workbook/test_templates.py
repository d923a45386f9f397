"""The committed templates: built by workbook_templates/build_templates.py, read back by our own
importer, recalculated once filled in, and opened by LibreOffice without complaint."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

from rulesengine.errors import UsageError
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable
from rulesengine.workbook.openpyxl_io import load_workbook, read_grids, recalc_workbook
from rulesengine.workbook.recalc import sheets_to_read
from rulesengine.workbook.settings import WorkbookSettings
from rulesengine.workbook.standings_sheet import standings_table

from tool_check import skip_unless_tool

TEMPLATES = Path(__file__).resolve().parents[2] / "workbook_templates"
EXPECTED = {"swiss.xlsx": "template", "round_robin.xlsx": "round_robin", "club_season.xlsx": "template"}
CROSSTABLE = {"swiss.xlsx": "Crosstable", "round_robin.xlsx": "Crosstable", "club_season.xlsx": "Evening 1"}


def build_module():
    spec = importlib.util.spec_from_file_location("build_templates", TEMPLATES / "build_templates.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_committed_template_reads_back_through_our_importer(name):
    wb, _, lost = load_workbook(TEMPLATES / name)
    assert lost == []
    grids = read_grids(wb, sheets_to_read(wb.sheetnames))
    assert {CROSSTABLE[name], "Settings", "Instructions"} <= set(grids)
    assert detect_layout(grids[CROSSTABLE[name]]) == EXPECTED[name]
    assert read_crosstable(grids[CROSSTABLE[name]]).players == ()


def test_the_build_script_makes_the_committed_set(tmp_path):
    built = build_module().build(tmp_path)
    assert sorted(p.name for p in built) == sorted(EXPECTED)
    for path in built:
        with zipfile.ZipFile(path) as new, zipfile.ZipFile(TEMPLATES / path.name) as old:
            assert sorted(new.namelist()) == sorted(old.namelist())
            assert new.read("xl/workbook.xml") == old.read("xl/workbook.xml")


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
