"""The store's files: small tab-separated tables a TD can read and edit.

A table is a header line of column names, then one record a line, fields separated by one tab;
blank lines and lines starting with `#` are comments. Reading names every problem as
`FILE:LINE:COL: message`.

One rule for writing and reading every store file (issue 25, item 3): a line ends at `\n`
alone (a `\r` before it, from an editor, is dropped), never at the other characters Python's
`splitlines` takes for line ends (U+2028, U+0085, \x0b, \x0c, \x1c-\x1e), which a name may hold;
ASCII white space around a field is padding. A field is written as it will be read: a tab or a
line break inside a name becomes a space and the padding is left off, so a store written by the
engine always reads back as written.

Store files are written through season/journal.py; a single file outside the store (the
published page) through `rulesengine.new_files.write_atomically`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from rulesengine.errors import InputError, Location, Problem

PADDING = " \t\r\n\x0b\x0c"


@dataclass(frozen=True)
class Row:
    """One record of a table: its fields by column name, and the line it was read from."""

    line: int
    fields: dict[str, str]
    raw: str = ""
    header: tuple[str, ...] = ()

    def __getitem__(self, column: str) -> str:
        return self.fields.get(column, "")

    def column_of(self, column: str) -> int:
        """1-based character column where a field starts on its line, for error locations."""
        if column not in self.header:
            return 1
        index = self.header.index(column)
        return sum(len(cell) + 1 for cell in self.raw.split("\t")[:index]) + 1


def text_lines(text: str) -> list[str]:
    """The lines of a store file, by the store's one rule (module docstring)."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def stored_field(text: str) -> str:
    """A field as the store writes and reads it: one line, no padding."""
    return text.replace("\t", " ").replace("\r", " ").replace("\n", " ").strip(PADDING)


def read_table(path: Path, columns: Sequence[str], required: Sequence[str] = ()) -> list[Row]:
    """The records of a table file; a missing file is an empty table.

    The header must name every one of `required`; extra columns are kept, missing optional ones
    read as "". A line with more fields than the header is an error (a stray tab), as is text
    that is not UTF-8.
    """
    if not path.exists():
        return []
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(Problem(Location(str(path), 1), f"not UTF-8 text ({exc.reason})")) from None
    except OSError as exc:
        raise InputError(Problem(Location(str(path)), f"cannot read: {exc.strerror}")) from None
    header: list[str] | None = None
    rows: list[Row] = []
    problems: list[Problem] = []
    for number, line in enumerate(text_lines(text), start=1):
        if not line.strip(PADDING) or line.lstrip(PADDING).startswith("#"):
            continue
        cells = [cell.strip(PADDING) for cell in line.split("\t")]
        if header is None:
            header = cells
            missing = [c for c in required if c not in header]
            if missing:
                problems.append(Problem(Location(str(path), number, 1),
                                        f"header lacks column{'s' if len(missing) > 1 else ''} "
                                        f"{', '.join(missing)} (want: {' | '.join(columns)}, tab-separated)"))
                break
            continue
        if len(cells) > len(header):
            problems.append(Problem(Location(str(path), number, len(header) + 1),
                                    f"{len(cells)} fields but the header has {len(header)} (a stray tab?)"))
            continue
        rows.append(Row(number, dict(zip(header, cells + [""] * (len(header) - len(cells)))), line, tuple(header)))
    if problems:
        raise InputError(problems)
    return rows


def table_bytes(comment: str, columns: Sequence[str], records: Sequence[Sequence[str]]) -> bytes:
    """A table file's content: comment lines, header, one line per record."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    lines.append("\t".join(columns))
    lines += ["\t".join(stored_field(cell) for cell in record) for record in records]
    return ("\n".join(lines) + "\n").encode("utf-8")


def problem(path: Path, row: Row, column: str, message: str) -> Problem:
    """A problem at one field of a table record: FILE:LINE:COL."""
    return Problem(Location(str(path), row.line, row.column_of(column)), message)
