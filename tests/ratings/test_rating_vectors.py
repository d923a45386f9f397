"""Every rating vector of shared/fixtures/ratings/vectors.json for the systems this project's generic
and FIDE plugins implement, driven through the public rating functions, within each vector's tolerance.

A vector whose inputs no driver understands fails: nothing is skipped silently.
"""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction

import pytest

from rulesengine.rating import RatingRecord, next_records, round_half_away_from_zero
from rulesengine.testing import tournament_from_text
from rulesengine_fide.rating.tables import expected_score, rating_difference
from rulesengine_ratings.elo import logistic_expected
from rulesengine_ratings.glicko import c_for

# The vector file, read at collection time (tests/data/ratings; see fixture_data).
from fixture_data import RATING_VECTORS
SYSTEMS = ("fide", "fide-rapid-blitz", "elo-logistic", "glicko2", "glicko1")
VECTORS = [v for v in json.loads(RATING_VECTORS.read_text(encoding="utf-8")) if v["system"] in SYSTEMS]
AFTER_AMENDMENT = date(2025, 11, 1)


def tolerance(vector: dict, field: str) -> float:
    tol = vector["tolerance"]
    if isinstance(tol, dict):
        if field.startswith("paper_"):
            return tol["paper_values"]
        # G1-EXAMPLE gives no tolerance for "d": the strictest one the vector names is used.
        return tol.get(field, min(v for k, v in tol.items() if k != "paper_values"))
    return tol


def check(vector: dict, actual: dict) -> None:
    """Compare every expected field; exact (as decimals) when the tolerance is 0."""
    assert set(vector["expected"]) <= set(actual), f"driver does not produce {set(vector['expected']) - set(actual)}"
    for field, expected in vector["expected"].items():
        got = actual[field]
        if expected is None or isinstance(expected, bool):
            assert got == expected, f"{vector['id']} {field}: {got!r} != {expected!r}"
            continue
        tol = tolerance(vector, field)
        if tol == 0:
            assert Fraction(got) == Fraction(str(expected)), f"{vector['id']} {field}: {got!r} != {expected!r}"
        else:
            assert abs(float(got) - expected) <= tol, f"{vector['id']} {field}: {float(got)!r} != {expected!r} ± {tol}"


# ---------------------------------------------------------------- drivers (one per input shape)


def _event_date(inputs: dict) -> date | None:
    text = inputs.get("rule_date") or inputs.get("date")
    if text is None:
        return None
    return date.fromisoformat(text.replace("after ", "").strip())


def fide_change(kit, vector, system="fide"):
    inputs = vector["inputs"]
    games = inputs["games"]
    tournament, records = kit.event([g["opponent"] for g in games], [g["score"] for g in games],
                                           rating=inputs["rating"], k=inputs["K"])
    player = kit.rate(system, tournament, records, on=_event_date(inputs)).player(1)
    return {"sum_delta_R": player.extra["sum_delta_R"], "change": player.change,
            "published_change": player.change_published, "new_rating": player.rating_after}


def fide_initial(kit, vector):
    games = vector["inputs"]["games"]
    tournament, records = kit.event([g["opponent"] for g in games], [g["score"] for g in games])
    player = kit.rate("fide", tournament, records, on=AFTER_AMENDMENT).player(1)
    figures = dict(player.extra.get("initial", {}))
    figures["published"] = player.rating_after is not None
    return figures


def fide_initial_events(kit, vector):
    """Events in sequence: the records after one are the records before the next (a replay)."""
    records = None
    player = None
    for event in vector["inputs"]["events"]:
        games = event["games"]
        tournament, fresh = kit.event([g["opponent"] for g in games], [g["score"] for g in games])
        records = fresh if records is None else {**fresh, 1: records[1]}
        report = kit.rate("fide", tournament, records, on=AFTER_AMENDMENT)
        player = report.player(1)
        records = next_records(report, records)
    return {"rating": player.rating_after, "pooled_games": player.extra["pooled_games"]}


def fide_k(kit, vector):
    inputs = vector["inputs"]
    rating = inputs["rating"]
    highest = max(rating, 2400) if inputs["ever_published_2400"] else rating
    tournament, records = kit.event([rating], [0.5], rating=rating, games=inputs["games_completed"],
                                           birth_year=AFTER_AMENDMENT.year - inputs["age_at_year_end"],
                                           highest_rating=highest)
    return {"K": kit.rate("fide", tournament, records, on=AFTER_AMENDMENT).player(1).k}


def fide_k700(kit, vector):
    inputs = vector["inputs"]
    n = inputs["games_in_period"]
    tournament = tournament_from_text(2, ["1-2 =" for _ in range(n)])
    records = {1: RatingRecord(1, rating=2000, k=inputs["K"]), 2: RatingRecord(2, rating=2000)}
    return {"K_effective": kit.rate("fide", tournament, records, on=AFTER_AMENDMENT).player(1).k}


