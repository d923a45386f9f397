"""FIDE B.02 conversion tables 8.1.1 (score -> rating difference) and 8.1.2 (difference -> score).

Both are kept exactly as printed, in hundredths, and used as tables: FIDE computes expected
scores from table 8.1.2, never from the logistic formula it approximates (B.02 8.3.2a). Values
are exact `Fraction`s so sums of expected scores and the rating change stay exact until the one
rounding the regulation prescribes (8.3.4).
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

# Table 8.1.2: inclusive upper bounds of |D| for PD(H) = .50, .51, ..., .99; above 735, 1.00.
_PD_UPPER_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)

# Table 8.1.1: dp for p = 1.00, .99, ..., .50 (dp(p) = -dp(1 - p) below .50).
_DP_FROM_100 = (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
    240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95, 87, 80,
    72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0,
)


# Hundredths -100 .. 100 as exact fractions, built once: the table is looked up for every game.
_HUNDREDTHS = tuple(Fraction(i, 100) for i in range(-100, 101))


def hundredths(value: int) -> Fraction:
    """value / 100 as a Fraction, for -100 <= value <= 100 (PD values and score - PD)."""
    return _HUNDREDTHS[value + 100]


def expected_hundredths(difference: int | Fraction) -> int:
    """PD of table 8.1.2 in hundredths (see `expected_score`)."""
    index = bisect_left(_PD_UPPER_BOUNDS, abs(difference))
    return 50 + index if difference >= 0 else 50 - index


def expected_score(difference: int | Fraction) -> Fraction:
    """PD for a rating difference D = own rating - opponent's (after any cap), B.02 table 8.1.2.

    The H column when D >= 0, the L column (1 - H) when D < 0; |D| above 735 gives 1.00 / 0.00.
    Ratings are whole numbers on the list; a fractional D (from an averaged rating) is looked up
    by its absolute value against the inclusive integer bounds, so 3.5 falls in the 4-10 row.
    """
    return hundredths(expected_hundredths(difference))


def rating_difference(fraction_score: Fraction | float) -> int:
    """dp for a fractional score p given in hundredths, B.02 table 8.1.1 (1.00 -> 800, .00 -> -800).

    `fraction_score` must already be a whole number of hundredths (see `score_hundredths`).
    """
    hundredths = Fraction(fraction_score) * 100
    if hundredths.denominator != 1 or not 0 <= hundredths <= 100:
        raise ValueError(f"table 8.1.1 is indexed by hundredths from .00 to 1.00, not {float(fraction_score)!r}")
    value = int(hundredths)
    if value >= 50:
        return _DP_FROM_100[100 - value]
    return -_DP_FROM_100[value]


def score_hundredths(score: Fraction) -> Fraction:
    """p rounded to the nearest hundredth, half up, to index table 8.1.1.

    B.02 does not say how p is rounded; the Title Regulations round percentages this way, and the
    initial rating FIDE published in December 2025 (p = 4/7 -> .57 -> 1922) agrees. [reading]
    """
    hundredths = int(score * 100 + Fraction(1, 2))
    return Fraction(hundredths, 100)
