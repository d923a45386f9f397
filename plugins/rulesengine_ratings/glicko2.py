"""Glicko-2 (M. E. Glickman, "Example of the Glicko-2 system", glicko.net, rev. 2013/2022).

The event is one rating period. Steps, as numbered in the paper:
1. a player without a rating starts at r 1500, RD 350, σ 0.06; τ is a system constant (0.3-1.2);
2. convert to the Glicko-2 scale: μ = (r - 1500)/173.7178, φ = RD/173.7178;
3. v = [Σ g(φj)² E (1 - E)]⁻¹ with g(φ) = 1/√(1 + 3φ²/π²), E = 1/(1 + exp(-g(φj)(μ - μj)));
4. Δ = v Σ g(φj)(sj - E);
5. the new volatility σ' by the Illinois iteration on f(x) (step 5.1-5.5) to tolerance ε;
6. φ* = √(φ² + σ'²);
7. φ' = 1/√(1/φ*² + 1/v), μ' = μ + φ'² Σ g(φj)(sj - E);
8. back to the rating scale. A player without games keeps r and σ; φ' = √(φ² + σ²).

Opponents are used at their pre-event values (all games of the period against the same
opponent values, as the paper prescribes). Options: `tau` (0.5), `epsilon` (0.000001), and the
defaults for unknown data: `rating` (1500), `rd` (350), `volatility` (0.06).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter
from typing import Sequence

from rulesengine.errors import UsageError
from rulesengine.rating import (GAME_SCORES, GameRating, PlayerRating, RatingRecord, RatingReport, RatingRequest,
                                RatingSystem, record_with)
from rulesengine_ratings.games import split_entries
from rulesengine_ratings.starting import numeric_options, rating_and_deviation

SCALE = 173.7178  # the paper's conversion factor, 400 / ln 10
# Rule texts shared by every game and player, not rebuilt for each.
RATED_REASON = "rated: game played (one Glicko-2 rating period)"
PLAYER_RULES = ("Glicko-2 steps 1-8 (Glickman, Example of the Glicko-2 system)",
                "ratings are kept unrounded; published change = change")
_ROUND = attrgetter("round")
DEFAULTS = {"tau": 0.5, "epsilon": 0.000001, "rating": 1500.0, "rd": 350.0, "volatility": 0.06}


@dataclass(frozen=True)
class Glicko2Result:
    """A player's new values and the paper's intermediate quantities (for explain and tests)."""

    rating: float
    rd: float
    volatility: float
    v: float | None
    delta: float | None
    expected: tuple[float, ...]


def g(phi: float) -> float:
    """Step 3: g(φ) = 1/√(1 + 3φ²/π²)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3: E(μ, μj, φj) = 1/(1 + exp(-g(φj)(μ - μj)))."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def update(rating: float, rd: float, volatility: float, games: Sequence[tuple[float, float, float]],
           tau: float = 0.5, epsilon: float = 0.000001) -> Glicko2Result:
    """One player's Glicko-2 update for a rating period; `games` are (opponent r, opponent RD, score)."""
    return _update(rating, rd, volatility, [((r_j - 1500.0) / SCALE, g(rd_j / SCALE), s_j) for r_j, rd_j, s_j in games],
                   tau, epsilon)


