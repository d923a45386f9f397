"""The generic systems (elo, glicko, glicko2) beyond the vectors: options, unrated players, replay."""

from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from rulesengine.rating import RatingRecord, next_records
from rulesengine.testing import tournament_from_text
from rulesengine_ratings import glicko2
from rulesengine_ratings.glicko import pre_period_rd


@settings(max_examples=200, deadline=None)
@given(st.floats(1000, 2600), st.floats(30, 350), st.floats(0.03, 0.1), st.floats(0.3, 1.2),
       st.lists(st.tuples(st.floats(1000, 2600), st.floats(30, 350), st.sampled_from([0.0, 0.5, 1.0])),
                min_size=1, max_size=10))
def test_glicko2_volatility_is_the_root_of_step_5(rating, rd, sigma, tau, games):
    """σ' solves f(x) = 0 with x = ln σ'², f as in the paper (φ², not μ², in the first term)."""
    result = glicko2.update(rating, rd, sigma, games, tau=tau, epsilon=1e-10)
    phi, v, delta, a = rd / glicko2.SCALE, result.v, result.delta, math.log(sigma * sigma)
    x = math.log(result.volatility ** 2)
    ex = math.exp(x)
    f = ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2
    assert abs(f) < 1e-6


def test_glicko2_season_replay_carries_rd_and_volatility(kit):
    t = tournament_from_text(2, ["1-2 1-0", "1-2 =", "1-2 0-1"])
    records = {1: RatingRecord(1, 1500, deviation=200, volatility=0.06), 2: RatingRecord(2, 1400, deviation=30,
                                                                                        volatility=0.06)}
    first = kit.rate("glicko2", t, records)
    after = next_records(first, records)
    assert after[1].deviation == first.player(1).extra["rd_after"] < 200
    second = kit.rate("glicko2", t, after)
    assert second.player(1).rating_before == first.player(1).rating_after


def test_glicko2_new_player_defaults_are_stated(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    report = kit.rate("glicko2", t, {}, tau=0.3)
    player = report.player(1)
    assert player.rating_before == 1500 and player.initial_rating
    assert any("new player at 1500" in a for a in player.assumed) and "tau 0.3" in report.rules


def test_glicko_step_1_grows_rd_by_c_and_stops_at_350():
    assert math.isclose(pre_period_rd(50, 34.641016, 100), 350, rel_tol=1e-6)
    assert pre_period_rd(300, 100, 10) == 350


def test_glicko_c_option_widens_the_pre_event_rd(kit):
    t = tournament_from_text(2, ["1-2 1-0"])
    records = {1: RatingRecord(1, 1500, deviation=50), 2: RatingRecord(2, 1500, deviation=50)}
    plain = kit.rate("glicko", t, records).player(1)
    grown = kit.rate("glicko", t, records, c=34.641016, periods=100).player(1)
    assert plain.extra["rd_before"] == 50 and math.isclose(grown.extra["rd_before"], 350, rel_tol=1e-6)
    assert grown.change > plain.change > 0


def test_elo_excludes_unrated_players_and_rounds_the_published_change(kit):
    t = tournament_from_text(3, ["1-2 1-0", "1-3 1-0"])
    records = {1: RatingRecord(1, 1500), 2: RatingRecord(2, 1500), 3: RatingRecord(3)}
    report = kit.rate("elo", t, records, k=32, decimals=1)
    one = report.player(1)
    assert one.change == 16 and one.change_published == 16
    assert not one.games[1].rated and "no rating" in one.games[1].reason
    assert report.player(3).rating_after is None
    assert kit.rate("elo", t, records).player(1).k == 20
    assert any("K not given" in a for a in kit.rate("elo", t, records).player(1).assumed)
