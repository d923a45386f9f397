"""Published events from the inputs an audit is given: Vega result pages, chess-results.com's
tournament XML, workbooks holding a Swiss-Manager / chess-results export with its tie-break
columns and legend, and workbooks with our own Standings sheet (written by `rulesengine recalc`).

A workbook's games are read by the recalculation's own crosstable readers (every layout, the
Settings sheet's date); only the printed standings are read here, where the crosstable's layout
says they are (`CrosstableLayout.published`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from rulesengine.model import Tournament
from rulesengine.published import PublishedColumn, PublishedEvent, PublishedRow, PublishedTable, PublishedTeamEvent
from rulesengine.errors import InputError, Location, Problem
from rulesengine.inputs import CHESS_RESULTS, TRF, VEGA, WORKBOOK, Input
from rulesengine.numbers import is_digits
from rulesengine.standings import event_date
from rulesengine.grid import Grid, cell_address, text
from rulesengine.layout import CrosstableLayout
from rulesengine.layout_cells import RANK_LABELS, SNO_LABELS, norm
from rulesengine.registry import default_registry

STANDINGS_SHEET = "Standings"
# Our Standings sheet ends its tie-break columns where the rating columns begin.
_RATING_HEADINGS = {"rating before", "change", "rating after"}


def load_event(item: Input, *, unpublished: bool = False, encoding: str = "utf-8") -> PublishedEvent | PublishedTeamEvent:
    """The published event an input holds; InputError (with locations) when it cannot be read.

    `unpublished`: an input that prints no standings is still an event (its `table` None), as
    `audit --pairings` checks its pairings: a TRF file, a workbook with a crosstable only. A team
    event (chess-results team XML, a TRF with records 310/013) is a `PublishedTeamEvent`.
    """
    if item.kind == VEGA:
        from rulesengine.formats.vega import read_vega_event
        event = read_vega_event(item.path)
        return replace(event, input=str(item.path))
    if item.kind == CHESS_RESULTS:
        from rulesengine.formats.chess_results import read_chess_results_event
        return read_chess_results_event(item.path)
    if item.kind == WORKBOOK:
        return _workbook_event(item, unpublished)
    if item.kind == TRF and unpublished:
        from rulesengine.api import load_event as load_any
        tournament = load_any(item.path, encoding=encoding, input_format="trf")
        if not isinstance(tournament, Tournament):   # a team event (records 310/013): no printed table
            return PublishedTeamEvent(str(item.path), tournament, None, event_date(tournament.individual))
        return PublishedEvent(str(item.path), tournament, None, event_date(tournament))
    if item.kind == TRF:
        from rulesengine.api import load_event as load_any
        tournament = load_any(item.path, encoding=encoding, input_format="trf")
        if not isinstance(tournament, Tournament):   # a team TRF: what its records 310 declare
            from rulesengine.audit.team_sources import team_trf_event
            return team_trf_event(tournament, str(item.path))
        raise InputError(Problem(Location(str(item.path)), "a TRF file carries no published tie-breaks to audit "
                                                           "(audit Vega pages, chess-results XML or workbooks)"))
    raise InputError(Problem(Location(str(item.path)), f"cannot audit a {item.kind} input"))


def _workbook_event(item: Input, unpublished: bool = False) -> PublishedEvent:
    from rulesengine.workbook.io.fast_read import read_workbook_grids
    from rulesengine.workbook.recalc import recalculate, sheets_to_read

    sheet_names, grids = read_workbook_grids(item.path)
    plan = recalculate({n: g for n, g in grids.items() if n in sheets_to_read(sheet_names)}, sheet_names=sheet_names)
    tournament = plan.tournament
    ours = next((g for n, g in grids.items() if n.lower() == STANDINGS_SHEET.lower()), None)
    table = _standings_sheet(ours) if ours is not None else None
    if table is None and plan.layout:
        table = _printed_columns(grids[plan.crosstable_sheet], default_registry().layout(plan.layout))
    if table is None and not unpublished:
        raise InputError(Problem(Location(sheet=plan.crosstable_sheet, cell="A1"),
                                 "no published standings to audit: neither a Standings sheet nor tie-break columns "
                                 "after the points column of the crosstable"))
    day = plan.settings.rules_date or event_date(tournament)
    return PublishedEvent(str(item.path), tournament, table, day)


def _standings_sheet(grid: Grid) -> PublishedTable | None:
    """Our own Standings sheet: `Rank | SNo | Name | Pts | <spec> ...` then a blank row and the legend."""
    for r, row in grid.iter_rows():
        labels = [norm(v) for v in row]
        if labels[:4] != ["rank", "sno", "name", "pts"]:
            continue
        end = next((c for c, label in enumerate(labels) if c >= 4 and (not label or label in _RATING_HEADINGS)),
                   len(labels))
        columns = tuple(PublishedColumn(text(row[c]).strip()) for c in range(4, end))
        rows = []
        for rr in range(r + 1, grid.height):
            values = grid.rows[rr]
            if not values or text(values[0]) == "" and text(values[1] if len(values) > 1 else None) == "":
                break
            rows.append(_row(grid, rr, rank_col=0, sno_col=1, name_col=2, points_col=3, value_cols=range(4, end)))
        # Values are written as `standings --format json` prints them: at most 6 decimals.
        return PublishedTable(grid.sheet, columns, tuple(r for r in rows if r is not None), decimals=6)
    return None


def _printed_columns(grid: Grid, layout: CrosstableLayout) -> PublishedTable | None:
    """The columns after the points column of a crosstable that prints its standings (a Swiss-Manager
    export's `TB1`, ...), named by the legend under the table (`Tie Break1: ...`, for the column
    `TB1` or the n-th column after the points); the layout says where they are (`published`)."""
    printed = layout.published(grid) if layout.published is not None else None
    if printed is None or printed.points_col is None:
        return None
    r, points = printed.header_row, printed.points_col
    row = grid.rows[r]
    labels = [norm(v) for v in row]
    value_cols = [c for c in range(points + 1, len(labels)) if labels[c]]
    if not value_cols:
        return None
    rank_col = next((c for c, label in enumerate(labels) if label in RANK_LABELS), None)
    sno_col = next((c for c, label in enumerate(labels) if label in SNO_LABELS and label), None)
    name_col = next((c for c, label in enumerate(labels) if label == "name"), 3)
    rows, rr = [], r + 1
    while rr < grid.height and text(grid.value(rr, sno_col if sno_col is not None else rank_col)) != "":
        rows.append(_row(grid, rr, rank_col, sno_col, name_col, points, value_cols))
        rr += 1
    columns = []
    for i, c in enumerate(value_cols, start=1):
        heading = text(row[c]).strip()
        number = re.fullmatch(r"(?:tb|tie ?break)\s*(\d+)", heading, re.IGNORECASE)
        columns.append(PublishedColumn(heading, printed.legend.get(int(number.group(1)) if number else i, "")))
    return PublishedTable(grid.sheet, tuple(columns), tuple(x for x in rows if x is not None))


def _row(grid: Grid, r: int, rank_col: int | None, sno_col: int | None, name_col: int, points_col: int,
         value_cols) -> PublishedRow | None:
    number = grid.value(r, sno_col) if sno_col is not None else None
    sno = _integer(number)
    if sno is None:
        return None
    rank = _integer(grid.value(r, rank_col)) if rank_col is not None else None
    cols = list(value_cols)
    return PublishedRow(sno, text(grid.value(r, name_col)).strip(), rank, _printed(grid.value(r, points_col)),
                        tuple(_printed(grid.value(r, c)) for c in cols), f"{grid.sheet}!{cell_address(r, 0)}",
                        tuple(f"{grid.sheet}!{cell_address(r, c)}" for c in cols))


def _integer(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    value_text = text(value).strip().rstrip(".")
    return int(value_text) if is_digits(value_text) else None


def _printed(value) -> str:
    """A cell as it was printed: numbers as their shortest text (a float 14.25 -> "14.25")."""
    if isinstance(value, float):
        return repr(value) if not value.is_integer() else str(int(value))
    return text(value).strip()
