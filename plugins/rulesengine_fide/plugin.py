"""Entry point of the FIDE plugin: hands the registry its tie-breaks and rating systems."""

from __future__ import annotations

from rulesengine import hookimpl
from rulesengine_fide import rating, tiebreaks


@hookimpl
def rulesengine_tiebreaks():
    return list(tiebreaks.RULES)


@hookimpl
def rulesengine_tiebreak_legends():
    return list(tiebreaks.LEGENDS)


@hookimpl
def rulesengine_audit_explainers():
    from rulesengine_fide.audit import EXPLAINER
    return [EXPLAINER]


@hookimpl
def rulesengine_rating_systems():
    return list(rating.SYSTEMS)


@hookimpl
def rulesengine_pairing_systems():
    from rulesengine_fide.pairing.system import SYSTEMS
    return list(SYSTEMS)
