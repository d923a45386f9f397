"""Bounds on every number a TD types on the Settings and Players sheets.

A value outside them is a typing slip (a rating of 1e308, 3000 rounds), refused with its cell
rather than carried into arithmetic that overflows or quietly means nothing. The numbers are the
hardening work's `rulesengine/limits.py` (one set of bounds for every input) when it is there;
until then the same values stand here.
"""

from __future__ import annotations

from fractions import Fraction

from rulesengine.cell_values import shown

try:
    from rulesengine import limits as _limits
except ImportError:  # pragma: no cover - before limits.py is merged: the same values
    _limits = None

MAX_ROUNDS: int = getattr(_limits, "MAX_ROUNDS", 999)
_POINTS: int = getattr(_limits, "MAX_POINTS_PER_RESULT", 100)
POINTS_PER_GAME = (Fraction(-_POINTS), Fraction(_POINTS))   # 3-1-0 scoring, or -1 for a forfeit loss
RATING = (float(getattr(_limits, "MIN_RATING", 0)), float(getattr(_limits, "MAX_RATING", 4000)))
GAMES = (0, int(getattr(_limits, "MAX_GAMES", 100_000)))
K_FACTOR = (0.0, float(getattr(_limits, "MAX_K", 1000)))
BIRTH_YEAR = (int(getattr(_limits, "MIN_BIRTH_YEAR", 1800)), 2100)
DEVIATION = (0.0, float(getattr(_limits, "MAX_DEVIATION", 1000)))   # Glicko RD (350 for a newcomer)
VOLATILITY = (0.0, float(getattr(_limits, "MAX_VOLATILITY", 10)))   # Glicko-2 sigma (0.06 typical)
OPTION_LIMIT = 1_000_000.0            # any number passed to a rating system as an option


def check_range(value, bounds: tuple, what: str, raw: object = None):
    """`value` when `bounds[0] <= value <= bounds[1]`, else ValueError naming the value as typed
    (`raw`, the cell) and the range."""
    low, high = bounds
    if not low <= value <= high:
        raise ValueError(f"{what} {shown(value if raw is None else raw)} is out of range ({_fmt(low)} to {_fmt(high)})")
    return value


def _fmt(number) -> str:
    return f"{number:g}" if isinstance(number, float) else str(number)
