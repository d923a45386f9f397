"""Loads fine; its tie-break, its explanation and its rating system fail when used."""

from rulesengine.plugins import RatingSystem, TiebreakRule, hookimpl


def _compute(spec, context):
    return {}["missing"]


def _explain(spec, context, start_rank):
    raise ValueError("no breakdown today")


def _rate(request):
    raise ArithmeticError("K factor table missing")


def _wrong_type(spec, context):
    return {1: 0}


@hookimpl
def rulesengine_tiebreaks():
    return [TiebreakRule("CRX", "Compute raises", "test art. 1", _compute, explain=_explain),
            TiebreakRule("WRT", "Wrong result type", "test art. 2", _wrong_type)]


@hookimpl
def rulesengine_rating_systems():
    return [RatingSystem("broken-rating", "rate raises", _rate)]
