"""`rulesengine recalc BOOK.xlsx` as a TD runs it."""

from __future__ import annotations

import openpyxl

from rulesengine.cli import main
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.sheets.standings import standings_table

EVENT = tournament_from_text(["Ana", "Bo", "Kai", "Dan"], ["1-2 1-0, 3-4 =", "4-1 0-1, 2-3 1-0", "1-3 =, 2-4 0-1"],
                             ratings=[2000, 1900, 1800, 1700], start_date="2026/04/10")


def test_recalc_writes_standings_and_explain(tmp_path, capsys):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "swiss_manager", sheet="Results"),
                                                   Grid("Settings", [["Tie-breaks", "SB"]])])
    assert main(["recalc", str(path), "--tiebreaks", "BH/C1,SB", "--explain", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ("Read 'Results' (swiss manager layout): 4 players, 3 rounds. "
                                   "Tie-breaks: BH/C1, SB.")
    assert f"Wrote Standings and Explain to {path} (backup: {tmp_path / 'club.original.xlsx'})." in out
    wb = openpyxl.load_workbook(path)
    table = standings_table(list(wb["Standings"].iter_rows(values_only=True)))
    assert table[0][:6] == ["Rank", "SNo", "Name", "Pts", "BH/C1", "SB"]
    assert wb["Explain"]["C1"].value == "Bo"


def test_rating_system_flag_adds_rating_columns(tmp_path, capsys, registry):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template")])
    system = "fide" if "fide" in registry.rating_systems else None
    if system is None:
        return
    assert main(["recalc", str(path), "--system", system]) == 0
    header = standings_table(list(openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True)))[0]
    assert header[-3:] == ["Rating before", "Change", "Rating after"]


def test_every_problem_one_line_each_and_nothing_written(tmp_path, capsys):
    grid = crosstable_grid(EVENT, "uschess_wallchart")
    rows = [list(r) for r in grid.rows]
    rows[1][4] = "W9"     # Ana's round 1: no player 9
    rows[1][-1] = 7       # and a wrong total
    path = write_workbook(tmp_path / "club.xlsx", [Grid("Crosstable", rows)])
    before = path.read_bytes()
    assert main(["recalc", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "Crosstable!E2: round 1: opponent 9 is not in the crosstable"
    assert any(line.startswith("Crosstable!E4: round 1: player 2 is paired with 1, but E2 gives opponent 9")
               for line in err)
    assert err[-1] == f"rulesengine: {path} was not changed ({len(err) - 1} problems)"
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]


def test_unknown_tiebreak_exits_2(tmp_path, capsys):
    path = write_workbook(tmp_path / "club.xlsx", [crosstable_grid(EVENT, "template")])
    assert main(["recalc", str(path), "--tiebreaks", "NOPE"]) == 2
    assert "unknown tie-break code 'NOPE'" in capsys.readouterr().err


def test_not_a_workbook(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text("012 x\n")
    assert main(["recalc", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"{path}: not an Excel workbook")
