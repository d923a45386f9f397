"""Entry point of the FIDE plugin: hands the registry its tie-breaks and rating systems.

Each hook imports its modules when the registry first asks for it (`rate` loads no tie-break,
`standings` no rating system); the tie-break records import their arithmetic on first use
(`tiebreaks`); each rating system explains itself through `rating.explain`, the front ends read
none of its private figures.
"""

from __future__ import annotations

from dataclasses import replace

from rulesengine.plugins import hookimpl


@hookimpl
def rulesengine_tiebreaks():
    from rulesengine_fide import tiebreaks  # noqa: PLC0415 (only when the tie-breaks are asked for: not by `rate`)
    return list(tiebreaks.RULES)


@hookimpl
def rulesengine_team_tiebreaks():
    from rulesengine_fide.tiebreaks.team import TEAM_RULES  # noqa: PLC0415 (only when a team event is ranked)
    return list(TEAM_RULES)


@hookimpl
def rulesengine_team_tiebreak_presets():
    from rulesengine_fide.tiebreaks.team import TEAM_PRESET_RECORDS  # noqa: PLC0415 (as the team tie-breaks)
    return list(TEAM_PRESET_RECORDS)


@hookimpl
def rulesengine_tiebreak_legends():
    from rulesengine_fide import tiebreaks  # noqa: PLC0415
    return list(tiebreaks.LEGENDS)


@hookimpl
def rulesengine_audit_explainers():
    from rulesengine_fide.audit import EXPLAINER
    return [EXPLAINER]


@hookimpl
def rulesengine_rating_systems():
    from rulesengine_fide import rating  # noqa: PLC0415 (only when the rating systems are asked for)
    from rulesengine_fide.rating.explain import explain  # noqa: PLC0415
    return [replace(system, explain=explain) for system in rating.SYSTEMS]


@hookimpl
def rulesengine_pairing_systems():
    from rulesengine_fide.pairing.system import SYSTEMS
    from rulesengine_fide.round_robin.system import SYSTEMS as ROUND_ROBIN   # C.05 Annex 1 Berger tables
    return list(SYSTEMS) + list(ROUND_ROBIN)


@hookimpl
def rulesengine_team_pairing_systems():
    from rulesengine_fide.team_pairing.system import SYSTEMS  # noqa: PLC0415 (only when a team event is paired)
    from rulesengine_fide.round_robin.team import SYSTEMS as TEAM_ROUND_ROBIN   # C.05 Annex 1 for teams
    return list(SYSTEMS) + list(TEAM_ROUND_ROBIN)
