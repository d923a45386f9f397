"""A SheetLook resolved into per-cell decisions, the same for every adapter.

The openpyxl route, the package graft (which writes its sheet XML with openpyxl) and the xlwings
route all ask this module what a cell looks like, so a Standings sheet looks the same whichever
route wrote it. The concrete formats of the named STYLE_* styles live here; the header matches
the workbook templates' header (workbook_templates/build_templates.py: bold, fill DDEBF7,
centred) with a thin rule below it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesengine.workbook.plan import (STYLE_HEADER, STYLE_MARK, STYLE_NOTE, STYLE_SHARED, STYLE_SUBTITLE,
                                       STYLE_TITLE, SheetLook, SheetWrite)
from rulesengine.workbook.look.paper import PORTRAIT_CHARS, ROW_HEIGHT, lines_needed

HEADER_FILL = "DDEBF7"   # the templates' header fill
MARK_FILL = "FFEB9C"     # a marked value: filled (readable in black and white print), and bold
DEFAULT_WIDTH = 8.43     # Excel's default column width, in characters
DEFAULT_SIZE = 11.0      # points: the workbook's default font (Calibri 11)


@dataclass(frozen=True)
class CellFormat:
    """What a cell looks like, in terms every adapter can apply."""

    bold: bool = False
    italic: bool = False
    size: float | None = None          # points; None keeps the workbook's default
    fill: str | None = None            # RGB hex, solid
    rule_below: bool = False           # a thin bottom border
    horizontal: str | None = None      # "left", "center", "right"
    wrap: bool = False
    vertical: str | None = None        # "top", "center"
    number_format: str | None = None

    # Formats are dictionary keys once per cell (style look-ups): hash and plainness worked out once.
    def __post_init__(self):
        fields = (self.bold, self.italic, self.size, self.fill, self.rule_below, self.horizontal, self.wrap,
                  self.vertical, self.number_format)
        object.__setattr__(self, "_hash", hash(fields))
        object.__setattr__(self, "_plain", not any(fields))

    def __hash__(self) -> int:
        return self._hash

    @property
    def plain(self) -> bool:
        return self._plain


PLAIN = CellFormat()

STYLES: dict[str, CellFormat] = {
    # Titles wrap in their (merged) row rather than run past the page's edge.
    STYLE_TITLE: CellFormat(bold=True, size=14, wrap=True),
    STYLE_SUBTITLE: CellFormat(italic=True, wrap=True),
    STYLE_HEADER: CellFormat(bold=True, fill=HEADER_FILL, rule_below=True, horizontal="center", wrap=True,
                             vertical="center"),
    STYLE_NOTE: CellFormat(wrap=True, vertical="top"),
    STYLE_MARK: CellFormat(bold=True, fill=MARK_FILL),
    STYLE_SHARED: CellFormat(italic=True),
}


def look_of(write: SheetWrite) -> SheetLook:
    """The write's look; without one, its `header_rows` styled as headers and nothing else."""
    if write.look is not None:
        return write.look
    return SheetLook(header_rows=write.header_rows)


def table_width(write: SheetWrite) -> int:
    return max((len(row) for row in write.rows), default=0)


def style_name(look: SheetLook, row: int, col: int) -> str | None:
    """The named style of a cell: its own, else its row's, else header or title row's."""
    name = look.cell_styles.get((row, col))
    if name is None:
        name = look.row_styles.get(row)
    if name is None and row in look.header_rows:
        name = STYLE_HEADER
    if name is None and row in look.title_rows:
        name = STYLE_TITLE if row == min(look.title_rows) else STYLE_SUBTITLE
    return name


def is_data_row(look: SheetLook, row: int) -> bool:
    """Rows that take the columns' number formats and alignment (not titles, headers, notes)."""
    return row not in look.title_rows and row not in look.header_rows and row not in look.merge_rows \
        and look.row_styles.get(row) not in (STYLE_NOTE, STYLE_TITLE, STYLE_SUBTITLE, STYLE_HEADER)


def cell_format(look: SheetLook, row: int, col: int, value: object) -> CellFormat:
    """The whole format of one cell of `rows` (0-based within the write)."""
    return _format_of(look, style_name(look, row, col), is_data_row(look, row), col, value)


def landscape(write: SheetWrite) -> bool:
    """The look's orientation, else landscape when the columns are wider than a portrait page."""
    look = look_of(write)
    if look.landscape is not None:
        return look.landscape
    width = sum(look.column_widths.get(c, DEFAULT_WIDTH) for c in range(table_width(write)))
    return width > PORTRAIT_CHARS


def merge_span(write: SheetWrite, row: int) -> int:
    """How many columns a merged row spans (the table's width); 1 when there is nothing to merge."""
    return max(table_width(write), 1)


def formatted_cells(write: SheetWrite):
    """(row, col, CellFormat) of every cell that is not plain, in row order.

    A header row is styled across the table's width (one unbroken band); other rows only where
    there is a value or the look names the cell's style. Formats repeat down a table's columns,
    so each (style, row kind, column, kind of value) is worked out once.
    """
    look = look_of(write)
    width = table_width(write)
    headers = set(look.header_rows)
    own = look.cell_styles
    known: dict[tuple, CellFormat] = {}
    for r, values in enumerate(write.rows):
        header = r in headers
        row_name = style_name(look, r, -1)
        data = is_data_row(look, r)
        for c in range(width if header else len(values)):
            value = values[c] if c < len(values) else None
            if (value is None or value == "") and not header and (r, c) not in own:
                continue
            name = own.get((r, c), row_name) if own else row_name
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            key = (name, data, c, number)
            fmt = known.get(key)
            if fmt is None:
                fmt = known[key] = _format_of(look, name, data, c, value)
            if not fmt.plain:
                yield r, c, fmt


