"""A real spreadsheet reads what we wrote: LibreOffice (headless) round-trips a recalculated workbook.

The workbook is recalculated by the openpyxl route (`rulesengine recalc`'s `recalc_workbook`),
then LibreOffice loads it and saves it again as .xlsx, and exports every sheet as CSV. The values
it saved, and the text it shows, must be the values we wrote. A workbook LibreOffice saved must
also recalculate to the same standings (its files differ from openpyxl's: shared strings,
number types, styles). Skips when `soffice` is missing (CI installs libreoffice-calc-nogui).
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

import excel_sample as sample
from tool_check import SETUP, skip_unless_tool
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.sheets.standings import standings_table

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
# Every sheet as CSV, UTF-8, comma-separated, "-1" = all sheets to NAME-Sheet.csv (LibreOffice 7.2+).
CSV_ALL_SHEETS = "csv:Text - txt - csv (StarCalc):44,34,UTF8,1,,0,false,true,false,false,false,-1"


@pytest.fixture(scope="module")
def soffice(tmp_path_factory):
    skip_unless_tool(None if SOFFICE else f"LibreOffice (soffice) is not installed (run {SETUP})")
    profile = tmp_path_factory.mktemp("lo-profile")

    def convert(source: Path, fmt: str, outdir: Path) -> None:
        outdir.mkdir(parents=True, exist_ok=True)
        run = subprocess.run([SOFFICE, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                              "--convert-to", fmt, "--outdir", str(outdir), str(source)],
                             capture_output=True, text=True, timeout=180)
        # soffice exits 0 even when it could not load the file: the output must exist.
        assert run.returncode == 0 and any(outdir.iterdir()), f"soffice failed:\n{run.stdout}\n{run.stderr}"

    return convert


def _values(path: Path, sheet: str) -> list[list]:
    wb = openpyxl.load_workbook(path, data_only=True)
    rows = [list(r) for r in wb[sheet].iter_rows(values_only=True)]
    wb.close()
    trimmed = []
    for row in rows:
        while row and row[-1] in (None, ""):
            row.pop()
        trimmed.append([None if v == "" else v for v in row])
    while trimmed and not trimmed[-1]:
        trimmed.pop()
    return trimmed


def _trim(row: list[str]) -> list[str]:
    while row and row[-1] == "":
        row = row[:-1]
    return row


def _as_shown(value) -> str:
    """How LibreOffice shows a value in a General-format cell, as its CSV export writes it."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("book")
    book = write_workbook(folder / "club.xlsx", [Grid(name, rows) for name, rows in sample.SHEETS.items()])
    result = recalc_workbook(book)
    assert result.save.replaced and result.save.written == book
    return book


def test_libreoffice_saves_the_values_we_wrote(recalculated, soffice, tmp_path):
    soffice(recalculated, "xlsx", tmp_path / "lo")
    resaved = tmp_path / "lo" / recalculated.name
    for sheet in ("Standings", "Crosstable", "Settings"):
        ours = _values(recalculated, sheet)
        assert ours, sheet
        assert _values(resaved, sheet) == ours, sheet


def test_libreoffice_shows_the_values_we_wrote(recalculated, soffice, tmp_path):
    soffice(recalculated, CSV_ALL_SHEETS, tmp_path / "csv")
    exported = tmp_path / "csv" / f"{recalculated.stem}-Standings.csv"
    with exported.open(encoding="utf-8", newline="") as handle:
        shown = [_trim(row) for row in csv.reader(handle)]
    while shown and not shown[-1]:
        shown.pop()
    ours = [[_as_shown(v) for v in row] for row in _values(recalculated, "Standings")]
    assert shown == ours
    table = standings_table(shown)
    assert table[0][:len(sample.STANDINGS_HEADER)] == sample.STANDINGS_HEADER
    assert {row[2]: row[3] for row in table[1:]} == {k: _as_shown(float(v)) for k, v in sample.POINTS.items()}


def test_a_workbook_libreoffice_saved_recalculates_to_the_same_standings(recalculated, soffice, tmp_path):
    soffice(recalculated, "xlsx", tmp_path / "lo")
    again = recalc_workbook(tmp_path / "lo" / recalculated.name)
    first = _values(recalculated, "Standings")
    second = _values(tmp_path / "lo" / recalculated.name, "Standings")
    stamp = [i for i, row in enumerate(first) if row and row[0] == "Computed by"]
    for i in stamp:   # "rulesengine X, <minute of the run>": the two runs may fall in two minutes
        first[i], second[i] = ([row[0], str(row[1]).rpartition(", ")[0]] for row in (first[i], second[i]))
    assert second == first
    direct = recalculate({name: Grid(name, rows) for name, rows in sample.SHEETS.items()})
    assert again.plan.standings.rows == direct.standings.rows
