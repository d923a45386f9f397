"""A Settings value is named by its cell and shown in part (issue 26 item 2): `Settings!B4: ...`
with at most 60 characters of what was typed, never a 32,767-character line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesengine.grid import Grid
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.layouts.export import crosstable_grid

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fuzz.harness import run_cli  # noqa: E402

LONG = "x" * 32_767
CASES = {
    ("Crosstable sheet", LONG): "setting 'Crosstable sheet': '" + "x" * 60 + "'... (32,767 characters) is not a "
                                "sheet name (Excel's sheet names have at most 31 characters)",
    ("Crosstable sheet", 1e308): "setting 'Crosstable sheet': 1e+308 is not a sheet name (Excel's sheet names "
                                 "have at most 31 characters)",
    ("Crosstable sheet", "Round 9"): "crosstable sheet 'Round 9' does not exist; sheets: Crosstable, Settings",
    ("Layout", "³"): "unknown crosstable layout '³'; known: template, swiss_manager, round_robin, uschess_wallchart",
    ("Layout", LONG): "setting 'Layout': '" + "x" * 60 + "'... (32,767 characters) is not a crosstable layout "
                      "(a name of at most 60 characters)",
    ("Rating system", LONG): "setting 'Rating system': '" + "x" * 60 + "'... (32,767 characters) is not a rating "
                             "system (a name of at most 60 characters)",
    ("Tie-breaks", "BH," + LONG[3:]): "setting 'Tie-breaks': '" + "x" * 60 + "'... (32,764 characters) is not a "
                                  "tie-break (a name of at most 60 characters)",
    ("Rules date", LONG): "setting 'Rules date': '" + "x" * 60 + "'... (32,767 characters) is not a date "
                          "(use YYYY-MM-DD)",
    ("Type", LONG): "setting 'Type': '" + "x" * 60 + "'... (32,767 characters) is not a tournament type "
                    "(swiss or round robin)",
    (LONG, "5"): "unknown setting '" + "x" * 40 + "'... (32,767 characters) (known: Tie-breaks, Rating system, "
                 "Rules date, Rule set, Event, Start date, Crosstable sheet, Layout, Type, Points for a win/draw/loss, "
                 "Rounds, After round, First colour, Acceleration, Ladder ...)",
}


@pytest.mark.parametrize("key, value", sorted(CASES, key=str))
def test_a_settings_value_is_named_by_its_cell_and_cut(tmp_path, key, value):
    tournament = tournament_from_text(["Ana", "Bo", "Cy", "Di"], ["1-2 1-0, 3-4 =", "1-3 0-1, 2-4 1-0"])
    settings = Grid("Settings", [["Setting", "Value"], ["Tie-breaks", "BH"], ["Rating system", "fide"], [key, value]])
    path = write_workbook(tmp_path / "book.xlsx", [crosstable_grid(tournament, "template"), settings])
    outcome = run_cli(["recalc", str(path)], path)
    assert outcome.ok and outcome.status == 2, (outcome.failure, outcome.stderr)
    cell = "A4" if key == LONG else "B4"
    assert outcome.stderr.splitlines() == [f"Settings!{cell}: {CASES[key, value]}",
                                           f"rulesengine: {path} was not changed (1 problem)"]
