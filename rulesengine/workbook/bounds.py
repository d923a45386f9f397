"""Bounds on every number a TD types on the Settings and Players sheets.

A value outside them is a typing slip (a rating of 1e308, 3000 rounds), refused with its cell
rather than carried into arithmetic that overflows or quietly means nothing. The ranges are wide
enough for every real event and rating system (Glicko ratings and club ladders included).
Local until the hardening work's `rulesengine/limits.py` lands; then these name its constants.
"""

from __future__ import annotations

from fractions import Fraction

MAX_ROUNDS = 99                       # a double round robin of 50 players has 98 rounds
POINTS_PER_GAME = (Fraction(-10), Fraction(10))   # 3-1-0 football scoring, or -1 for a forfeit loss
RATING = (0.0, 4000.0)
GAMES = (0, 1_000_000)
K_FACTOR = (0.0, 1000.0)
BIRTH_YEAR = (1850, 2100)
DEVIATION = (0.0, 1000.0)             # Glicko RD (350 for a newcomer)
VOLATILITY = (0.0, 10.0)              # Glicko-2 sigma (0.06 typical)
OPTION_LIMIT = 1_000_000.0            # any number passed to a rating system as an option


def check_range(value, bounds: tuple, what: str, raw: object = None):
    """`value` when `bounds[0] <= value <= bounds[1]`, else ValueError naming the value as typed
    (`raw`, the cell) and the range."""
    low, high = bounds
    if not low <= value <= high:
        raise ValueError(f"{what} {shown(value if raw is None else raw)} is out of range ({_fmt(low)} to {_fmt(high)})")
    return value


def shown(raw: object) -> str:
    """A cell value short enough for a message: 1e+308, not its 309 digits."""
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return f"{raw:g}" if abs(raw) >= 1e7 or isinstance(raw, float) else str(raw)
    text = " ".join(str(raw).split())
    return text if len(text) <= 24 else text[:20] + "..."


def _fmt(number) -> str:
    return f"{number:g}" if isinstance(number, float) else str(number)
