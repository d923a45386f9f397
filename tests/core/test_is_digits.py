"""str.isdigit() accepts "³" and "①", which int() refuses: every digits check before an int() uses
`is_digits` (found by fuzzing the Vega and chess-results readers, where they were tracebacks)."""

from __future__ import annotations

import pytest

from rulesengine.audit.sources import _integer
from rulesengine.numbers import is_digits
from rulesengine.rating_list import _year_only
from rulesengine.season.decide import parse_ref
from rulesengine.errors import UsageError
from rulesengine.grid import parse_address


@pytest.mark.parametrize("text, expected", [
    ("12", True), ("0", True), ("9" * 20, True), ("9" * 21, False), ("", False), (" 1", False), ("+1", False),
    ("-1", False), ("1.0", False), ("³", False), ("①", False), ("٣", False), ("１２", False), ("1" * 5000, False),
])
def test_is_digits(text, expected):
    assert is_digits(text) is expected


def test_the_callers_refuse_unicode_digits_instead_of_failing():
    assert _integer("³") is None and _integer("12") == 12
    assert _year_only("¹⁹⁹⁰") is None and _year_only("1990") == 1990
    with pytest.raises(ValueError, match="not a cell address"):
        parse_address("A³")
    with pytest.raises(UsageError, match="want EVENT:SNO"):
        parse_ref("2026-01-08:①")
