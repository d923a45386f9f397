"""Every `uschess` and `uschess-legacy-2004` vector of shared/fixtures/ratings/vectors.json.

Each vector is checked at the level it describes (a formula, a floor, an initial rating); every
game vector is also rated end to end through the registry's `uschess` system, as an event of
the player against opponents rated on 100 games, so the five-step driver gives the same figures.
"""

from __future__ import annotations

import json
from datetime import date

import pytest

from rulesengine.rating import RatingRecord, RatingRequest, round_half_away_from_zero
from rulesengine.testing import tournament_from_text

from rulesengine_uschess.rating.floors import absolute_floor, established_floor, player_floor
from rulesengine_uschess.rating.formulas import (approximate_special_rating, effective_games, effective_games_cap,
                                                 legacy_effective_games_cap, special_rating, standard_rating)
from rulesengine_uschess.rating.initial import age_based_rating
from rulesengine_uschess.rating.parameters import RULE_SETS

# The vectors as copied into tests/data/ratings (fixture_data also accepts ../shared).
from fixture_data import RATING_VECTORS
VECTORS = [v for v in json.loads(RATING_VECTORS.read_text()) if v["system"] in ("uschess", "uschess-legacy-2004")]
# An event date for each bonus threshold in the dated table.
DATE_FOR_B = {14: date(2020, 6, 1), 12: date(2024, 6, 1), 10: date(2025, 6, 1)}


def tolerance(vector, key):
    tol = vector["tolerance"]
    return tol.get(key, 0) if isinstance(tol, dict) else tol


def check(vector, got: dict):
    expected = vector["expected"]
    assert set(got) == set(expected), f"{vector['id']}: computed {sorted(got)}, vector has {sorted(expected)}"
    for key, want in expected.items():
        if want is None:
            assert got[key] is None, (vector["id"], key, got[key])
        else:
            assert got[key] == pytest.approx(want, abs=tolerance(vector, key)), (vector["id"], key, got[key], want)


def rules_for(b):
    return next(r for r in RULE_SETS if r.bonus_threshold == b)


def compute(vector) -> dict:
    i, want = vector["inputs"], vector["expected"]
    if vector["system"] == "uschess-legacy-2004":
        return {"N_star": legacy_effective_games_cap(i["R0"])}
    if "N_star" in want:
        return {"N_star": effective_games_cap(i["R0"])}
    if "N_eff_truncated" in want:
        return {"N_eff_truncated": int(effective_games(i["R0"], i["N"]))}
    if "highest_established_rating" in i:
        return {"floor": established_floor(i["highest_established_rating"])}
    if "OLM" in i:
        return {"floor": player_floor(wins=0, draws=0, events_with_three_games=0, highest_established=None,
                                      olm=i["OLM"])[0]}
    if "wins" in i:
        return {"absolute_floor": absolute_floor(i["wins"], i["draws"], i["events_3plus"])}
    if "age_years" in i:
        initial = age_based_rating(i["age_years"])
        return {"initial_rating": initial.rating, "N": initial.games}
    opponents = [g["opponent"] for g in i["games"]]
    scores = [g["score"] for g in i["games"]]
    if i["N"] <= 8:
        result = special_rating(i["R0"], effective_games(i["R0"], i["N"]), opponents, sum(scores))
        got = {"post": result.rating, "post_unrounded": result.rating}
        if "approx_formula" in want:
            got["approx_formula"] = approximate_special_rating(i["R0"], i["N"], opponents, sum(scores))
        if "post" in want and "post_unrounded" in want:
            got["post"] = round_half_away_from_zero(result.rating)
        return {k: v for k, v in got.items() if k in want}
    rules = rules_for(i.get("B", 10))
    n_eff = effective_games(i["R0"], i["N"], rules)
    dual = i.get("dual_rated_OTBR", False)
    result = standard_rating(i["R0"], n_eff, opponents, scores, dual, rules=rules)
    got = {"N_eff": n_eff, "K": result.k, "E": sum(result.expected), "delta": result.change_without_bonus,
           "bonus": result.bonus, "post_unrounded": result.rating, "post": round_half_away_from_zero(result.rating)}
    if dual:
        got["non_dual_post_unrounded"] = standard_rating(i["R0"], n_eff, opponents, scores, False, rules=rules).rating
    return {k: v for k, v in got.items() if k in want}


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector):
    check(vector, compute(vector))


GAME_VECTORS = [v for v in VECTORS if "games" in v["inputs"]]


@pytest.mark.parametrize("vector", GAME_VECTORS, ids=[v["id"] for v in GAME_VECTORS])
def test_game_vector_through_the_registry(registry, vector):
    """The vector as an event: player 1 meets each listed opponent once, in order."""
    i = vector["inputs"]
    games = i["games"]
    rounds = []
    for r, game in enumerate(games, start=1):
        result = {1: "1-0", 0.5: "=", 0: "0-1"}[game["score"]]
        rounds.append(f"1-{r + 1} {result}")
    t = tournament_from_text(len(games) + 1, rounds)
    records = {1: RatingRecord(1, rating=i["R0"], games=i["N"], extra={"uschess_wins": 1, "uschess_losses": 1})}
    records.update({sno: RatingRecord(sno, rating=g["opponent"], games=100) for sno, g in enumerate(games, start=2)})
    dual = i.get("dual_rated_OTBR")
    options = {"time_control": "G/45;d5", "system": "OTBR"} if dual else {"time_control": "G/90;d30"}
    request = RatingRequest(t, records, event_date=DATE_FOR_B[i.get("B", 10)], options=options)
    player = registry.rating_system("uschess").rate(request).player(1)
    want = vector["expected"]
    assert player.rating_after == pytest.approx(want["post_unrounded"] if "post_unrounded" in want else want["post"],
                                                abs=tolerance(vector, "post_unrounded") or 0.01)
    if "post" in want:
        assert player.extra["rating_published"] == want["post"]
    if "K" in want:
        assert player.k == pytest.approx(want["K"], abs=tolerance(vector, "K"))


def test_every_uschess_vector_is_covered():
    assert len(VECTORS) == 34  # 33 uschess + 1 uschess-legacy-2004
