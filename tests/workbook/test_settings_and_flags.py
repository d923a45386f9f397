"""Settings and flags as a TD meets them (issue 12, item 5): one flag name for one idea across
commands, a renamed Settings sheet said out loud, bad values reported with their cell and bounded."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.formats.trf import read_trf
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.io.openpyxl_book import write_workbook
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.sheets.standings import legend_of, standings_table

DATA = Path(__file__).resolve().parents[1] / "data" / "workbook"
HC02 = DATA / "hc02_bye_example.trf"  # hero: BH 13.5 under the 2026 text (capped dummy), 15.5 under 2024
EVENT = tournament_from_text(["Ana", "Bo", "Kai", "Dan"], ["1-2 1-0, 3-4 =", "4-1 0-1, 2-3 1-0"])


def hc02_book(tmp_path: Path, settings_sheet: str = "Settings") -> Path:
    crosstable = crosstable_grid(read_trf(HC02), "template")
    return write_workbook(tmp_path / "hc02.xlsx", [crosstable, Grid(settings_sheet, [
        ["Setting", "Value"], ["Tie-breaks", "BH"], ["Rating system", "none"]])])


def hero_bh(path: Path) -> float:
    table = standings_table(list(openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True)))
    return next(row[4] for row in table[1:] if row[1] == 1)


@pytest.mark.parametrize("flag", ["--date", "--rules-date"])
def test_recalc_date_chooses_the_rules_as_rate_date_does(tmp_path, capsys, flag):
    path = hc02_book(tmp_path)
    assert main(["recalc", str(path)]) == 0 and hero_bh(path) == 13.5
    assert main(["recalc", str(path), flag, "2024-06-01"]) == 0 and hero_bh(path) == 15.5
    standings_rows = [row for row in openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True)]
    assert legend_of(standings_rows)["Rules date"] == "2024-06-01"


def test_the_old_flag_spelling_is_hidden_and_the_new_one_shared(capsys):
    for command in ("recalc", "standings", "rate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "--date YYYY-MM-DD" in text, command
        assert "--rules-date" not in text
    assert main(["standings", str(HC02), "--tiebreaks", "BH", "--date", "2024-06-01", "--format", "csv"]) == 0
    assert "1,1,\"Example, Hero\",4.5,15.5" in capsys.readouterr().out
    assert main(["recalc", "x.xlsx", "--date", "June 1st"]) == 2
    assert capsys.readouterr().err.strip() == "rulesengine: --date: 'June 1st' is not a date (use YYYY-MM-DD)"


def test_a_renamed_settings_sheet_is_said_and_the_defaults_named(tmp_path, capsys):
    path = hc02_book(tmp_path, settings_sheet="Settings (old)")
    assert main(["recalc", str(path)]) == 0
    out = capsys.readouterr().out
    note = ("Note: No Settings sheet found (sheets: Crosstable, Settings (old)); defaults used: no tie-breaks "
            "(points only); no rating system; the newest rules; rounds from the last round with any entry. "
            "Sheet 'Settings (old)' looks like a Settings sheet: name it 'Settings' to use it.")
    assert note in out.splitlines()
    rows = list(openpyxl.load_workbook(path)["Standings"].iter_rows(values_only=True))
    assert legend_of(rows)["Note"] == note.removeprefix("Note: ")


def test_a_workbook_with_a_settings_sheet_gets_no_such_note():
    plan = recalculate({"Crosstable": crosstable_grid(EVENT, "template"),
                        "Settings": Grid("Settings", [["Tie-breaks", "BH"]])})
    assert not any("No Settings sheet" in note for note in plan.notes)


@pytest.mark.parametrize("key, value, message", [
    ("Points for a win", 1e308, "setting 'Points for a win': points 1e+308 is out of range (-100 to 100)"),
    ("Points for a draw", "inf", "setting 'Points for a draw': 'inf' is not a number of points"),
    ("Rounds", 1000, "setting 'Rounds': number of rounds 1000 is out of range (1 to 999)"),
    ("Points for a loss", -101, "setting 'Points for a loss': points -101 is out of range (-100 to 100)"),
    ("Rounds", "seven", "setting 'Rounds': 'seven' is not a number of rounds (a whole number)"),
    ("After round", 2.5, "setting 'After round': '2.5' is not a round number (a whole number)"),
    ("Ladder K for newcomers", 1e308, "setting 'Ladder K for newcomers': 1e+308 is out of range (-1e+06 to 1e+06)"),
    ("Rating option tau", "inf", "setting 'Rating option tau': inf is out of range (-1e+06 to 1e+06)"),
])
def test_bad_settings_values_are_reported_with_their_cell(key, value, message):
    with pytest.raises(InputError) as info:
        recalculate({"Crosstable": crosstable_grid(EVENT, "template"),
                     "Settings": Grid("Settings", [["Setting", "Value"], [key, value]])})
    assert [str(p) for p in info.value.problems] == [f"Settings!B2: {message}"]


def test_rating_options_in_words_and_sound_numbers_pass():
    from rulesengine.workbook.inputs.settings import parse_settings
    parsed, problems = parse_settings(Grid("Settings", [["Ladder K for newcomers", 40], ["Rating option tau", "0,5"],
                                                        ["Ladder policy", "strict"]]))
    assert problems == [] and parsed.rating_options == {"k_for_newcomers": 40, "tau": "0,5", "policy": "strict"}


def test_every_number_on_the_players_sheet_is_bounded():
    players = Grid("Players", [["SNo", "Name", "Rating", "Games", "K", "Birth year", "RD"],
                               [1, "Ana", 1e308, 10, 20, 1990, 50],
                               [2, "Bo", 1500, -1, 20, 1990, 50],
                               [3, "Kai", 1500, 10, float("inf"), 1990, 50],
                               [4, "Dan", 1500, 10, 20, 3026, 1e9]])
    with pytest.raises(InputError) as info:
        recalculate({"Crosstable": crosstable_grid(EVENT, "template"), "Players": players})
    assert [str(p) for p in info.value.problems] == [
        "Players!C2: rating 1e+308 is out of range (0 to 4000)",
        "Players!D3: games -1 is out of range (0 to 100000)",
        "Players!E4: k must be a number, found 'inf'",
        "Players!F5: birth year 3026 is out of range (1800 to 2100)",
        "Players!G5: deviation 1e+09 is out of range (0 to 1000)"]


def test_a_crosstable_rating_out_of_range_is_named():
    grid = crosstable_grid(EVENT, "template")
    rows = [list(r) for r in grid.rows]
    rows[2][2] = 25000
    with pytest.raises(InputError) as info:
        recalculate({"Crosstable": Grid("Crosstable", rows, grid.merged)})
    assert [str(p) for p in info.value.problems] == ["Crosstable!C3: rating 25000 is out of range (0 to 4000)"]
