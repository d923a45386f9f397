"""Entry point of the generic rating-systems plugin: `elo`, `glicko`, `glicko2`.

Glicko and Glicko-2 explain their own figures (RD, volatility) through `explain`; Elo needs
nothing beyond the common explanation.
"""

from __future__ import annotations

from dataclasses import replace

from rulesengine import hookimpl
from rulesengine_ratings import elo, glicko, glicko2
from rulesengine_ratings.explain import explain

SYSTEMS = [elo.SYSTEM, replace(glicko.SYSTEM, explain=explain), replace(glicko2.SYSTEM, explain=explain)]


@hookimpl
def rulesengine_rating_systems():
    return list(SYSTEMS)
