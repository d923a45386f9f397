"""How a plugin helps an audit explain a published value (hook `rulesengine_audit_explainers`).

A published value that differs from the engine's is recomputed under each `Reading` a plugin
offers for that tie-break: the regulations' other dated texts, a program's known variant. The
first reading that reproduces the value explains the difference, in the plugin's words and with
its article. Readings only change tie-break options, so every computation is still the plugin's
own pure rule. A team event's readings (`TeamReading`) compute a team tie-break another way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from rulesengine.model import Tournament
from rulesengine.tiebreak import TiebreakLegend, TiebreakSpec, TiebreakValue

if TYPE_CHECKING:
    from rulesengine.team import TeamTournament
    from rulesengine.team_tiebreak import TeamTiebreakContext


@dataclass(frozen=True)
class Explained:
    """Why one player's published value is what the reading computes: words and the article."""

    explanation: str
    article: str | None = None


@dataclass(frozen=True)
class Reading:
    """Another way the publisher may have computed a column.

    `options` are tie-break options for `compute_standings` (e.g. another rule text); `explain`
    says, for a player whose published value this reading reproduces, why it differs from the
    value under the rules in force.
    """

    label: str
    options: Mapping[str, Any]
    explain: Callable[[Tournament, int, TiebreakSpec], Explained]


@dataclass(frozen=True)
class TeamReading:
    """Another way a publisher may have computed a team column (issue 22): `compute(spec, context)`
    gives every team's value under it (a plugin's own pure rule, read another way); `explain(event,
    team, spec)` says, for a team whose published value it reproduces, why that differs from the
    value under the rules in force."""

    label: str
    compute: Callable[[str, TeamTiebreakContext], Mapping[int, TiebreakValue]]
    explain: Callable[[TeamTournament, int, str], Explained]


@dataclass(frozen=True)
class AuditExplainer:
    """A plugin's knowledge for audits: which codes, which edition is in force, which readings.

    For team events (issue 22): `team_legends` map a published team column's legend or heading to
    a team tie-break spec (`BH:MP`, tried in order, as `TiebreakLegend` patterns), and
    `team_readings(spec, rules_date)` the other readings of a team tie-break."""

    name: str
    codes: frozenset[str]
    edition: Callable[[date | None], str]
    readings: Callable[[TiebreakSpec, str], Sequence[Reading]] = field(default=lambda spec, edition: ())
    team_legends: tuple[TiebreakLegend, ...] = ()
    team_readings: Callable[[str, date | None], Sequence[TeamReading]] = field(default=lambda spec, day: ())
