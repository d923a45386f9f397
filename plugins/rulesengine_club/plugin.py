"""Entry point of the club ladder plugin (rating system for a season of club events)."""

from __future__ import annotations

from rulesengine import hookimpl
from rulesengine_club import rating


@hookimpl
def rulesengine_rating_systems():
    return list(rating.SYSTEMS)
