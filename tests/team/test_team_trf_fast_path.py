"""The team TRF reader's fast path (issue 22 item 6) equals the plain definitions it stands for.

The reader takes each board from the players' columns (`Player.columns`), each result code's
points once, and a match's game points in whole units of the scoring system. Here every board of
every match is checked against the plain `RoundEntry` reading (`Player.entry`, `Scoring.points`,
`RoundEntry.played`) and every match's game points against a plain `Fraction` sum (C.07 art. 12
intro: a team's game points are its boards' points), on the 12 team fixtures and on the generated
event of `bench/team_event.py`.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from fixture_data import fixture_files
from rulesengine.formats.team_trf import parse_team_trf, read_team_trf
from rulesengine.team import MatchKind, TeamTournament

TEAM_FILES = fixture_files("team", "*.trf")
BENCH = Path(__file__).resolve().parents[2] / "bench"


def generated_event(teams: int, boards: int, rounds: int, seed: int) -> TeamTournament:
    sys.path.insert(0, str(BENCH))
    try:
        from team_event import team_trf
    finally:
        sys.path.remove(str(BENCH))
    return parse_team_trf(team_trf(teams, boards, rounds, seed), source="generated.trf")


def assert_boards_are_the_plain_reading(event: TeamTournament) -> int:
    """Every match's boards and game points against the plain definitions; the boards checked."""
    t, checked = event.individual, 0
    for team in event.teams:
        for r in team.rounds:
            if r.kind is not MatchKind.MATCH:
                continue
            assert r.game_points == sum((b.points for b in r.boards), Fraction(0)), (team.number, r.round)
            assert type(r.game_points) is Fraction
            for board in r.boards:
                if board.player is None:
                    assert (board.opponent, board.points, board.over_the_board) == (None, 0, False)
                    continue
                entry = t.player(board.player).entry(r.round)
                assert board.opponent == entry.opponent, (board.player, r.round)
                assert board.points == t.scoring.points(entry), (board.player, r.round)
                assert board.over_the_board == entry.played, (board.player, r.round)
                checked += 1
    return checked


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.stem)
def test_each_fixture_board_is_the_plain_entry_reading(path):
    assert assert_boards_are_the_plain_reading(read_team_trf(path)) > 0


def test_the_generated_bench_event_boards_are_the_plain_entry_reading():
    event = generated_event(21, 6, 7, 2026)   # odd: a team PAB each round (record 320)
    assert sum(r.kind is MatchKind.PAIRING_ALLOCATED_BYE for team in event.teams for r in team.rounds) == 7
    # 10 matches a round, at most 6 players fielded on each side
    assert 0 < assert_boards_are_the_plain_reading(event) <= 7 * 10 * 2 * 6


def test_reading_builds_no_round_entry_of_the_players():
    """The boards come from the columns: no player's `rounds` is built by reading the team file."""
    event = generated_event(20, 4, 5, 7)
    assert not any("rounds" in vars(player) for player in event.individual.players)
    assert event.individual.player(1).entry(1).opponent is not None   # built when asked for
