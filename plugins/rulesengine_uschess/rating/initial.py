"""Step 1: a temporary initial rating for a player unrated in the system being rated.

Age-based estimate (in use since September 2005) [S]: 100 below age 2, 50 x age (fractional
years) from 2 to 26, 1300 above 26 or when the age is unknown; it counts as N = 0 games.

Blended initialisation (the 2020 revision): the rating is blended from every rating the player
already has (other US Chess systems, FIDE, CFC), with an adjusted game count that "can never be
larger than 10" and depends on the sources and how stale they are (US Chess Ratings Committee,
2023). The document's weights and conversion formulas were NOT recovered [U]. What is implemented:
the caller supplies each other rating already converted to this system's scale with the number of
games it stands for, and the blend is the game-weighted mean with N = min(10, sum of weights).
That is the structure the public statements describe, not verified arithmetic; the report says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Mapping, Sequence

BLENDED_GAMES_MAX = 10.0


@dataclass(frozen=True)
class InitialRating:
    rating: float
    games: float
    rule: str


def age_in_years(birth: date, on: date) -> float:
    return (on - birth).days / 365.25


def age_based_rating(age: float | None) -> InitialRating:
    if age is None:
        return InitialRating(1300.0, 0.0, "age unknown: 1300 (N = 0)")
    if age < 2:
        return InitialRating(100.0, 0.0, f"age {age:.2f} under 2: 100 (N = 0)")
    if age <= 26:
        return InitialRating(50.0 * age, 0.0, f"age {age:.2f}: 50 x age = {50.0 * age:.2f} (N = 0)")
    return InitialRating(1300.0, 0.0, f"age {age:.2f} over 26: 1300 (N = 0)")


def blended_rating(sources: Sequence[Mapping[str, Any]]) -> InitialRating | None:
    """Game-weighted mean of other ratings already converted to this system [U: see module doc].

    Each source is {"rating": float, "games": float, "source": str}; sources without a positive
    weight are ignored. Returns None when nothing usable is given.
    """
    usable = [(float(s["rating"]), float(s.get("games", 0))) for s in sources
              if s.get("rating") is not None and float(s.get("games", 0)) > 0]
    if not usable:
        return None
    weight = sum(g for _, g in usable)
    rating = sum(r * g for r, g in usable) / weight
    names = ", ".join(str(s.get("source", "?")) for s in sources if s.get("rating") is not None)
    return InitialRating(rating, min(BLENDED_GAMES_MAX, weight),
                         f"blended from {names}: {rating:.2f} on N = {min(BLENDED_GAMES_MAX, weight):g} "
                         "(weights supplied by the caller; US Chess's own weights not verified)")
