"""How programs print the values an audit reads: numbers to a few decimals, rounded their own way,
and places shared by several players printed as a range.

A printed value that equals the exact value under a common rounding to the printed decimals is
rounding, not a rule difference. Programs differ in which rounding they use: Delphi's and C's
formatting round an exact binary half to even (Vega prints SB 23.25 as 23.2 and 20.75 as 20.8),
others round halves up (away from zero), a few truncate. A column's rounding is told by the values
that decide it: those the three roundings print differently.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from typing import Iterable

from rulesengine.tiebreak import TiebreakValue


class Rounding(enum.Enum):
    """A way of printing a number to fewer decimals than it has."""

    HALF_UP = "half up"            # halves away from zero, as printf-style rounding is usually taught
    HALF_EVEN = "half to even"     # an exact half to the even digit (C's and Delphi's formatting)
    TRUNCATED = "truncated"        # the digits beyond the printed ones dropped

    @property
    def decimal_mode(self) -> str:
        return {Rounding.HALF_UP: ROUND_HALF_UP, Rounding.HALF_EVEN: ROUND_HALF_EVEN,
                Rounding.TRUNCATED: ROUND_DOWN}[self]


_PRINTED_NUMBER = re.compile(r"[+-]?[0-9]{1,15}(?:\.[0-9]{1,15})?")
_PRINTED_RANGE = re.compile(r"([0-9]{1,6})\s*[-–]\s*([0-9]{1,6})")


def printed_number(printed: str) -> tuple[Fraction, int] | None:
    """(value, decimals printed) of a printed number: "16,5" -> (33/2, 1), "53.00" -> (53, 2).
    Plain decimals only: "1e9999" or 400 digits are not a tie-break anyone printed (and would make
    exact arithmetic and printing crawl), so they read as not a number."""
    cleaned = printed.strip().replace("½", ".5").replace(",", ".")
    if cleaned.startswith("."):
        cleaned = "0" + cleaned
    if not _PRINTED_NUMBER.fullmatch(cleaned):
        return None
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    if not value.is_finite():
        return None
    exponent = value.as_tuple().exponent
    return Fraction(value), max(0, -exponent) if isinstance(exponent, int) else 0


def printed_range(printed: str) -> tuple[int, int] | None:
    """A shared place printed as a range, "1-2" -> (1, 2) (Vega prints a direct-encounter place
    two players share so); None for anything else, a single number included."""
    match = _PRINTED_RANGE.fullmatch(printed.strip())
    if not match:
        return None
    first, last = int(match.group(1)), int(match.group(2))
    return (first, last) if first < last else None


def rounded(value: TiebreakValue, places: int, rounding: Rounding = Rounding.HALF_UP) -> Fraction:
    """`value` printed to `places` decimals by `rounding`, exactly (no float on the way)."""
    exact = Fraction(value)
    with localcontext() as context:
        context.prec = 60
        decimal = Decimal(exact.numerator) / Decimal(exact.denominator)
        return Fraction(decimal.quantize(Decimal(1).scaleb(-places), rounding=rounding.decimal_mode))


def round_half_up(value: TiebreakValue, places: int) -> Fraction:
    """A value rounded to `places` decimals, halves away from zero."""
    return rounded(value, places, Rounding.HALF_UP)


def roundings_giving(exact: TiebreakValue, printed: Fraction, places: int) -> frozenset[Rounding]:
    """The roundings that print `exact` as `printed` at `places` decimals (empty when none does,
    and when the two are equal: an exact value is not rounding)."""
    if Fraction(exact) == printed:
        return frozenset()
    return frozenset(r for r in Rounding if rounded(exact, places, r) == printed)


@dataclass(frozen=True)
class ColumnRounding:
    """How one published column was rounded, told by its values.

    `roundings`: the roundings every rounded value of the column agrees with (the program's, when
    one is left; several when no value decides between them; none when the values disagree).
    `decided_by`: (exact, printed) of values that some rounding would print otherwise.
    """

    column: str
    places: int
    values: int
    roundings: tuple[Rounding, ...]
    decided_by: tuple[tuple[Fraction, Fraction], ...]

    def describe(self) -> str:
        """"SB printed to 1 decimal, rounded half to even (5 values; decided by 23.25 -> 23.2, ...)"."""
        decimals = f"{self.places} decimal{'s' if self.places != 1 else ''}"
        if not self.roundings:
            how = "rounded inconsistently (no one rounding prints every value)"
        elif len(self.roundings) == 1:
            how = f"rounded {self.roundings[0].value}"
        else:
            how = f"rounded {' or '.join(r.value for r in self.roundings)} (no value decides between them)"
        shown = ", ".join(f"{_decimal_text(e)} -> {_decimal_text(p, self.places)}" for e, p in self.decided_by[:3])
        more = f"; decided by {shown}" + (", ..." if len(self.decided_by) > 3 else "") if shown else ""
        return (f"{self.column} printed to {decimals}, {how} "
                f"({self.values} value{'s' if self.values != 1 else ''} rounded{more})")


def column_rounding(column: str, places: int,
                    rounded_values: Iterable[tuple[Fraction, Fraction, frozenset[Rounding]]]) -> ColumnRounding:
    """The rounding of a column from its rounded values: (exact, printed, roundings giving it)."""
    agreed = set(Rounding)
    deciding: list[tuple[Fraction, Fraction]] = []
    count = 0
    for exact, printed, giving in rounded_values:
        count += 1
        agreed &= giving
        if giving != frozenset(Rounding):
            deciding.append((exact, printed))
    ordered = tuple(r for r in Rounding if r in agreed)
    return ColumnRounding(column, places, count, ordered, tuple(deciding))


def _decimal_text(value: Fraction, places: int | None = None) -> str:
    """An exact value as decimals: 93/4 -> "23.25"; with `places`, padded to them ("23.20")."""
    with localcontext() as context:
        context.prec = 60
        text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    if places is None:
        return text.rstrip("0").rstrip(".") if "." in text else text
    whole, _, fraction = text.partition(".")
    return whole + ("." + (fraction + "0" * places)[:places] if places else "")
