"""Invariants of the special formula (Glickman & Doan section 4.1) and of the standard formula."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesengine_uschess.rating.formulas import provisional_expectancy, special_rating, standard_rating

ratings = st.floats(min_value=100, max_value=2600, allow_nan=False).map(lambda r: round(r, 1))
results = st.sampled_from([0.0, 0.5, 1.0])
events = st.lists(st.tuples(ratings, results), min_size=1, max_size=9)


def f(prior, effective, opponents, score, rating):
    return (effective * provisional_expectancy(rating, prior)
            + sum(provisional_expectancy(rating, o) for o in opponents) - (score + effective / 2))


@settings(max_examples=300, deadline=None)
@given(prior=ratings, games=st.integers(min_value=0, max_value=8), event=events)
def test_special_rating_solves_the_equation_or_sits_on_a_flat_stretch(prior, games, event):
    opponents = [o for o, _ in event]
    score = sum(s for _, s in event)
    result = special_rating(prior, float(games), opponents, score)
    if not result.capped:
        assert abs(f(prior, games, opponents, score, result.rating)) <= 1e-6


@settings(max_examples=300, deadline=None)
@given(prior=ratings, games=st.integers(min_value=1, max_value=8), event=events, extra=ratings)
def test_a_win_never_lowers_and_a_loss_never_raises_a_special_rating_interval_reading(prior, games, event, extra):
    opponents = [o for o, _ in event]
    score = sum(s for _, s in event)

    def rating(opps, s):
        return special_rating(prior, float(games), opps, s, flat_stretch="interval").rating
    base = rating(opponents, score)
    assert rating(opponents + [extra], score + 1) >= base - 1e-6
    assert rating(opponents + [extra], score) <= base + 1e-6


def test_document_reading_can_lower_a_rating_after_a_win_on_a_flat_stretch():
    """Found by the property above under the text's p-count: 1334 on 1 game, 4.5/6 against 308 (W),
    125 (L), 102 (D), 481 (W), 382 (W), 2600 (W). Every R in [881, 934] solves the equation; the
    iteration starts inside, p = 0, so the prior is clamped: 934. Add a win against 114: the
    iteration now stops on the stretch's lower end 881, where |881 - 481| = 400 gives p = 1, and
    881 is kept. The interval reading clamps the prior in both cases: 934."""
    opponents = [308, 125, 102, 481, 382, 2600]
    assert special_rating(1334, 1, opponents, 4.5).rating == pytest.approx(934)
    assert special_rating(1334, 1, opponents + [114], 5.5).rating == pytest.approx(881)
    assert special_rating(1334, 1, opponents + [114], 5.5, flat_stretch="interval").rating == pytest.approx(934)


def test_unrated_player_winning_every_game_document_and_interval_readings():
    """N' = 0, four wins against 600s: every R >= 1000 solves the equation. The text's procedure
    comes up from 1000 - its start, the average + 400 - and stops there (p = 4); the interval
    reading keeps the Step 1 estimate 1300."""
    assert special_rating(1300, 0, [600] * 4, 4).rating == pytest.approx(1000)
    assert special_rating(1300, 0, [600] * 4, 4, flat_stretch="interval").rating == pytest.approx(1300)


@settings(max_examples=200, deadline=None)
@given(prior=ratings, event=events)
def test_standard_bonus_never_lowers_a_rating(prior, event):
    opponents = [o for o, _ in event]
    scores = [s for _, s in event]
    result = standard_rating(prior, 20.0, opponents, scores)
    assert result.bonus >= 0
    assert result.rating >= prior + result.change_without_bonus


def test_root_on_a_breakpoint_is_not_clamped_away():
    """Found by hypothesis: unrated (N' = 0) player beats a 1648.8; every R >= 2048.8 solves the
    equation and the iteration starts on 2048.8, a breakpoint up to floating-point noise. The
    text's p-count must see the slope there and keep 2048.8, not clamp the prior below it."""
    result = special_rating(100.0, 0.0, [1648.8], 1.0)
    assert result.rating == pytest.approx(2048.8)
    assert abs(f(100.0, 0, [1648.8], 1.0, result.rating)) <= 1e-6
