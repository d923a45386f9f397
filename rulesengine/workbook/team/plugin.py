"""Built-in team layouts plugin: our team template (Settings, Teams, Matches), registered through
`rulesengine_team_layouts` exactly like a federation's team sheets would be.

The layout's modules are imported when one of its operations is first called.
"""

from __future__ import annotations

from functools import cache

from rulesengine import hookimpl
from rulesengine.plugins import lazy

_PACKAGE = "rulesengine.workbook.team."


@cache
def team_layouts() -> tuple:
    """The built-in team layouts, made on the first request (a command that reads no workbook
    loads neither the layouts nor the grid model)."""
    from rulesengine.team_layout import TeamLayout  # noqa: PLC0415 (on first use)

    return (TeamLayout("team_template", "our team template (Teams and Matches sheets, results board by board)",
                       lazy(_PACKAGE + "read", "detect"), lazy(_PACKAGE + "read", "read"),
                       sheets=("Settings", "Teams", "Matches"), aliases=("team",),
                       export=lazy(_PACKAGE + "export", "export")),)


@hookimpl
def rulesengine_team_layouts():
    return list(team_layouts())
