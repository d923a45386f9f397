"""Standings: points and an ordered list of tie-breaks -> a ranked table.

Players are ordered by points, then by each tie-break in turn (FIDE C.07 art. 4: the order is the
one announced before round 1). Each tie-break sees the criteria before it (`context.previous`),
which direct encounter needs (art. 6). Players equal on points and every tie-break share a rank.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter, floordiv, mul, ne
from datetime import date
from fractions import Fraction
from typing import Any, Mapping, Sequence

from rulesengine.collector import collector_paused
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
    points = tournament.points
    declared = [(player, player.declared_points) for player in tournament.players if player.declared_points is not None]
    if not declared:
        return []
    # Compared as (numerator, denominator) pairs, read and compared in C: Fractions are kept in
    # lowest terms, so equal values have equal pairs, and Fraction.__eq__ is Python code.
    given = map(_RATIO, (value for _, value in declared))
    added = map(_RATIO, (points[player.start_rank] for player, _ in declared))
    return [f"player {player.start_rank} ({player.name}): the file gives {to_text(value)} points, "
            f"the results add up to {to_text(points[player.start_rank])}; the results are used"
            for (player, value), unequal in zip(declared, map(ne, given, added)) if unequal]


def pending_round_note(tournament: Tournament) -> str | None:
    """Say that a paired, unplayed round is left out (see `model.PendingRound`): the standings
    are those after the round before it."""
    pending = tournament.pending_round
    if pending is None:
        return None
    blank, games = len(pending.games_without_result), len(pending.games)
    entered = blank < games
    return (f"round {pending.number} is pending (paired, {f'{blank} of {games}' if entered else str(games)} "
            f"game{'s' if games != 1 else ''} without a result): the standings are after round {pending.number - 1}"
            f"{f'; the results entered for round {pending.number} are not counted yet' if entered else ''}")


def _sort_column(values: Mapping[int, TiebreakValue], start_ranks: Sequence[int], higher_is_better: bool
                 ) -> list:
    """One criterion's sort key per player (in `start_ranks` order): smaller sorts first.

    Exact values (int, Fraction) become whole numbers over their common denominator, the same
    order as the Fractions without thousands of Fraction comparisons; Decimals stay as they are.
    A value that cannot be computed (None) ranks below every computed one (infinity). A large
    event has few distinct values and tie-breaks hand out shared value objects, so each distinct
    object is converted once, keyed by identity (every one stays alive in `column` meanwhile).
    """
    column = list(map(values.get, start_ranks))
    sign = -1 if higher_is_better else 1
    kinds = set(map(type, column))
    if kinds <= _WHOLE_OR_NONE:
        # Whole numbers (ratings, counts, places): the values themselves are the keys. Ratings
        # are not shared objects (ints above 256 never are), so no identity map would help.
        if type(None) not in kinds:
            return list(map(sign.__mul__, column))
        return [math.inf if value is None else sign * value for value in column]
    kinds.discard(type(None))
    distinct = dict(zip(map(id, column), column))
    if not all(issubclass(kind, (Fraction, int)) for kind in kinds):
        # Decimals (rating averages) and the like: the values themselves, signed.
        keys: dict[int, Any] = {ident: math.inf if value is None else sign * value for ident, value in distinct.items()}
        return list(map(keys.__getitem__, map(id, column)))
    # Exact values: numerator x (common denominator / denominator). Ints have a numerator and a
    # denominator of 1 too, so one route serves both; it runs in C (map) over the distinct values,
    # which for a small event is most of a standings table's own cost.
    present = [value for value in distinct.values() if value is not None]
    denominators = list(map(_DENOMINATOR, present))
    scale = sign * math.lcm(*denominators)  # the denominator divides it exactly, whatever the sign
    keys = dict(zip(map(id, present), map(mul, map(_NUMERATOR, present), map(floordiv, repeat(scale), denominators))))
    if len(present) < len(distinct):
        keys[id(None)] = math.inf
    return list(map(keys.__getitem__, map(id, column)))


_NUMERATOR, _DENOMINATOR = attrgetter("numerator"), attrgetter("denominator")
_RATIO = attrgetter("numerator", "denominator")
_WHOLE_OR_NONE = frozenset({int, type(None)})


def compute_standings(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry,
                      rules_date: date | None = None, options: Mapping[str, Any] | None = None,
                      rule_set: str | None = None) -> Standings:
    """Rank the players of a tournament by points and the given tie-breaks, in order.

    `rule_set` is a rule text the user forced (`TiebreakContext.rule_set`).
    """
    with collector_paused():   # acyclic records by the hundred thousand: see rulesengine.collector
        return _compute_standings(tournament, specs, registry, rules_date, options, rule_set)


def _compute_standings(tournament: Tournament, specs: Sequence[TiebreakSpec], registry: Registry,
                       rules_date: date | None, options: Mapping[str, Any] | None,
                       rule_set: str | None) -> Standings:
    options = dict(options or {})
    rules_date = rules_date or event_date(tournament)
    points = tournament.points
    previous: list[tuple[TiebreakSpec, Mapping[int, TiebreakValue]]] = [(POINTS, points)]
    notes: list[str] = declared_points_notes(tournament)
    pending = pending_round_note(tournament)
    if pending:
        notes.insert(0, pending)
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

    start_ranks = [p.start_rank for p in tournament.players]
    columns = [_sort_column(points, start_ranks, True)]
    columns += [_sort_column(vals, start_ranks, higher) for (_, vals), higher in zip(previous[1:], directions)]
    keys = list(zip(*columns))
    # Ties on every criterion keep start-rank order and share a rank.
    order = sorted(zip(keys, start_ranks))
    ranked = [start_rank for _, start_rank in order]
    names = list(dict.fromkeys(str(spec) for spec in specs))
    # Each row's values by name, built column by column in C.
    row_values = map(dict, map(zip, repeat(names), zip(*(map(values[name].get, ranked) for name in names))))
    if not names:
        row_values = ({} for _ in ranked)
    players = tournament.by_start_rank
    rows: list[StandingRow] = []
    append = rows.append
    previous_key = None
    rank = 0
    position = 0
    for (key, start_rank), tiebreaks in zip(order, row_values):
        position += 1
        if key != previous_key:
            rank = position
            previous_key = key
        append(StandingRow(rank, start_rank, players[start_rank].name, points[start_rank], tiebreaks))
    return Standings(tournament, tuple(specs), tuple(rows), tuple(notes), values)