def _format_of(look: SheetLook, name: str | None, data: bool, col: int, value: object) -> CellFormat:
    base = STYLES.get(name, PLAIN) if name else PLAIN
    if not data:
        return base
    number_format = look.number_formats.get(col)
    if not (number_format == "@" or isinstance(value, (int, float)) and not isinstance(value, bool)):
        number_format = None
    horizontal = "right" if col in look.right_aligned and base.horizontal is None else base.horizontal
    # In a sheet whose text columns wrap, a row may be taller than one line: every cell reads from the top.
    wrap = base.wrap or col in look.wrap_columns and isinstance(value, str)
    vertical = base.vertical or ("top" if look.wrap_columns else None)
    if number_format is None and horizontal == base.horizontal and wrap == base.wrap and vertical == base.vertical:
        return base
    return CellFormat(base.bold, base.italic, base.size, base.fill, base.rule_below, horizontal, wrap, vertical,
                      number_format)


def merged_rows(write: SheetWrite) -> list[int]:
    """The look's merge rows that can be merged without hiding a value (only their first cell set)."""
    width = table_width(write)
    if width < 2:
        return []
    return [r for r in look_of(write).merge_rows
            if r < len(write.rows) and all(v is None or v == "" for v in write.rows[r][1:])]


def merged_row_height(write: SheetWrite, row: int, line_height: float = ROW_HEIGHT) -> float | None:
    """Height (points) a merged, wrapped row needs for its text; None when one line will do.

    Spreadsheets do not grow merged rows to fit wrapped text, so the adapter sets the height:
    the text wrapped in the span's width (widths in characters, as Excel counts them), in the
    row's font (a title is larger and bold).
    """
    look = look_of(write)
    text = write.rows[row][0] if write.rows[row] else None
    if not isinstance(text, str):
        return None
    span = sum(look.column_widths.get(c, DEFAULT_WIDTH) for c in range(table_width(write)))
    fmt = STYLES.get(style_name(look, row, 0) or "", PLAIN)
    size = fmt.size or DEFAULT_SIZE
    lines = lines_needed(text, span, size=size, bold=fmt.bold)
    return _lines_height(lines, size, line_height) if lines > 1 else None


def row_height(write: SheetWrite, row: int, merged: bool = False) -> float | None:
    """Height (points) a row needs for its wrapped cells (headers, wrapped columns, a merged title
    line) or its larger font; None when the sheet's default row holds it."""
    if merged:
        height = merged_row_height(write, row)
        size = (STYLES.get(style_name(look_of(write), row, 0) or "", PLAIN).size or DEFAULT_SIZE)
        return height or (_lines_height(1, size) if size > DEFAULT_SIZE else None)
    look = look_of(write)
    needed = ROW_HEIGHT
    for c, value in enumerate(write.rows[row]):
        if not isinstance(value, str) or not value:
            continue
        fmt = cell_format(look, row, c, value)
        size = fmt.size or DEFAULT_SIZE
        lines = lines_needed(value, look.column_widths.get(c, DEFAULT_WIDTH), size=size, bold=fmt.bold) \
            if fmt.wrap else 1
        needed = max(needed, _lines_height(lines, size))
    return needed if needed > ROW_HEIGHT else None


def row_heights(write: SheetWrite) -> dict[int, float]:
    """Every row that needs more than the default height, and its height (points).

    Only rows that can need it are measured (titles, headers, styled rows, rows with a long text
    in a wrapped column), so a 50,000-row table costs one length test per wrapped cell.
    """
    look = look_of(write)
    merged = set(merged_rows(write))
    candidates = set(look.header_rows) | set(look.title_rows) | set(look.row_styles) | merged
    for c in look.wrap_columns:
        width = look.column_widths.get(c, DEFAULT_WIDTH)
        candidates.update(r for r, values in enumerate(write.rows)
                          if c < len(values) and isinstance(values[c], str) and len(values[c]) > width - 2)
    heights = {}
    for r in sorted(candidates):
        if r < len(write.rows) and write.rows[r]:
            height = row_height(write, r, r in merged)
            if height:
                heights[r] = height
    return heights


def _lines_height(lines: int, size: float, line_height: float = ROW_HEIGHT) -> float:
    return round(lines * line_height * max(size, DEFAULT_SIZE) / DEFAULT_SIZE, 1)


def format_blocks(write: SheetWrite) -> list[tuple[int, int, int, int, CellFormat]]:
    """(first row, last row, first col, last col, format): the formatted cells as few rectangles.

    For adapters that pay per call (xlwings queues one action per range and property): runs of
    one format along a row, stacked where the next rows repeat the same run.
    """
    runs: dict[int, list[tuple[int, int, CellFormat]]] = {}
    for r, c, fmt in formatted_cells(write):
        row = runs.setdefault(r, [])
        if row and row[-1][1] == c - 1 and row[-1][2] == fmt:
            row[-1] = (row[-1][0], c, fmt)
        else:
            row.append((c, c, fmt))
    blocks: list[tuple[int, int, int, int, CellFormat]] = []
    open_blocks: dict[tuple[int, int, CellFormat], int] = {}  # run -> index in blocks
    for r in sorted(runs):
        still_open = {}
        for c0, c1, fmt in runs[r]:
            key = (c0, c1, fmt)
            index = open_blocks.get(key)
            if index is not None and blocks[index][1] == r - 1:
                r0, _, _, _, _ = blocks[index]
                blocks[index] = (r0, r, c0, c1, fmt)
            else:
                blocks.append((r, r, c0, c1, fmt))
                index = len(blocks) - 1
            still_open[key] = index
        open_blocks = still_open
    return blocks
