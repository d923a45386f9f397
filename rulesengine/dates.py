"""The one reader of event dates, shared by the tie-break and rating paths.

Tournament files write dates in several ways (TRF-16 record 042 prescribes YYYY/MM/DD, but
exports carry YYYY-MM-DD, DD.MM.YYYY and DD/MM/YYYY in practice). Which rules apply depends on
the date (FIDE C.07 changed on 1 Sep 2023 and 1 Mar 2026, B.02 on 1 Oct 2025), so a date that is
there but cannot be read must be said, never silently taken as "no date".

Accepted, all with 1- or 2-digit day and month:

* year first: ``2025/10/31``, ``2025-10-31``, ``2025.10.31``;
* day first with dots: ``31.10.2025`` (the European form; dots are never month-first);
* day first with ``/`` or ``-``: ``31/10/2025`` when only one reading is a date, i.e. the first
  number is above 12 or both numbers are equal. ``03/04/2026`` could be 3 April or March 4: it is
  refused as ambiguous.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

_YEAR_FIRST = re.compile(r"^(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})$")
_DAY_FIRST = re.compile(r"^(?P<d>\d{1,2})(?P<sep>[-/.])(?P<m>\d{1,2})(?P=sep)(?P<y>\d{4})$")


@dataclass(frozen=True)
class DateReading:
    """A date read from text: `value`, or None with `problem` saying why ("" when the text was empty)."""

    value: date | None
    problem: str = ""


def read_date(text: str | None) -> DateReading:
    """Read a date the way tournament files write it (see the module docstring)."""
    raw = (text or "").strip()
    if not raw:
        return DateReading(None)
    # A datetime's text ("2025-10-31 00:00:00", "2025-10-31T10:00") keeps its date part.
    head = re.split(r"[ T]", raw, maxsplit=1)[0]
    match = _YEAR_FIRST.match(head)
    if match is None:
        match = _DAY_FIRST.match(head)
        if match is None:
            return DateReading(None, f"{raw!r} is not a date (want YYYY/MM/DD, YYYY-MM-DD or DD.MM.YYYY)")
        day, month = int(match["d"]), int(match["m"])
        if month > 12:
            return DateReading(None, f"{raw!r} is not DD{match['sep']}MM{match['sep']}YYYY (there is no month "
                                     f"{month}); write it as YYYY-MM-DD")
        if match["sep"] != "." and day <= 12 and day != month:
            return DateReading(None, f"{raw!r} is ambiguous (day {day} month {month}, or month {day} day {month}); "
                                     f"write it as YYYY-MM-DD")
    try:
        return DateReading(date(int(match["y"]), int(match["m"]), int(match["d"])))
    except ValueError:
        return DateReading(None, f"{raw!r} is not a date of the calendar")


def parse_date(text: str | None) -> date | None:
    """The date in `text`, or None when there is none or it cannot be read unambiguously."""
    return read_date(text).value
