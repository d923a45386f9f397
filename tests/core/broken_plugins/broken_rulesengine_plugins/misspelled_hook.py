"""A hook name with a letter missing: `rulesengine_tiebreak` instead of `rulesengine_tiebreaks`."""

from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl


@hookimpl
def rulesengine_tiebreak():
    return [TiebreakRule("MSP", "Misspelled", "test art. 1", lambda spec, ctx: TiebreakOutcome({}))]
