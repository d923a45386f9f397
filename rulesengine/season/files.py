"""The store's files: small tab-separated tables a TD can read and edit, written atomically.

A table is a header line of column names, then one record a line, fields separated by one tab;
blank lines and lines starting with `#` are comments. Reading names every problem as
`FILE:LINE:COL: message`. Writing goes to a temporary file beside the target that replaces it
in one step (`os.replace`), so a crash leaves either the old file or the new one, never half.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from rulesengine.errors import InputError, Location, Problem


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


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one step (temporary file in the same folder, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


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
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = [cell.strip() for cell in line.split("\t")]
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
    lines += ["\t".join(_one_line(cell) for cell in record) for record in records]
    return ("\n".join(lines) + "\n").encode("utf-8")


def _one_line(cell: str) -> str:
    """A field as one line: a tab or line break inside a name (a damaged file) becomes a space,
    which name matching ignores anyway; everything else is kept exactly."""
    return cell.replace("\t", " ").replace("\r", " ").replace("\n", " ")


def problem(path: Path, row: Row, column: str, message: str) -> Problem:
    """A problem at one field of a table record: FILE:LINE:COL."""
    return Problem(Location(str(path), row.line, row.column_of(column)), message)
