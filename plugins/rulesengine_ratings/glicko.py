"""Glicko (M. E. Glickman, "The Glicko system", glicko.net), the original one-parameter-less version.

Step 1: before the period, RD = min(√(RD0² + c²t), 350) (c and t are options; by default c = 0,
so the pre-event RD is used as given). Step 2, with q = ln 10 / 400:
g(RD) = 1/√(1 + 3q²RD²/π²), E = 1/(1 + 10^(-g(RDj)(r - rj)/400)), d² = [q² Σ g² E(1 - E)]⁻¹,
r' = r + q/(1/RD² + 1/d²) Σ g(RDj)(sj - E), RD' = √(1/(1/RD² + 1/d²)).
Options: `c`, `periods` (t, default 1), `rating` (1500) and `rd` (350) for unknown data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from rulesengine.rating import GameRating, PlayerRating, RatingReport, RatingRequest, RatingSystem, record_with, score_sum
from rulesengine_ratings.games import split_entries
from rulesengine_ratings.starting import numeric_options, rating_and_deviation

Q = math.log(10) / 400.0
MAX_RD = 350.0
DEFAULTS = {"c": 0.0, "periods": 1.0, "rating": 1500.0, "rd": 350.0}


@dataclass(frozen=True)
class GlickoResult:
    rating: float
    rd: float
    d: float | None
    expected: tuple[float, ...]


def g(rd: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * Q * Q * rd * rd / (math.pi * math.pi))


def expected(rating: float, opponent: float, opponent_rd: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-g(opponent_rd) * (rating - opponent) / 400.0))


def pre_period_rd(rd: float, c: float, periods: float = 1.0) -> float:
    """Step 1: RD = min(√(RD0² + c²t), 350)."""
    return min(math.sqrt(rd * rd + c * c * periods), MAX_RD)


def c_for(rd_from: float, rd_to: float, periods: float) -> float:
    """The c that takes RD from `rd_from` back to `rd_to` in `periods` periods (the paper's
    example: 50 to 350 in 100 periods gives c = √((350² - 50²)/100) ≈ 34.6)."""
    return math.sqrt((rd_to * rd_to - rd_from * rd_from) / periods)


def update(rating: float, rd: float, games: Sequence[tuple[float, float, float]]) -> GlickoResult:
    """Step 2 for one player; `games` are (opponent r, opponent RD, score); `rd` is after step 1."""
    if not games:
        return GlickoResult(rating, rd, None, ())
    expectations = tuple(expected(rating, r_j, rd_j) for r_j, rd_j, _ in games)
    d2 = 1.0 / (Q * Q * sum(g(rd_j) ** 2 * e * (1 - e) for (_, rd_j, _), e in zip(games, expectations)))
    precision = 1.0 / (rd * rd) + 1.0 / d2
    new_rating = rating + Q / precision * sum(g(rd_j) * (s - e) for (_, rd_j, s), e in zip(games, expectations))
    return GlickoResult(new_rating, math.sqrt(1.0 / precision), math.sqrt(d2), expectations)


def rate(request: RatingRequest) -> RatingReport:
    """Rate one event as one Glicko rating period."""
    options = numeric_options("glicko", request.options, DEFAULTS)
    tournament = request.tournament
    start = {}
    for player in tournament.players:
        rating, rd, assumed = rating_and_deviation(request.record(player.start_rank), options["rating"], options["rd"])
        start[player.start_rank] = (rating, pre_period_rd(rd, options["c"], options["periods"]), tuple(assumed))
    players = []
    for player in tournament.players:
        record = request.record(player.start_rank)
        rating, rd, assumed = start[player.start_rank]
        detail = request.wants_detail(player.start_rank)
        rated, excluded, byes = split_entries(tournament, player.start_rank, None, detail)
        result = update(rating, rd, [(start[e.opponent][0], start[e.opponent][1], float(s)) for e, s in rated])
        games = []
        if detail:    # else nobody reads the per-game records (`RatingRequest.detail`)
            games = [GameRating(e.round, e.opponent, start[e.opponent][0], ex, s, True,
                                "rated: game played (one Glicko rating period)", opponent_rating=start[e.opponent][0],
                                extra={"opponent_rd": start[e.opponent][1]})
                     for (e, s), ex in zip(rated, result.expected)]
            games = sorted(games + excluded, key=lambda x: x.round)
        change = result.rating - rating
        after = record_with(record, rating=result.rating, deviation=result.rd, assumed=(),
                            games=None if record.games is None else record.games + len(rated))
        players.append(PlayerRating(
            player.start_rank, player.name, rating, None, tuple(games), sum(result.expected),
            score_sum(s for _, s in rated), change, change, result.rating, record.rating is None,
            rules=("Glicko steps 1-2 (Glickman, The Glicko system)", "ratings are kept unrounded"),
            record_after=after, assumed=assumed, unrated_rounds=tuple(byes),
            extra={"rd_before": rd, "rd_after": result.rd, "d": result.d},
            rated_game_count=None if detail else len(rated)))
    return RatingReport("glicko", f"Glicko, c {options['c']:g}", tuple(players))


SYSTEM = RatingSystem("glicko", "Glicko (Glickman's original): rating and RD; the event is one rating period", rate,
                      options={"c": "RD growth per period (default 0)", "periods": "periods since last rated (default 1)",
                               "rating": "rating of a player without one (default 1500)",
                               "rd": "RD when unknown (default 350)"})
