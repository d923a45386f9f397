"""The TRF team reader and writer (issue 22 items 1-2): every team fixture read into the team
model and written back byte for byte; each team's totals equal what its 310 record declares and
what FIDE TEC's engine computed; inconsistent inputs are located messages."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fixture_data import fixture_files
from rulesengine.errors import InputError
from rulesengine.formats.team_trf import parse_team_trf, read_team_trf, write_team_trf
from rulesengine.team import MatchKind

TEAM_FILES = fixture_files("team", "*.trf")


def test_every_team_fixture_is_found():
    assert len(TEAM_FILES) == 12


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_round_trip_is_byte_identical(path):
    assert write_team_trf(read_team_trf(path)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_totals_equal_the_reference_engine(path):
    event = read_team_trf(path)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert {str(t.number): t.match_points for t in event.teams} == {k: Fraction(str(v)) for k, v in expected["MPTS"].items()}
    assert {str(t.number): t.game_points for t in event.teams} == {k: Fraction(str(v)) for k, v in expected["GPTS"].items()}
    for team in event.teams:
        if team.declared_match_points is not None:   # record 310's standing, team byes included
            assert (team.match_points, team.game_points) == (team.declared_match_points, team.declared_game_points)


def _kinds(path):
    return [r.kind for t in read_team_trf(path).teams for r in t.rounds]


def test_the_model_holds_byes_forfeits_and_lineups():
    index = json.loads(TEAM_FILES[0].with_name("index.json").read_text())
    for path in TEAM_FILES:
        event = read_team_trf(path)
        features = index[path.stem]["features"]
        kinds = [r.kind for t in event.teams for r in t.rounds]
        assert kinds.count(MatchKind.PAIRING_ALLOCATED_BYE) == features["pab"], path.stem
        assert kinds.count(MatchKind.HALF_POINT_BYE) == features["hpb"], path.stem
        assert len(event.forfeits) == features["forfeited_matches"] + features["double_forfeited_matches"], path.stem
        assert event.boards == index[path.stem]["boards"]
        assert event.is_round_robin == (index[path.stem]["system"] != "swiss")
        assert event.primary == index[path.stem]["primary"]
        assert event.legacy == (index[path.stem]["record"] == "013")


def test_players_keep_their_individual_results():
    event = read_team_trf(next(p for p in TEAM_FILES if p.stem.startswith("sw28")))
    player = event.individual.player(17)
    assert player.rounds[0].code.value == "+" and player.rounds[0].opponent is None   # `0000 - +`
    assert event.individual.points[17] == player.declared_points


HEADER = "012 T\n042 2026/04/01\n092 Team Swiss\n142 1\n352 WB\n"
PLAYERS = ("001    1 m    A                                 2000                             1.0    1     3 w 1\n"
           "001    2 m    B                                 2000                             1.0    1     4 b 1\n"
           "001    3 m    C                                 2000                             0.0    3     1 b 0\n"
           "001    4 m    D                                 2000                             0.0    3     2 w 0\n")


def _problem(text: str) -> str:
    with pytest.raises(InputError) as caught:
        parse_team_trf(text, source="t.trf")
    return str(caught.value)


def test_a_small_event_reads():
    event = parse_team_trf(HEADER + PLAYERS + _team_lines("   1    2", "   3    4"), source="t.trf")
    assert [(t.number, t.match_points, t.game_points) for t in event.teams] == [(1, 2, 2), (2, 0, 0)]


def _team_lines(first: str, second: str) -> str:
    return "310   1 One".ljust(73) + first + "\n" + "310   2 Two".ljust(73) + second + "\n"


def test_a_player_on_two_teams_is_located():
    message = _problem(HEADER + PLAYERS + _team_lines("   1    2", "   2    3    4"))
    assert "t.trf:11:74: record 310: player 2 is already on team 1 (line 10)" in message


def test_a_one_sided_forfeit_is_located():
    players = PLAYERS.replace("    3 w 1\n", "    3 w 1\n", 1).replace("     4 b 1\n", "  0000 - +\n")
    players = players.replace("     2 w 0\n", "  0000 - -\n")
    text = HEADER + players + _team_lines("   1    2", "   3    4") + "330 -+   1   1   2\n"
    message = _problem(text)
    assert "t.trf:7:99: round 1: player 2 has a forfeit win, but record 330 gives team 1 the forfeit loss" in message


def test_a_player_pab_in_a_team_event_is_located():
    players = PLAYERS.replace("     3 w 1\n", "  0000 - U\n").replace("     1 b 0\n", "  0000 - -\n")
    message = _problem(HEADER + players + _team_lines("   1    2", "   3    4"))
    assert "t.trf:6:99: round 1: player 1 has a pairing-allocated bye (U)" in message


def test_an_unknown_team_in_record_330_is_located():
    message = _problem(HEADER + PLAYERS + _team_lines("   1    2", "   3    4") + "330 +-   1   1   7\n")
    assert "t.trf:12:16: record 330: team 7 has no 310/013 record" in message
