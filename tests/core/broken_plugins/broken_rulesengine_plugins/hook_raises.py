"""A hook that raises instead of returning its records."""

from rulesengine.plugins import hookimpl


@hookimpl
def rulesengine_tiebreaks():
    return [1 / 0]
