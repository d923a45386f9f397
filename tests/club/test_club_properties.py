"""Invariants of the club ladder over random seasons (club ladder policy, shared/docs/domain.md
section 2): a replay gives the same numbers, the order of boards and of games within an event
does not matter (changes are applied at its end), protection holds, games are counted as rated."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulesengine.model import Tournament
from rulesengine.rating import RatingRecord
from rulesengine.testing import tournament_from_text

RESULTS = ("1-0", "0-1", "=", "1/2", "+-", "-+", "--", "1-0u", "=u")
BYES = ("U", "F", "H", "Z")


@st.composite
def event_boards(draw, players: int):
    """An event as rounds of boards ("W-B RESULT" or "N BYE"); some players may sit a round out."""
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        order = draw(st.permutations(range(1, players + 1)))
        present = order[:draw(st.integers(0, players))]
        boards = [f"{w}-{b} {draw(st.sampled_from(RESULTS))}" for w, b in zip(present[::2], present[1::2])]
        if len(present) % 2:
            boards.append(f"{present[-1]} {draw(st.sampled_from(BYES))}")
        rounds.append(boards)
    return rounds


@st.composite
def seasons(draw):
    """(players, records before the season, events as rounds of boards, expected-score mode)."""
    players = draw(st.integers(2, 8))
    records = {sno: RatingRecord(sno, rating=draw(st.none() | st.floats(800, 2400)),
                                 games=draw(st.none() | st.integers(0, 25)))
               for sno in range(1, players + 1)}
    events = draw(st.lists(event_boards(players), min_size=1, max_size=3))
    return players, records, events, draw(st.sampled_from(("exact", "two-decimal")))


def tournament(players: int, rounds) -> Tournament:
    return tournament_from_text(players, [", ".join(boards) for boards in rounds], total_rounds=len(rounds))


def replay(ladder, players, records, events, mode, arrange=lambda rounds: rounds):
    return ladder.season([tournament(players, arrange(rounds)) for rounds in events], records,
                         expected_scores=mode)


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_replaying_a_season_twice_gives_identical_ratings(ladder, season):
    assert replay(ladder, *season) == replay(ladder, *season)


@settings(max_examples=60, deadline=None)
@given(seasons(), st.randoms(use_true_random=False))
def test_the_order_of_boards_within_an_event_does_not_matter(ladder, season, random):
    def shuffled_boards(rounds):
        return [random.sample(boards, len(boards)) for boards in rounds]
    assert replay(ladder, *season, arrange=shuffled_boards) == replay(ladder, *season)


@settings(max_examples=60, deadline=None)
@given(seasons(), st.randoms(use_true_random=False))
def test_the_order_games_finished_in_does_not_matter(ladder, season, random):
    """Changes apply at the event's end: playing the same games in another round order gives
    exactly the same ratings, games and expected totals."""
    def figures(result):
        reports, final = result
        return ([{p.start_rank: (p.expected_total, p.score_total, p.change) for p in r.players} for r in reports],
                final)
    assert figures(replay(ladder, *season, arrange=lambda rounds: random.sample(rounds, len(rounds)))) == \
        figures(replay(ladder, *season))


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_protection_and_games_counted(ladder, season):
    """An established player's rating never moves for a game against a provisional one; the games
    total grows by exactly the games that moved the rating; equal K between rated players is zero-sum."""
    reports, _ = replay(ladder, *season)
    for report in reports:
        by_sno = {p.start_rank: p for p in report.players}
        for player in report.players:
            rated = player.rated_games
            if player.extra["games_before"] is not None:
                assert player.record_after.games == player.extra["games_before"] + len(rated)
            for game in player.games:
                opponent = by_sno[game.opponent]
                if not player.extra["provisional"] and opponent.extra["provisional"]:
                    assert not game.rated and game.change is None
                both = game.rated and next(g for g in opponent.games if g.round == game.round).rated
                if both and player.k == opponent.k:
                    other = next(g for g in opponent.games if g.round == game.round)
                    assert float(game.change) + float(other.change) == pytest.approx(0, abs=1e-9)
