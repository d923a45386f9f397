"""Team tie-break rules as plugins provide them (hook `rulesengine_team_tiebreaks`, issue 22).

A team tie-break computes one value per team of a `TeamTournament` from a spec text in the
TRF-2026 record 202 grammar (`CODE[:MP|:GP][/mod]...`, e.g. `BH:MP/C1/P`, `EMGSB/C1`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Callable, Mapping

from rulesengine.team import TeamTournament
from rulesengine.tiebreak import TiebreakValue


@dataclass(frozen=True)
class TeamTiebreakContext:
    """What a team tie-break may look at: the event, the date whose rules apply, and the teams the
    criteria before it leave tied (`groups`, for the rank-valued codes TBR, BBE, EDE)."""

    event: TeamTournament
    rules_date: date | None = None
    groups: tuple[tuple[int, ...], ...] = field(default=())


@dataclass(frozen=True)
class TeamTiebreakRule:
    """A team tie-break code: `compute(spec_text, context)` returns a value per team number;
    `higher_is_better` is False where a smaller value ranks first (BC, the ranks)."""

    code: str
    name: str
    article: str
    compute: Callable[[str, TeamTiebreakContext], Mapping[int, TiebreakValue]]
    higher_is_better: bool = True
