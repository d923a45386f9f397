"""The Recalculate button on a team book (issue 22 item 2): `excel.recalculate` finds the team
layout and writes the Team Standings sheet with the values of `standings TEAM.trf`, as the file
route does; a bad cell is an alert naming it, nothing written."""

from __future__ import annotations

from fixture_data import fixture_files
from fake_xlwings import FakeBook
from rulesengine import api, excel
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.output.team import team_standings_document
from rulesengine.workbook.team.export import export

TRF = next(p for p in fixture_files("team", "*.trf") if p.stem == "sw29_t11_b5_r6_310pab")


def _book() -> FakeBook:
    return FakeBook({name: [list(row) for row in grid.rows] for name, grid in export(read_team_trf(TRF)).items()},
                    name="team.xlsx")


def test_the_button_writes_the_team_standings_of_the_trf():
    book = _book()
    plan = excel.recalculate(book)
    assert plan is not None and plan.sheets == ("Team Standings",)
    rows = book.after_script()["Team Standings"]
    start = next(i for i, row in enumerate(rows) if row and row[0] == "Rank")
    document = team_standings_document(api.team_standings(read_team_trf(TRF)))
    assert rows[start] == ["Rank", "Team", "Name", "MP", "GP", *document["tiebreaks"]]
    body = [row for row in rows[start + 1:start + 1 + len(document["teams"])]]
    assert body == [[t["rank"], t["team"], t["name"], t["mp"], t["gp"], *t["tiebreaks"].values()]
                    for t in document["teams"]]


def test_a_bad_cell_is_an_alert_and_nothing_is_written():
    book = _book()
    matches = next(entry for entry in book._sheets if entry["name"] == "Matches")
    matches["cells"][(3, 4)] = "1-1"        # round 1, board 1
    assert excel.recalculate(book) is None
    alerts = [a for a in book.actions if a["func"] == "alert"]
    assert len(alerts) == 1 and "Matches!D3: board 1: result '1-1'" in str(alerts[0]["args"])
    assert all(a["func"] == "alert" for a in book.actions)
