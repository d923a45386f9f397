"""Entry point of the US Chess plugin: tie-breaks (rule 34E) and rating (Glickman-Doan)."""

from __future__ import annotations

from rulesengine import hookimpl
from rulesengine_uschess import rating, tiebreaks


@hookimpl
def rulesengine_tiebreaks():
    return list(tiebreaks.RULES)


@hookimpl
def rulesengine_tiebreak_presets():
    return list(tiebreaks.PRESETS)


@hookimpl
def rulesengine_rating_systems():
    return list(rating.SYSTEMS)
