"""The published team table of a team TRF (issue 22 item 5): what record 310 declares, each team's
match points (columns 55-60), game points (62-67) and rank (69-71), the rank under the
tie-break order the file announces (record 202/212; TEC's TRF-2026 text). A legacy 013 file
declares none, so it has nothing to audit.
"""

from __future__ import annotations

import re
from pathlib import Path

from rulesengine.errors import InputError, Location, Problem
from rulesengine.numbers import to_text
from rulesengine.published import PublishedColumn, PublishedRow, PublishedTable, PublishedTeamEvent
from rulesengine.standings import event_date
from rulesengine.team import TeamTournament

MP_LEGEND = "TRF-2026 record 310 match points (columns 55-60)"
GP_LEGEND = "TRF-2026 record 310 game points (columns 62-67)"
_RECORD_310 = re.compile(rb"^310 ", re.MULTILINE)
_SNIFF_BYTES = 1 << 20


def declares_team_table(path: Path) -> bool:
    """A cheap look (`audit` over a folder): a TRF whose first megabyte holds a record 310."""
    try:
        with path.open("rb") as handle:
            return bool(_RECORD_310.search(handle.read(_SNIFF_BYTES)))
    except OSError:
        return False


def team_trf_event(event: TeamTournament, source: str) -> PublishedTeamEvent:
    """The team event and the table its 310 records declare; InputError when they declare nothing."""
    lines = {}
    for number, (code, rest) in enumerate(event.individual.header, start=1):
        if code == "310" and rest[1:4].strip().isdigit():
            lines[int(rest[1:4])] = number
    declared = [t for t in event.teams if t.declared_match_points is not None or t.declared_game_points is not None
                or t.declared_rank is not None]
    if not declared:
        raise InputError(Problem(Location(source), "a TRF file carries no published tie-breaks to audit (a team "
                                                   "TRF's record 310 declares no points or ranks here)"))
    rows = []
    for team in event.teams:
        where = str(Location(source, lines.get(team.number, 1), 1))
        rows.append(PublishedRow(team.number, team.name, team.declared_rank, "",
                                 (to_text(team.declared_match_points), to_text(team.declared_game_points)), where,
                                 (str(Location(source, lines.get(team.number, 1), 55)),
                                  str(Location(source, lines.get(team.number, 1), 62)))))
    table = PublishedTable(source, (PublishedColumn("MP", MP_LEGEND), PublishedColumn("GP", GP_LEGEND)), tuple(rows))
    return PublishedTeamEvent(source, event, table, event_date(event.individual), ranked_by_file_order=True)
