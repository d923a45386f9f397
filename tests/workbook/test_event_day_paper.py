"""Issue 23 items 2, 3 and 5 as a TD meets them: players typed where the template says, the
pairing heading, the legend's words for DE, a wall chart's name and tie-breaks, `pair --check` on a
file not paired by the Dutch rules."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from rulesengine.cli import main
from rulesengine.errors import InputError
from rulesengine.grid import Grid
from rulesengine.workbook.pair_book import pair_grids
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.sheets.standings import legend_of

from typed_books import TEMPLATE

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-open-2026.trf"


def players_only_book(path: Path, count: int) -> Path:
    """The swiss template with the players typed on the Players sheet only (the Crosstable empty)."""
    wb = openpyxl.load_workbook(TEMPLATE)
    for k in range(1, count + 1):
        wb["Players"].cell(row=k + 1, column=1, value=k)
        wb["Players"].cell(row=k + 1, column=2, value=f"Player {k}")
    wb.save(path)
    return path


def test_players_typed_only_on_players_are_refused_at_the_crosstable_cell_naming_the_rows(tmp_path, capsys):
    book = players_only_book(tmp_path / "open.xlsx", 10)
    before = book.read_bytes()
    for command in (["recalc", str(book)], ["pair", str(book)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert ("Crosstable!A3: no players here, but the Players sheet lists 10: the event's players are typed here, "
                "one row each (SNo and Name, then the rounds); copy the SNo and Name columns of Players into "
                "Crosstable!A3:B12") in err
    assert book.read_bytes() == before   # nothing written


def test_an_empty_crosstable_says_where_to_type_the_players(tmp_path):
    crosstable = Grid("Crosstable", [["SNo", "Name", "Round 1", None, None], [None, None, "Opp", "Col", "Res"]])
    with pytest.raises(InputError) as caught:
        recalculate({"Crosstable": crosstable})
    assert str(caught.value.problems[0]) == ("Crosstable!A3: no players yet: type each player here, one row each "
                                             "(SNo 1, 2, 3, ... and Name, then the rounds)")


def four_players(*settings) -> dict[str, Grid]:
    rows = [["SNo", "Name", "Round 1", None, None], [None, None, "Opp", "Col", "Res"]]
    rows += [[k, f"Player {k}", None, None, None] for k in range(1, 5)]
    return {"Crosstable": Grid("Crosstable", rows),
            "Settings": Grid("Settings", [["Setting", "Value"], ["Rounds", 3], *settings])}


def test_the_pairing_heading_names_baku_acceleration_only_when_the_event_uses_it_c047():
    plain = pair_grids(four_players())
    assert plain.system == "FIDE (Dutch) System, C.04.3 (2025 text, in force 2026)"
    assert plain.writes[-1].rows[1][0].startswith("FIDE (Dutch) System, C.04.3 (2025 text, in force 2026): enter")
    baku = pair_grids(four_players(["Acceleration", "Baku"]))
    assert baku.system == "FIDE (Dutch) System, C.04.3 (2025 text, in force 2026), Baku acceleration C.04.7"


def test_the_legend_says_what_a_de_value_means_c07_art_6():
    plan = recalculate(four_players(["Tie-breaks", "DE"]))
    assert legend_of(plan.writes[0].rows)["DE"].startswith(
        "Direct encounter: FIDE C.07 art. 6 (place within the group still tied (0: not separated); /P counts "
        "forfeits), plugin fide")


def test_computed_by_is_one_cell_so_nothing_cuts_it():
    rows = recalculate(four_players()).writes[0].rows
    (line,) = [row for row in rows if row and row[0] == "Computed by"]
    assert len(line) == 2 and line[1].startswith("rulesengine ")


def test_a_wall_chart_is_ranked_by_us_chess_tiebreaks_under_its_event_name_rule_34e():
    grid = Grid("Wallchart", [
        ["Riverside Quads 2026"],
        [],
        ["#", "Name", "ID", "Rtng", "Rd 1", "Rd 2", "Total"],
        [1, "SMITH, ANNA", "12345678", "1794", "W2", "W3", 2],
        [2, "LEE, BO", "23456789", "1650", "L1", "W4", 1],
        [3, "GARCIA, INIGO", "", "1500", "W4", "L1", 1],
        [4, "ONEIL, CARA", "", "1400", "L3", "L2", 0],
    ])
    plan = recalculate({"Wallchart": grid})
    assert [str(s) for s in plan.standings.specs] == ["MM", "SOLK", "CUM", "OPPC"]
    assert plan.writes[0].rows[0][0].startswith("Riverside Quads 2026 - Standings")


def test_check_of_the_bundled_example_says_it_was_not_paired_by_the_dutch_rules(capsys):
    assert main(["pair", str(EXAMPLE), "--check"]) == 1
    out = capsys.readouterr().out
    assert ("Note: the file does not say it was paired by the dutch system (record 092: 'Individual: "
            "Swiss-System'): an event paired by another system, or by hand, differs from these rules without "
            "breaking its own") in out


def test_a_recalculated_a4_book_prints_its_standings_on_a4(tmp_path):
    from typed_books import DATA, type_into_template
    book = type_into_template(tmp_path / "a4.xlsx", DATA / "sw05_n12_r6_forfeits.trf")
    wb = openpyxl.load_workbook(book)
    wb["Settings"].page_setup.paperSize = 9
    wb.save(book)
    for route in ("graft", "openpyxl"):
        recalc_workbook(book, route=route)
        standings = openpyxl.load_workbook(book)["Standings"]
        assert int(standings.page_setup.paperSize) == 9, route
        assert standings.page_margins.left == 0.5 and standings.sheet_format.defaultRowHeight == 15
