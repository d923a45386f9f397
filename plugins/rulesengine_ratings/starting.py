"""What Glicko-type systems start from: a player's figures with the defaults assumed for missing
ones, and the system's numeric options."""

from __future__ import annotations

from typing import Mapping

from rulesengine.errors import UsageError
from rulesengine.rating import RatingRecord


def rating_and_deviation(record: RatingRecord, default_rating: float, default_rd: float,
                         rd_source: str = "") -> tuple[float, float, list[str]]:
    """Rating and RD from the record, else the defaults; the list says which defaults were taken."""
    assumed = list(record.assumed)
    rating = record.rating
    if rating is None:
        rating = default_rating
        assumed.append(f"no rating: new player at {rating:g}")
    rd = record.deviation
    if rd is None:
        rd = default_rd
        assumed.append(f"rating deviation unknown: {rd:g} assumed" + (f" ({rd_source})" if rd_source else ""))
    return rating, rd, assumed


def numeric_options(system: str, given: Mapping[str, object], defaults: Mapping[str, float]) -> dict[str, float]:
    """The system's numeric options: the defaults with the given values, refusing unknown names."""
    values = dict(defaults)
    for name, value in given.items():
        if name not in defaults:
            raise UsageError(f"{system} has no option {name!r}; options: {', '.join(defaults)}")
        try:
            values[name] = float(value)
        except (TypeError, ValueError):
            raise UsageError(f"option {name} must be a number, not {value!r}") from None
    return values
