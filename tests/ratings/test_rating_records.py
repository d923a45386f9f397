"""The per-game records (`rate --format json`, `explain-rating`) add up to the per-player figures,
and the shortcuts that build them fast are the plain arithmetic: K before the games with the 700
rule redone afterwards (B.02 8.3.3), exact sums in integers, shared Fractions."""

from __future__ import annotations

import dataclasses
import random
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from rulesengine.formats.trf import read_trf
from rulesengine.rating import GameRating, RatingRecord, RatingRequest, exact_sum, score_sum
from rulesengine.registry import build_registry
from rulesengine.testing import tournament_from_text
from rulesengine_fide.rating.standard import PD_RULE
from rulesengine_fide.rating.tables import expected_score

from fixture_data import TIEBREAK_FIXTURES

REGISTRY = build_registry({"RULESENGINE_PLUGINS": "builtin"})
FIXTURES = sorted(TIEBREAK_FIXTURES.glob("*.trf"))
AMENDED = date(2025, 11, 1)
GAME_FIELDS = [f.name for f in dataclasses.fields(GameRating)]


def varied_records(tournament, seed: int) -> dict[int, RatingRecord]:
    rng = random.Random(seed)
    return {p.start_rank: RatingRecord(p.start_rank, rating=None if rng.random() < 0.15 else rng.randint(1000, 2800),
                                       games=rng.choice([None, 5, 200]), birth_year=rng.choice([None, 1990, 2012]),
                                       k=rng.choice([None, None, 12.5]), deviation=rng.choice([None, 80.0]))
            for p in tournament.players}


def test_the_700_rule_redoes_each_games_change_art_8_3_3():
    """20 games at K 40 (a new player): K becomes 35 and every game's change is 35 x (score - PD)."""
    results = ["1-0", "=", "0-1", "1-0"] * 5
    t = tournament_from_text(21, [f"1-{i + 2} {r}" for i, r in enumerate(results)])
    records = {1: RatingRecord(1, 1800, games=5)} | {i: RatingRecord(i, 1700 + 10 * i) for i in range(2, 22)}
    player = REGISTRY.rating_system("fide").rate(RatingRequest(t, records, AMENDED)).player(1)
    assert player.k == 35 and "8.3.3: 20 games x K 40 exceeds 700 -> K 35" in player.rules
    first = player.games[0]   # vs 1720: D = 80, PD .61 (table 8.1.2: 77-83), won: 35 x .39 = 13.65
    assert (first.expected, first.score, first.change) == (Fraction(61, 100), 1, Fraction(1365, 100))
    for game in player.games:
        assert game.change == 35 * (game.score - game.expected) == 35 * game.extra["delta_R"]
    assert sum(g.change for g in player.games) == player.change


def test_an_explicit_k_that_is_not_whole_multiplies_each_game():
    t = tournament_from_text(3, ["1-2 1-0", "1-3 ="])
    records = {1: RatingRecord(1, 2000, k=12.5), 2: RatingRecord(2, 2000), 3: RatingRecord(3, 2100)}
    player = REGISTRY.rating_system("fide").rate(RatingRequest(t, records, AMENDED)).player(1)
    assert [g.change for g in player.games] == [12.5 * Fraction(1, 2), 12.5 * Fraction(14, 100)]  # PD .50, .36
    assert player.change == 12.5 * Fraction(64, 100)


@pytest.mark.parametrize("system", ["fide", "fide-rapid"])
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fide_game_records_add_up_to_the_player(system, path):
    tournament = read_trf(path)
    report = REGISTRY.rating_system(system).rate(RatingRequest(tournament, varied_records(tournament, 7), AMENDED))
    for player in report.players:
        for game in (*player.games, *player.unrated_rounds):
            assert list(vars(game)) == [f.name for f in dataclasses.fields(game)]
        if player.rating_before is None:
            continue
        rated = player.rated_games
        assert sum((g.expected for g in rated), Fraction(0)) == player.expected_total
        assert sum((g.score for g in rated), Fraction(0)) == player.score_total
        if isinstance(player.k, int):   # exact; an explicit K of 12.5 makes floats, added in another order
            assert sum(g.change for g in rated) == player.change
        else:
            assert sum(g.change for g in rated) == pytest.approx(player.change)
        for game in rated:
            assert game.expected == expected_score(game.extra["difference"])   # table 8.1.2 (8.3.2a)
            assert game.extra["delta_R"] == game.score - game.expected
            assert game.change == player.k * game.extra["delta_R"]
            assert game.rules[-1] == PD_RULE and game.reason.startswith("rated")
        for game in player.games:
            if not game.rated:
                assert game.expected is game.change is game.opponent_rating_used is None and game.reason


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_glicko2_game_records_add_up_to_the_player(path):
    tournament = read_trf(path)
    records = varied_records(tournament, 8)
    report = REGISTRY.rating_system("glicko2").rate(RatingRequest(tournament, records, AMENDED))
    ratings = {p.start_rank: p.rating_before for p in report.players}
    deviations = {p.start_rank: p.extra["rd_before"] for p in report.players}
    for player in report.players:
        rated = player.rated_games
        assert [g.round for g in player.games] == sorted(g.round for g in player.games)
        assert sum(g.expected for g in rated) == player.expected_total     # the same floats, the same order
        assert score_sum(g.score for g in rated) == player.score_total
        for game in rated:
            assert list(vars(game)) == GAME_FIELDS
            assert game.opponent_rating == game.opponent_rating_used == ratings[game.opponent]
            assert game.extra == {"opponent_rd": deviations[game.opponent]} and game.change is None


@given(st.lists(st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(0)]), max_size=40))
def test_score_sum_is_the_fraction_sum(scores):
    assert score_sum(scores) == sum(scores, Fraction(0))


@given(st.lists(st.integers(0, 3000).map(float) | st.integers(0, 3000) | st.floats(0, 3000) |
                st.fractions(0, 3000, max_denominator=7), max_size=20))
def test_exact_sum_is_the_exact_sum(values):
    total = exact_sum(values)
    assert type(total) is Fraction and total == sum(map(Fraction, values), Fraction(0))


@given(st.lists(st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats() |
                st.fractions(max_denominator=10**6), max_size=30))
def test_the_json_number_texts_kept_by_identity_are_to_json_numbers(values):
    """Outputs write each number object's JSON once (`NUMBER_JSON`, kept by identity): the same
    text as `to_json_number`'s through the encoder, shared objects and repeated values included."""
    import json

    from rulesengine.numbers import to_json_number
    from rulesengine.output.number_text import NUMBER_JSON

    values = values + values[::2]
    want = [json.dumps(to_json_number(v)) for v in values]
    assert [NUMBER_JSON.of(v) for v in values] == want
    assert NUMBER_JSON.column(values) == want
