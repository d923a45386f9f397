"""A sheet is a grid: the values of one sheet as rows of plain cell values, plus its name.

This is the seam between spreadsheets and the engine (shared/docs/architecture.md): openpyxl,
xlwings or a test turn a sheet into a `Grid`; the crosstable parsers and the recalculation read
only grids and answer with cell addresses such as `Crosstable!H14`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Iterator, Sequence, Union

from rulesengine.numbers import is_digits

CellValue = Union[str, int, float, bool, datetime, date, None]


def column_letter(col_index: int) -> str:
    """0-based column index -> letters: 0 -> "A", 25 -> "Z", 26 -> "AA"."""
    if col_index < 0:
        raise ValueError(f"column index must be >= 0, got {col_index}")
    letters = ""
    n = col_index + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """Letters -> 0-based column index: "A" -> 0, "AA" -> 26."""
    n = 0
    for char in letters.upper():
        if not "A" <= char <= "Z":
            raise ValueError(f"not a column name: {letters!r}")
        n = n * 26 + ord(char) - 64
    return n - 1


def cell_address(row_index: int, col_index: int) -> str:
    """0-based row and column -> an A1 address: (13, 7) -> "H14"."""
    return f"{column_letter(col_index)}{row_index + 1}"


def parse_address(address: str) -> tuple[int, int]:
    """An A1 address -> 0-based (row, column): "H14" -> (13, 7). `$` signs are ignored."""
    text = address.replace("$", "").strip().upper()
    split = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    if split == 0 or not is_digits(text[split:], 7) or int(text[split:]) == 0:
        raise ValueError(f"not a cell address: {address!r}")
    return int(text[split:]) - 1, column_index(text[:split])


@dataclass(frozen=True)
class MergedRange:
    """A merged block, 0-based and inclusive; only its top-left cell holds the value."""

    first_row: int
    first_col: int
    last_row: int
    last_col: int

    @classmethod
    def from_a1(cls, ref: str) -> "MergedRange":
        start, _, end = ref.partition(":")
        r0, c0 = parse_address(start)
        r1, c1 = parse_address(end or start)
        return cls(r0, c0, r1, c1)


@dataclass(frozen=True)
class Grid:
    """One sheet's values: `rows[r][c]` is the cell at 0-based row r, column c (A1 is rows[0][0]).

    Rows may have different lengths; a missing cell reads as None. `merged` lists merged blocks
    so headers spanning several columns can be read (`value(r, c, merged=True)`).
    """

    sheet: str
    rows: Sequence[Sequence[CellValue]]
    merged: tuple[MergedRange, ...] = field(default=())

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max((len(r) for r in self.rows), default=0)

    def value(self, row: int, col: int, merged: bool = False) -> CellValue:
        """The cell's value; with `merged`, a cell inside a merged block reads the block's value."""
        if merged:
            for block in self.merged:
                if block.first_row <= row <= block.last_row and block.first_col <= col <= block.last_col:
                    row, col = block.first_row, block.first_col
                    break
        if 0 <= row < len(self.rows):
            cells = self.rows[row]
            if 0 <= col < len(cells):
                return cells[col]
        return None

    def row(self, row: int, merged: bool = False) -> list[CellValue]:
        """A whole row, padded to the grid's width."""
        return [self.value(row, c, merged) for c in range(self.width)]

    def address(self, row: int, col: int) -> str:
        """`Sheet!H14` for a 0-based row and column."""
        return f"{self.sheet}!{cell_address(row, col)}"

    def iter_rows(self) -> Iterator[tuple[int, Sequence[CellValue]]]:
        return enumerate(self.rows)


def text(value: CellValue) -> str:
    """A cell as stripped text: None -> "", 12.0 -> "12", non-breaking spaces squeezed."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        stripped = value.strip()
        if "  " not in stripped and "\u00a0" not in stripped and "\n" not in stripped and "\t" not in stripped:
            return stripped  # the common case, without splitting
    elif isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).replace("\u00a0", " ").split())
