"""A misspelled hook without @hookimpl: pluggy alone would ignore it silently."""

from rulesengine.plugins import TiebreakOutcome, TiebreakRule


def rulesengine_tiebreakz():
    return [TiebreakRule("UMK", "Unmarked", "test art. 1", lambda spec, ctx: TiebreakOutcome({}))]
