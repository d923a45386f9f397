"""A code `standings` could never parse: the separator belongs to the spec grammar, not a code."""

from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl


@hookimpl
def rulesengine_tiebreaks():
    return [TiebreakRule("XB-C1", "Cut code", "test art. 1", lambda spec, ctx: TiebreakOutcome({}))]
