"""The `<sheetData>` of an engine sheet, written as openpyxl writes it, without a Cell per value.

openpyxl builds a Python object per cell and serialises it through a pure-Python XML writer: for
a 2,000-player Standings sheet that is most of a recalculation's writing time. The graft lets
openpyxl write everything else of the sheet (columns, views, merges, print setup, notes, charts)
and puts this element in its place. It follows openpyxl's own cell writer
(openpyxl/cell/_writer.py, `etree_write_cell`) form for form: `<c r s t>`, inline strings with
`xml:space="preserve"` when the text has outer spaces, numbers as "%.16g", booleans as 1/0,
dates as serial numbers (1900 epoch) with the style openpyxl would give them. The tests compare
it with openpyxl's output for the same sheets (tests/workbook/test_graft_look.py).

Values only: text that starts with "=" stays text, as the openpyxl route stores it.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from typing import Callable, Mapping
from xml.sax.saxutils import escape, quoteattr

from rulesengine.grid import CellValue, column_letter, parse_address
from rulesengine.workbook.look import CellFormat, PLAIN, formatted_cells
from rulesengine.workbook.plan import SheetWrite

ILLEGAL = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")  # what openpyxl refuses in a cell (XML 1.0)

# A cell's style as openpyxl gives it: the look's format, plus openpyxl's date format for dates.
StyleId = Callable[[CellFormat, CellValue], int]


class UnwritableValue(ValueError):
    """A value openpyxl would refuse (control characters) or that is not a cell value."""


class SheetData:
    """A `<sheetData>` whose cells' style indexes are filled in when it is rendered.

    The indexes openpyxl gives (the scratch workbook's) are renumbered into the TD's styles part
    by the graft; keeping them apart from the text makes that a look-up, not a search of the XML.
    """

    def __init__(self, parts: list, used: set[int]):
        self._parts = parts
        self.used = used  # the style indexes the cells use

    def render(self, styles: Mapping[int, int] | None = None) -> bytes:
        if not self._parts:
            return b"<sheetData />"
        styles = styles or {i: i for i in self.used}
        text = "".join(p if p.__class__ is str else str(styles[p]) for p in self._parts)
        return f"<sheetData>{text}</sheetData>".encode("utf-8")


def sheet_data(write: SheetWrite, style_id: StyleId, row_attributes: Mapping[int, Mapping[str, str]]) -> SheetData:
    """The `<sheetData>` element for one SheetWrite alone on its sheet.

    `style_id(fmt, value)` is the cellXfs index of a cell's format (0 for a plain, non-date cell);
    `row_attributes` are the 1-based rows' extra attributes (`ht`, `customHeight`) openpyxl holds.
    """
    top, left = parse_address(write.top_left)
    formats: dict[tuple[int, int], CellFormat] = {}
    widths: dict[int, int] = {}  # per row, one past the last formatted column
    for r, c, fmt in formatted_cells(write):
        formats[(r, c)] = fmt
        if c >= widths.get(r, 0):
            widths[r] = c + 1
    letters = [column_letter(left + c) for c in range(max([len(r) for r in write.rows] + list(widths.values()) + [0]))]
    rows: dict[int, list] = {}
    used: set[int] = set()
    for i, values in enumerate(write.rows):
        number = top + i + 1
        cells: list = []
        for j in range(max(len(values), widths.get(i, 0))):
            value = values[j] if j < len(values) else None
            fmt = formats.get((i, j), PLAIN)
            if value == "":
                value = None
            if value is None and fmt is PLAIN:
                continue
            style = style_id(fmt, value)
            if style:
                used.add(style)
                cells += (f'<c r="{letters[j]}{number}" s="', style, '"')
            else:
                cells.append(f'<c r="{letters[j]}{number}"')
            cells.append(_cell_rest(letters[j], number, value))
        if cells:
            rows[number] = cells
    parts: list = []
    for number in sorted(set(rows) | set(row_attributes)):
        extra = "".join(f" {k}={quoteattr(v)}" for k, v in row_attributes.get(number, {}).items())
        if number in rows:
            parts.append(f'<row r="{number}"{extra}>')
            parts += rows[number]
            parts.append("</row>")
        else:
            parts.append(f'<row r="{number}"{extra} />')
    return SheetData(parts, used)


def dimension(write: SheetWrite) -> str:
    """The sheet's used range (`<dimension ref>`, 18.3.1.35) as openpyxl computes it: A1 when empty."""
    top, left = parse_address(write.top_left)
    width = max((len(r) for r in write.rows), default=0)
    if not write.rows or not width:
        return "A1"
    return f"{column_letter(left)}{top + 1}:{column_letter(left + width - 1)}{top + len(write.rows)}"


def _cell_rest(letters: str, number: int, value: CellValue) -> str:
    """A cell after its `r` and `s` attributes, as openpyxl's etree_write_cell writes it."""
    if value is None:
        return ' t="n" />'
    if isinstance(value, str):
        if ILLEGAL.search(value):
            raise UnwritableValue(f"{letters}{number}: text with control characters")
        stripped = value.strip()
        space = ' xml:space="preserve"' if stripped and stripped != value else ""
        return f' t="inlineStr"><is><t{space}>{escape(value)}</t></is></c>'
    if isinstance(value, bool):
        return f' t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        if value != value or value in (float("inf"), float("-inf")):
            raise UnwritableValue(f"{letters}{number}: not a finite number")
        return f' t="n"><v>{"%.16g" % value}</v></c>'
    if isinstance(value, (datetime, date, time, timedelta)):
        from openpyxl.utils.datetime import to_excel

        if getattr(value, "tzinfo", None) is not None:
            raise UnwritableValue(f"{letters}{number}: a time with a time zone")
        return f' t="n"><v>{"%.16g" % to_excel(value)}</v></c>'
    raise UnwritableValue(f"{letters}{number}: not a cell value: {value!r}")
