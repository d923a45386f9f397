"""The arithmetic of Glickman & Doan, "The US Chess Rating System" (revised September 2020).

Section numbers are the 2020 document's: 3 effective games, 4.1 special formula, 4.2 standard
formula. Everything is a pure function of floats; the event driver (`event`) decides which
opponents' ratings go in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from rulesengine_uschess.rating.parameters import CURRENT, UsChessRules


# ------------------------------------------------------------------ section 3: effective games

def effective_games_cap(prior: float, rules: UsChessRules = CURRENT) -> float:
    """N* = 50 / sqrt(0.662 + 0.00000739 (2569 - R0)^2) for R0 <= 2355, else 50."""
    if prior > rules.nstar_cutoff:
        return 50.0
    return 50.0 / math.sqrt(0.662 + 0.00000739 * (2569.0 - prior) ** 2)


def legacy_effective_games_cap(prior: float) -> float:
    """The 2004 edition's N* = 50 / sqrt(1 + (2200 - R0)^2 / 100000), 50 above 2200 (archive use)."""
    if prior > 2200:
        return 50.0
    return 50.0 / math.sqrt(1.0 + (2200.0 - prior) ** 2 / 100000.0)


def effective_games(prior: float, games: float, rules: UsChessRules = CURRENT) -> float:
    """N' = min(N, N*): the weight of the prior rating, on the scale of a game count."""
    return min(float(games), effective_games_cap(prior, rules))


# ------------------------------------------------------------------ section 4.1: special formula

def provisional_expectancy(rating: float, opponent: float) -> float:
    """PWe: 0 at 400 or more below the opponent, 1 at 400 or more above, linear between."""
    if rating <= opponent - 400:
        return 0.0
    if rating >= opponent + 400:
        return 1.0
    return 0.5 + (rating - opponent) / 800.0


@dataclass(frozen=True)
class SpecialResult:
    rating: float
    adjusted_prior: float
    adjusted_score: float
    iterations: int
    flat_stretch: bool   # the root was not unique: the prior was clamped into the flat stretch
    capped: bool


FLAT_STRETCH_RULES = ("document", "interval")


def special_rating(prior: float, effective: float, opponents: Sequence[float], score: float,
                   history: str | None = None, rules: UsChessRules = CURRENT,
                   flat_stretch: str = "document") -> SpecialResult:
    """Solve N' PWe(R, R0') + sum PWe(R, Ri) = S' for R by the document's iteration.

    `history` is "wins" when every previous rated game was won, "losses" when every one was lost,
    None otherwise: the prior then stands for N' wins against R0 - 400 (or losses against R0 + 400)
    instead of N' draws against R0.

    The function is piecewise linear and non-decreasing, with breakpoints Sz at R0' +- 400 and
    Ri +- 400. From the starting point M the iteration takes secant steps to the next breakpoint
    towards the root until |f(M)| <= epsilon; if no term has slope at M (p = 0, a flat stretch),
    the prior R0 clamped to the stretch is taken. Special ratings are capped at 2700 [S]/[U].

    `flat_stretch` chooses how a non-unique solution is settled:
    - "document" (default): the text's test, p = the number of terms with |M - Ri| <= 400 (and
      |M - R0'| <= 400). When the iteration stops on an *end* of a flat stretch, p > 0 and that
      end is kept, so the result depends on the side the iteration came from: an unrated player
      who wins every game ends at (strongest opponent + 400) whatever the Step 1 estimate, and
      in rare cases a further win can give a lower rating than without it (see the tests).
    - "interval": the whole interval of solutions is found and the prior clamped into it, which
      is what the text's p = 0 branch does for points strictly inside a stretch, applied at its
      ends too; it keeps "a win never lowers a rating" in every case.
    """
    if flat_stretch not in FLAT_STRETCH_RULES:
        raise ValueError(f"flat_stretch must be one of {FLAT_STRETCH_RULES}, not {flat_stretch!r}")
    m = len(opponents)
    if history == "wins":
        adjusted_prior, adjusted_score = prior - 400.0, score + effective
    elif history == "losses":
        adjusted_prior, adjusted_score = prior + 400.0, score
    else:
        adjusted_prior, adjusted_score = prior, score + effective / 2.0
    eps = rules.special_tolerance

    def f(r: float) -> float:
        return (effective * provisional_expectancy(r, adjusted_prior)
                + sum(provisional_expectancy(r, o) for o in opponents) - adjusted_score)

    breakpoints = sorted({o + d for o in opponents for d in (-400.0, 400.0)}
                         | ({adjusted_prior - 400.0, adjusted_prior + 400.0} if effective > 0 else set()))
    M = (effective * adjusted_prior + sum(opponents) + 400.0 * (2 * score - m)) / (effective + m)
    fM = f(M)
    iterations = 0
    while abs(fM) > eps and iterations < 4 * len(breakpoints) + 10:
        iterations += 1
        if fM > 0:
            below = [z for z in breakpoints if z < M]
            if not below:
                break
            z = below[-1]
        else:
            above = [z for z in breakpoints if z > M]
            if not above:
                break
            z = above[0]
        fz = f(z)
        if fz == fM:
            M = z
        else:
            step = M - fM * (M - z) / (fM - fz)
            # A step past the breakpoint means the root lies beyond it: go to the breakpoint first.
            M = z if (fM > 0 and step < z) or (fM < 0 and step > z) else step
        fM = f(M)

    if flat_stretch == "interval":
        lower, upper = _solution_interval(f, M, breakpoints, eps)
        flat = upper > lower
    else:
        # |M - Ri| <= 400 with a hair of slack: M landing on a breakpoint (Ri + 400 computed in
        # floating point) must count as on the sloped side, or a solved M is clamped away.
        reach = 400.0 + 1e-9
        slopes = (sum(1 for o in opponents if abs(M - o) <= reach)
                  + (1 if effective > 0 and abs(M - adjusted_prior) <= reach else 0))
        flat = slopes == 0
        lower = max((z for z in breakpoints if z < M), default=-math.inf)
        upper = min((z for z in breakpoints if z > M), default=math.inf)
    if flat:
        M = min(max(prior, lower), upper)
    capped = M > rules.special_cap
    return SpecialResult(min(M, rules.special_cap), adjusted_prior, adjusted_score, iterations, flat, capped)


