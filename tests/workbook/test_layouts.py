"""Each crosstable layout, as TDs' files really look, and the checks every import makes."""

from fractions import Fraction

import pytest

from rulesengine.errors import InputError
from rulesengine.model import Colour, EntryKind, ResultCode
from rulesengine.grid import Grid, MergedRange
from rulesengine.workbook.layouts.detect import detect_layout, read_crosstable

H = Fraction(1, 2)


def swiss_manager_grid(changes=None):
    rows = [
        ["Riverbend Open 2026"],
        ["Final Ranking crosstable after 3 Rounds"],
        [],
        ["Rk.", "SNo", None, "Name", None, "FED", "Rtg", "1.Rd", "2.Rd", "3.Rd", "Pts.", "TB1", "TB2"],
        [1, 1, "GM", "Ahmed, Zainab  ", None, "EGY", 2450, "3w1", " 2b½ ", "4w+", "2,5", "4,5", 2],
        [2, 2, None, "Иванов, Пётр", None, "RUS", 2300, "4b1", "1w½", -1, "2½", "4", 1],
        [3, 3, None, "Nuñez, José", None, "ESP", 2100, "1b0", "-½", "-0", "0,5", "4,5", 0],
        [4, 4, None, "Ødegaard, Åse", None, "NOR", None, "2w0", 0, "1b-", 0, "5", 0],
        [],
        ["Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"],
        ["Tie Break2: The greater number of victories (variable)"],
    ]
    for (r, c), v in (changes or {}).items():
        rows[r][c] = v
    return Grid("Crosstable", rows, (MergedRange.from_a1("D4:E4"),))


def test_swiss_manager_export_with_legend_decimal_commas_and_byes():
    grid = swiss_manager_grid()
    assert detect_layout(grid) == "swiss_manager"
    t = read_crosstable(grid)
    assert t.name == "Riverbend Open 2026"
    assert [p.name for p in t.players] == ["Ahmed, Zainab", "Иванов, Пётр", "Nuñez, José", "Ødegaard, Åse"]
    assert t.points == {1: Fraction(5, 2), 2: Fraction(5, 2), 3: H, 4: 0}
    ana = t.player(1)
    assert ana.rounds[0] == ana.rounds[0].__class__(1, 3, Colour.WHITE, ResultCode.WIN)
    assert ana.rounds[2].code is ResultCode.FORFEIT_WIN
    assert t.player(2).rounds[2].kind is EntryKind.PAIRING_ALLOCATED_BYE
    assert t.player(3).rounds[1].kind is EntryKind.HALF_POINT_BYE
    assert t.player(3).rounds[2].kind is EntryKind.NOT_PAIRED
    assert t.player(4).rounds[1].kind is EntryKind.NOT_PAIRED
    assert t.player(1).rating == 2450 and t.player(4).rating is None
    assert t.tiebreak_order == ("BH", "WIN")


def test_uschess_wall_chart_with_colour_rows():
    grid = Grid("Wallchart", [
        ["#", "Name", "ID", "Rtng", "Rd 1", "Rd 2", "Rd 3", "Total"],
        [1, "SMITH, ANNA", "12345678", "1794", "W3", "D 2", "H", 2],
        [None, None, None, None, "W", "B", None],
        [2, "LEE, BO", "23456789", "1650", "L4", "D1", "W3", 1.5],
        [None, None, None, None, "W", "W", "B"],
        [3, "GARCÍA, ÍÑIGO", "", "1500", "L1", "B", "L2", 1],
        [None, None, None, None, "B", None, "W"],
        [4, "O'NEIL, CARA", "", "unr.", "W2", "U", "F", 1],
        [None, None, None, None, "B", None, None],
    ])
    assert detect_layout(grid) == "uschess_wallchart"
    t = read_crosstable(grid)
    assert t.points == {1: 2, 2: Fraction(3, 2), 3: 1, 4: 1}
    assert t.player(1).rounds[0].colour is Colour.WHITE
    assert t.player(2).rounds[1].colour is Colour.WHITE and t.player(1).rounds[1].colour is Colour.BLACK
    assert t.player(1).rounds[2].kind is EntryKind.HALF_POINT_BYE
    assert t.player(3).rounds[1].kind is EntryKind.PAIRING_ALLOCATED_BYE
    assert t.player(4).rounds[1].kind is EntryKind.NOT_PAIRED
    assert t.player(4).rating is None


