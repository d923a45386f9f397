"""The hook returns one record instead of a list of them."""

from rulesengine.plugins import TiebreakOutcome, TiebreakRule, hookimpl


@hookimpl
def rulesengine_tiebreaks():
    return {"code": "NAL"}
