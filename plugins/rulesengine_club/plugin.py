"""Entry point of the club ladder plugin (rating system for a season of club events).

The rating module is imported when the registry first asks for rating systems.
"""

from __future__ import annotations

from rulesengine.plugins import hookimpl


@hookimpl
def rulesengine_rating_systems():
    from rulesengine_club import rating  # noqa: PLC0415 (on first use)
    return list(rating.SYSTEMS)
