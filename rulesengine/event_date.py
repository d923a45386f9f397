"""The one rule for the date whose rules apply to an event, used by every command (issue 23 item 1).

FIDE rates and tie-breaks an event by the rules in force when it starts (C.07 and B.02 changed
mid-season), so the date is looked for, first found wins:

1. a date the user gives (`--date`, the Settings sheet's Rules date);
2. the event's start date (TRF 042, Vega's header, chess-results' `from`, Settings' Start date);
3. the first round's date the file gives (TRF 132);
4. the event's end date (TRF 052, chess-results' `to`);
5. the year in the event's name, when every dated rule in use follows one text that whole year
   (its first day is then the date: any day of it gives the same rules);
6. none: the newest rules.

A start date written but unreadable is said, and the newest rules are used: no other date stands
in for the one that decides. The rules in use (`DatedRules`) are the command's own,
asked through their plugins: the core names no federation and no text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Callable

from rulesengine.dates import read_date
from rulesengine.model import Tournament

# A year in an event's name: "Spring Open 2025", "2025 Hobsons Bay July Rapid", "Open2025".
_YEAR = re.compile(r"(?<!\d)(19[5-9]\d|20\d\d)(?!\d)")
# TRF-16 writes round dates YY/MM/DD (record 132), each under its round's column of the 001 lines.
_TRF_ROUND_DATE = re.compile(r"^(\d{2})/(\d{1,2})/(\d{1,2})$")
_FIRST_ROUND_COLUMN, _ROUND_WIDTH = 91, 10   # 0-based, as in the player records (TRF-16)
GIVE_DATE = "give the date with --date YYYY-MM-DD or the Settings sheet's Rules date"


@dataclass(frozen=True)
class DatedRules:
    """The dated rules a command applies, as the year rule asks them: `texts_on(day)` names the
    text each follows on that day (None: the newest), `what` names them in words ("every
    tie-break"). No texts: nothing the command does depends on the date."""

    what: str
    texts_on: Callable[[date | None], tuple[str, ...]]

    def __add__(self, other: DatedRules) -> DatedRules:
        return DatedRules(" and ".join(w for w in (self.what, other.what) if w),
                          lambda day: self.texts_on(day) + other.texts_on(day))


NO_DATED_RULES = DatedRules("", lambda day: ())


@dataclass(frozen=True)
class EventDate:
    """The date whose rules apply (None: the newest rules), where it came from in words, and
    whether the file did not give it (`inferred`: from the name's year, or none found while
    some rule in use is dated), which every output then says at the top (`note`)."""

    value: date | None
    source: str
    inferred: bool = False
    origin: str = ""   # which step found it: "given", "start", "round", "end", "name" ("": none found)

    @property
    def note(self) -> str | None:
        if not self.inferred:
            return None
        if self.value is None:
            return f"{self.source}; {GIVE_DATE}"
        return (f"no date in the file: the rules date {self.value.isoformat()} comes from {self.source}; "
                f"{GIVE_DATE} to be sure")


def find_event_date(tournament: Tournament, forced: date | None = None,
                    rules: DatedRules = NO_DATED_RULES) -> EventDate:
    """The event's date by the rule of the module docstring."""
    if forced is not None:
        return EventDate(forced, "given by the user", origin="given")
    start = read_date(tournament.start_date)
    if start.value is not None:
        return EventDate(start.value, f"the event's start date {tournament.start_date.strip()}", origin="start")
    if start.problem:   # the deciding date is written wrongly: no other date stands in for it
        return _newest(f"the event's start date {start.problem}", rules)
    first_round = first_round_date(tournament)
    if first_round is not None:
        number, day = first_round
        which = "the first round's date" if number == 1 else f"round {number}'s date, the first given,"
        return EventDate(day, f"{which} {day.strftime('%Y/%m/%d')} (TRF 132)", origin="round")
    end = read_date(tournament.end_date)
    if end.value is not None:
        return EventDate(end.value, f"the event's end date {tournament.end_date.strip()}", origin="end")
    return _from_name(tournament.name, rules)


def first_round_date(tournament: Tournament) -> tuple[int, date] | None:
    """The earliest round (and its date) that TRF record 132 dates, else None."""
    for code, rest in tournament.header:
        if code != "132":
            continue
        for token in re.finditer(r"\S+", rest):
            day = _round_date(token.group())
            if day is not None:
                column = token.start() + 3
                return max(1, (column - _FIRST_ROUND_COLUMN) // _ROUND_WIDTH + 1), day
    return None


def _round_date(text: str) -> date | None:
    match = _TRF_ROUND_DATE.match(text)
    if match is None:
        return read_date(text).value
    try:
        return date(2000 + int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def _newest(why: str, rules: DatedRules) -> EventDate:
    """No date: the newest rules, named; said at the top of every output when some rule is dated."""
    newest = rules.texts_on(None)
    used = f"the newest rules ({', '.join(dict.fromkeys(newest))}) were used" if newest else "the newest rules were used"
    return EventDate(None, f"{why}: {used}", inferred=bool(newest))


def _from_name(name: str, rules: DatedRules) -> EventDate:
    """Step 5: the year in the name, when it decides the rules; else the newest rules, said."""
    years = set(_YEAR.findall(name))
    if len(years) != 1 or not rules.texts_on(None):
        return _newest("no date in the file", rules)
    year = int(years.pop())
    first, last = rules.texts_on(date(year, 1, 1)), rules.texts_on(date(year, 12, 31))
    if first == last:
        return EventDate(date(year, 1, 1), f"the year {year} in the event's name {name!r}, under which {rules.what} "
                                           f"follows one text ({', '.join(dict.fromkeys(first))}) all year",
                         inferred=True, origin="name")
    return _newest(f"no date in the file, and the year {year} in the event's name {name!r} spans two texts "
                   f"({', '.join(dict.fromkeys(first))} on 1 January, {', '.join(dict.fromkeys(last))} on "
                   f"31 December)", rules)
