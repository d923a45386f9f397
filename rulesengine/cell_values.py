"""Cell values as TDs type them: numbers (`4,5`, `4½`, `½`, `1/2`, ` 3.5 `, 4.5 -> exact
Fractions) and a value shortened for a message.

Public: a crosstable layout plugin reads its cells with these (`rulesengine.layout_cells`).

ASCII-only and bounded in length: "³" or "①" (which str.isdigit() accepts and int() refuses), a
5,000-digit text and an infinity or NaN are not numbers; the caller then reports the cell. A
large finite number (1e308) is returned exactly: the reader that knows what the cell means
checks its range (limits.py) and says so at the cell.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from rulesengine.limits import MAX_NUMBER_TEXT, MAX_WHOLE_CELL
from rulesengine.numbers import parse_exact
from rulesengine.grid import CellValue, text

_HALF = re.compile(r"^(?P<whole>-?[0-9]*)\s*(?:½|1/2)$", re.ASCII)
_LEADING_WHOLE = re.compile(r"^[^0-9]{0,3}?([0-9]+)", re.ASCII)


def parse_points(value: CellValue) -> Fraction | None:
    """Points as an exact Fraction, or None when the cell is not a number of points."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
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
    return points


def parse_int(value: CellValue) -> int | None:
    """A whole number (a start rank, a rating), tolerating `12.0`, ` 12 ` and `1794->1817` (first).

    Text of more than limits.MAX_NUMBER_TEXT digits is not read; the caller checks the range."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    match = _LEADING_WHOLE.match(text(value))
    if not match or len(match.group(1)) > MAX_NUMBER_TEXT:
        return None
    return int(match.group(1))


def whole_number(value: CellValue) -> int | None:
    """A cell that must hold nothing but a whole number (start number, opponent): 12, 12.0, "12",
    "12." -> 12; "12 (F)", "³", "①" or a 5,000-digit text -> None."""
    if isinstance(value, (int, float)):
        number = parse_int(value)
        return number if number is not None and abs(number) <= MAX_WHOLE_CELL else None
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


def shown(raw: object) -> str:
    """A cell value short enough for a message: 1e+308, not its 309 digits."""
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return f"{raw:g}" if abs(raw) >= 1e7 or isinstance(raw, float) else str(raw)
    text = " ".join(str(raw).split())
    return text if len(text) <= 24 else text[:20] + "..."
