"""A player's figures before a Glicko-type rating period, with the defaults assumed for missing ones."""

from __future__ import annotations

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
