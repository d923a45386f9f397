"""`rulesengine.ranking_keys` gives what the plain definitions give: the standings' sort keys
order and tie players as their values do, the exact comparison is `!=`, the ranks are shared
by equal keys, the rows hold each criterion's value."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from rulesengine.ranking_keys import shared_ranks, sort_keys, unequal, values_by_row

fractions = st.fractions(min_value=-20, max_value=20, max_denominator=12)
whole = st.integers(-3000, 3000)
decimals = st.decimals(min_value=-100, max_value=100, places=2, allow_nan=False)
value_kinds = st.sampled_from([whole, fractions, st.one_of(whole, fractions), decimals])


@st.composite
def columns(draw):
    kind = draw(value_kinds)
    values = draw(st.lists(st.none() | kind if draw(st.booleans()) else kind, min_size=1, max_size=12))
    # Shared value objects, as tie-breaks hand them out: some players get the very same object.
    shared = [values[draw(st.integers(0, len(values) - 1))] if draw(st.booleans()) else v for v in values]
    return dict(enumerate(shared, start=1))


def plain_key(value, higher_is_better):
    """Higher (or lower) values first, an uncomputed value (None) after every computed one."""
    return (1, 0) if value is None else (0, -value if higher_is_better else value)


@settings(max_examples=300, deadline=None)
@given(columns(), st.booleans())
def test_sort_keys_order_and_tie_as_the_values_do(values, higher):
    start_ranks = list(values)
    keys = sort_keys(values, start_ranks, higher)
    plain = [plain_key(values[s], higher) for s in start_ranks]
    for a, pa in zip(keys, plain):
        for b, pb in zip(keys, plain):
            assert (a < b, a == b) == (pa < pb, pa == pb)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(whole, fractions), st.one_of(whole, fractions)), max_size=10))
def test_unequal_is_not_equal(pairs):
    given_, found = [a for a, _ in pairs], [b for _, b in pairs]
    assert unequal(given_, found) == [a != b for a, b in pairs]
    assert unequal(found, found) == [False] * len(found)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=15))
def test_shared_ranks_are_positions_unless_tied_with_the_row_before(keys):
    keys = sorted(keys)
    plain, rank = [], 0
    for position, key in enumerate(keys, start=1):
        if position == 1 or key != keys[position - 2]:
            rank = position
        plain.append(rank)
    assert list(shared_ranks(keys)) == plain


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["BH", "SB", "DE", "ARO"]),
                       st.dictionaries(st.integers(1, 6), st.none() | fractions | decimals), max_size=4),
       st.lists(st.integers(1, 6), max_size=6))
def test_values_by_row_are_each_criterions_value(values, rows):
    names = list(values)
    assert list(values_by_row(values, names, rows)) == [{name: values[name].get(row) for name in names}
                                                         for row in rows]


def test_a_fraction_and_an_equal_int_are_equal():
    assert unequal([Fraction(2), 3], [2, Fraction(6, 2)]) == [False, False]
    assert sort_keys({1: Fraction(1, 2), 2: None, 3: Decimal("0.5")}, [1, 2, 3], True)[1] == float("inf")
