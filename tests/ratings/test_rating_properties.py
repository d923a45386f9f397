"""Invariants of the rating systems, over generated events (hypothesis)."""

from __future__ import annotations

from datetime import date
from hypothesis import given, settings, strategies as st

from rulesengine.rating import RatingRecord, RatingRequest
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text

REGISTRY = build_registry({"RULESENGINE_PLUGINS": "builtin"})
AMENDED = date(2025, 11, 1)
RESULTS = ("1-0", "=", "0-1")


@st.composite
def round_robins(draw, min_rating=1000, max_rating=2649):
    """A single round robin of 2-8 players with random results (some games forfeited or unrated)."""
    n = draw(st.integers(2, 8))
    ratings = draw(st.lists(st.integers(min_rating, max_rating), min_size=n, max_size=n))
    rounds = []
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    for a, b in pairs:
        result = draw(st.sampled_from(RESULTS + ("+-", "=u")))
        rounds.append(f"{a}-{b} {result}")
    return tournament_from_text(n, rounds), ratings


def rate(system, tournament, ratings, k=None, on=AMENDED, **options):
    records = {i: RatingRecord(i, rating=r, k=k) for i, r in enumerate(ratings, start=1)}
    return REGISTRY.rating_system(system).rate(RatingRequest(tournament, records, on, None, options))


@settings(max_examples=150, deadline=None)
@given(round_robins())
def test_fide_changes_are_zero_sum_at_equal_k_below_2650(event):
    # Below 2650 the 400 cap applies to both sides alike, so PD(D) + PD(-D) = 1 exactly.
    tournament, ratings = event
    report = rate("fide", tournament, ratings, k=20)
    assert sum(p.change for p in report.players) == 0


@settings(max_examples=100, deadline=None)
@given(round_robins(min_rating=1400, max_rating=2900))
def test_fide_changes_are_zero_sum_when_no_pair_is_capped_on_one_side_only(event):
    tournament, ratings = event
    report = rate("fide", tournament, ratings, k=10)
    capped = {(p.start_rank, g.round): g.opponent_rating_used != g.opponent_rating
              for p in report.players for g in p.games if g.rated}
    one_sided = [(p, g) for p in report.players for g in p.games
                 if g.rated and capped[(p.start_rank, g.round)] != capped[(g.opponent, g.round)]]
    if not one_sided:
        assert sum(p.change for p in report.players) == 0
    for player, game in one_sided:  # the side that was not capped is rated 2650 or more
        uncapped = player.rating_before if not capped[(player.start_rank, game.round)] else game.opponent_rating
        assert uncapped >= 2650 and abs(player.rating_before - game.opponent_rating) > 400


@settings(max_examples=100, deadline=None)
@given(round_robins(), st.sampled_from([None, 400]))
def test_elo_changes_are_zero_sum_at_equal_k(event, cap):
    tournament, ratings = event
    options = {"k": 24} if cap is None else {"k": 24, "cap": cap}
    report = rate("elo", tournament, ratings, **options)
    assert abs(sum(float(p.change) for p in report.players)) < 1e-9


@settings(max_examples=150, deadline=None)
@given(round_robins(min_rating=1000, max_rating=3000), st.sampled_from(["fide", "fide-rapid", "elo"]))
def test_a_win_never_lowers_a_rating(event, system):
    tournament, ratings = event
    report = rate(system, tournament, ratings)
    for player in report.players:
        for game in player.games:
            if game.rated and game.score == 1:
                assert game.change >= 0
            if game.rated and game.score == 0:
                assert game.change <= 0


@settings(max_examples=100, deadline=None)
@given(st.integers(1000, 2800), st.integers(30, 350),
       st.lists(st.tuples(st.integers(800, 3000), st.integers(30, 350)), min_size=1, max_size=8),
       st.floats(0.3, 1.2))
def test_glicko2_all_wins_never_lower_a_rating(rating, rd, opponents, tau):
    n = len(opponents)
    tournament = tournament_from_text(n + 1, [f"1-{i + 2} 1-0" for i in range(n)])
    records = {1: RatingRecord(1, rating=rating, deviation=rd, volatility=0.06)}
    for i, (r, d) in enumerate(opponents):
        records[i + 2] = RatingRecord(i + 2, rating=r, deviation=d, volatility=0.06)
    report = REGISTRY.rating_system("glicko2").rate(RatingRequest(tournament, records, None, None, {"tau": tau}))
    assert report.player(1).change >= 0
    assert all(report.player(i + 2).change <= 0 for i in range(n))


@settings(max_examples=100, deadline=None)
@given(round_robins(), st.data())
def test_fide_turning_a_result_into_a_win_never_lowers_the_new_rating(event, data):
    tournament, ratings = event
    before = rate("fide", tournament, ratings, k=20)
    # Replace one of player 1's played results by a win and rate again.
    played = [g for g in before.player(1).games if g.rated]
    if not played:
        return
    game = data.draw(st.sampled_from(played))
    lines = []
    for line in _round_lines(tournament):
        a, b, result = line
        if {a, b} == {1, game.opponent} and result in RESULTS:
            result = "1-0" if a == 1 else "0-1"
        lines.append(f"{a}-{b} {result}")
    after = rate("fide", tournament_from_text(len(ratings), lines), ratings, k=20)
    assert after.player(1).rating_after >= before.player(1).rating_after


def _round_lines(tournament):
    """(white, black, result) of each round of a generated round robin (one game per round)."""
    codes = {"1": "1-0", "=": "=", "0": "0-1", "+": "+-", "D": "=u"}
    out = []
    for r in range(1, tournament.rounds + 1):
        for player in tournament.players:
            entry = player.entry(r)
            if entry.opponent is not None and entry.colour.value == "w":
                out.append((player.start_rank, entry.opponent, codes[entry.code.value]))
    return out
