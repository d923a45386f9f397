"""Bounds that hold at any input size (issue 25 items 9 and 18)."""

from __future__ import annotations

import pytest

from rulesengine.errors import MAX_SHOWN_PROBLEMS, InputError
from rulesengine.formats.trf import parse_trf

BAD_LINES = 3_500_000


def test_millions_of_bad_trf_lines_keep_twenty_problems_and_count_the_rest():
    """A 21 MB file of 3.5M bad player lines: the reader keeps what the message shows, counts the
    rest (it once kept 3.5M Problems: 1.7 GB)."""
    text = "012 Bad\nXXR 3\n" + "001 ab\n" * BAD_LINES
    with pytest.raises(InputError) as err:
        parse_trf(text, source="bad.trf")
    assert len(err.value.problems) == MAX_SHOWN_PROBLEMS
    assert err.value.count == BAD_LINES and err.value.unlisted == BAD_LINES - MAX_SHOWN_PROBLEMS
    shown = str(err.value).splitlines()
    assert shown[0] == "bad.trf:3:5: start rank must be a positive whole number in columns 5-8, found 'ab'"
    assert shown[-1] == f"... and {BAD_LINES - MAX_SHOWN_PROBLEMS:,} more problems" and len(shown) == 21