def _solution_interval(f, M: float, breakpoints: list[float], eps: float) -> tuple[float, float]:
    """The interval where f = 0 around a root M (f is non-decreasing and linear between
    breakpoints, so the interval's ends are breakpoints or infinite)."""
    lower = M
    for z in reversed([z for z in breakpoints if z < M]):
        if abs(f(z)) > eps:
            break
        lower = z
    else:
        if breakpoints and abs(f(lower - 1.0)) <= eps:
            lower = -math.inf
    upper = M
    for z in [z for z in breakpoints if z > M]:
        if abs(f(z)) > eps:
            break
        upper = z
    else:
        if breakpoints and abs(f(upper + 1.0)) <= eps:
            upper = math.inf
    return lower, upper


def approximate_special_rating(prior: float, games: int, opponents: Sequence[float], score: float) -> float:
    """The official approximating formula (June 2015 / April 2017), for comparison only:
    (N R_pre + m R_avg + 400 (W - L)) / (N + m), with N = 0 and R_pre = 0 for unrated players.
    It can lower a rating after a win; the real special formula cannot."""
    m = len(opponents)
    wins_less_losses = 2 * score - m
    return (games * prior + sum(opponents) + 400.0 * wins_less_losses) / (games + m)


# ------------------------------------------------------------------ section 4.2: standard formula

def winning_expectancy(rating: float, opponent: float) -> float:
    """We = 1 / (1 + 10^(-(R0 - Ri)/400))."""
    return 1.0 / (1.0 + 10.0 ** (-(rating - opponent) / 400.0))


def k_factor(prior: float, effective: float, m: int, dual_rated_regular: bool = False,
             rules: UsChessRules = CURRENT) -> float:
    """K = 800 / (N' + m). For the OTB Regular rating from a dual-rated event (30 <= mm+ss <= 65)
    and R0 above 2200: K (6.5 - 0.0025 R0) below 2500, K / 4 from 2500 [S]."""
    k = 800.0 / (effective + m)
    if dual_rated_regular and prior > rules.dual_k_threshold:
        k *= 0.25 if prior >= rules.dual_k_flat_from else 6.5 - 0.0025 * prior
    return k


@dataclass(frozen=True)
class StandardResult:
    rating: float
    k: float
    expected: tuple[float, ...]
    change_without_bonus: float
    bonus: float
    bonus_applies: bool


def standard_rating(prior: float, effective: float, opponents: Sequence[float], scores: Sequence[float],
                    dual_rated_regular: bool = False, max_meetings: int = 1,
                    rules: UsChessRules = CURRENT) -> StandardResult:
    """R = R0 + K (S - E) + max(0, K (S - E) - B sqrt(max(m, 4))); the bonus only with m >= 3 and
    no opponent met more than twice."""
    m = len(opponents)
    expected = tuple(winning_expectancy(prior, o) for o in opponents)
    k = k_factor(prior, effective, m, dual_rated_regular, rules)
    delta = k * (sum(scores) - sum(expected))
    applies = m >= rules.bonus_min_games and max_meetings <= rules.bonus_max_meetings
    bonus = max(0.0, delta - rules.bonus_threshold * math.sqrt(max(m, 4))) if applies else 0.0
    return StandardResult(prior + delta + bonus, k, expected, delta, bonus, applies)
