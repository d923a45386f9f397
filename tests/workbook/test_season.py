"""A club season: evenings replayed in order, each rated from the ladder as it stood before it."""

from __future__ import annotations

import pytest

from rulesengine.testing import tournament_from_text
from rulesengine.workbook.layouts.export import crosstable_grid
from rulesengine.grid import Grid
from rulesengine.workbook.recalc import recalculate, sheets_to_read
from rulesengine.workbook.season import season_sheets

NAMES = ["Ana", "Bo", "Kai", "Dan"]
EVENING_1 = tournament_from_text(NAMES, ["1-2 1-0, 3-4 1-0", "1-3 =, 2-4 1-0"])
EVENING_2 = tournament_from_text(NAMES, ["2-1 1-0, 4-3 =", "3-2 0-1, 4-1 0-1"])


def season(*evenings, system="elo", extra=()):
    grids = {"Players": Grid("Players", [["SNo", "Name", "Rating", "Games"], [1, "Ana", 1500, 30],
                                         [2, "Bo", 1400, 30], [3, "Kai", 1300, 30], [4, "Dan", None, 0]]),
             "Settings": Grid("Settings", [["Rating system", system], ["Tie-breaks", "BH"], *extra])}
    for number, t in enumerate(evenings, start=1):
        grid = crosstable_grid(t, "template", sheet=f"Evening {number}")
        grids[grid.sheet] = grid
    return grids


def test_season_sheets_in_evening_order():
    assert season_sheets(["Players", "Evening 10", "Evening 2", "evening 1", "Notes"]) == [
        "evening 1", "Evening 2", "Evening 10"]
    assert "Ladder" not in sheets_to_read(["Evening 1", "Ladder"])


def test_each_evening_is_rated_from_the_records_after_the_one_before(registry):
    if "elo" not in registry.rating_systems:
        pytest.skip("elo rating system not registered")
    one = recalculate(season(EVENING_1), registry=registry)
    two = recalculate(season(EVENING_1, EVENING_2), registry=registry)
    after_one = {p.start_rank: p.rating_after for p in one.ratings.players}
    before_two = {p.start_rank: p.rating_before for p in two.ratings.players}
    assert before_two == {sno: after_one[sno] for sno in before_two}
    ladder = next(w for w in two.writes if w.sheet == "Ladder")
    assert ladder.rows[0][:7] == ("Rank", "SNo", "Name", "Rating", "Games", "Evenings", "Season change")
    assert ladder.rows[0][7:] == ("after Evening 1", "after Evening 2")
    assert [row[2] for row in ladder.rows[1:]] and all(row[5] == 2 for row in ladder.rows[1:])
    # Standings shows the last evening.
    assert two.crosstable_sheet == "Evening 2" and two.tournament.name == "Evening 2"
    assert two.writes[0].rows[0] == ("Evening 2 - Standings after round 2 of 2 (final)",)


def test_a_correction_in_an_early_evening_changes_the_later_numbers(registry):
    if "elo" not in registry.rating_systems:
        pytest.skip("elo rating system not registered")
    corrected = tournament_from_text(NAMES, ["1-2 0-1, 3-4 1-0", "1-3 =, 2-4 1-0"])
    before = recalculate(season(EVENING_1, EVENING_2), registry=registry)
    after = recalculate(season(corrected, EVENING_2), registry=registry)
    assert [p.rating_after for p in before.ratings.players] != [p.rating_after for p in after.ratings.players]


def test_problems_in_every_evening_are_reported_together(registry):
    grids = season(EVENING_1, EVENING_2)
    for name in ("Evening 1", "Evening 2"):
        rows = [list(r) for r in grids[name].rows]
        rows[2][-1] = 9
        grids[name] = Grid(name, rows, grids[name].merged)
    from rulesengine.errors import InputError
    with pytest.raises(InputError) as info:
        recalculate(grids, registry=registry)
    assert [str(p).split(":")[0] for p in info.value.problems] == ["Evening 1!K3", "Evening 2!K3"]
