"""Modifiers given as a string and as a tuple: normalised to a frozenset, not broken."""

from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl


def _zero(spec, context):
    return TiebreakOutcome({p.start_rank: 0 for p in context.tournament.players})


@hookimpl
def rulesengine_tiebreaks():
    return [TiebreakRule("SMD", "String modifiers", "test art. 1", _zero, modifiers="CM"),
            TiebreakRule("TMD", "Tuple modifiers", "test art. 1", _zero, modifiers=("C", "P"))]
