"""Team tie-break rules as plugins provide them (hook `rulesengine_team_tiebreaks`, issue 22).

A team tie-break computes one value per team of a `TeamTournament` from a spec text in the
TRF-2026 record 202 grammar (`CODE[:MP|:GP][/mod]...`, e.g. `BH:MP/C1/P`, `EMGSB/C1`). Named team
orders come from hook `rulesengine_team_tiebreak_presets` (`TeamTiebreakPreset`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Callable, Mapping

if TYPE_CHECKING:   # the records are built when plugins load; the team model only when one is ranked
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
    # The text the rule follows on a date (as `TiebreakRule.rule_set_in_force` words it), said in `rules`.
    rule_set_in_force: Callable[[str, date | None], str] | None = None


@dataclass(frozen=True)
class TeamTiebreakPreset:
    """A named team tie-break order (`--tiebreaks olympiad`): `specs_on(rules_date)` gives the list
    for the event's date (a text in force from a date may name codes an earlier one lacks);
    `default` marks the order a team event without record 202/212 is ranked by."""

    name: str
    description: str
    specs_on: Callable[[date | None], tuple[str, ...]]
    default: bool = False
