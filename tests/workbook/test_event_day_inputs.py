"""The event-day inputs of a workbook, one rule at a time: late entrants' pairing numbers (C.04.2,
VCL4THP Q156) and missed rounds, Settings' limits and forbidden pairs refused at their cells, a
withdrawal that contradicts the crosstable, the colour lot (C.04.3 E.5)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.event_day import joined_late, pairing_numbers, renumbered, with_missed_rounds_scored
from rulesengine.grid import Grid
from rulesengine.pairing import draw_initial_colour
from rulesengine.testing import tournament_from_text
from rulesengine.workbook.pair_book import pair_grids
from rulesengine.workbook.recalc import recalculate

HEADER = [["SNo", "Name", "Rtg", "FED", "Round 1", None, None, "Round 2", None, None],
          [None, None, None, None, "Opp", "Col", "Res", "Opp", "Col", "Res"]]


def book(players: list[list], *settings, players_sheet: list[list] | None = None) -> dict[str, Grid]:
    grids = {"Crosstable": Grid("Crosstable", HEADER + players),
             "Settings": Grid("Settings", [["Setting", "Value"], ["Rounds", 4], *settings])}
    if players_sheet is not None:
        grids["Players"] = Grid("Players", [["SNo", "Name", "Withdrawn from round"], *players_sheet])
    return grids


SIX = [[k, f"Player {k}", 2300 - 100 * k, None] for k in range(1, 7)]


def test_a_late_entrant_gets_the_pairing_number_her_rating_earns_and_the_rest_move_down_q156():
    # Six players rated 2200..1700 and a late entrant rated 1950: she ranks fourth (C.04.2), so she is
    # pairing number 4 and players 4, 5, 6 move down one; the played round keeps its games.
    t = tournament_from_text([f"P{k}" for k in range(1, 8)], ["1-4 1-0, 2-5 =, 3-6 0-1"],
                             ratings=[2200, 2100, 2000, 1900, 1800, 1700, 1950])
    joined = joined_late(t, 2)
    assert joined == {7: 2}
    ranks = {sno: number for number, sno in enumerate([1, 2, 3, 7, 4, 5, 6], start=1)}
    numbers = pairing_numbers(t, joined, ranks)
    assert numbers == {1: 1, 2: 2, 3: 3, 7: 4, 4: 5, 5: 6, 6: 7}
    moved = renumbered(t, numbers)
    assert [p.name for p in moved.players] == ["P1", "P2", "P3", "P7", "P4", "P5", "P6"]
    assert moved.player(1).entry(1).opponent == 5 and moved.player(5).entry(1).opponent == 1   # P1 beat P4
    records = renumbered(replace(t, header=(("240", " H 3 4 7"), ("260", " 1 4 2 4"), ("XXA", " 4 1 1"))),
                         numbers).header
    assert records == (("240", " H 3 5 4"), ("260", " 1 4 2 5"), ("XXA", " 5 1 1"))   # XXA's points stay
    # An expelled player's line (VCL4THP Q197-198) names start ranks as well.
    assert renumbered(replace(t, header=(("###", " Expelled @ Round 2: 4 7"),)), numbers).header == \
        (("###", " Expelled @ Round 2: 5 4"),)


def test_missed_rounds_score_as_the_event_says_and_a_declared_total_follows():
    t = tournament_from_text(["A", "B", "C", "Late"], ["1-2 1-0, 3 U", "1-3 =, 2-4 0-1"])
    late = with_missed_rounds_scored(t, "half", 3)
    assert late.points[4] == Fraction(3, 2)   # a half-point bye in round 1, a win in round 2
    assert with_missed_rounds_scored(t, "zero", 3).points[4] == 1


def test_a_late_entrant_in_the_workbook_scores_her_missed_round_as_settings_say():
    players = [[1, "A", 2000, None, 2, "w", 1], [2, "B", 1900, None, 1, "b", 0],
               [3, "C", 1800, None, None, None, "U"], [4, "Late", 2100]]
    half = recalculate(book(players, ["Late entries", "half"]))
    assert half.late == {4: 2} and half.tournament.points[4] == Fraction(1, 2)
    assert recalculate(book(players)).tournament.points[4] == 0   # no setting: not paired, no points


@pytest.mark.parametrize("setting, cell, message", [
    (["Max half-point byes", "two"], "Settings!B3", "'two' is not a number of rounds (a whole number, 0 or more)"),
    (["No byes in last rounds", 1000], "Settings!B3", "number of rounds"),
    (["Late entries", "maybe"], "Settings!B3", "is not a way to score missed rounds (zero, half or not paired)"),
])
def test_an_event_day_setting_that_cannot_be_read_is_refused_at_its_cell(setting, cell, message):
    with pytest.raises(InputError) as caught:
        recalculate(book(SIX, setting))
    assert any(str(p).startswith(cell) and message in str(p) for p in caught.value.problems), caught.value


def test_a_forbidden_pair_naming_nobody_is_refused_at_its_cell_and_by_name_it_is_honoured():
    with pytest.raises(InputError) as caught:
        pair_grids(book(SIX, ["Forbidden pair", 1, "Nobody"]))
    assert str(caught.value.problems[0]) == ("Settings!C3: forbidden pair: 'Nobody' is no player's start number or "
                                             "name (one player in B, the other in C)")
    plain = pair_grids(book(SIX)).paired.boards
    assert (plain[0].white, plain[0].black) in ((1, 4), (4, 1))   # C.04.3: 1-4 2-5 3-6
    forbidden = pair_grids(book(SIX, ["Forbidden pair", "player 4", 1], ["Forbidden pair", 1, "Player 4"]))
    assert all({b.white, b.black} != {1, 4} for b in forbidden.paired.boards)


def test_a_withdrawal_before_a_played_game_is_refused_at_the_players_cell():
    players = [[1, "A", 2000, None, 2, "w", 1, 3, "b", "½"], [2, "B", 1900, None, 1, "b", 0],
               [3, "C", 1800, None, None, None, "U", 1, "w", "½"]]
    with pytest.raises(InputError) as caught:
        recalculate(book(players, players_sheet=[[3, "C", 2]]))
    assert str(caught.value.problems[0]) == ("Players!C2: player 3 C withdrew from round 2 but has a game in round 2 "
                                             "(Crosstable!J5): correct the round, or the game")
    with pytest.raises(InputError) as caught:
        recalculate(book(players, players_sheet=[[9, "Nobody", 2]]))
    assert str(caught.value.problems[0]) == "Players!C2: player 9 withdrew from round 2, but Crosstable has no player 9"


def test_the_colour_lot_is_reproducible_and_must_agree_with_a_first_colour_typed_c043_e5():
    seed = "Open 2026, A. Berg"
    drawn = "white" if draw_initial_colour(seed) == "W" else "black"
    first = pair_grids(book(SIX, ["Colour lot", seed])).paired.boards[0]
    again = pair_grids(book(SIX, ["Colour lot", seed])).paired.boards[0]
    assert first == again and (first.white == 1) == (drawn == "white")
    other = "black" if drawn == "white" else "white"
    with pytest.raises(InputError) as caught:
        pair_grids(book(SIX, ["Colour lot", seed], ["First colour", other]))
    assert str(caught.value.problems[0]).startswith(f"Settings!B3: the colour lot {seed!r} draws {drawn}")


def test_a_player_barred_from_half_point_byes_has_one_refused_at_its_cell_q175_176():
    # Free entry or conditions: Players' "No half-point byes" (VCL4THP Q175-176). Player 3's H in round 2
    # is refused (nothing is paired); player 2, not barred, may have one.
    players = [[1, "A", 2000, None, 2, "w", 1], [2, "B", 1900, None, 1, "b", 0, None, None, "H"],
               [3, "C", 1800, None, None, None, "U", None, None, "H"], [4, "D", 1700]]
    grids = book(players)
    grids["Players"] = Grid("Players", [["SNo", "Name", "No half-point byes"], [3, "C", "yes"], [2, "B", "no"]])
    with pytest.raises(InputError) as caught:
        pair_grids(grids)
    assert [str(p) for p in caught.value.problems] == [
        "Crosstable!J5: player 3 C: a half-point bye in round 2 is refused: Players!C2 says the player may not take "
        "one (VCL4THP Q175-176); round 2 was not paired"]
    grids["Players"] = Grid("Players", [["SNo", "Name", "No half-point byes"], [3, "C", "maybe"]])
    with pytest.raises(InputError) as caught:
        recalculate(grids)
    assert str(caught.value.problems[0]) == "Players!C2: no half-point byes must be yes or no (or x), found 'maybe'"


def test_the_recalculate_button_prints_a_board_changed_by_hand_q66_69(tmp_path, monkeypatch, capsys):
    # The Excel button folds the Pairings sheet as `recalc` does, and prints the same warning to the pane.
    from pathlib import Path

    import openpyxl

    from rulesengine import excel
    from rulesengine.workbook import templates
    from rulesengine.workbook.io.fast_read import read_workbook_grids

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "excel"))
    from fake_xlwings import FakeBook

    path = tmp_path / "lite.xlsx"
    templates.swiss(path, 3, 10, rounds_setting=True)
    wb = openpyxl.load_workbook(path)
    for k in range(1, 5):
        wb["Crosstable"].cell(row=2 + k, column=1, value=k)
        wb["Crosstable"].cell(row=2 + k, column=2, value=f"Player {k}")
        wb["Crosstable"].cell(row=2 + k, column=3, value=2100 - 100 * k)
    wb.save(path)
    book = FakeBook({name: [list(row) for row in grid.rows] for name, grid in read_workbook_grids(path)[1].items()})
    assert excel.pair_next_round(book) is not None
    pairings = book.after_script()["Pairings"]
    top = pairings[3]
    top[1], top[2], top[6], top[7] = top[7], top[6], top[2], top[1]   # board 1's colours swapped by hand
    for row in pairings[3:5]:
        row[4] = "1-0"
    capsys.readouterr()
    assert excel.recalculate(FakeBook({**book.after_script(), "Pairings": pairings})) is not None
    printed = capsys.readouterr().out
    assert "warning: round 1 was paired by hand" in printed and "E.1-E.5" in printed


def _expelled_book(players: list[list], expelled: list[list]) -> dict[str, Grid]:
    grids = book(players, ["Tie-breaks", "BH"])
    grids["Players"] = Grid("Players", [["SNo", "Name", "Withdrawn from round", "Expelled from round"], *expelled])
    return grids


# Round 1 of 4 played: 1-4 1-0, 2-5 =, 3-6 0-1.
ROUND_1 = [[1, "Player 1", 2200, None, 4, "w", 1], [2, "Player 2", 2100, None, 5, "w", "½"],
           [3, "Player 3", 2000, None, 6, "w", 0], [4, "Player 4", 1900, None, 1, "b", 0],
           [5, "Player 5", 1800, None, 2, "b", "½"], [6, "Player 6", 1700, None, 3, "b", 1]]


def test_an_expelled_player_leaves_the_standings_and_is_not_paired_q197_198():
    # Players' "Expelled from round" 2 for player 6. After round 1, by points then Buchholz:
    # 1 (1, BH 0: 4 has 0), 2 and 5 (1/2, BH 1/2 each), 3 (0, BH 1: 6's point still counts) and 4
    # (0, BH 1). Without the expulsion 6 (1, BH 0) would share rank 1 with player 1.
    grids = _expelled_book(ROUND_1, [[6, "Player 6", None, 2]])
    plan = recalculate(grids)
    rows = [(r.rank, r.start_rank, r.points, r.tiebreaks["BH"]) for r in plan.standings.rows]
    assert rows == [(1, 1, 1, 0), (2, 2, Fraction(1, 2), Fraction(1, 2)), (2, 5, Fraction(1, 2), Fraction(1, 2)),
                    (4, 3, 0, 1), (4, 4, 0, 1)]
    assert [(e.start_rank, e.points, e.from_round) for e in plan.standings.expelled] == [(6, 1, 2)]
    assert [r.rank for r in recalculate(book(ROUND_1, ["Tie-breaks", "BH"])).standings.rows] == [1, 1, 3, 3, 5, 5]
    sheet = next(w for w in plan.writes if w.sheet == "Standings")
    note = ("player 6 (Player 6) was expelled from round 2: not ranked (1 point); their games count for their "
            "opponents' tie-breaks (VCL4THP Q197-198)")
    legend = " ".join(str(row[1]) for row in sheet.rows if len(row) > 1 and row[0] in ("Note", ""))
    assert note in legend and ("6 players (1 expelled, not ranked); tie-breaks in order: Buchholz",) in sheet.rows
    assert "Withdrawn" not in [cell for row in sheet.rows for cell in row]   # an expulsion is no withdrawal
    # Round 2: five players, 6 neither on a board nor given a bye; the note names the Players cell.
    paired = pair_grids(grids)
    assert 6 not in {p for b in paired.paired.boards for p in (b.white, b.black)} | {p for p, _ in paired.paired.byes}
    assert len(paired.paired.boards) == 2 and len(paired.paired.byes) == 1
    assert "player 6 Player 6 is not paired in round 2: expelled from round 2 (Players!D2)" in paired.notes
    # The event as TRF (`pair --check BOOK --format trf`) carries the line a TRF file expels by.
    from rulesengine.workbook.pairing_check import check_book
    assert ("###", " Expelled @ Round 2: 6") in check_book(plan).tournament.header


def test_an_expulsion_before_a_played_game_or_beside_a_withdrawal_is_refused_at_its_cell():
    with pytest.raises(InputError) as caught:
        recalculate(_expelled_book(ROUND_1, [[6, "Player 6", None, 1]]))
    assert str(caught.value.problems[0]) == ("Players!D2: player 6 Player 6 was expelled from round 1 but has a game "
                                             "in round 1 (Crosstable!G8): correct the round, or the game")
    with pytest.raises(InputError) as caught:
        recalculate(_expelled_book(ROUND_1, [[6, "Player 6", 2, 2]]))
    assert str(caught.value.problems[0]) == ("Players!D2: a player is withdrawn or expelled, not both: clear one of "
                                             "the two")


def test_more_rounds_than_six_players_can_play_is_a_warning_before_round_1_q62():
    grids = book(SIX)
    grids["Settings"] = Grid("Settings", [["Setting", "Value"], ["Rounds", 7]])
    paired = pair_grids(grids)
    assert len(paired.paired.boards) == 3   # round 1 is paired all the same
    assert paired.notes == ("warning: the event has 7 rounds, but 6 players can play at most 5 without a rematch (C1) "
                            "or a second pairing-allocated bye (C2): round 6 cannot be paired within the rules; confirm "
                            "the number of rounds (VCL4THP Q62) (Settings!A1)",)
