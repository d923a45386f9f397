"""Every `club-ladder` vector of shared/fixtures/ratings/vectors.json, driven through the registered
`club` system (club ladder policy, shared/docs/domain.md section 2), within each vector's tolerance.

A vector whose inputs no driver understands fails: nothing is skipped silently. The guide's
"two-decimal / table" mode is driven through the option `expected_scores=two-decimal`; the
ladder's own rule (the default) is the exact logistic formula.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from .conftest import record

# The club-ladder vectors of shared/fixtures/ratings/vectors.json, copied into the repo (tests/data/club/README.md).
RATING_VECTORS = Path(__file__).resolve().parents[1] / "data" / "club" / "vectors-club-ladder.json"
VECTORS = [v for v in json.loads(RATING_VECTORS.read_text(encoding="utf-8")) if v["system"] == "club-ladder"]
RESULT = {Fraction(1): "1-0", Fraction(1, 2): "=", Fraction(0): "0-1"}
# The vector file's names for the expected-score modes, and the option value for each.
EXPECTED_SCORE_MODES = {"two-decimal / table": "two-decimal", "exact logistic": "exact"}
ESTABLISHED_OPPONENT_GAMES = 30  # the vectors' opponents: established, so no protection applies


def event_of_games(ladder, inputs: dict) -> dict:
    """One player meets opponents 2, 3, ... in rounds 1, 2, ... (the Anna example)."""
    games = inputs["games"]
    rounds = [f"1-{i + 2} {RESULT[Fraction(str(g['score']))]}" for i, g in enumerate(games)]
    records = {1: record(1, inputs["rating"], inputs["previous_games"])}
    records.update({i + 2: record(i + 2, g["opponent"], ESTABLISHED_OPPONENT_GAMES) for i, g in enumerate(games)})
    mode = EXPECTED_SCORE_MODES[inputs["expected_score_mode"]]
    player = ladder.event(len(games) + 1, rounds, records, expected_scores=mode).player(1)
    return {"expected_total": player.expected_total, "change": player.change,
            "new_rating": player.record_after.rating}


def established_against_provisional(ladder, inputs: dict) -> dict:
    assert inputs["result"] == "established wins", f"no driver for result {inputs['result']!r}"
    records = {1: record(1, inputs["established"]["rating"], inputs["established"]["games"]),
               2: record(2, inputs["provisional"]["rating"], inputs["provisional"]["games"])}
    report = ladder.event(2, ["1-2 1-0"], records)
    return {"established_change": report.player(1).change, "provisional_change": report.player(2).change}


def two_players(ladder, inputs: dict) -> dict:
    assert inputs["result"] == "a wins", f"no driver for result {inputs['result']!r}"
    records = {1: record(1, inputs["a"]["rating"], inputs["a"]["games"]),
               2: record(2, inputs["b"]["rating"], inputs["b"]["games"])}
    report = ladder.event(2, ["1-2 1-0"], records)
    return {"a_change": report.player(1).change, "b_change": report.player(2).change}


def driver(inputs: dict):
    if "games" in inputs:
        return event_of_games
    if "established" in inputs:
        return established_against_provisional
    if {"a", "b"} <= set(inputs):
        return two_players
    raise AssertionError(f"no driver understands inputs {sorted(inputs)}")


def test_the_four_club_vectors_are_all_here():
    assert sorted(v["id"] for v in VECTORS) == ["CLUB-ANNA-EXACTE", "CLUB-ANNA-ROUNDEDE", "CLUB-BOTH-PROV",
                                                "CLUB-PROTECT"]


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_club_ladder_vector(ladder, vector):
    actual = driver(vector["inputs"])(ladder, vector["inputs"])
    assert set(vector["expected"]) <= set(actual), f"driver does not produce {set(vector['expected']) - set(actual)}"
    for field, expected in vector["expected"].items():
        got = float(actual[field])
        assert abs(got - expected) <= vector["tolerance"], f"{vector['id']} {field}: {got!r} != {expected!r}"
