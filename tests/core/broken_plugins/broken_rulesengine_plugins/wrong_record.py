"""The tie-break hook returns a rating system."""

from rulesengine.plugins import RatingSystem, hookimpl


@hookimpl
def rulesengine_tiebreaks():
    return [RatingSystem("wrong", "not a tie-break", lambda request: None)]
