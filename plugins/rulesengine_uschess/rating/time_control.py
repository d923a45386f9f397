"""Which US Chess systems an event is rated in, from its time control (2020 document, page 1).

With mm = total main time in minutes and ss = delay or increment in seconds:
Blitz 5 <= mm+ss <= 10; Quick 10 < mm+ss < 30, and OTB Quick also up to mm+ss <= 65;
Regular mm+ss >= 30. So 30 <= mm+ss <= 65 is dual-rated (OTB Quick and OTB Regular); online
Quick stays below 30.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesengine.errors import UsageError

SYSTEM_NAMES = {"OTBR": "OTB Regular", "OTBQ": "OTB Quick", "OTBB": "OTB Blitz",
                "OLR": "Online Regular", "OLQ": "Online Quick", "OLB": "Online Blitz"}


@dataclass(frozen=True)
class TimeControl:
    minutes: float
    seconds: float
    text: str

    @property
    def total(self) -> float:
        return self.minutes + self.seconds


_PERIOD = re.compile(r"(?:(?P<moves>\d+)\s*/\s*|G\s*/\s*|SD\s*/\s*)?(?P<minutes>\d+(?:\.\d+)?)", re.I)
_EXTRA = re.compile(r"(?:\+|;?\s*d|;?\s*inc\s*|\s)(?P<seconds>\d+(?:\.\d+)?)\s*$", re.I)


def parse_time_control(text: str) -> TimeControl:
    """Read `G/45;d5`, `G/60+5`, `G/5d0`, `90+30`, `40/120, SD/30 d5` (periods add up), or the
    prose of TRF record 122 ("90 min/40 moves + 30 min + 30 s/move")."""
    raw = (text or "").strip()
    if not raw:
        raise UsageError("empty time control")
    body = raw
    seconds = 0.0
    extra = _EXTRA.search(raw)
    if extra and (("+" in raw) or re.search(r"d\s*\d+\s*$|inc", raw, re.I)):
        seconds = float(extra["seconds"])
        body = raw[:extra.start()]
    minutes = 0.0
    for part in re.split(r"[,;]", body):
        part = part.strip()
        if not part:
            continue
        match = _PERIOD.fullmatch(part)
        if not match:
            prose = _prose(raw)
            if prose is None:
                raise UsageError(f"time control {raw!r}: cannot read {part!r} (want e.g. G/45;d5, G/60+5, 90+30)")
            return prose
        minutes += float(match["minutes"])
    return TimeControl(minutes, seconds, raw)


_PROSE_MINUTES = re.compile(r"(\d+(?:\.\d+)?)\s*(?:min(?:utes?)?\b|')", re.I)
_PROSE_SECONDS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:s(?:ec(?:onds?)?)?\b|\")", re.I)


def _prose(text: str) -> TimeControl | None:
    """TRF record 122 style: "90 min/40 moves + 30 min + 30 s/move" -> 120 minutes + 30 seconds."""
    minutes = [float(m) for m in _PROSE_MINUTES.findall(text)]
    if not minutes:
        return None
    seconds = [float(s) for s in _PROSE_SECONDS.findall(text)]
    return TimeControl(sum(minutes), max(seconds, default=0.0), text)


def systems_for(control: TimeControl, online: bool = False) -> tuple[str, ...]:
    """The systems an event with this control is rated in, Regular first when dual-rated."""
    total = control.total
    prefix = "OL" if online else "OTB"
    if total < 5:
        raise UsageError(f"time control {control.text!r} (mm+ss = {total:g}) is too fast to be rated by US Chess")
    if total <= 10:
        return (prefix + "B",)
    systems = []
    if total >= 30:
        systems.append(prefix + "R")
    if total < 30 or (not online and total <= 65):
        systems.append(prefix + "Q")
    return tuple(systems)
