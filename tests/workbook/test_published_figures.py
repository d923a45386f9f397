"""Figures on the sheets add up the way the federation publishes them, and the Explain sheet says
why each adjusted score differs from the table (issue 12, item 6)."""

from __future__ import annotations

import pytest

from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.recalc import recalculate
from rulesengine.workbook.sheets.standings import standings_table

NAMES = ["ANDERSEN, G", "BAKER, T", "CHEN, L", "DIAZ, M", "EVANS, R", "FISCHER, K"]
# Round 2: Chen wins by forfeit against Diaz (X4 / F3 on the wall chart).
EVENT = tournament_from_text(NAMES, ["1-4 1-0, 2-5 =, 3-6 1-0", "1-2 1-0, 3-4 +-, 5-6 0-1",
                                     "1-3 =, 2-6 1-0, 4-5 0-1"],
                             ratings=[1443, 1610, 1520, 1380, 1702, 1299])


def plan_for(system: str, explain=()):
    settings = Grid("Settings", [["Tie-breaks", "MM, SOLK, CUM"], ["Rating system", system],
                                 ["Rules date", "2026-03-01"]])
    players = Grid("Players", [["SNo", "Name", "Rating", "Games", "Birth year"],
                               *([p.start_rank, p.name, p.rating, 60, 1990] for p in EVENT.players)])
    return recalculate({"Crosstable": crosstable_grid(EVENT, "uschess_wallchart"), "Settings": settings,
                        "Players": players}, explain=explain)


@pytest.mark.parametrize("system", ["uschess", "fide", "club"])
def test_rating_before_plus_change_is_rating_after_on_the_standings(system):
    plan = plan_for(system)
    header, *body = standings_table(plan.writes[0].rows)
    assert header[-3:] == ["Rating before", "Change", "Rating after"]
    for row in body:
        before, change, after = row[-3:]
        assert round(before + change, 6) == after, row
    if system == "uschess":
        # The unrounded new rating of Andersen is 1528.84...: shown as US Chess publishes it,
        # 1443 + 86 = 1529 (not "Change 86" beside 1528.8).
        andersen = next(p for p in plan.ratings.players if p.start_rank == 1)
        assert not float(andersen.rating_after).is_integer()
        assert body[0][1] == 1 and body[0][-3:] == [1443, 86, 1529]


def test_the_explain_sheet_gives_the_reason_of_each_adjusted_score():
    """34E1: Diaz has 0 in the table, but his forfeited round counts as a draw in his adjusted
    score, so Andersen's Modified Median and Solkoff count him with 0.5; Chen's forfeit win counts
    a draw too (2, not 2.5). Each such row says why; Baker's score is the table's."""
    rows = plan_for("uschess", explain=["ANDERSEN"]).writes[1].rows
    blocks = [r for r, row in enumerate(rows) if row[:1] in (("MM",), ("SOLK",))]
    assert [rows[r][2] for r in blocks] == ["Modified Median: US Chess rule 34E1", "Solkoff: US Chess rule 34E2"]
    for r in blocks:
        assert rows[r + 1] == ("Round", "Opponent", "Contribution", "Value", "Dropped", "Why")
        diaz = next(row for row in rows[r + 2:r + 5] if row[1] == 4)
        assert diaz[3] == 0.5 and diaz[5] == ("counts 0.5, not the table's 0: the opponent's unplayed rounds "
                                              f"(round 2 forfeit loss) are adjusted ({rows[r][2].split(': ')[1]})")
        article = rows[r][2].split(": ")[1]
        chen = next(row for row in rows[r + 2:r + 5] if row[1] == 3)
        assert chen[3] == 2 and chen[5] == ("counts 2, not the table's 2.5: the opponent's unplayed rounds "
                                            f"(round 2 forfeit win) are adjusted ({article})")
        baker = next(row for row in rows[r + 2:r + 5] if row[1] == 2)
        assert baker[3] == 1.5 and baker[5] == ""
    # Names stay in column C, numbers never land there.
    assert all(not isinstance(row[2], (int, float)) for row in rows if len(row) > 2)
    rating = next(row for row in rows if row[:1] == ("Rating",))
    assert rating[3:] == ("Before", 1443, "Change", 86, "After", 1529)
