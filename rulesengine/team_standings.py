"""Team standings (issue 22): teams ordered by the primary score, then by the tie-break list.

C.07 art. 11: the primary score is the match points unless the event's type says game points.
Each tie-break is computed with the groups the criteria before it leave tied (the rank-valued
codes TBR, BBE and the EDE family work within them); teams still tied after the whole list share
a rank (1, 2, 2, 4, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Mapping

from rulesengine.errors import UsageError
from rulesengine.team import Team, TeamTournament
from rulesengine.team_tiebreak import TeamTiebreakContext, TeamTiebreakRule
from rulesengine.tiebreak import TiebreakValue


@dataclass(frozen=True)
class TeamStanding:
    """One row: the shared rank, the team, its value per tie-break spec (in the list's order)."""

    rank: int
    team: Team
    values: Mapping[str, TiebreakValue]


@dataclass(frozen=True)
class TeamStandings:
    primary: str                      # "MPTS" or "GPTS"
    tiebreaks: tuple[str, ...]
    rows: tuple[TeamStanding, ...]


def spec_code(spec: str) -> str:
    """`BH:MP/C1/P` -> `BH` (the record 202 grammar)."""
    return spec.strip().split("/")[0].split(":")[0].upper()


def rank_teams(event: TeamTournament, tiebreaks: tuple[str, ...], rules: Mapping[str, TeamTiebreakRule],
               rules_date: date | None) -> TeamStandings:
    unknown = [spec for spec in tiebreaks if spec_code(spec) not in rules]
    if unknown:
        raise UsageError(f"unknown team tie-break(s) {', '.join(unknown)}; known: {', '.join(sorted(rules))}")
    by_match_points = event.primary == "MP"
    primary = "MPTS" if by_match_points else "GPTS"
    scores = {team.number: team.match_points if by_match_points else team.game_points for team in event.teams}
    keys: dict[int, list[tuple]] = {number: [_key(score, True)] for number, score in scores.items()}
    values: dict[int, dict[str, TiebreakValue]] = {number: {} for number in scores}
    groups = _split(list(scores), keys)
    scratch: dict = {}   # shared by the list's tie-breaks (TeamTiebreakContext.scratch)
    for spec in tiebreaks:
        rule = rules[spec_code(spec)]
        computed = rule.compute(spec, TeamTiebreakContext(event, rules_date, tuple(map(tuple, groups)), scratch))
        for number in scores:
            values[number][spec] = computed.get(number)
            keys[number].append(_key(computed.get(number), rule.higher_is_better))
        groups = [part for group in groups for part in _split(group, keys)]
    order = sorted(scores, key=lambda number: (keys[number], number))
    ranks: dict[int, int] = {}
    for place, number in enumerate(order, start=1):   # a team tied with the one before shares its rank
        ranks[number] = ranks[order[place - 2]] if place > 1 and keys[order[place - 2]] == keys[number] else place
    rows = tuple(TeamStanding(ranks[number], event.team(number), values[number]) for number in order)
    return TeamStandings(primary, tuple(tiebreaks), rows)


def _key(value: TiebreakValue, higher_is_better: bool) -> tuple:
    """A sort key, smaller first; an undefined value (None) after every number."""
    if value is None:
        return (1, 0)
    number = Fraction(str(value)) if not isinstance(value, (int, Fraction)) else value
    if type(number) is Fraction:
        number = _fast_exact(number)
    return (0, -number if higher_is_better else number)


def _fast_exact(value: Fraction) -> int | float | Fraction:
    """The same number as an int, or a float where one holds it exactly (halves, quarters: a
    power-of-two denominator), which Python compares and hashes as equal to the Fraction, in a
    fraction of the time; any other Fraction as it is."""
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return numerator
    if not denominator & (denominator - 1) and abs(numerator) < 2 ** 53:
        return numerator / denominator
    return value


def _split(teams: list[int], keys: dict[int, list[tuple]]) -> list[list[int]]:
    """A tied group split by the newest key (the teams of a group share every key before it)."""
    parts: dict[tuple, list[int]] = {}
    for number in teams:
        parts.setdefault(keys[number][-1], []).append(number)
    return list(parts.values())
