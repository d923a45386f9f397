"""Ranking in C: the interpreter idioms behind `rulesengine.standings`, each behind a name.

A standings table compares thousands of exact values (Fractions) per criterion, and Fraction
arithmetic and comparison are Python code. These helpers give the same answers as the plain
definitions -- sort by the values themselves, compare Fractions with `==`, rank by position
unless tied with the row before -- through whole numbers, C-level `map`s and Fraction's own
slots. `tests/core/test_ranking_keys.py` proves each equal to its plain definition.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import accumulate, compress, repeat
from operator import attrgetter, floordiv, is_not, mul, ne
from typing import Any, Iterable, Iterator, Mapping, Sequence


def sort_keys(values: Mapping[int, Any], start_ranks: Sequence[int], higher_is_better: bool) -> list:
    """One criterion's sort key per player (in `start_ranks` order): smaller sorts first.

    Exact values (int, Fraction) become whole numbers over their common denominator, the same
    order as the Fractions without thousands of Fraction comparisons; Decimals stay as they are.
    A value that cannot be computed (None) ranks below every computed one (infinity). A large
    event has few distinct values and tie-breaks hand out shared value objects, so each distinct
    object is converted once, keyed by identity (every one stays alive in `column` meanwhile).
    """
    column = list(map(values.get, start_ranks))
    sign = -1 if higher_is_better else 1
    kinds = set(map(type, column))
    if kinds <= _WHOLE_OR_NONE:
        # Whole numbers (ratings, counts, places): the values themselves are the keys. Ratings
        # are not shared objects (ints above 256 never are), so no identity map would help.
        if type(None) not in kinds:
            return list(map(sign.__mul__, column))
        return [math.inf if value is None else sign * value for value in column]
    missing = type(None) in kinds
    kinds.discard(type(None))
    if kinds == _FRACTION_ONLY and not missing:
        # Fractions only (points, Buchholz, Sonneborn-Berger of a small event), each read through
        # its slots in C: the same keys as the route below, without the identity map, which
        # pays only when attribute reads are Python calls.
        denominators = list(map(_DENOMINATOR_SLOT, column))
        scale = sign * math.lcm(*denominators)
        return list(map(mul, map(_NUMERATOR_SLOT, column), map(floordiv, repeat(scale), denominators)))
    distinct = dict(zip(map(id, column), column))
    if not all(issubclass(kind, (Fraction, int)) for kind in kinds):
        # Decimals (rating averages) and the like: the values themselves, signed.
        keys: dict[int, Any] = {ident: math.inf if value is None else sign * value for ident, value in distinct.items()}
        return list(map(keys.__getitem__, map(id, column)))
    # Exact values: numerator x (common denominator / denominator). Ints have a numerator and a
    # denominator of 1 too, so one route serves both; it runs in C (map) over the distinct values,
    # which for a small event is most of a standings table's own cost.
    present = list(compress(distinct.values(), map(is_not, distinct.values(), repeat(None)))) if missing \
        else list(distinct.values())
    numerator, denominator = (_NUMERATOR_SLOT, _DENOMINATOR_SLOT) if kinds == _FRACTION_ONLY else (_NUMERATOR, _DENOMINATOR)
    denominators = list(map(denominator, present))
    scale = sign * math.lcm(*denominators)  # the denominator divides it exactly, whatever the sign
    keys = dict(zip(map(id, present), map(mul, map(numerator, present), map(floordiv, repeat(scale), denominators))))
    if missing:
        keys[id(None)] = math.inf
    return list(map(keys.__getitem__, map(id, column)))


_NUMERATOR, _DENOMINATOR = attrgetter("numerator"), attrgetter("denominator")
_RATIO = attrgetter("numerator", "denominator")


def _fraction_slots() -> tuple[Any, Any, Any]:
    """Getters of a Fraction's numerator, denominator and both, read in C: CPython's Fraction
    keeps its terms in the slots `_numerator` and `_denominator` (since Python 3.0), behind
    properties that are Python calls. Where a Python keeps them elsewhere, the properties."""
    probe = Fraction(3, 6)
    if getattr(probe, "_numerator", None) == 1 and getattr(probe, "_denominator", None) == 2:
        return attrgetter("_numerator"), attrgetter("_denominator"), attrgetter("_numerator", "_denominator")
    return _NUMERATOR, _DENOMINATOR, _RATIO


_NUMERATOR_SLOT, _DENOMINATOR_SLOT, _RATIO_SLOTS = _fraction_slots()
_FRACTION_ONLY = frozenset({Fraction})
_WHOLE_OR_NONE = frozenset({int, type(None)})


def unequal(given: Sequence[Any], found: Sequence[Any]) -> list[bool]:
    """`[a != b for a, b in zip(given, found)]` for exact values (ints, Fractions).

    Compared as (numerator, denominator) pairs, read and compared in C: Fractions are kept in
    lowest terms, so equal values have equal pairs, and Fraction.__eq__ is Python code."""
    ratio = _RATIO_SLOTS if set(map(type, given)) == set(map(type, found)) == _FRACTION_ONLY else _RATIO
    return list(map(ne, map(ratio, given), map(ratio, found)))


def shared_ranks(sorted_keys: Sequence[Any]) -> Iterator[int]:
    """Each row's rank (rows sorted by key): its position, unless its key equals the row's before
    (then that row's rank). Positions grow, so each rank is the last position where the key
    changed (computed in C)."""
    changed = map(ne, sorted_keys, [None, *sorted_keys[:-1]])
    return accumulate(map(mul, range(1, len(sorted_keys) + 1), changed), max)


def values_by_row(values: Mapping[str, Mapping[int, Any]], names: Sequence[str], rows: Sequence[int]
                  ) -> Iterable[dict[str, Any]]:
    """`{name: values[name].get(row) for name in names}` for each row, built column by column in C."""
    if not names:
        return ({} for _ in rows)
    return map(dict, map(zip, repeat(names), zip(*(map(values[name].get, rows) for name in names))))