def test_round_robin_grid_with_star_diagonal_and_forfeit():
    grid = Grid("RR", [
        ["No.", "Name", "Rtg", 1, 2, 3, 4, "Pts"],
        [1, "Ana", 2100, "*", 1, "½", "+", "2½"],
        [2, "Bo", 2050, 0, "*", 1, "1/2", 1.5],
        [3, "Kai", 2000, "½", 0, "*", 1, "1,5"],
        [4, "Dan", 1900, "-", "½", 0, "×", 0.5],
    ])
    assert detect_layout(grid) == "round_robin"
    t = read_crosstable(grid)
    assert t.is_round_robin and t.rounds == 3
    assert t.points == {1: Fraction(5, 2), 2: Fraction(3, 2), 3: Fraction(3, 2), 4: H}
    # Berger table for 4: round 1 is 1-4, 2-3.
    first = t.player(1).rounds[0]
    assert (first.opponent, first.colour, first.code) == (4, Colour.WHITE, ResultCode.FORFEIT_WIN)


def test_double_round_robin_cells_hold_two_results():
    grid = Grid("RR", [
        ["No.", "Name", 1, 2, 3, 4, "Pts"],
        [1, "Ana", "*", "1 ½", "10", "½½", 3.5],
        [2, "Bo", "0 ½", "*", "11", "00", 2.5],
        [3, "Kai", "01", "00", "*", "1 1", 3],
        [4, "Dan", "½½", "11", "0 0", "*", 3],
    ])
    t = read_crosstable(grid)
    assert t.rounds == 6
    assert t.points == {1: Fraction(7, 2), 2: Fraction(5, 2), 3: 3, 4: 3}
    colours = {e.colour for e in t.player(1).rounds if e.opponent == 2}
    assert colours == {Colour.WHITE, Colour.BLACK}


def template_grid(rows):
    top = ["SNo", "Name", "Rtg", "Round 1", None, None, "Round 2", None, None, "Pts"]
    sub = [None, None, None, "Opp", "Col", "Res", "Opp", "Col", "Res", None]
    return Grid("Crosstable", [top, sub, *rows], (MergedRange.from_a1("D1:F1"), MergedRange.from_a1("G1:I1")))


def test_template_layout_reads_trf_codes_and_friendly_halves():
    grid = template_grid([
        [1, "Ana", 2000, 2, "w", 1, 3, "b", "½", 1.5],
        [2, "Bo", 1900, 1, "b", 0, None, None, "U", 1],
        [3, "Kai", None, None, None, "H", 1, "w", "1/2", 1],
    ])
    assert detect_layout(grid) == "template"
    t = read_crosstable(grid)
    assert t.points == {1: Fraction(3, 2), 2: 1, 3: 1}
    assert t.player(2).rounds[1].kind is EntryKind.PAIRING_ALLOCATED_BYE


def test_every_problem_is_reported_at_once_with_its_cell():
    grid = template_grid([
        [1, "Ana", 2000, 2, "w", 1, 3, "b", "½", 1.5],
        [2, "Bo", 1900, 1, "b", 1, None, None, "U", 2],     # D4... claims a win too
        [3, "Kai", None, None, None, "H", 1, "w", "1", 1],  # I5: 1 against Ana's ½
        [4, "=HYPERLINK(\"x\")", None, None, None, "Q", None, None, None, 7],
    ])
    with pytest.raises(InputError) as info:
        read_crosstable(grid)
    lines = [str(p) for p in info.value.problems]
    assert any(line.startswith("Crosstable!F3: round 1: result win for player 1 does not match win") for line in lines)
    assert any(line.startswith("Crosstable!I5: round 2: result win for player 3 does not match draw") for line in lines)
    assert any(line.startswith("Crosstable!B6: name cell holds a formula") for line in lines)
    assert any(line.startswith("Crosstable!F6: round 1: unknown result 'Q'") for line in lines)
    assert len(lines) >= 5


