"""Extended Direct Encounter for teams: EDE (C.07 art. 13.3.1) and, from 1 March 2026, the chains
EDET, EDEB, EDEBT, EDEBB (art. 13.3.2), restarted on every subgroup left tied (art. 13.3.3).

EDE is direct encounter (art. 6) on the primary score among the teams still tied, then on the
secondary score when the primary separated nobody, alternating until neither separates any more.
A chain then applies, to exactly two teams still tied on both scores, the boards of their direct
match: BC (12.1, lower is better), TBR (12.2, board by board downwards), BBE (12.3, the bottom
boards left out one by one upwards), as FIDE TEC's engine gacrux 1.11.65 reads it. Within a
group (art. 6.2) the teams are ordered by the points scored among them (the average per
opponent met more than once); in a Swiss where not all of them met (art. 6.3) a team is placed
first only when no other could still reach its points by winning every match not played among
them. Forfeited matches count with /P and always in round robins (art. 15).

The value is a rank within each group the earlier criteria leave tied (1, 2, ... equal for teams
not separated), 0 for a group not separated at all or a team alone, as gacrux reports it.
"""

from __future__ import annotations

from fractions import Fraction
from operator import attrgetter
from typing import Callable

from rulesengine_fide.tiebreaks.team_table import Row, TeamTable

# gacrux stops after 30 passes over the tied groups, separated or not
MAX_PASSES = 30

Step = tuple[str, int]   # ("P" | "S" | "C" | "T" | "B", which board step)


def steps(code: str, boards: int) -> list[Step]:
    """The criteria a code applies in turn: primary, secondary, then BC / TBR / BBE (art. 13.3.2)."""
    chain: list[Step] = [("P", 0), ("S", 0)]
    if code in ("EDEBT", "EDEBB"):
        chain.append(("C", 0))
    if code in ("EDET", "EDEBT"):
        chain += [("T", board) for board in range(boards)]
    if code in ("EDEB", "EDEBB"):
        chain += [("B", bottom) for bottom in range(boards - 1)]
    return chain


def extended_direct_encounter(table: TeamTable, code: str, primary: str, secondary: str,
                              forfeits_count: bool, groups: list[list[int]],
                              skip_settled: bool = True) -> dict[int, int]:
    """`skip_settled=False` works every tied group out in every pass: the plain definition the
    tests hold the shortcut to."""
    chain = steps(code, table.event.boards)
    places = {team: (index, 1) for index, group in enumerate(groups) for team in group}
    current, idle = 0, 0
    tied_groups = _tied(places)
    # (step, group) a pass left as it was: the same step leaves it so again (its teams, hence their
    # places, are the same; groups only ever split), so it is not worked out again
    settled: set[tuple[int, tuple[int, ...]]] = set()
    for _ in range(MAX_PASSES):
        changes = 0
        for tied in tied_groups:
            key = (current, tuple(tied))
            if skip_settled and key in settled:
                continue
            moved = _apply(table, chain[current], tied, places, primary, secondary, forfeits_count)
            if moved:
                changes += moved
            else:
                settled.add(key)
        if changes:
            idle = 0
            tied_groups = _tied(places)   # only a pass that moved a team changes the groups
        else:
            idle += 1
            current = (current + 1) % len(chain)
        if idle == len(chain):
            break
    values = {team: 0 for team in table.numbers}
    for group in groups:
        if len({places[team] for team in group}) > 1:
            values.update({team: places[team][1] for team in group})
    return values


def _tied(places: dict[int, tuple[int, int]]) -> list[list[int]]:
    by_place: dict[tuple[int, int], list[int]] = {}
    for team, place in places.items():
        by_place.setdefault(place, []).append(team)
    return [sorted(teams) for teams in by_place.values() if len(teams) > 1]


# `TeamTable.points(row, reference)` read in C: a row's MP or GP (units).
_MP, _GP = attrgetter("mp"), attrgetter("gp")


def _apply(table: TeamTable, step: Step, tied: list[int], places: dict[int, tuple[int, int]],
           primary: str, secondary: str, forfeits_count: bool) -> int:
    kind, position = step
    if kind in ("P", "S"):
        reference = primary if kind == "P" else secondary
        return _direct(table, tied, places, _MP if reference == "MP" else _GP, table.win(reference), forfeits_count)
    if len(tied) != 2:   # art. 13.3.2: the boards decide between exactly two teams
        return 0
    boards = table.event.boards
    weight: Callable[[int], int]
    if kind == "C":
        weight = lambda board: -board                                   # noqa: E731 (lower BC is better)
    elif kind == "T":
        weight = lambda board: int(board == position + 1)               # noqa: E731
    else:
        weight = lambda board: int(board <= boards - 1 - position)      # noqa: E731
    # gacrux's maximum for a match not played among them: one standard win of the secondary score
    # (in the game points' units the boards are counted in)
    win = (table.event.individual.scoring.win if secondary == "GP" else table.event.team_points.win) * table.scale["GP"]
    return _direct(table, tied, places, lambda row: sum(weight(b) * p for b, p in table.boards(row)), win, forfeits_count)


def _direct(table: TeamTable, tied: list[int], places: dict[int, tuple[int, int]],
            score: Callable[[Row], int], win: int | Fraction, forfeits_count: bool) -> int:
    """Art. 6.2/6.3 on one tied group: new places for the teams it separates; how many moved."""
    inside = set(tied)
    met_all = True
    scored: dict[int, Fraction] = {}
    reachable: dict[int, Fraction] = {}
    for team in tied:
        by_opponent: dict[int, list[int]] = {}
        for row in table.rows[team]:
            if row.opponent in inside and (row.played or forfeits_count):
                by_opponent.setdefault(row.opponent, []).append(score(row))
        # the average per opponent met more than once (art. 6.2); whole numbers stay ints (fast to compare)
        scored[team] = sum(sum(p) if len(p) == 1 else Fraction(sum(p), len(p)) for p in by_opponent.values())
        missing = len(tied) - 1 - len(by_opponent)
        if not table.round_robin and missing:
            met_all = False
        reachable[team] = scored[team] + (missing * win if not table.round_robin else 0)
    group, place = places[tied[0]]
    changes = 0
    if met_all:
        order = sorted(tied, key=lambda team: (-scored[team], team))
        shared = place
        for offset, team in enumerate(order[1:], start=1):
            if scored[team] != scored[order[offset - 1]]:
                shared = place + offset
                changes += 1
            places[team] = (group, shared)
        return changes
    order = sorted(tied, key=lambda team: (-scored[team], -reachable[team], team))
    shared, certain = place, True
    for offset, team in enumerate(order[1:], start=1):
        # art. 6.3: the team before is placed when no team left could reach its points
        if certain and scored[order[offset - 1]] > max(reachable[other] for other in order[offset:]):
            shared = place + offset
            changes += 1
        else:
            certain = False
        places[team] = (group, shared)
    return changes
