"""CSV meant for spreadsheets, safe to open: no cell starts a formula (OWASP "CSV injection").

A spreadsheet treats a cell beginning with = + - @ (and, in some, tab or carriage return) as a
formula: a player named `=HYPERLINK("http://x", "Click")` would become a live link when a TD opens
the standings. OWASP's advice is to prefix such a cell with a single quote, which spreadsheets
show as plain text. Numbers stay numbers: "-0.5" is a value, not a formula, and is left alone.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def neutralise(value: Any) -> Any:
    """A cell value a spreadsheet will show as text: text starting like a formula gets a leading '."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def neutralise_rows(rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Every cell of every row neutralised (see neutralise)."""
    return [[neutralise(cell) for cell in row] for row in rows]


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]], raw: bool = False) -> str:
    """The CSV of every `--format csv`: a header line, then the rows, lines ended by LF; cells that
    would start a spreadsheet formula are neutralised unless `raw`."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows if raw else neutralise_rows(rows))
    return buffer.getvalue()
