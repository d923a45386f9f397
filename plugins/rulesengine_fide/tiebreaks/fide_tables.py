"""The two conversion tables of the FIDE Rating Regulations (B.02 art. 8.1), as used by the
rating-based tie-breaks of C.07 art. 10 (TPR, PTP). Source: shared/docs/ratings-research.md 1.10.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

#: Table 8.1.1, p = 0.50 .. 1.00 in hundredths -> dp (below 0.50: dp(p) = -dp(1 - p)).
_DP_UPPER_HALF = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
                  158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
                  351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)

#: Table 8.1.2 as inclusive upper bounds of |D|; index i means PD(H) = 0.50 + 0.01 i.
_PD_BOUNDS = (3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
              170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
              391, 411, 432, 456, 484, 517, 559, 619, 735)


def rating_difference(percent: int) -> int:
    """Table 8.1.1: dp for a fractional score given in whole percent (0..100)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage {percent} outside 0..100")
    return _DP_UPPER_HALF[percent - 50] if percent >= 50 else -_DP_UPPER_HALF[50 - percent]


def expected_score_hundredths(own: int, opponent: int) -> int:
    """Table 8.1.2: the expected score, in hundredths, of a player rated `own` against `opponent`
    (the full table: differences above 735 give 100 / 0)."""
    difference = own - opponent
    higher = 50 + bisect_left(_PD_BOUNDS, abs(difference))
    return higher if difference >= 0 else 100 - higher


def expected_score(own: int, opponent: int) -> Fraction:
    return Fraction(expected_score_hundredths(own, opponent), 100)


#: `expected_score_hundredths` by own rating minus opponent's, for differences of at most
#: LARGEST_DIFFERENCE: index difference + LARGEST_DIFFERENCE.
LARGEST_DIFFERENCE = 4000
def _by_difference() -> list[int]:
    """Table 8.1.2 for every difference -LARGEST_DIFFERENCE..LARGEST_DIFFERENCE, laid out run by
    run from the bounds (the same values as `expected_score_hundredths(d, 0)`, built at import
    in a few dozen list operations instead of 8,001 searches)."""
    upper: list[int] = []   # differences 0..LARGEST_DIFFERENCE
    for i, bound in enumerate(_PD_BOUNDS):
        upper += [50 + i] * (min(bound, LARGEST_DIFFERENCE) + 1 - len(upper))
    upper += [100] * (LARGEST_DIFFERENCE + 1 - len(upper))
    lower = [100 - value for value in reversed(upper[1:])]   # -D scores 100 minus what D scores
    return lower + upper


BY_DIFFERENCE = _by_difference()


def expected_by_difference(difference: int) -> int:
    """`expected_score_hundredths` by own rating minus opponent's, from a precomputed list."""
    if -LARGEST_DIFFERENCE <= difference <= LARGEST_DIFFERENCE:
        return BY_DIFFERENCE[difference + LARGEST_DIFFERENCE]
    return 100 if difference > 0 else 0