def _update(rating: float, rd: float, volatility: float, games: Sequence[tuple[float, float, float]],
            tau: float, epsilon: float) -> Glicko2Result:
    """`update` with each opponent given as (μj, g(φj), score): an opponent's μ and g are the same
    in every game against them, so a rating run works them out once per player, not per game.
    Each sum is added in the order of the games, as `sum` over them would (same floats)."""
    mu = (rating - 1500.0) / SCALE
    phi = rd / SCALE
    if not games:
        return Glicko2Result(rating, math.sqrt(phi * phi + volatility * volatility) * SCALE, volatility, None, None, ())
    exp = math.exp
    expectations = []
    v_inverse = 0
    improvement = 0
    for mu_j, g_j, s_j in games:                      # step 3 and 4
        e = 1.0 / (1.0 + exp(-g_j * (mu - mu_j)))
        expectations.append(e)
        v_inverse += g_j * g_j * e * (1.0 - e)
        improvement += g_j * (s_j - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    new_volatility = _new_volatility(phi, volatility, v, delta, tau, epsilon)
    phi_star = math.sqrt(phi * phi + new_volatility * new_volatility)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Glicko2Result(SCALE * new_mu + 1500.0, SCALE * new_phi, new_volatility, v, delta, tuple(expectations))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float, epsilon: float) -> float:
    """Step 5: σ' by the Illinois algorithm on f(x), exactly as the paper's 5.1-5.5."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def _options(request: RatingRequest) -> dict[str, float]:
    values = numeric_options("glicko2", request.options, DEFAULTS)
    if values["tau"] <= 0:
        raise UsageError("option tau must be positive (Glickman suggests 0.3 to 1.2)")
    return values


def rate(request: RatingRequest) -> RatingReport:
    """Rate one event as one Glicko-2 rating period."""
    options = _options(request)
    tournament = request.tournament
    tau, epsilon = options["tau"], options["epsilon"]
    start: dict[int, tuple[float, float, float, tuple[str, ...], RatingRecord]] = {}
    opponent: dict[int, tuple[float, float]] = {}     # μj and g(φj) of every player, for their opponents
    for player in tournament.players:
        record = request.record(player.start_rank)
        rating, rd, assumed = rating_and_deviation(record, options["rating"], options["rd"],
                                                   "Glickman's value for an unrated player")
        sigma = record.volatility
        if sigma is None:
            sigma = options["volatility"]
            assumed.append(f"volatility unknown: {sigma:g} assumed")
        start[player.start_rank] = (rating, rd, sigma, tuple(assumed), record)
        opponent[player.start_rank] = ((rating - 1500.0) / SCALE, g(rd / SCALE))
    players = []
    for player in tournament.players:
        rating, rd, sigma, assumed, record = start[player.start_rank]
        detail = request.wants_detail(player.start_rank)
        rated, excluded, byes = split_entries(tournament, player.start_rank, None, detail)
        opponents = []
        half_points = 0
        for entry, _ in rated:
            mu_j, g_j = opponent[entry.opponent]
            code = entry.code
            opponents.append((mu_j, g_j, _FLOAT_SCORE[code]))
            half_points += _HALF_POINTS[code]
        result = _update(rating, rd, sigma, opponents, tau, epsilon)
        games = _game_ratings(rated, result.expected, excluded, start) if detail else ()
        change = result.rating - rating
        after = record_with(record, rating=result.rating, deviation=result.rd, volatility=result.volatility,
                            assumed=(), games=None if record.games is None else record.games + len(rated))
        players.append(PlayerRating(
            player.start_rank, player.name, rating, None, games, sum(result.expected),
            _HALVES[half_points] if half_points < len(_HALVES) else Fraction(half_points, 2), change, change,
            result.rating, record.rating is None, PLAYER_RULES, () if rated else _NO_GAMES_NOTES, after,
            {"rd_before": rd, "rd_after": result.rd, "volatility_before": sigma,
             "volatility_after": result.volatility, "v": result.v, "Delta": result.delta},
            assumed, tuple(byes), None if detail else len(rated)))
    return RatingReport("glicko2", f"Glicko-2, tau {options['tau']:g}, epsilon {options['epsilon']:g}", tuple(players))


def _game_ratings(rated: list, expected: Sequence[float], excluded: list[GameRating],
                  start: dict[int, tuple]) -> tuple[GameRating, ...]:
    """The per-game records: each rated game with its E (step 3) and the opponent's r and RD, and the
    games that did not count, in round order."""
    games = []
    append = games.append
    for (entry, score), e in zip(rated, expected):
        opponent_rank = entry.opponent
        values = start[opponent_rank]
        r_j = values[0]
        append(GameRating(entry.round, opponent_rank, r_j, e, score, True, RATED_REASON, None, r_j, (),
                          {"opponent_rd": values[1]}))
    if excluded:
        games = sorted(games + excluded, key=_ROUND)
    return tuple(games)


_NO_GAMES_NOTES = ("no games: rating and volatility unchanged, RD grows (step 6)",)
# Score totals in half points as shared Fractions (`Fraction(half_points, 2)`), for any event length seen.
_HALVES = tuple(Fraction(h, 2) for h in range(201))


# A rated game's score (`GAME_SCORES`) as the float of Glickman's sums, and in half points for the
# exact score total (`score_sum`'s sum), looked up per game.
_FLOAT_SCORE = {code: float(score) for code, score in GAME_SCORES.items()}
_HALF_POINTS = {code: int(score * 2) for code, score in GAME_SCORES.items()}


SYSTEM = RatingSystem("glicko2", "Glicko-2 (Glickman): rating, RD and volatility; the event is one rating period",
                      rate, options={"tau": "system constant τ (default 0.5)",
                                     "epsilon": "convergence tolerance of step 5 (default 0.000001)",
                                     "rating": "rating of a player without one (default 1500)",
                                     "rd": "RD when unknown (default 350)",
                                     "volatility": "volatility when unknown (default 0.06)"})
