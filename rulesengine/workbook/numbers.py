"""Numbers as TDs type them: `4,5`, `4½`, `½`, `1/2`, ` 3.5 `, 4.5 -> exact Fractions."""

from __future__ import annotations

import re
from fractions import Fraction

from rulesengine.workbook.grid import CellValue, text

_HALF = re.compile(r"^(?P<whole>-?\d*)\s*(?:½|1/2)$")


def parse_points(value: CellValue) -> Fraction | None:
    """Points as an exact Fraction, or None when the cell is not a number of points."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(value).limit_denominator(1000)
    raw = text(value).replace(" ", "")
    if not raw:
        return None
    match = _HALF.match(raw)
    if match:
        whole = match["whole"]
        if whole in ("", "-"):
            return Fraction(-1 if whole == "-" else 1, 2)
        base = Fraction(int(whole))
        return base - Fraction(1, 2) if base < 0 else base + Fraction(1, 2)
    raw = raw.replace(",", ".")
    if re.fullmatch(r"-?\d+(\.\d+)?|-?\.\d+", raw):
        return Fraction(raw)
    return None


def parse_int(value: CellValue) -> int | None:
    """A whole number (a start rank, a rating), tolerating `12.0`, ` 12 ` and `1794->1817` (first)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    match = re.match(r"^\D{0,3}?(\d+)", text(value))
    return int(match.group(1)) if match else None


def format_points(value: Fraction) -> str:
    """4.5 -> "4½"-free short text "4.5"; 4 -> "4"."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
