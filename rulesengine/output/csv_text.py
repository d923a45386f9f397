"""CSV meant for spreadsheets, safe to open: no cell starts a formula (OWASP "CSV injection").

Every CSV the engine writes comes from here: `standings`, `rate` and `ladder --format csv`, and
`batch`'s summary.csv.

A spreadsheet treats a cell beginning with = + - @ (and, in some, tab or carriage return) as a
formula: a player named `=HYPERLINK("http://x", "Click")` would become a live link when a TD opens
the standings. OWASP's advice is to prefix such a cell with a single quote, which spreadsheets
show as plain text. Numbers stay numbers: "-0.5" is a value, not a formula, and is left alone.

A line break inside a cell is a second place a formula can start (issue 25, item 2): LibreOffice
and Excel end a row at a bare CR as at LF, and the csv module quotes a field only for the
characters of its line terminator (LF here), so `x\r=1+1` was written unquoted and opened as a
cell `x` and a formula giving 2. Such a field is quoted, and each line inside a cell is
neutralised as a cell is, so even a reader that splits it there finds no formula.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)
_LINE_BREAK = re.compile(r"\r\n?|\n")
# A line inside a cell that starts like a formula (a tab too: the rest of the line is a new cell
# to a reader that splits rows there and takes tabs as separators).
_FORMULA_LINE = re.compile(r"(?<=[\r\n])(?=[=+\-@\t])")
_COMMENT = "# "


def neutralise(value: Any) -> Any:
    """A cell value a spreadsheet will show as text: text starting like a formula gets a leading ',
    and so does each line inside it that starts like one."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        value = "'" + value
    if "\r" in value or "\n" in value:
        value = _FORMULA_LINE.sub("'", value)
    return value


def neutralise_rows(rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Every cell of every row neutralised (see neutralise)."""
    return [[neutralise(cell) for cell in row] for row in rows]


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Any]], raw: bool = False,
             comments: Sequence[str] = ()) -> str:
    """The CSV of every `--format csv` and of batch's summary.csv: a header line, then the rows,
    then each of `comments` as a `# ` line (CSV readers skip them), lines ended by LF; cells that
    would start a spreadsheet formula are neutralised unless `raw`. A field holding a CR is
    quoted either way (quoting changes no cell's value)."""
    cells = rows if raw else neutralise_rows(rows)
    text = _written(header, cells, "\n")
    if "\r" in text:
        text = _with_carriage_returns_quoted(header, cells)
    return text + "".join(_comment_lines(comment) for comment in comments)


def _written(header: Sequence[str], rows: Sequence[Sequence[Any]], terminator: str) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator=terminator)
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def _with_carriage_returns_quoted(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """The same CSV, with every field holding a CR quoted: written row by row with a CR LF
    terminator (which makes the csv module quote a CR as it quotes an LF), each row's terminator
    then made the LF of every other line. Only fields holding a CR are written differently."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    lines = []
    for row in (header, *rows):
        buffer.seek(0)
        buffer.truncate()
        writer.writerow(row)
        lines.append(buffer.getvalue()[:-2] + "\n")
    return "".join(lines)


def _comment_lines(comment: str) -> str:
    """`# comment`, each line break inside it starting another `# ` line (a note can quote a
    player's name, which can hold one)."""
    return "".join(_COMMENT + line + "\n" for line in _LINE_BREAK.split(comment))
