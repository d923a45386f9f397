"""Measures for an engine sheet's look (`plan.SheetLook`): column widths that fit their contents,
number formats that show halves the way the crosstable does, and when to print landscape.

Widths are in Excel character units (the width of "0" in the default font); text is measured by
its length, which is what Excel's own "fit width" does for the default font, plus a margin.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Iterable, Sequence

from rulesengine.grid import CellValue, text

MIN_WIDTH = 4.0
MAX_WIDTH = 60.0
MARGIN = 2.0

GENERAL = "General"     # 4 -> "4", 4.5 -> "4.5": the halves TDs type and federations publish
RATING_WHOLE = "0"
RATING_DECIMAL = "0.0"  # ratings kept to one decimal (club ladders)
DECIMALS = "0.00"       # averages and other values that are not whole or halves


def shown_text(value: CellValue) -> str:
    """What a cell shows, for measuring: numbers as General shows them."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if not value.is_integer() else str(int(value))
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return text(value)


def fit_widths(rows: Sequence[Sequence[CellValue]], measured: Iterable[int], *,
               minimum: float = MIN_WIDTH, maximum: float = MAX_WIDTH) -> dict[int, float]:
    """Column widths that fit the cells of the `measured` rows (title and legend rows are left
    out: they span the table and wrap)."""
    widths: dict[int, float] = {}
    for r in measured:
        for c, value in enumerate(rows[r]):
            size = len(shown_text(value))
            if size:
                widths[c] = max(widths.get(c, minimum), min(maximum, size + MARGIN))
    return widths


def number_format(values: Iterable[CellValue]) -> str:
    """General for whole numbers, halves and quarters (4, 4.5, 12.25: exact, as TDs type and
    federations publish them); two decimals for anything finer (an average rating 1834.333333)."""
    for value in values:
        if isinstance(value, float) and not (value * 4).is_integer():
            return DECIMALS
    return GENERAL


def rating_format(values: Iterable[CellValue]) -> str:
    return RATING_DECIMAL if any(isinstance(v, float) and not v.is_integer() for v in values) else RATING_WHOLE


def heading_widths(header: Sequence[CellValue], *, minimum: float = MIN_WIDTH) -> dict[int, float]:
    """Widths for column headings that wrap (the header style wraps): their longest word fits."""
    return {c: max(minimum, max((len(word) for word in shown_text(v).split()), default=0) + MARGIN)
            for c, v in enumerate(header)}
