"""The one date reader (issue 9): the forms TRF files carry, read the same by tie-breaks and ratings."""

from __future__ import annotations

from datetime import date

import pytest

from rulesengine.dates import read_date
from rulesengine.rating import RatingRequest, event_date_of
from rulesengine.standings import event_date
from rulesengine.testing import tournament_from_text


@pytest.mark.parametrize("text, expected", [
    ("2025/10/31", date(2025, 10, 31)),   # TRF-16 record 042 as the annex writes it
    ("2025-10-31", date(2025, 10, 31)),
    ("2025.10.31", date(2025, 10, 31)),
    ("31.10.2025", date(2025, 10, 31)),   # European day first with dots: never month first
    ("1.2.2025", date(2025, 2, 1)),
    ("31/10/2025", date(2025, 10, 31)),   # day first: 31 cannot be a month
    ("04/04/2026", date(2026, 4, 4)),     # both readings are the same date
    ("2025-10-31 00:00:00", date(2025, 10, 31)),
])
def test_accepted_forms(text, expected):
    assert read_date(text).value == expected


@pytest.mark.parametrize("text, problem", [
    ("03/04/2026", "'03/04/2026' is ambiguous (day 3 month 4, or month 3 day 4); write it as YYYY-MM-DD"),
    ("10/31/2025", "'10/31/2025' is not DD/MM/YYYY (there is no month 31); write it as YYYY-MM-DD"),
    ("2025/02/30", "'2025/02/30' is not a date of the calendar"),
    ("next Friday", "'next Friday' is not a date (want YYYY/MM/DD, YYYY-MM-DD or DD.MM.YYYY)"),
])
def test_refused_forms_say_why(text, problem):
    reading = read_date(text)
    assert reading.value is None and reading.problem == problem


def test_no_date_is_no_problem():
    assert read_date("   ") == read_date(None) == read_date("")
    assert read_date("").value is None and read_date("").problem == ""


@pytest.mark.parametrize("text", ["31.10.2025", "2025/10/31", "31/10/2025"])
def test_tiebreak_and_rating_paths_agree(text):
    """They used to disagree on 31.10.2025: the tie-break path read no date and applied the newest rules."""
    t = tournament_from_text(2, ["1-2 1-0"], start_date=text)
    assert event_date(t) == event_date_of(RatingRequest(t, {})) == date(2025, 10, 31)
