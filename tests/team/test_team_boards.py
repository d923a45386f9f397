"""`rulesengine standings TEAM.trf --boards` (issue 22 item 4): each board's players, points and
games there, checked by hand on two fixtures, and the invariant that every game point a team
scored in its matches belongs to exactly one of its players on one board."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fixture_data import fixture_files, fixture_path
from rulesengine import api
from rulesengine.board_prizes import minimum_games, rank_boards
from rulesengine.cli import main
from rulesengine.team import MatchKind

TEAM_FILES = fixture_files("team", "*.trf")


def _boards(capsys, path, *args):
    assert main(["standings", str(path), "--boards", "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def _row(document, board, player):
    table = next(t for t in document["boards"] if t["board"] == board)
    return next(p for p in table["players"] if p["player"] == player)


def test_round_robin_board_one_by_hand(capsys):
    # rr01: every board-1 player played all 5 rounds over the board.
    #   1 Schmidt  1 1 1 = =  -> 4     18 Laine   = 1 1 = =  -> 3.5    23 Byrne  -> 2.5
    #   6 Costa    = 0 1 = 0  -> 2     14 Nagy    -> 2                  10 Ozols  -> 1
    document = _boards(capsys, fixture_path("team", "rr01_t6_b4_r5.trf"))
    board1 = document["boards"][0]
    assert board1["board"] == 1
    assert [(p["rank"], p["player"], p["points"], p["games"]) for p in board1["players"]] == [
        (1, 1, 4, 5), (2, 18, 3.5, 5), (3, 23, 2.5, 5), (4, 6, 2, 5), (4, 14, 2, 5), (6, 10, 1, 5)]
    assert _row(document, 1, 1) == {"rank": 1, "player": 1, "name": "Schmidt, Viktor", "team": 1, "points": 4,
                                    "games": 5, "played": 5, "percentage": 80, "rating": 2335}
    assert list(document)[:4] == ["teams", "tiebreaks", "rules", "notes"]   # the contract's keys first, unchanged


def test_forfeits_reserves_and_forfeited_matches_on_the_boards_art_12(capsys):
    # sw28, team 2 (players 7-12). Player 7 on board 1: rounds 1-6 `= - 1 = = 1` (an individual
    # forfeit loss in round 2 is a game with 0, not played over the board); round 7 is the forfeited
    # match 330 `-+ 7 6 2`, which fields nobody. Player 8 sat out round 4, so 9 played board 2 then
    # (a forfeit win: a game, 1 point, not over the board) and 10 moved to board 3; 11 played
    # board 4 in rounds 4 and 5 (`1`, `=`).
    document = _boards(capsys, fixture_path("team", "sw28_t12_b4_r7_manyff.trf"))
    assert {k: _row(document, 1, 7)[k] for k in ("points", "games", "played")} == {"points": 3.5, "games": 6, "played": 5}
    assert {k: _row(document, 2, 8)[k] for k in ("points", "games", "played")} == {"points": 4.5, "games": 5, "played": 5}
    assert {k: _row(document, 2, 9)[k] for k in ("points", "games", "played")} == {"points": 1, "games": 1, "played": 0}
    assert {k: _row(document, 3, 9)[k] for k in ("points", "games", "played")} == {"points": 4, "games": 5, "played": 5}
    assert {k: _row(document, 3, 10)[k] for k in ("points", "games")} == {"points": 0, "games": 1}
    assert {k: _row(document, 4, 10)[k] for k in ("points", "games")} == {"points": 2, "games": 3}
    assert {k: _row(document, 4, 11)[k] for k in ("points", "games", "percentage")} == {
        "points": 1.5, "games": 2, "percentage": 75}


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_every_match_game_point_belongs_to_one_player_on_one_board(path):
    """A team's game points from its matches = its players' board points; PABs, forfeited matches
    and team byes (art. 12 intro gives those to the team) credit no player."""
    event = api.load_event(path)
    tables = rank_boards(event)
    team_of = {p: t.number for t in event.teams for p in t.players}
    per_team: dict[int, Fraction] = {}
    for table in tables:
        for row in table.players:
            per_team[row.team] = per_team.get(row.team, Fraction(0)) + row.points
            assert team_of[row.player] == row.team
    for team in event.teams:
        from_matches = sum((r.game_points for r in team.rounds if r.kind is MatchKind.MATCH), Fraction(0))
        assert per_team.get(team.number, Fraction(0)) == from_matches, team.number
    ranks = [[row.rank for row in table.players] for table in tables]
    assert all(r == sorted(r) and r[0] == 1 for r in ranks)


def test_performance_order_with_a_minimum_of_games_ecu_b_7_1(capsys):
    # rr01 board 1, player 1: opponents 2349, 2403, 2338, 2315, 2326 -> average 2346.2 -> 2346;
    # 4 of 5 = 80 % -> dp 240 (FIDE table 8.1.1): 2586.
    document = _boards(capsys, fixture_path("team", "rr01_t6_b4_r5.trf"), "--board-order", "performance")
    row = _row(document, 1, 1)
    assert (row["rank"], row["performance"], row["eligible"]) == (1, 2586, True)
    assert minimum_games(5) == 4 and minimum_games(11) == 8 and minimum_games(9) == 6   # 70 %: 3.5 -> 4, 7.7 -> 8
    board2 = document["boards"][1]["players"]
    # 20 Ivanov and 3 Walsh played 2 games of 5 on board 2: below the minimum, after every eligible player
    eligible = [p["eligible"] for p in board2]
    assert eligible == sorted(eligible, reverse=True) and not _row(document, 2, 20)["eligible"]
    everyone = _boards(capsys, fixture_path("team", "rr01_t6_b4_r5.trf"), "--board-order", "performance",
                       "--board-min-games", "0")
    assert all(p["eligible"] for t in everyone["boards"] for p in t["players"] if p["played"])


def test_csv_has_the_board_table_after_the_team_table_and_the_text_one_table_per_board(capsys):
    path = fixture_path("team", "rr01_t6_b4_r5.trf")
    assert main(["standings", str(path), "--boards", "--format", "csv"]) == 0
    text = capsys.readouterr().out
    team_part, board_part = text.split("\n\n", 1)
    assert team_part.startswith("Rank,Team,Name,MP,GP")
    assert board_part.splitlines()[0] == "Board,Rank,Player,Name,Team,Rating,Points,Games,Played,%"
    assert board_part.splitlines()[1] == '1,1,1,"Schmidt, Viktor",1,2335,4,5,5,80'
    assert main(["standings", str(path), "--boards"]) == 0
    table = capsys.readouterr().out
    assert "\nBoard 1\n" in table and "\nBoard 4\n" in table


def test_boards_on_an_individual_event_or_options_without_boards_are_refused(capsys):
    individual = fixture_files("tiebreak", "*.trf")[0]
    assert main(["standings", str(individual), "--boards"]) == 2
    assert "apply to team events" in capsys.readouterr().err
    assert main(["standings", str(fixture_path("team", "rr01_t6_b4_r5.trf")), "--board-order", "performance"]) == 2
    assert "go with --boards" in capsys.readouterr().err
