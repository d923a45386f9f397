"""A team's tie-break values explained match by match (`rulesengine explain TEAM.trf --team N`, issue 22).

Each value is explained within the team standings it belongs to: the tie-break sees the teams
the criteria before it leave tied (the rank codes TBR, BBE and the EDE family work within them),
as in `standings`, so the two agree. The breakdown itself is the plugin's (`TeamTiebreakRule.explain`);
a rule without one gives its value and a note.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesengine.errors import UsageError
from rulesengine.team_standings import rank_teams, spec_code
from rulesengine.team_tiebreak import TeamExplanation, TeamTiebreakContext

if TYPE_CHECKING:
    from rulesengine.api import TeamStandingsRun
    from rulesengine.registry import Registry


def explain_team_tiebreak(run: TeamStandingsRun, spec: str, team: int, registry: Registry) -> TeamExplanation:
    """One team's value for `spec`, within `run`'s order (a spec not in it as if it came last)."""
    event = run.event
    if team not in event.by_number:
        raise UsageError(f"no team {team} (the event's teams are {', '.join(str(t.number) for t in event.teams)})")
    rules = registry.team_tiebreaks
    rule = rules.get(spec_code(spec))
    if rule is None:
        raise UsageError(f"unknown team tie-break {spec}; known: {', '.join(sorted(rules))}")
    order = list(run.standings.tiebreaks)
    appended = spec not in order
    position = len(order) if appended else order.index(spec)
    before = rank_teams(event, tuple(order[:position]), rules, run.rules.date)
    groups: dict[int, list[int]] = {}
    for row in before.rows:
        groups.setdefault(row.rank, []).append(row.team.number)
    context = TeamTiebreakContext(event, run.rules.date, tuple(tuple(g) for g in groups.values()))
    notes: tuple[str, ...] = ()
    if appended and order:
        notes = (f"{spec} is not among the standings' tie-breaks ({', '.join(order)}); explained as if it came "
                 "after them",)
    if rule.explain is None:
        return TeamExplanation(team, spec, (), rule.compute(spec, context).get(team),
                               ("no match-by-match breakdown for this tie-break", *notes))
    explanation = rule.explain(spec, context, team)
    return TeamExplanation(explanation.team, explanation.spec, explanation.lines, explanation.total,
                           (*explanation.notes, *notes))
