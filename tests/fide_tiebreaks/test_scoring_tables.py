"""The units, row tails and Fractions of a scoring system are worked out once per scoring system
and shared by its events (`event._scoring`, `ScoringSystem.units`): events under other scoring
systems, computed in between, never see them."""

from __future__ import annotations

from fractions import Fraction

from rulesengine import api
from rulesengine.model import ScoringSystem
from rulesengine.registry import default_registry
from rulesengine.testing import tournament_from_text
from rulesengine_fide.tiebreaks import event

ROUNDS = ["1-2 1-0, 3-4 =, 5-6 0-1, 7 U", "1-3 =, 2-7 1-0, 4-5 0-1, 6 U", "1-5 1-0, 2-3 =, 6-7 1-0, 4 U"]
THREE_ONE_ZERO = ScoringSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0))
CODES = ["BH/C1", "BH", "SB", "PS", "WIN"]


def _values(scoring: ScoringSystem) -> list:
    run = api.standings(tournament_from_text(7, ROUNDS, scoring=scoring), CODES, default_registry())
    return [(row.start_rank, row.points, dict(row.tiebreaks)) for row in run.standings.rows]


def test_each_scoring_system_gets_its_own_tables_whatever_ran_before() -> None:
    event._SCORINGS.clear()
    fresh_310 = _values(THREE_ONE_ZERO)
    event._SCORINGS.clear()
    fresh_standard = _values(ScoringSystem())
    # Interleaved: each system's tables were made by the other's events first.
    assert _values(THREE_ONE_ZERO) == fresh_310 and _values(ScoringSystem()) == fresh_standard
    assert _values(THREE_ONE_ZERO) == fresh_310
    winner = fresh_310[0]
    assert winner[1] == 9 and winner[2]["WIN"] == 3     # 3 points a win: three wins (the bye one of them)
    assert fresh_standard[0][1] == 3


def test_a_scoring_system_equal_to_another_is_still_its_own_entry() -> None:
    first, second = ScoringSystem(win=Fraction(2)), ScoringSystem(win=Fraction(2))
    assert first == second and first is not second
    assert _values(first) == _values(second)
    assert {id(first), id(second)} <= set(event._SCORINGS)
