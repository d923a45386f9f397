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
    criteria before it leave tied (`groups`, for the rank-valued codes TBR, BBE, EDE). `scratch`
    is one dict for every tie-break of one ranking, where a plugin may keep what it derives from
    the event (the FIDE plugin's team table) instead of deriving it again for each code; it goes
    when the ranking ends."""

    event: TeamTournament
    rules_date: date | None = None
    groups: tuple[tuple[int, ...], ...] = field(default=())
    scratch: dict = field(default_factory=dict, compare=False, repr=False)


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
    # `explain(spec_text, context, team)`: the value broken down match by match (`rulesengine explain --team`).
    explain: Callable[[str, TeamTiebreakContext, int], TeamExplanation] | None = None


@dataclass(frozen=True)
class TeamContribution:
    """One line of a team tie-break's breakdown: the round (0 for a line about the whole event,
    such as a division or a rank within the tied group), how that round counts, its value (None
    where the round only shows what was compared) and why it was dropped (a cut), if it was."""

    round: int
    description: str
    value: TiebreakValue = None
    dropped: str = ""


@dataclass(frozen=True)
class TeamExplanation:
    """A team's value for one team tie-break, as `explain` shows it: the lines, the total, notes."""

    team: int
    spec: str
    lines: tuple[TeamContribution, ...]
    total: TiebreakValue
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TeamTiebreakPreset:
    """A named team tie-break order (`--tiebreaks olympiad`): `specs_on(rules_date)` gives the list
    for the event's date (a text in force from a date may name codes an earlier one lacks);
    `default` marks the order a team event without record 202/212 is ranked by."""

    name: str
    description: str
    specs_on: Callable[[date | None], tuple[str, ...]]
    default: bool = False
