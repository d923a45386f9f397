"""TRF team events: the TRF-2026 team records (310, 320, 330, 300, 352, 362, 240 for teams, 192)
and the legacy TRF-16 013 record, read on top of the individual reader (`trf.py`).

A file of the common shape is read in one pass (`team_trf_bulk.read_bulk`); any other, and
`plain=True`, by the team reader (`team_trf_reader`), which locates every problem `FILE:LINE:COL`,
all at once. Both give the same event (tests/team/test_team_trf_bulk.py), and the file written
back (`write_team_trf`) is the file read.
"""

from __future__ import annotations

from pathlib import Path

from rulesengine.errors import InputError
from rulesengine.formats.team_trf_bulk import read_bulk
from rulesengine.formats.team_trf_reader import TEAM_RECORDS, _individual, _set_aside, _TeamReader  # noqa: F401 (_set_aside: tests)
from rulesengine.formats.trf import read_text, write_trf
from rulesengine.team import TeamTournament


def is_team_text(text: str) -> bool:
    """A TRF text with team records (310 or the legacy 013)."""
    if text.startswith(("310", "013")) or "\n310" in text or "\n013" in text:   # found without splitting
        return True
    return any(line[:3] in TEAM_RECORDS for line in text.splitlines())


def read_team_trf(path: str | Path, encoding: str = "utf-8") -> TeamTournament:
    """Read a TRF team event; raise InputError naming FILE:LINE:COL for every problem found."""
    return parse_team_trf(read_text(path, encoding), source=str(path))


def parse_team_trf(text: str, source: str = "<input>", *, plain: bool = False, one_pass: bool = True) -> TeamTournament:
    """Parse TRF text with team records into a TeamTournament (see module docstring). `plain`:
    every match read board by board, without the fast paths; `one_pass=False`: the team reader
    even for a file of the common shape (the tests compare the three)."""
    if one_pass and not plain:
        event = read_bulk(text, source)
        if event is not None:
            return event
    individual, columns, forfeit_wins = _individual(text, source, plain)
    reader = _TeamReader(individual, columns, source, plain)
    event = reader.read(forfeit_wins)
    if reader.problems:
        raise InputError(reader.problems)
    return event


def write_team_trf(event: TeamTournament) -> str:
    """TRF text of a team event: the records as read, the players' lines regenerated."""
    return write_trf(event.individual)
