"""What a recalculation asks an adapter to write: blocks of values, and how the sheet should look.

A `SheetWrite` is values only (never formulas). Its `look` says how a TD expects the sheet to
print and read: which rows are the title and the header, number formats and alignment per
column, widths, frozen panes, print setup, and cells to mark (a published value that differs).
Adapters (openpyxl, the package graft, xlwings) apply every field they can; a field an adapter
cannot apply is skipped, never an error, because the values are what matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from rulesengine.grid import CellValue

CLEAR_SHEET = "*"

# Named styles a look may give a cell; adapters map each to a concrete format.
STYLE_TITLE = "title"          # the sheet's title line: large, bold
STYLE_SUBTITLE = "subtitle"    # the line under the title ("after round 5 of 9", the rules used)
STYLE_HEADER = "header"        # column headings: bold, filled, bordered below (the template's look)
STYLE_NOTE = "note"            # legend and notes: plain, wrapped in the row's width
STYLE_MARK = "mark"            # a value that differs from the published one: filled, not only coloured
STYLE_SHARED = "shared"        # a rank shared by tied players: shown as such ("3-4" or italic)


@dataclass(frozen=True)
class LineChart:
    """A native line chart over a block of the sheet's own rows (e.g. a member's rating history).

    Rows and columns are 0-based within `SheetWrite.rows`: categories (x axis, e.g. dates) in
    `category_col`, one series per column of `series_cols` (its header taken from `header_row`),
    data rows `first_row`..`last_row` inclusive. `anchor` is the A1 cell of the chart's top left.
    """

    title: str
    header_row: int
    first_row: int
    last_row: int
    category_col: int
    series_cols: tuple[int, ...]
    anchor: str
    y_title: str = ""
    x_title: str = ""


@dataclass(frozen=True)
class Dropdown:
    """A list of values a column offers (a data-validation list), rows 0-based within `SheetWrite.rows`.

    The values must not contain commas (the list is stored as one comma-separated text, at most
    255 characters: ECMA-376 Part 1, 18.3.1.32 `formula1`).
    """

    col: int
    first_row: int
    last_row: int
    choices: tuple[str, ...]
    prompt: str = ""


@dataclass(frozen=True)
class SheetLook:
    """How an engine sheet should look; every field optional.

    Row and column indexes are 0-based within `SheetWrite.rows`. `number_formats` maps a column to
    an Excel number format ("0.0" for ratings, "0.##" style for halves, "@" for text);
    `right_aligned` lists numeric columns. `column_widths` are in Excel character units.
    `freeze_rows` rows stay visible when scrolling (the title and header). `repeat_rows` is the
    (first, last) row range printed at the top of every page. `landscape` None lets the adapter
    choose by width; `fit_width` fits the print to one page wide. `cell_styles` maps (row, col)
    to one of the STYLE_* names; `row_styles` maps a row to a style for all its cells;
    `merge_rows` lists rows whose first cell spans the table's width (titles, notes).
    `comments` maps (row, col) to a cell note (why a value is marked). `charts` are native
    line charts drawn over the sheet's own values. `dropdowns` are data-validation lists (the
    Pairings sheet's Result column). `wrap_columns` are columns whose text wraps within the width
    given (a long name, an explanation) rather than widen the page; rows that need it are made
    taller (look.row_height). `page_breaks` are rows that start a new printed page (the legend
    kept whole, with the table's last rows above it).
    """

    title_rows: tuple[int, ...] = ()
    header_rows: tuple[int, ...] = (0,)
    number_formats: Mapping[int, str] = field(default_factory=dict)
    right_aligned: tuple[int, ...] = ()
    column_widths: Mapping[int, float] = field(default_factory=dict)
    freeze_rows: int = 0
    repeat_rows: tuple[int, int] | None = None
    landscape: bool | None = None
    fit_width: bool = True
    row_styles: Mapping[int, str] = field(default_factory=dict)
    cell_styles: Mapping[tuple[int, int], str] = field(default_factory=dict)
    merge_rows: tuple[int, ...] = ()
    comments: Mapping[tuple[int, int], str] = field(default_factory=dict)
    charts: tuple[LineChart, ...] = ()
    dropdowns: tuple[Dropdown, ...] = ()
    wrap_columns: tuple[int, ...] = ()
    page_breaks: tuple[int, ...] = ()


@dataclass(frozen=True)
class SheetWrite:
    """Write `rows` (values, never formulas) with rows[0][0] at `top_left` of `sheet`.

    `clear` says what to empty first: CLEAR_SHEET ("*") for every cell of the sheet (the sheet is
    created when missing), an A1 range such as "A1:K40", or None for nothing. `header_rows` are
    the 0-based rows of `rows` an adapter may show in bold (kept for adapters that read only it;
    `look` says more).
    """

    sheet: str
    rows: tuple[tuple[CellValue, ...], ...]
    top_left: str = "A1"
    clear: str | None = CLEAR_SHEET
    header_rows: tuple[int, ...] = (0,)
    look: SheetLook | None = None


def is_cell_patch(write: SheetWrite) -> bool:
    """Cells typed into a sheet the TD owns (the fold-in of a round's results, workbook.fold_results):
    no clear, no look, no header rows. Adapters write its values only, never the sheet's look."""
    return write.clear is None and write.look is None and not write.header_rows
