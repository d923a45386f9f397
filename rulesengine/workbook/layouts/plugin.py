"""Built-in crosstable layouts plugin: our template, Swiss-Manager / chess-results exports and
round-robin grids, registered like any third-party layout (the US Chess wall chart is the US
Chess plugin's).

Each layout module is imported when one of its operations is first called.
"""

from __future__ import annotations

from functools import cache

from rulesengine import hookimpl
from rulesengine.plugins import lazy

_PACKAGE = "rulesengine.workbook.layouts."
_FOLD = ("locate", "entry", "write")   # the operations of a layout paired round by round


@cache
def layouts() -> tuple:
    """The built-in layouts, in the order they are tried. Made on the first request: a command
    that reads no workbook (standings of a TRF) loads neither the layouts nor the grid model."""
    from rulesengine.layout import CrosstableLayout  # noqa: PLC0415 (on first use)

    def layout(module: str, description: str, operations: tuple[str, ...], **fields):
        return CrosstableLayout(module, description, lazy(_PACKAGE + module, "detect"),
                                lazy(_PACKAGE + module, "read"),
                                **{op: lazy(_PACKAGE + module, op) for op in operations}, **fields)

    return (
        layout("template", "our template (Opp/Col/Res columns)", (*_FOLD, "export"), aliases=("ours",),
               round_columns="columns (Opp, Col, Res under Round {n})"),
        layout("swiss_manager", "a Swiss-Manager export (1.Rd, 2.Rd, ...)", (*_FOLD, "export", "published"),
               aliases=("chess-results", "chessresults"), round_columns="column ({n}.Rd)"),
        layout("round_robin", "a round-robin grid (columns 1..N with * on the diagonal)", ("export",),
               aliases=("rr",), reads_kind=False,
               unpaired="a round robin is paired by the Berger tables (FIDE C.05 Annex 1), not round by round"),
    )


@hookimpl
def rulesengine_crosstable_layouts():
    return list(layouts())
