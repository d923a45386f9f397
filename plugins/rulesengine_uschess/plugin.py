"""Entry point of the US Chess plugin: tie-breaks (rule 34E), rating (Glickman-Doan) and the wall
chart crosstable layout (WinTD / SwissSys).

Each hook imports its modules when the registry first asks for it, so a tie-break command does
not load the rating system and `rate` does not load the tie-breaks.
"""

from __future__ import annotations

from rulesengine.plugins import hookimpl


@hookimpl
def rulesengine_tiebreaks():
    from rulesengine_uschess import tiebreaks  # noqa: PLC0415 (on first use)
    return list(tiebreaks.RULES)


@hookimpl
def rulesengine_tiebreak_presets():
    from rulesengine_uschess import tiebreaks  # noqa: PLC0415 (on first use)
    return list(tiebreaks.PRESETS)


@hookimpl
def rulesengine_rating_systems():
    from rulesengine_uschess import rating  # noqa: PLC0415 (on first use)
    return list(rating.SYSTEMS)


@hookimpl
def rulesengine_crosstable_layouts():
    from rulesengine.plugins import CrosstableLayout, lazy  # noqa: PLC0415 (on first use)

    def wallchart(operation: str):
        return lazy("rulesengine_uschess.wallchart", operation)

    return [CrosstableLayout("uschess_wallchart", "a US Chess wall chart (Rd 1, Rd 2, ... with W12 L5 ...)",
                             wallchart("detect"), wallchart("read"), aliases=("wallchart", "wall chart", "uschess"),
                             locate=wallchart("locate"), entry=wallchart("entry"), write=wallchart("write"),
                             export=wallchart("export"), round_columns="column (Rd {n})")]
