"""Built-in crosstable layouts plugin: our template, Swiss-Manager / chess-results exports,
round-robin grids and US Chess wall charts, registered like any third-party layout.

Each layout module is imported when its `detect` or `read` is first called.
"""

from __future__ import annotations

from functools import cache

from rulesengine import hookimpl
from rulesengine.plugins import lazy

_PACKAGE = "rulesengine.workbook.layouts."


@cache
def layouts() -> tuple:
    """The built-in layouts, in the order they are tried. Made on the first request: a command
    that reads no workbook (standings of a TRF) loads neither the layouts nor the grid model."""
    from rulesengine.workbook.layouts.detect import CrosstableLayout  # noqa: PLC0415 (on first use)

    def layout(module: str, description: str, aliases: tuple[str, ...] = (), reads_kind: bool = True):
        return CrosstableLayout(module, description, lazy(_PACKAGE + module, "detect"),
                                lazy(_PACKAGE + module, "read"), aliases, reads_kind)

    return (
        layout("template", "our template (Opp/Col/Res columns)", ("ours",)),
        layout("swiss_manager", "a Swiss-Manager export (1.Rd, 2.Rd, ...)", ("chess-results", "chessresults")),
        layout("round_robin", "a round-robin grid (columns 1..N with * on the diagonal)", ("rr",), reads_kind=False),
        layout("uschess_wallchart", "a US Chess wall chart (Rd 1, Rd 2, ... with W12 L5 ...)",
               ("wallchart", "wall chart", "uschess")),
    )


@hookimpl
def rulesengine_crosstable_layouts():
    return list(layouts())
