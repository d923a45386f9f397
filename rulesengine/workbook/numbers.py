"""Numbers as TDs type them: `4,5`, `4½`, `½`, `1/2`, ` 3.5 `, 4.5 -> exact Fractions.

Bounded and ASCII-only: "³" or "①" (which str.isdigit() accepts and int() refuses) and a
5,000-digit cell are not numbers, nor is a float beyond limits.MAX_POINTS_TOTAL or an infinity;
the caller then reports the cell.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from rulesengine.limits import MAX_NUMBER_TEXT, MAX_POINTS_TOTAL, MAX_WHOLE_CELL
from rulesengine.numbers import parse_exact
from rulesengine.workbook.grid import CellValue, text

_HALF = re.compile(r"^(?P<whole>-?[0-9]*)\s*(?:½|1/2)$", re.ASCII)
_LEADING_WHOLE = re.compile(r"^[^0-9]{0,3}?([0-9]+)", re.ASCII)


def parse_points(value: CellValue) -> Fraction | None:
    """Points as an exact Fraction, or None when the cell is not a number of points."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value) if abs(value) <= MAX_POINTS_TOTAL else None
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_POINTS_TOTAL:
            return None
        return Fraction(value).limit_denominator(1000)
    raw = text(value).replace(" ", "")
    if not raw or len(raw) > MAX_NUMBER_TEXT:
        return None
    match = _HALF.match(raw)
    if match:
        whole = match["whole"]
        if whole in ("", "-"):
            return Fraction(-1 if whole == "-" else 1, 2)
        base = Fraction(int(whole))
        points = base - Fraction(1, 2) if base < 0 else base + Fraction(1, 2)
    elif "/" in raw or not re.fullmatch(r"-?[0-9]+([.,][0-9]+)?|-?[.,][0-9]+", raw, re.ASCII):
        return None  # "3/0", "1e9", "+5": not how points are typed
    else:
        points = parse_exact(raw)
    return points if points is not None and abs(points) <= MAX_POINTS_TOTAL else None


def parse_int(value: CellValue) -> int | None:
    """A whole number (a start rank, a rating), tolerating `12.0`, ` 12 ` and `1794->1817` (first).

    At most limits.MAX_WHOLE_CELL: a rating of 1e308 is not a rating (and would overflow the
    rating arithmetic)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) <= MAX_WHOLE_CELL else None
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() and abs(value) <= MAX_WHOLE_CELL else None
    match = _LEADING_WHOLE.match(text(value))
    if not match or len(match.group(1)) > MAX_NUMBER_TEXT:
        return None
    number = int(match.group(1))
    return number if number <= MAX_WHOLE_CELL else None


def whole_number(value: CellValue) -> int | None:
    """A cell that must hold nothing but a whole number (start number, opponent): 12, 12.0, "12",
    "12." -> 12; "12 (F)", "³", "①" or a 5,000-digit text -> None."""
    if isinstance(value, (int, float)):
        return parse_int(value)
    raw = text(value).rstrip(".")
    if not raw or len(raw) > MAX_NUMBER_TEXT or not raw.isascii() or not raw.isdigit():
        return None
    number = int(raw)
    return number if number <= MAX_WHOLE_CELL else None


def format_points(value: Fraction) -> str:
    """4.5 -> "4½"-free short text "4.5"; 4 -> "4"."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