def test_points_total_is_recounted_and_a_mismatch_names_the_cell():
    grid = swiss_manager_grid({(4, 10): "3"})
    with pytest.raises(InputError) as info:
        read_crosstable(grid)
    assert [str(p) for p in info.value.problems] == [
        "Crosstable!K5: points total 3 for player 1 (Ahmed, Zainab) does not match 2.5 counted from the results"]


def test_mirror_check_names_both_cells():
    grid = swiss_manager_grid({(6, 7): "1b1"})
    with pytest.raises(InputError) as info:
        read_crosstable(grid)
    messages = [str(p) for p in info.value.problems]
    assert "Crosstable!H5: round 1: result win for player 1 does not match win given by player 3 in H7" in messages


def test_paired_with_someone_who_does_not_answer():
    grid = swiss_manager_grid({(6, 7): "4b0"})
    with pytest.raises(InputError) as info:
        read_crosstable(grid)
    assert any("player 1 is paired with 3, but H7 gives opponent 4" in str(p) for p in info.value.problems)


def test_unknown_layout_says_what_is_expected():
    with pytest.raises(InputError) as info:
        read_crosstable(Grid("Notes", [["shopping list"], ["milk"]]))
    assert str(info.value).startswith("Notes!A1: no crosstable found")


def test_an_empty_template_reads_as_no_players():
    t = read_crosstable(template_grid([]))
    assert t.players == () and t.rounds == 0 and t.extra["round_columns"] == "2"


def test_swiss_manager_cells_naming_ranks_instead_of_start_numbers():
    """A ranking crosstable whose cells give the opponent's rank is recognised by its mirrors."""
    rank_of = {1: 2, 2: 1, 3: 3, 4: 4}  # Bo (SNo 2) finished first
    grid = swiss_manager_grid()
    rows = [list(r) for r in grid.rows]
    import re as _re
    for row in rows[4:8]:
        row[0] = rank_of[row[1]]
        for c in range(7, 10):
            if isinstance(row[c], str) and _re.match(r"\s*\d", row[c]):
                number = int(_re.match(r"\s*(\d+)", row[c]).group(1))
                row[c] = _re.sub(r"\d+", str(rank_of[number]), row[c].strip(), count=1)
    t = read_crosstable(Grid("Crosstable", rows, grid.merged))
    assert t.player(1).rounds[0].opponent == 3 and t.player(2).rounds[0].opponent == 4
    assert t.points[1] == Fraction(5, 2)


def test_wall_chart_with_a_blank_colour_row_under_a_player_without_games():
    """WinTD prints a colour row under every player; a player who played no game (withdrew before
    round 1) has a blank one. Reading goes on past it: no false "opponent not in the crosstable"."""
    from rulesengine.testing import tournament_from_text
    from rulesengine.workbook.layouts.export import crosstable_grid

    names = [f"PLAYER, {chr(65 + k)}" for k in range(22)]
    others = [sno for sno in range(1, 23) if sno != 5]  # player 5 withdrew before round 1
    rounds = [", ".join(f"{a}-{b} 1-0" for a, b in zip(others[0:20:2], others[1:20:2])),
              ", ".join(f"{a}-{b} 0-1" for a, b in zip(others[1:21:2], others[2:21:2]))]
    event = tournament_from_text(names, rounds)
    grid = crosstable_grid(event, "uschess_wallchart")
    blank = [r for r, row in enumerate(grid.rows) if r > 1 and all(v in (None, "") for v in row)]
    assert blank, "the export writes the blank colour row of a player without games"
    t = read_crosstable(grid)
    assert len(t.players) == 22
    assert t.points == event.points
    assert t.player(5).rounds[0].kind is EntryKind.NOT_PAIRED and t.player(5).rounds[1].kind is EntryKind.NOT_PAIRED
    assert t.player(22).rounds[1].opponent == 21 and t.player(22).rounds[1].colour is Colour.BLACK
