"""Entry point of the generic rating-systems plugin: `elo`, `glicko`, `glicko2`.

Glicko and Glicko-2 explain their own figures (RD, volatility) through `explain`; Elo needs
nothing beyond the common explanation. The modules are imported when the registry first asks for
rating systems.
"""

from __future__ import annotations

from dataclasses import replace

from rulesengine.plugins import hookimpl


@hookimpl
def rulesengine_rating_systems():
    from rulesengine_ratings import elo, glicko, glicko2  # noqa: PLC0415 (on first use)
    from rulesengine_ratings.explain import explain  # noqa: PLC0415
    return [elo.SYSTEM, replace(glicko.SYSTEM, explain=explain), replace(glicko2.SYSTEM, explain=explain)]
