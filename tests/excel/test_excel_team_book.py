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


def test_the_pair_button_on_a_team_book_pairs_as_the_trf(tmp_path):
    """"Pair next round" on a team book: the round `pair TEAM.trf` pairs (C.04.6), typed into the
    Matches sheet below its last row (the book has no empty block for it), home the team with White
    on board 1; the lineups are the Teams sheet's board order."""
    trf = tmp_path / "seven.trf"
    trf.write_text(TRF.read_text(encoding="utf-8").replace("\n142 6\n", "\n142 7\n"), encoding="utf-8")
    event = api.load_event(trf)
    sheets = {name: [list(row) for row in grid.rows] for name, grid in export(event).items()}
    assert next(row for row in sheets["Settings"] if row[0] == "Rounds")[1] == 7
    assert not any(row[0] == 7 for row in sheets["Matches"][1:])   # round 7 has no block yet
    book = FakeBook(sheets, name="team.xlsx")
    outcome = excel.pair_next_round(book)
    assert outcome is not None
    expected = api.pair_team_round(event, 7)
    assert outcome.paired == expected
    rows = book.after_script()["Matches"]
    written = [row for row in rows[len(sheets["Matches"]):] if any(v not in (None, "") for v in row)]
    names = {t.number: t.name for t in event.teams}
    match_rows = [(row[2], row[4]) for row in written if row[0] == 7]
    assert match_rows == ([(names[b.white], names[b.black]) for b in expected.boards]
                          + [(names[t], "PAB") for t, kind in expected.byes if kind == "PAB"])
    first = expected.boards[0]
    board_rows = written[1:1 + event.boards]
    players = event.individual.player
    assert [row[2] for row in board_rows] == [players(p).name for p in event.team(first.white).players[:event.boards]]
    assert [row[5] for row in board_rows] == list("wbwbw")   # record 352 WBWBW, the home team's colours
