"""Exact numbers at the edges: Fractions inside, plain JSON numbers and short text outside."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Union

Number = Union[Fraction, Decimal, int, float, None]


def to_json_number(value: Number) -> int | float | None:
    """An exact value as a JSON number: integers stay integers, 11.5 stays 11.5.

    Halves and quarters are exact in binary, so float() loses nothing; other fractions (rating
    averages) are rounded by their rule before they get here, and are written with 6 decimals
    at most so no binary noise shows.
    """
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


def to_text(value: Number) -> str:
    """Short human form: "11.5", "12", "" for None."""
    number = to_json_number(value)
    if number is None:
        return ""
    if isinstance(number, int):
        return str(number)
    return f"{number:g}" if abs(number) < 1e15 else str(number)
