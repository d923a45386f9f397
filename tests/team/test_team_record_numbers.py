"""The team reader's numbers read in C (`_digit_values`, `_wholes`, `_primed`; issue 22 item 6)
equal `parse_whole`'s, and its decimals (`_primed_exacts`) `parse_exact`'s, text by text, on the
texts a record's fixed columns can hold."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulesengine.formats import team_trf_reader
from rulesengine.formats.team_trf_reader import _EXACTS, _WHOLES, _digit_values, _primed, _primed_exacts, _wholes
from rulesengine.numbers import parse_exact, parse_whole

DIGITS = ["   1", "  12", "0012", "2600", "9999", "   0", "1234", " 7  ", "12  "]
OTHERS = ["    ", "", " 1 2", "+12", "-3", "\uff11\uff12", "1_00", "1.5", "12a", "\t12", "1" * 21]


def test_digit_texts_are_read_as_parse_whole_reads_them():
    assert _digit_values(DIGITS) == [parse_whole(text) for text in DIGITS] == [1, 12, 12, 2600, 9999, 0, 1234, 7, 12]


@pytest.mark.parametrize("other", OTHERS)
def test_any_other_text_is_left_to_the_memo(other):
    """A sign, a blank text, a blank between digits, non-ASCII digits, `_`, a long number: None,
    and `_wholes` then gives the memo's values (None where parse_whole refuses)."""
    texts = [*DIGITS, other]
    assert _digit_values(texts) is None
    expected = [parse_whole(text.strip()) if text.strip() else None for text in texts]
    assert _wholes(texts) == expected


def test_primed_puts_parse_whole_values_and_leaves_blanks_out():
    texts = ["  41", " 977", "    ", "0042"]
    for text in texts:
        _WHOLES.pop(text, None)
    _primed(texts)
    assert [_WHOLES.get(text) for text in texts] == [41, 977, None, 42]
    assert "    " not in _WHOLES
    assert all(_WHOLES[text] == parse_whole(text) for text in ("  41", " 977", "0042"))


def test_primed_leaves_the_memo_alone_when_a_text_is_not_digits():
    texts = ["  43", "+44"]
    for text in texts:
        _WHOLES.pop(text, None)
    _primed(texts)
    assert "  43" not in _WHOLES and "+44" not in _WHOLES
    assert team_trf_reader._WHOLES["+44"] == 44   # the memo's own reading (the caller refuses the sign)


DECIMALS = ["  74.5", "  18.0", "   7  ", " 0.25 ", "   .5 ", "  5.  ", " 12.75", "100.00"]
NOT_DECIMALS = ["      ", "   .  ", " -1.5 ", " +2   ", " 1 .5 ", " 1.2.3", "  1,5 ", " 1/2  ", "\uff11.5  ", "  1e3 "]


def test_primed_exacts_are_parse_exact_values():
    for text in DECIMALS + NOT_DECIMALS:
        _EXACTS.pop(text, None)
    _primed_exacts(DECIMALS + NOT_DECIMALS)
    assert [_EXACTS[text] for text in DECIMALS] == [parse_exact(text) for text in DECIMALS]
    assert [_EXACTS[text] for text in DECIMALS][:4] == [Fraction(149, 2), 18, 7, Fraction(1, 4)]
    assert not set(NOT_DECIMALS) & _EXACTS.keys()   # left to the memo, which reads them as parse_exact
    assert [_EXACTS[text] for text in NOT_DECIMALS] == [parse_exact(text) for text in NOT_DECIMALS]
