"""Exact numbers at the edges: Fractions inside, plain JSON numbers and short text outside."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Iterable, Union

from rulesengine.limits import MAX_NUMBER_TEXT, MAX_POINTS_DENOMINATOR

Number = Union[Fraction, Decimal, int, float, None]

# A number as people write one in a file or a cell: ASCII digits only (str.isdigit() and `\d`
# accept "³", "₂" and "①", which int() then refuses), an optional sign, a decimal point or comma,
# or a plain fraction "1/2". No exponent: "1e99999999" is not a score, and exact arithmetic on
# it would run for minutes.
_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:[.,]([0-9]*))?(?:/([0-9]+))?", re.ASCII)
_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


def parse_exact(text: str, max_chars: int = MAX_NUMBER_TEXT) -> Fraction | None:
    """`text` as an exact Fraction, or None when it is not a plain number (see _DECIMAL).

    Bounded: text longer than `max_chars`, a zero or over-long denominator ("3/0", "1/99999")
    give None, so a caller reports the cell or column instead of dividing by zero.
    """
    text = text.strip()
    if not text or len(text) > max_chars:
        return None
    match = _DECIMAL.fullmatch(text)
    if match is None:
        return None
    sign, whole, decimals, denominator = match.groups()
    if not whole and not decimals:
        return None
    value = Fraction(int(whole or "0"))
    if decimals:
        value += Fraction(int(decimals), 10 ** len(decimals))
    if denominator is not None:
        if decimals is not None or not 0 < int(denominator) <= MAX_POINTS_DENOMINATOR:
            return None
        value /= int(denominator)
    return -value if sign == "-" else value


def is_digits(text: str, max_digits: int = MAX_NUMBER_TEXT) -> bool:
    """True for 1 to `max_digits` ASCII digits ("12"): what str.isdigit() should mean before an
    int(). False for "³", "①" (isdigit() accepts them, int() refuses them), signs, spaces and
    5,000 digits (int() refuses those over 4,300)."""
    return 0 < len(text) <= max_digits and text.isascii() and text.isdigit()


def parse_whole(text: str, max_chars: int = MAX_NUMBER_TEXT) -> int | None:
    """`text` as a whole number written in ASCII digits (optional sign), else None; bounded length."""
    text = text.strip()
    if not text or len(text) > max_chars or _WHOLE.fullmatch(text) is None:
        return None
    return int(text)


def to_json_number(value: Number) -> int | float | None:
    """An exact value as a JSON number: integers stay integers, 11.5 stays 11.5.

    Halves and quarters are exact in binary, so float() loses nothing; other fractions (rating
    averages) are rounded by their rule before they get here, and are written with 6 decimals
    at most so no binary noise shows.
    """
    if type(value) is Fraction:   # most values of a standings table: tested first
        denominator = value.denominator
        if denominator == 1:
            return value.numerator
        numerator = value.numerator
        if not denominator & (denominator - 1) and -_EXACT_INTEGERS < numerator < _EXACT_INTEGERS:
            # A power of two below (halves, quarters) and a numerator a double holds: the
            # quotient is exact, so the check below (a Fraction built from the float) is not needed.
            return numerator / denominator
    if value is None:
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else round(value, 6)
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if value.denominator == 1:
        return value.numerator
    as_float = float(value)
    if Fraction(as_float) == value:
        return as_float
    return round(as_float, 6)


#: Integers of at most 53 bits are exact as doubles.
_EXACT_INTEGERS = 2 ** 53


def to_text(value: Number) -> str:
    """Short human form: "11.5", "12", "" for None."""
    number = to_json_number(value)
    if number is None:
        return ""
    if isinstance(number, int):
        return str(number)
    return f"{number:g}" if abs(number) < 1e15 else str(number)


def fraction_sum(values: Iterable[Fraction]) -> Fraction:
    """`sum(values, Fraction(0))` added as integers over the common denominator: one Fraction made,
    not one per addition (a team event sums thousands of match and game points)."""
    values = tuple(values)
    common = math.lcm(*(v.denominator for v in values)) if values else 1
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common)
