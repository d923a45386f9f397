"""The team workbook (issue 22 item 2): `new-workbook team-swiss|team-round-robin`, a team TRF filled
into the book (`--from`), `recalc BOOK` writing Team Standings equal to `standings TEAM.trf` on
the same event (every value), and the layout's read of its export equal to the TRF reader's event
on every team tie-break of every fixture."""

from __future__ import annotations

import json

import openpyxl
import pytest

from fixture_data import fixture_files
from rulesengine import api
from rulesengine.cli import main
from rulesengine.formats.team_trf import read_team_trf
from rulesengine.output.team import team_standings_document
from rulesengine.workbook.route import recalc_workbook
from rulesengine.workbook.team.export import export
from rulesengine.workbook.team.read import read
from rulesengine.workbook.team.template import new_team_workbook

TEAM_FILES = fixture_files("team", "*.trf")
# Every board-order and match-by-match code on top of each file's own list (record 202).
EVERY_KIND = ["MPTS", "GPTS", "BC", "TBR", "BBE", "SSSC", "AOB:MP", "KS:MP", "EGGSB/C1", "PS:GP", "BH:GP",
              "WIN:MP", "FB:MP", "EDE/P", "EMMSB", "BH:MP/C1/P"]


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_the_book_of_a_team_trf_reads_back_to_the_same_team_values(path):
    """read(export(event)) ranks like the TRF's event on its own list and on every kind of code."""
    event = read_team_trf(path)
    book = read(export(event))
    for texts in (None, EVERY_KIND):
        ours = team_standings_document(api.team_standings(book, texts))
        theirs = team_standings_document(api.team_standings(event, texts))
        assert ours["teams"] == theirs["teams"]
        assert ours["tiebreaks"] == theirs["tiebreaks"]


def _sheet_rows(path, sheet):
    wb = openpyxl.load_workbook(path)
    return [list(row) for row in wb[sheet].iter_rows(values_only=True)]


def _table(rows):
    """The Team Standings table: header row (starting "Rank") and the team rows under it."""
    start = next(i for i, row in enumerate(rows) if row[0] == "Rank")
    header = [h for h in rows[start] if h is not None]
    body = []
    for row in rows[start + 1:]:
        if row[0] is None:
            break
        body.append(row[:len(header)])
    return header, body


@pytest.mark.parametrize("stem", ["sw02_t9_b4_r5_pab", "rr04_t7_b4_r7_odd", "sw11_t18_b5_r8_gp",
                                  "sw28_t12_b4_r7_manyff"])
def test_recalc_of_the_book_equals_standings_of_the_trf(tmp_path, capsys, stem):
    """new-workbook --from TEAM.trf, then recalc: the Team Standings sheet holds every value of
    `standings TEAM.trf --format json` (rank, team, name, MP, GP, each tie-break), and the ranks
    gacrux 1.11.65 gave for the file's first list (record 310's rank column)."""
    trf = next(p for p in TEAM_FILES if p.stem == stem)
    book = tmp_path / "team.xlsx"
    kind = "team-round-robin" if stem.startswith("rr") else "team-swiss"
    assert main(["new-workbook", kind, str(book), "--from", str(trf)]) == 0
    assert main(["recalc", str(book)]) == 0
    assert main(["standings", str(trf), "--format", "json"]) == 0
    out = capsys.readouterr().out
    document = json.loads(out[out.index("{"):])
    header, body = _table(_sheet_rows(book, "Team Standings"))
    assert header == ["Rank", "Team", "Name", "MP", "GP", *document["tiebreaks"]]
    expected = [[t["rank"], t["team"], t["name"], t["mp"], t["gp"], *t["tiebreaks"].values()]
                for t in document["teams"]]
    assert body == expected
    declared = {team.number: team.declared_rank for team in read_team_trf(trf).teams}
    if all(declared.values()):
        assert {row[1]: row[0] for row in body} == declared


def test_recalc_twice_gives_the_same_book(tmp_path):
    """Idempotent: a second Recalculate of the same book writes the same values on every sheet."""
    trf = next(p for p in TEAM_FILES if p.stem == "sw06_t13_b4_r7_hpb")
    book = tmp_path / "team.xlsx"
    new_team_workbook("team-swiss", book, event=read_team_trf(trf))
    recalc_workbook(book)
    first = {name: _sheet_rows(book, name) for name in openpyxl.load_workbook(book).sheetnames}
    recalc_workbook(book)
    second = {name: _sheet_rows(book, name) for name in openpyxl.load_workbook(book).sheetnames}
    assert first == second
    assert list(first) == ["Instructions", "Settings", "Teams", "Matches", "Team Standings"]


def test_the_blank_templates(tmp_path):
    """Sizes and prepared blocks: a team swiss of 10 teams x 4 boards x 9 rounds by default; a round
    robin of 5 teams has 5 rounds (one team idle each round), 3 match blocks a round; a blank book
    recalculates to an empty table, with the default team preset's codes."""
    swiss, robin = tmp_path / "s.xlsx", tmp_path / "r.xlsx"
    assert main(["new-workbook", "team-swiss", str(swiss)]) == 0
    assert main(["new-workbook", "team-round-robin", str(robin), "--teams", "5", "--boards", "6"]) == 0
    settings = {row[0]: row[1] for row in _sheet_rows(swiss, "Settings")[1:]}
    assert (settings["Type"], settings["Rounds"], settings["Boards"], settings["Team points"]) == ("swiss", 9, 4,
                                                                                                   "2/1/0")
    assert settings["Tie-breaks"] == "fide_team"
    matches = _sheet_rows(robin, "Matches")
    assert matches[0] == ["Round", "Board", "Home", "Result (home-away)", "Away", "Home colour"]
    match_rows = [row for row in matches[1:] if row[0] is not None]
    assert len(match_rows) == 5 * 3 and {row[0] for row in match_rows} == {1, 2, 3, 4, 5}
    assert [row[1] for row in matches[2:8]] == [1, 2, 3, 4, 5, 6]
    assert [row[5] for row in matches[2:8]] == ["w", "b", "w", "b", "w", "b"]
    teams = _sheet_rows(swiss, "Teams")
    assert teams[0] == ["Team", "Name", "Nickname", "Board", "Player", "Title", "FED", "Rating", "FIDE ID"]
    assert [row[0] for row in teams[1:] if row[0] is not None] == list(range(1, 11))
    result = recalc_workbook(swiss)
    assert result.plan.run.standings.rows == ()
    assert result.plan.run.standings.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")


def test_new_team_workbook_refuses_what_it_cannot_build(tmp_path, capsys):
    assert main(["new-workbook", "team-round-robin", str(tmp_path / "r.xlsx"), "--teams", "6", "--rounds", "4"]) == 2
    assert "a round robin of 6 teams has 5 rounds" in capsys.readouterr().err
    assert main(["new-workbook", "team-swiss", str(tmp_path / "s.xlsx"), "--boards", "15"]) == 2
    assert "--boards 15: want 1 to 14" in capsys.readouterr().err
    trf = next(p for p in TEAM_FILES if p.stem == "sw01_t8_b4_r5_clean")
    assert main(["new-workbook", "team-swiss", str(tmp_path / "f.xlsx"), "--from", str(trf), "--teams", "4"]) == 2
    assert "--from gives the teams" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
