"""Entry point of the generic rating-systems plugin."""

from __future__ import annotations

from rulesengine import hookimpl

SYSTEMS: list = []  # filled in by the rating-systems work (issue 5)


@hookimpl
def rulesengine_rating_systems():
    return list(SYSTEMS)
