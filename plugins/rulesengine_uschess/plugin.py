"""Entry point of the US Chess plugin: tie-breaks (rule 34E) and rating (Glickman-Doan).

Each hook imports its modules when the registry first asks for it, so a tie-break command does
not load the rating system and `rate` does not load the tie-breaks.
"""

from __future__ import annotations

from rulesengine.plugins import hookimpl


@hookimpl
def rulesengine_tiebreaks():
    from rulesengine_uschess import tiebreaks  # noqa: PLC0415 (on first use)
    return list(tiebreaks.RULES)


@hookimpl
def rulesengine_tiebreak_presets():
    from rulesengine_uschess import tiebreaks  # noqa: PLC0415 (on first use)
    return list(tiebreaks.PRESETS)


@hookimpl
def rulesengine_rating_systems():
    from rulesengine_uschess import rating  # noqa: PLC0415 (on first use)
    return list(rating.SYSTEMS)
