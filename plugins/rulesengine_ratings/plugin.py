"""Entry point of the generic rating-systems plugin: `elo`, `glicko`, `glicko2`."""

from __future__ import annotations

from rulesengine import hookimpl
from rulesengine_ratings import elo, glicko, glicko2

SYSTEMS = [elo.SYSTEM, glicko.SYSTEM, glicko2.SYSTEM]


@hookimpl
def rulesengine_rating_systems():
    return list(SYSTEMS)