def rapid_600(kit, vector):
    inputs = vector["inputs"]
    tournament = tournament_from_text(2, ["1-2 ="])
    records = {1: RatingRecord(1, rating=inputs["rating_a"]), 2: RatingRecord(2, rating=inputs["rating_b"])}
    for system in ("fide-rapid", "fide-blitz"):
        report = kit.rate(system, tournament, records, on=_event_date(inputs))
        rated = {report.player(1).games[0].rated, report.player(2).games[0].rated}
        assert len(rated) == 1, "a game is rated for both sides or for neither"
    return {"rated": rated.pop()}


def rapid_change(kit, vector):
    results = [fide_change(kit, vector, system) for system in ("fide-rapid", "fide-blitz")]
    assert results[0] == results[1]
    return results[0]


def elo_games(kit, vector):
    inputs = vector["inputs"]
    options = {"k": inputs["K"]}
    if "cap" in inputs:
        options["cap"] = inputs["cap"]
    out = {}
    for name, score in (("win_change", 1), ("loss_change", 0)):
        tournament, records = kit.event([inputs["opponent"]], [score], rating=inputs["rating"])
        out[name] = kit.rate("elo", tournament, records, **options).player(1).change
    return out


def glicko_event(kit, vector, system):
    inputs = vector["inputs"]
    games = inputs["games"]
    if games:
        tournament, records = kit.event([g["opponent"] for g in games], [g["score"] for g in games],
                                               rating=inputs["rating"], deviation=inputs["RD"],
                                               volatility=inputs.get("volatility"))
        for i, game in enumerate(games):
            records[i + 2] = RatingRecord(i + 2, rating=game["opponent"], deviation=game["opponent_RD"], volatility=0.06)
    else:
        tournament = tournament_from_text(1, [])
        records = {1: RatingRecord(1, rating=inputs["rating"], deviation=inputs["RD"], volatility=inputs["volatility"])}
    options = {k: inputs[k] for k in ("tau", "epsilon") if k in inputs and system == "glicko2"}
    player = kit.rate(system, tournament, records, **options).player(1)
    out = {"rating": player.rating_after, "RD": player.extra["rd_after"], "paper_rating": player.rating_after,
           "paper_RD": player.extra["rd_after"]}
    if system == "glicko2":
        out.update(volatility=player.extra["volatility_after"], v=player.extra["v"], Delta=player.extra["Delta"],
                   paper_volatility=player.extra["volatility_after"])
    else:
        out["d"] = player.extra["d"]
    return out


def driver(vector):
    """The function that computes a vector's expected fields, chosen by system and input shape."""
    system, inputs = vector["system"], vector["inputs"]
    keys = set(inputs)
    if system == "fide":
        if keys == {"D"}:
            return lambda kit, v: {"PD": expected_score(v["inputs"]["D"])}
        if keys == {"p"}:
            return lambda kit, v: {"dp": rating_difference(Fraction(str(v["inputs"]["p"])))}
        if keys == {"change"}:
            return lambda kit, v: {"published_change": round_half_away_from_zero(v["inputs"]["change"])}
        if keys == {"K", "games_in_period"}:
            return fide_k700
        if keys == {"games_completed", "rating", "age_at_year_end", "ever_published_2400"}:
            return fide_k
        if keys == {"games"}:
            return fide_initial
        if keys == {"events"}:
            return fide_initial_events
        if {"rating", "K", "games"} <= keys:
            return fide_change
    if system == "fide-rapid-blitz":
        if keys == {"rating_a", "rating_b", "date"}:
            return rapid_600
        if {"rating", "K", "games"} <= keys:
            return rapid_change
    if system == "elo-logistic":
        if keys == {"own_minus_opp"}:
            return lambda kit, v: {"E": logistic_expected(v["inputs"]["own_minus_opp"])}
        if {"rating", "opponent", "K"} <= keys:
            return elo_games
    if system == "glicko2" and "games" in keys:
        return lambda kit, v: glicko_event(kit, v, "glicko2")
    if system == "glicko1":
        if "games" in keys:
            return lambda kit, v: glicko_event(kit, v, "glicko")
        if keys == {"RD_from", "RD_to", "periods"}:
            return lambda kit, v: {"c": c_for(v["inputs"]["RD_from"], v["inputs"]["RD_to"], v["inputs"]["periods"])}
    return None


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector, kit):
    compute = driver(vector)
    assert compute is not None, f"no driver for {vector['id']} ({vector['system']}): {sorted(vector['inputs'])}"
    check(vector, compute(kit, vector))


def test_every_named_system_has_vectors():
    assert {v["system"] for v in VECTORS} == set(SYSTEMS)
