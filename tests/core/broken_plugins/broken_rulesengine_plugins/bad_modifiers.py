"""Modifiers that are not letters: "C1" is a modifier *with a value*, not a letter."""

from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl


@hookimpl
def rulesengine_tiebreaks():
    return [TiebreakRule("BMD", "Bad modifiers", "test art. 1", lambda spec, ctx: TiebreakOutcome({}),
                         modifiers=("C1", "M"))]
