"""Standings: points and an ordered list of tie-breaks -> a ranked table.

Players are ordered by points, then by each tie-break in turn (FIDE C.07 art. 4: the order is the
one announced before round 1). Each tie-break sees the criteria before it (`context.previous`),
which direct encounter needs (art. 6). Players equal on points and every tie-break share a rank.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from typing import Any, Mapping, Sequence

from rulesengine.dates import parse_date
from rulesengine.model import Tournament
from rulesengine.numbers import to_text
from rulesengine.registry import Registry
from rulesengine.tiebreak import TiebreakContext, TiebreakSpec, TiebreakValue

POINTS = TiebreakSpec("PTS")


@dataclass(frozen=True)
class StandingRow:
    rank: int
    start_rank: int
    name: str
    points: Fraction
    tiebreaks: Mapping[str, TiebreakValue]


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    specs: tuple[TiebreakSpec, ...]
    rows: tuple[StandingRow, ...]
    notes: tuple[str, ...] = ()
    values: Mapping[str, Mapping[int, TiebreakValue]] = field(default_factory=dict)


def event_date(tournament: Tournament) -> date | None:
    """The event's start date (TRF record 042) when it can be read, else None.

    Read by `rulesengine.dates`, the one date reader the rating path uses too (2025/10/31,
    2025-10-31, 31.10.2025, and 31/10/2025 when unambiguous).
    """
    return parse_date(tournament.start_date)


def declared_points_notes(tournament: Tournament) -> list[str]:
    """Say where the points a file declares differ from what its results add up to.

    The engine always ranks by the computed total; a difference usually means a typing error or
    a scoring system the file does not declare, and a TD must see it.
    """
    notes = []
    for player in tournament.players:
        declared = player.declared_points
        if declared is not None and declared != tournament.points[player.start_rank]:
            notes.append(f"player {player.start_rank} ({player.name}): the file gives {to_text(declared)} points, "
                         f"the results add up to {to_text(tournament.points[player.start_rank])}; "
                         f"the results are used")
    return notes


def _as_integers(values: Mapping[int, TiebreakValue]) -> Mapping[int, TiebreakValue]:
    """Values scaled to integers over their common denominator when all are exact (int or
    Fraction); otherwise (Decimals) the values unchanged. None stays None."""
    denominator = 1
    for value in values.values():
        if isinstance(value, Fraction):
            denominator = math.lcm(denominator, value.denominator)
        elif value is not None and not isinstance(value, int):
            return values
    if denominator == 1:
        return {k: (None if v is None else int(v)) for k, v in values.items()}
    return {k: (None if v is None else v.numerator * (denominator // v.denominator) if isinstance(v, Fraction)
                else v * denominator) for k, v in values.items()}


def compute_standings(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry,
                      rules_date: date | None = None, options: Mapping[str, Any] | None = None,
                      rule_set: str | None = None) -> Standings:
    """Rank the players of a tournament by points and the given tie-breaks, in order.

    `rule_set` is a rule text the user forced (`TiebreakContext.rule_set`).
    """
    options = dict(options or {})
    rules_date = rules_date or event_date(tournament)
    points = tournament.points
    previous: list[tuple[TiebreakSpec, Mapping[int, TiebreakValue]]] = [(POINTS, points)]
    notes: list[str] = declared_points_notes(tournament)
    values: dict[str, Mapping[int, TiebreakValue]] = {}
    directions: list[bool] = []
    for spec in specs:
        rule = registry.tiebreak(spec.code)
        context = TiebreakContext(tournament, rules_date, options, tuple(previous), rule_set)
        outcome = rule.compute(spec, context)
        for note in outcome.notes:
            if note not in notes:
                notes.append(note)
        values[str(spec)] = outcome.values
        previous.append((spec, outcome.values))
        directions.append(rule.higher_is_better if outcome.higher_is_better is None else outcome.higher_is_better)

    # Exact values compare as whole numbers over a common denominator: the same order as the
    # Fractions themselves, without thousands of Fraction comparisons in a large event.
    comparable = [_as_integers(points)] + [_as_integers(vals) for _, vals in previous[1:]]

    def sort_key(start_rank: int) -> tuple:
        key: list = [-comparable[0][start_rank]]
        for higher, vals in zip(directions, comparable[1:]):
            value = vals.get(start_rank)
            # A value that cannot be computed (None) ranks below every computed one.
            key.append((1, 0) if value is None else (0, -value if higher else value))
        return tuple(key)

    keys = {p.start_rank: sort_key(p.start_rank) for p in tournament.players}
    order = sorted(keys, key=lambda s: (keys[s], s))
    names = [str(spec) for spec in specs]
    rows: list[StandingRow] = []
    previous_key = None
    rank = 0
    for position, start_rank in enumerate(order, start=1):
        key = keys[start_rank]
        if key != previous_key:
            rank = position
            previous_key = key
        player = tournament.player(start_rank)
        rows.append(StandingRow(rank, start_rank, player.name, points[start_rank],
                                {name: values[name].get(start_rank) for name in names}))
    return Standings(tournament, tuple(specs), tuple(rows), tuple(notes), values)
